// `mech baseline answer` (the prompt-text parser over a benchmark's prompts) and
// `mech baseline serve` (the parser as an OpenAI-compatible model, for mech eval).
import { answerWithPromptParser, PARSER_MODEL, servePromptParser } from "../engine/api/mechreasoner.ts";
import { DEFAULT_TASKS_DIR } from "./defaults.ts";
import { InputError, type Io, machineCores } from "./io.ts";
import { lazyProgress } from "./progress.ts";

/** `mech baseline answer --tasks DIR [--json]`: every task answered; agreement with the gold per family; exit 1 when a prompt is unreadable or an answer differs from the gold. */
export async function baselineAnswerCommand(args: { tasks?: string; json: boolean; jobs?: number }, io: Io): Promise<number> {
  const bar = lazyProgress(io, "baseline");
  const run = await answerWithPromptParser(args.tasks ?? DEFAULT_TASKS_DIR, {
    jobs: args.jobs ?? machineCores(),
    onProgress: (done, total, family) => {
      if (!args.json && (io.status || done % 100 === 0 || done === total)) bar.update(done, total, family);
    },
  });
  bar.finish();
  if (args.json) for (const a of run.answers) if (a.answer) io.out(JSON.stringify({ task_id: a.task_id, family: a.family, answer: a.answer }));
  const failures = run.answers.flatMap((a) => a.error ?? []);
  const differs = run.answers.filter((a) => a.answer && !a.agrees).map((a) => `${a.task_id} (${a.family}, ${a.mechanism})`);
  for (const f of failures) io.err(`mech: ${f}`);
  if (!args.json) {
    const n = run.answers.length;
    io.out(`${PARSER_MODEL} on ${run.dir}: ${n} tasks in ${run.seconds.toFixed(1)} s (${(n / run.seconds).toFixed(1)} items/s)`);
    io.out("");
    io.out("| task family | items | equal to the gold | unreadable | items/s |");
    io.out("|---|---:|---:|---:|---:|");
    for (const r of run.families) io.out(`| ${r.family} | ${r.items} | ${r.agree} | ${r.failed} | ${(r.items / Math.max(r.ms / 1000, 1e-6)).toFixed(1)} |`);
    const all = run.families.reduce((a, r) => ({ items: a.items + r.items, agree: a.agree + r.agree, failed: a.failed + r.failed }), { items: 0, agree: 0, failed: 0 });
    io.out(`| all | ${all.items} | ${all.agree} | ${all.failed} | ${(all.items / run.seconds).toFixed(1)} |`);
  }
  // the parser reads the prompts the gold was computed for: any difference is a defect
  if (differs.length) io.err(`mech: ${differs.length} answer${differs.length === 1 ? " differs" : "s differ"} from the gold: ${differs.slice(0, 5).join(", ")}${differs.length > 5 ? ", …" : ""}`);
  return failures.length || differs.length ? 1 : 0;
}

/** `mech baseline serve`: the parser behind /v1/chat/completions until `stopped` resolves. */
export async function baselineServeCommand(args: { port: number; host: string }, io: Io, stopped: Promise<void>): Promise<number> {
  let server;
  try {
    server = await servePromptParser({ host: args.host, port: args.port });
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
