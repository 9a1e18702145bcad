// `mech baseline answer` (the prompt-text parser over a benchmark's prompts) and
// `mech baseline serve` (the parser as an OpenAI-compatible model, for mech eval).
import { readTaskSet } from "../engine/tasks/store.ts";
import { answerPrompt, PromptParseError } from "../engine/baselines/prompt_parser/mod.ts";
import { startChatServer } from "../engine/llm/chat_server.ts";
import { FAMILY_IDS } from "../engine/tasks/family.ts";
import { DEFAULT_TASKS_DIR } from "./defaults.ts";
import { InputError, type Io } from "./io.ts";
import { progress } from "./progress.ts";

export const PARSER_MODEL = "prompt-parser";

/** The parser's reply to a user message: its answer as the response JSON, or why it could not read the prompt. */
export function parserReply(prompt: string): string {
  try {
    return JSON.stringify({ answer: answerPrompt(prompt).answer });
  } catch (e) {
    // the baseline's own failure: a reply without a JSON object (a protocol failure), naming the line
    if (e instanceof PromptParseError) return `prompt-parser could not read the prompt: ${e.message}`;
    throw e;
  }
}

/** `mech baseline answer --tasks DIR [--json]`: every task answered; agreement with the gold per family; exit 1 when a prompt is unreadable or an answer differs from the gold. */
export function baselineAnswerCommand(args: { tasks?: string; json: boolean }, io: Io): number {
  const set = readTaskSet(args.tasks ?? DEFAULT_TASKS_DIR);
  const gold = new Map(set.solutions.map((s) => [s.task_id, JSON.stringify(s.answer)]));
  const rows = new Map<string, { items: number; agree: number; failed: number; ms: number }>();
  const failures: string[] = [];
  const differs: string[] = [];
  const bar = progress(io, "baseline", set.tasks.length);
  const t0 = performance.now();
  set.tasks.forEach((t, k) => {
    const row = rows.get(t.family) ?? { items: 0, agree: 0, failed: 0, ms: 0 };
    rows.set(t.family, row);
    row.items++;
    const s = performance.now();
    try {
      const a = answerPrompt(t.prompt);
      if (JSON.stringify(a.answer) === gold.get(t.task_id)) row.agree++;
      else differs.push(`${t.task_id} (${t.family}, ${t.mechanism})`);
      if (args.json) io.out(JSON.stringify({ task_id: t.task_id, family: t.family, answer: a.answer }));
    } catch (e) {
      if (!(e instanceof PromptParseError)) throw e;
      row.failed++;
      failures.push(e.message);
    }
    row.ms += performance.now() - s;
    if (!args.json && (io.status || (k + 1) % 100 === 0 || k + 1 === set.tasks.length)) bar.update(k + 1, t.family);
  });
  bar.finish();
  const seconds = (performance.now() - t0) / 1000;
  for (const f of failures) io.err(`mech: ${f}`);
  if (!args.json) {
    io.out(`prompt-parser on ${set.dir}: ${set.tasks.length} tasks in ${seconds.toFixed(1)} s (${(set.tasks.length / seconds).toFixed(1)} items/s)`);
    io.out("");
    io.out("| task family | items | equal to the gold | unreadable | items/s |");
    io.out("|---|---:|---:|---:|---:|");
    for (const f of FAMILY_IDS) {
      const r = rows.get(f);
      if (r) io.out(`| ${f} | ${r.items} | ${r.agree} | ${r.failed} | ${(r.items / Math.max(r.ms / 1000, 1e-6)).toFixed(1)} |`);
    }
    const all = [...rows.values()].reduce((a, r) => ({ items: a.items + r.items, agree: a.agree + r.agree, failed: a.failed + r.failed }), { items: 0, agree: 0, failed: 0 });
    io.out(`| all | ${all.items} | ${all.agree} | ${all.failed} | ${(all.items / seconds).toFixed(1)} |`);
  }
  // the parser reads the prompts the gold was computed for: any difference is a defect
  if (differs.length) io.err(`mech: ${differs.length} answer${differs.length === 1 ? " differs" : "s differ"} from the gold: ${differs.slice(0, 5).join(", ")}${differs.length > 5 ? ", …" : ""}`);
  return failures.length || differs.length ? 1 : 0;
}

/** `mech baseline serve`: the parser behind /v1/chat/completions until `stopped` resolves. */
export async function baselineServeCommand(args: { port: number; host: string }, io: Io, stopped: Promise<void>): Promise<number> {
  let server;
  try {
    server = await startChatServer({ model: PARSER_MODEL, respond: parserReply, host: args.host, port: args.port });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "EADDRINUSE") throw new InputError(`${args.host}:${args.port} is in use; choose another --port (0: any free port)`);
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") throw new InputError(`--host ${args.host}: not an address of this machine`);
    if (code === "EACCES") throw new InputError(`${args.host}:${args.port}: permission denied (ports below 1024 need privileges)`);
    throw e;
  }
  io.out(`${PARSER_MODEL} listening on ${server.baseURL} (evaluate it with: mech eval --model ${PARSER_MODEL} --base-url ${server.baseURL} --tasks DIR --out RUN_DIR)`);
  await stopped;
  await server.close();
  return 0;
}
