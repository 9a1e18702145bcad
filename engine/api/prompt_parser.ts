// The prompt-text parser baseline (paper A.3) for scripts: every task of a benchmark answered
// from its prompt alone and compared with the gold (`mech baseline answer`), or the parser
// served as an OpenAI-compatible model (`mech baseline serve`).
import { z } from "zod";
import { ANSWER_WORKER, answerHandler, type AnswerUnit, PARSER_MODEL, parserReply } from "../baselines/prompt_parser/mod.ts";
import { runUnits } from "../parallel/units.ts";
import { checkOptions, JOBS, SIGNAL } from "./options.ts";
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
 * @param options `onProgress(done, total, family)` as tasks are answered; `jobs`, Web Workers to spread the prompts over (default 1: this thread; the answers are the same for any number); `signal` stops it.
 * @returns The answers, the counts per family, and the time taken.
 * @throws {StoreError} When the benchmark directory cannot be read.
 *
 * @example
 * ```ts
 * import { answerWithPromptParser, generateBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const run = await answerWithPromptParser(benchmark, { jobs: 1 });
 * assert.ok(run.answers.every((a) => a.agrees));
 * console.log(run.families);
 * ```
 */
export async function answerWithPromptParser(benchmark: BenchmarkSource, options: { onProgress?: (done: number, total: number, family: FamilyId) => void; jobs?: number; signal?: AbortSignal } = {}): Promise<PromptParserRun> {
  if (typeof benchmark !== "string" && (typeof benchmark !== "object" || benchmark === null || !Array.isArray(benchmark.tasks))) {
    throw new OptionsError("answerWithPromptParser: benchmark: expected a benchmark (generateBenchmark, loadBenchmark) or a benchmark directory");
  }
  const o = checkOptions("answerWithPromptParser", AnswerOptions, options);
  const set: Pick<TaskSet, "dir" | "tasks" | "solutions"> = typeof benchmark === "string" ? readTaskSet(benchmark) : benchmark;
  const gold = new Map(set.solutions.map((s) => [s.task_id, JSON.stringify(s.answer)]));
  const t0 = performance.now();
  // a unit per run of one mechanism's tasks (at most PROMPTS_PER_UNIT): a worker then reads
  // each model once and reuses its solves across the run's prompts
  const units: AnswerUnit[] = [];
  const starts: number[] = [];
  for (let k = 0; k < set.tasks.length;) {
    let end = k + 1;
    while (end < set.tasks.length && end - k < PROMPTS_PER_UNIT && set.tasks[end].mechanism === set.tasks[k].mechanism) end++;
    starts.push(k);
    units.push({ prompts: set.tasks.slice(k, end).map((t) => t.prompt) });
    k = end;
  }
  let done = 0;
  const readings = (await runUnits({ entry: ANSWER_WORKER, init: null, units, handler: answerHandler, name: (u, k) => `tasks.jsonl:${starts[k] + 1}-${starts[k] + u.prompts.length}` }, {
    jobs: o.jobs,
    ...(o.signal ? { signal: o.signal } : {}),
    onEvent: (position, k) => o.onProgress?.(++done, set.tasks.length, set.tasks[starts[k] + position].family),
  })).flat();
  const rows = new Map<FamilyId, PromptParserFamily>();
  const answers: PromptParserAnswer[] = set.tasks.map((t, k) => {
    const row = rows.get(t.family) ?? { family: t.family, items: 0, agree: 0, failed: 0, ms: 0 };
    rows.set(t.family, row);
    row.items++;
    const r = readings[k];
    row.ms += r.ms;
    const base = { task_id: t.task_id, family: t.family, mechanism: t.mechanism };
    if (r.answer === null) {
      row.failed++;
      return { ...base, answer: null, error: r.error, agrees: false };
    }
    const agrees = JSON.stringify(r.answer) === gold.get(t.task_id);
    if (agrees) row.agree++;
    return { ...base, answer: r.answer, error: null, agrees };
  });
  const seconds = (performance.now() - t0) / 1000;
  return { dir: set.dir, answers, families: FAMILY_IDS.flatMap((f) => rows.get(f) ?? []), seconds };
}

/** Prompts per unit of work at most: a mechanism's tasks, cut so no unit keeps one worker busy long after the others. */
const PROMPTS_PER_UNIT = 128;

const AnswerOptions = z.object({
  onProgress: z.custom<(done: number, total: number, family: FamilyId) => void>((v) => typeof v === "function", "expected a function").optional(),
  jobs: JOBS,
  signal: SIGNAL,
}).strict();

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
