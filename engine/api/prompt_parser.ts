// The prompt-text parser baseline (paper A.3) for scripts: every task of a benchmark answered
// from its prompt alone and compared with the gold (`mech baseline answer`), or the parser
// served as an OpenAI-compatible model (`mech baseline serve`).
import { answerPrompt, PARSER_MODEL, parserReply, PromptParseError } from "../baselines/prompt_parser/mod.ts";
import { type RunningChatServer, startChatServer } from "../llm/chat_server.ts";
import { FAMILY_IDS, type FamilyId } from "../tasks/family.ts";
import { readTaskSet, type TaskSet } from "../tasks/store.ts";
import { OptionsError } from "../files/errors.ts";
import type { BenchmarkSource } from "./evaluate.ts";

/** The parser's answer to one task. */
export interface PromptParserAnswer {
  /** The task. */
  task_id: string;
  /** Its family. */
  family: FamilyId;
  /** Its mechanism. */
  mechanism: string;
  /** The answer read from the prompt, or null when the parser could not read it. */
  answer: Record<string, unknown> | null;
  /** Why the parser could not read the prompt (the task, the line and what it expected), or null. */
  error: string | null;
  /** Whether the answer equals the gold. */
  agrees: boolean;
}

/** One family's count of the parser's answers. */
export interface PromptParserFamily {
  /** The family. */
  family: FamilyId;
  /** Its tasks. */
  items: number;
  /** Answers equal to the gold. */
  agree: number;
  /** Prompts the parser could not read. */
  failed: number;
  /** Milliseconds the parser spent on the family's prompts. */
  ms: number;
}

/** The parser's answers to a benchmark. */
export interface PromptParserRun {
  /** The benchmark's directory (or memory name). */
  dir: string;
  /** Every task's answer, in benchmark order. */
  answers: PromptParserAnswer[];
  /** Per family present, in Table 1 order. */
  families: PromptParserFamily[];
  /** Seconds for all of it. */
  seconds: number;
}

/**
 * Answers every task of a benchmark with the prompt-text parser, which reads only the
 * prompt (never the generators), and compares each answer with the gold, as `mech baseline
 * answer` does. The parser reads the prompts the gold was computed for, so an unreadable
 * prompt or an answer that differs is a defect of the benchmark or of the parser.
 *
 * @param benchmark A benchmark (generated or loaded) or a benchmark directory.
 * @param options `onProgress(done, total, family)` after each task.
 * @returns The answers, the counts per family, and the time taken.
 * @throws {StoreError} When the benchmark directory cannot be read.
 *
 * @example
 * ```ts
 * import { answerWithPromptParser, generateBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const run = answerWithPromptParser(benchmark);
 * assert.ok(run.answers.every((a) => a.agrees));
 * console.log(run.families);
 * ```
 */
export function answerWithPromptParser(benchmark: BenchmarkSource, options: { onProgress?: (done: number, total: number, family: FamilyId) => void } = {}): PromptParserRun {
  if (typeof benchmark !== "string" && (typeof benchmark !== "object" || benchmark === null || !Array.isArray(benchmark.tasks))) {
    throw new OptionsError("answerWithPromptParser: benchmark: expected a benchmark (generateBenchmark, loadBenchmark) or a benchmark directory");
  }
  const set: Pick<TaskSet, "dir" | "tasks" | "solutions"> = typeof benchmark === "string" ? readTaskSet(benchmark) : benchmark;
  const gold = new Map(set.solutions.map((s) => [s.task_id, JSON.stringify(s.answer)]));
  const rows = new Map<FamilyId, PromptParserFamily>();
  const answers: PromptParserAnswer[] = [];
  const t0 = performance.now();
  set.tasks.forEach((t, k) => {
    const row = rows.get(t.family) ?? { family: t.family, items: 0, agree: 0, failed: 0, ms: 0 };
    rows.set(t.family, row);
    row.items++;
    const s = performance.now();
    const base = { task_id: t.task_id, family: t.family, mechanism: t.mechanism };
    try {
      const a = answerPrompt(t.prompt);
      const agrees = JSON.stringify(a.answer) === gold.get(t.task_id);
      if (agrees) row.agree++;
      answers.push({ ...base, answer: a.answer, error: null, agrees });
    } catch (e) {
      if (!(e instanceof PromptParseError)) throw e;
      row.failed++;
      answers.push({ ...base, answer: null, error: e.message, agrees: false });
    }
    row.ms += performance.now() - s;
    options.onProgress?.(k + 1, set.tasks.length, t.family);
  });
  const seconds = (performance.now() - t0) / 1000;
  return { dir: set.dir, answers, families: FAMILY_IDS.flatMap((f) => rows.get(f) ?? []), seconds };
}

/**
 * Serves the prompt-text parser as an OpenAI-compatible model named "prompt-parser"
 * (POST /v1/chat/completions, GET /v1/models), for evaluating it through an endpoint like
 * any model. A prompt it cannot read is answered with the reason and no JSON object.
 *
 * @param options The address to bind (default 127.0.0.1) and the port (default 0: any free port).
 * @returns The running server: its base URL, its port, and close().
 * @throws The listen error (its `code` says why: EADDRINUSE, EADDRNOTAVAIL, EACCES).
 *
 * @example
 * ```ts
 * import { servePromptParser } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const server = await servePromptParser();
 * const models = await (await fetch(`${server.baseURL}/models`)).json();
 * assert.equal(models.data[0].id, "prompt-parser");
 * await server.close();
 * ```
 */
export function servePromptParser(options: { host?: string; port?: number } = {}): Promise<RunningChatServer> {
  return startChatServer({ model: PARSER_MODEL, respond: parserReply, host: options.host ?? "127.0.0.1", port: options.port ?? 0 });
}
