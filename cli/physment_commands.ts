// `mech physment exec|run|verify|score|report`: tool calls against a scene without a model,
// a benchmark run against an OpenAI-compatible endpoint or the reference procedures, the
// verification of the built-in scenes, and the scores and report of a run's transcripts.
// The commands parse their flags, call the library's PhysMent entry and print.
import { z } from "zod";
import {
  execToolCalls,
  loadPhysmentScene,
  OptionsError,
  type PhysmentModel,
  physmentEpisodes,
  physmentReport,
  type PhysmentScores,
  physmentSceneNumbers,
  type ProgressEvent,
  runPhysment,
  type RunSummary,
  SceneError,
  SceneMismatchError,
  scorePhysment,
  type Strategy,
  ToolCall,
  UnknownSceneError,
  varyPhysmentScenes,
  verifyPhysmentScenes,
} from "../engine/api/physment.ts";
import { jsonPath, parseJsonText } from "../engine/api/solver.ts";
import { InputError, type Io } from "./io.ts";
import { lazyProgress, type Progress, progress } from "./progress.ts";
import { shardOption } from "./shard_option.ts";

/** "7-111", "7,9,12-15" → scene numbers in the order given, without repeats. */
export function parseSceneList(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(",").map((s) => s.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new InputError(`--scenes: "${part}" is not a scene number or a range like 7-111`);
    const a = Number(m[1]), b = m[2] === undefined ? a : Number(m[2]);
    if (b < a) throw new InputError(`--scenes: the range ${part} runs backwards`);
    for (let n = a; n <= b; n++) if (!out.includes(n)) out.push(n);
  }
  if (!out.length) throw new InputError("--scenes: no scene given");
  return out;
}

export function parseBudgets(text: string): number[] {
  const out = text.split(",").map((s) => s.trim()).filter(Boolean).map((s) => {
    if (!/^\d+$/.test(s) || Number(s) < 1) throw new InputError(`--budgets: "${s}" is not a positive whole number`);
    return Number(s);
  });
  if (!out.length) throw new InputError("--budgets: no budget given");
  return out;
}

/** `mech physment exec SCENE --calls FILE|-`: each result as one JSON line; exit 1 when a call was rejected. */
export async function physmentExecCommand(args: { scene: string; calls: string }, io: Io): Promise<number> {
  const scene = await loadPhysmentScene(args.scene).catch((e) => {
    throw asInputError(e);
  });
  const calls = z.array(ToolCall).safeParse(parseJsonText(io.readText(args.calls), args.calls === "-" ? "stdin" : args.calls));
  if (!calls.success) {
    const issue = calls.error.issues[0];
    throw new InputError(`${args.calls}: at ${jsonPath(issue.path)}: ${issue.message} (expected a JSON array of {"tool": NAME, "parameters": {...}})`);
  }
  const results = await execToolCalls(scene, calls.data);
  for (const r of results) io.out(JSON.stringify(r));
  return results.some((r) => r.error) ? 1 : 0;
}

export interface RunArgs {
  /** The model to call; absent with `reference`. */
  model?: string;
  /** Play each built-in scene's reference procedure instead of calling a model. */
  reference?: boolean;
  baseUrl?: string;
  apiKeyEnv: string;
  /** A directory of SceneN folders; absent: the built-in scenes. */
  scenesDir?: string;
  scenes: string;
  budgets: string;
  strategy: Strategy;
  protocol: "tools" | "text";
  out: string;
  /** Episodes in flight at once. */
  concurrency: number;
  /** Seconds per request (default DEFAULT_REQUEST_TIMEOUT_S). */
  timeout?: number;
  maxResponseBytes?: number;
  /** Retries of a request after a transient failure (default DEFAULT_MAX_RETRIES). */
  maxRetries?: number;
  /** Sent to profiles that take it (default DEFAULT_TEMPERATURE). */
  temperature?: number;
  /** The requested output limit (default DEFAULT_MAX_OUTPUT_TOKENS; a profile may lower it). */
  maxOutputTokens?: number;
  /** Seconds per episode (default DEFAULT_EPISODE_TIMEOUT_S). */
  episodeTimeout?: number;
  /** I/N: play only shard I's episodes (mech merge joins the N directories). */
  shard?: string;
}

function builtinRange(): string {
  const all = physmentSceneNumbers();
  return all.length ? `${all[0]}…${all.at(-1)}, ${all.length} scenes` : "none";
}

function noBuiltinScene(n: number): InputError {
  return new InputError(`no built-in scene ${n} (built-in: ${builtinRange()}); name a scene directory with --scenes-dir`);
}

/** The library's scene and transcript errors as the input errors they are (exit 2), worded for the command line. */
function asInputError(e: unknown): unknown {
  if (e instanceof UnknownSceneError) return noBuiltinScene(e.scene);
  if (e instanceof SceneMismatchError) return new InputError(`${e.message} (name them with --scenes-dir)`);
  if (e instanceof SceneError) return new InputError(e.message);
  return e;
}

/** `mech physment run`: the grid of episodes, transcripts in --out, progress on stderr, then the scores. */
export async function physmentRunCommand(
  args: RunArgs,
  io: Io,
  env: (name: string) => string | undefined,
  list: (dir: string) => string[],
): Promise<number> {
  const scenes = parseSceneList(args.scenes);
  const budgets = parseBudgets(args.budgets);
  const shard = shardOption(args.shard);
  const protocol = args.protocol === "tools" ? "function" : "text";
  if (args.reference && args.model !== undefined) throw new InputError("--reference plays the scenes' own procedures; it takes no --model");
  if (!args.reference && args.model === undefined) throw new InputError("name the model to run with --model (or play the reference procedures with --reference)");
  if (args.reference && protocol !== "function") throw new InputError("--reference speaks function calling; drop --protocol text");
  const grid = { scenes, budgets, strategy: args.strategy, protocol, ...(shard ? { shard } : {}) } as const;
  // a shard needs only the scenes its episodes play
  const episodes = physmentEpisodes({ model: args.reference ? { reference: true } : { id: args.model! }, ...grid });
  if (args.scenesDir === undefined) {
    const builtin = physmentSceneNumbers();
    for (const n of new Set(episodes.map((e) => Number(e.scene)))) if (!builtin.includes(n)) throw noBuiltinScene(n);
  }
  const model = args.reference ? { reference: true as const } : endpointModel(args.model!, args, env);
  const run = await runPhysment({
      model,
      ...grid,
      ...(args.scenesDir !== undefined ? { scenesDir: args.scenesDir } : {}),
      out: args.out,
      concurrency: args.concurrency,
      ...(args.maxRetries !== undefined ? { maxRetries: args.maxRetries } : {}),
      ...(args.episodeTimeout !== undefined ? { episodeTimeoutMs: Math.round(args.episodeTimeout * 1000) } : {}),
      ...(args.temperature !== undefined ? { temperature: args.temperature } : {}),
      ...(args.maxOutputTokens !== undefined ? { maxOutputTokens: args.maxOutputTokens } : {}),
    onProgress: runProgress(io),
  }).catch((e) => {
    throw asInputError(e);
  });
  const summary: RunSummary = run.summary;
  const byKind = Object.entries(summary.failures).map(([kind, n]) => `${kind} ${n}`).join(", ");
  io.err(`${summary.finished} finished, ${summary.skipped} already done, ${summary.failed} failed${byKind ? ` (${byKind})` : ""}; transcripts in ${args.out}`);
  if (summary.failed) io.err(`mech: run the same command again to retry the failed episodes (finished ones are kept)`);
  if (shard && !episodes.length) {
    io.err(`mech: shard ${shard.index}/${shard.count} has no episode of this grid (more shards than episodes); its directory joins the merge as it is`);
    return 0;
  }
  const code = scoreDirectory(args.out, args.scenesDir, io, list);
  return summary.failed ? 1 : code;
}

/** An endpoint's model; without a key, only a server of one's own (--base-url) will answer. */
function endpointModel(model: string, args: RunArgs, env: (name: string) => string | undefined): PhysmentModel {
  const apiKey = env(args.apiKeyEnv);
  if (!apiKey && !args.baseUrl) throw new InputError(`no API key: set ${args.apiKeyEnv} (or name another variable with --api-key-env)`);
  return {
    id: model,
    ...(args.baseUrl !== undefined ? { baseUrl: args.baseUrl } : {}),
    ...(apiKey ? { apiKey } : {}),
    apiKeyEnv: args.apiKeyEnv,
    ...(args.timeout !== undefined ? { timeoutMs: Math.round(args.timeout * 1000) } : {}),
    ...(args.maxResponseBytes !== undefined ? { maxResponseBytes: args.maxResponseBytes } : {}),
  };
}

/**
 * The progress of a run on stderr: each episode's result line in the grid's order, whatever
 * order the episodes finish in (a line waits for those before it), retries as they happen,
 * and on a terminal a status line with how many episodes are done and running.
 */
export function runProgress(io: Io): (e: ProgressEvent) => void {
  const waiting = new Map<number, string>();
  const running = new Set<number>();
  let printed = 0;
  let bar: Progress | undefined;
  const say = (line: string) => {
    io.status?.(null);
    io.err(line);
  };
  return (e) => {
    const what = `scene ${e.episode.scene} budget ${e.episode.budget}`;
    if (e.kind === "started") running.add(e.index);
    else if (e.kind === "retry") say(`  ${what}: retry ${e.attempt} in ${Math.round(e.delayMs)} ms (${e.error})`);
    else {
      running.delete(e.index);
      waiting.set(e.index, e.kind === "finished"
        ? `${what}: ${e.result.answered ? `answered ${JSON.stringify(e.result.answer)} in ${e.result.iterations}` : "no answer"}${
          e.replayed ? ` (continued after ${e.replayed} recorded response${e.replayed === 1 ? "" : "s"})` : ""
        }`
        : e.kind === "skipped"
        ? `${what}: already finished`
        : `${what}: failed (${e.failure}): ${e.error}`);
      for (let line; (line = waiting.get(printed)) !== undefined; printed++) {
        waiting.delete(printed);
        say(`[${printed + 1}/${e.total}] ${line}`);
      }
    }
    if (!io.status) return;
    bar ??= progress(io, "physment", e.total);
    if (e.done === e.total) bar.finish();
    else bar.update(e.done, `done, ${running.size} running`);
  };
}

/**
 * Scores every finished transcript of `dir` (the *.jsonl files `list` names, read through
 * `io`) against the scenes in `scenesDir` (absent: the built-in scenes); each unfinished
 * transcript is named on stderr with where and why it stopped, and left out.
 */
function readScores(dir: string, scenesDir: string | undefined, io: Io, list: (dir: string) => string[]): PhysmentScores {
  const files = list(dir).filter((f) => f.endsWith(".jsonl")).sort();
  if (!files.length) throw new InputError(`${dir}: no transcripts (*.jsonl)`);
  const transcripts = files.map((f) => {
    const source = `${dir.replace(/\/+$/, "")}/${f}`;
    return { source, text: io.readText(source) };
  });
  let scored: PhysmentScores;
  try {
    scored = scorePhysment(transcripts, scenesDir === undefined ? {} : { scenesDir });
  } catch (e) {
    throw asInputError(e);
  }
  for (const u of scored.unfinished) io.err(`mech: ${u.source}${u.line === null ? "" : `:${u.line}`}: unfinished (${u.reason}); left out`);
  return scored;
}

/** Scores every finished transcript of `dir` against the scenes in `scenesDir`; prints the summary table. */
export function scoreDirectory(dir: string, scenesDir: string | undefined, io: Io, list: (dir: string) => string[]): number {
  const { summaries, unfinished } = readScores(dir, scenesDir, io, list);
  io.out("| model | variant | budget | category | episodes | accuracy | regraded | C | E | G | V | R | G′ | Final Score |");
  io.out("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const f = (x: number | null | undefined) => (x === null || x === undefined ? "—" : x.toFixed(3));
  for (const r of summaries) {
    io.out(`| ${r.model} | ${r.variant} | ${r.budget} | ${r.category} | ${r.episodes} | ${f(r.accuracy)} | ${f(r.regraded_accuracy)} | ${f(r.C)} | ${f(r.E)} | ${f(r.G)} | ${f(r.V)} | ${f(r.R)} | ${f(r.G_prime)} | ${r.final_score.toFixed(1)} |`);
  }
  if (unfinished.length) io.out(`${unfinished.length} unfinished transcript(s) left out (run again to finish them)`);
  return 0;
}

/**
 * `mech physment report DIR --scenes-dir SCENES [--out FILE]`: the run's report as one
 * self-contained HTML page (default DIR/report.html) and its tables as Markdown on stdout.
 */
export async function physmentReportCommand(
  args: { dir: string; scenesDir?: string; out?: string; variants?: string; variantsScenesDir?: string },
  io: Io,
  list: (dir: string) => string[],
): Promise<number> {
  if ((args.variants === undefined) !== (args.variantsScenesDir === undefined)) throw new InputError("--variants and --variants-scenes-dir go together: the run on variants and the variant set it used");
  const scored = readScores(args.dir, args.scenesDir, io, list);
  if (!scored.scores.length) throw new InputError(`${args.dir}: no finished transcript to report on`);
  let variants: PhysmentScores | undefined;
  if (args.variants !== undefined) {
    variants = readScores(args.variants, args.variantsScenesDir, io, list);
    if (!variants.scores.length) throw new InputError(`${args.variants}: no finished transcript to report on`);
  }
  const report = await physmentReport(scored, variants ? { variants } : {}).catch((e) => {
    throw e instanceof OptionsError ? new InputError(e.message.replace(/^physmentReport: variants: /, "--variants: ")) : e;
  });
  const out = args.out ?? `${args.dir.replace(/\/+$/, "")}/report.html`;
  io.writeText(out, report.html);
  io.out(report.markdown);
  if (scored.unfinished.length) io.out(`\n${scored.unfinished.length} unfinished transcript(s) left out (run again to finish them)`);
  io.err(`report written to ${out}`);
  return 0;
}

/**
 * `mech physment vary --seed S [--count K] [--scenes LIST] --out DIR`: K variants per scene
 * written as sets; progress on stderr, the rejections by reason at the end; exit 1 when
 * some variant had every draw rejected.
 */
export async function physmentVaryCommand(args: { seed: string; count: number; scenes?: string; out: string }, io: Io): Promise<number> {
  if (args.count < 1 || args.count > 100) throw new InputError(`--count: expected a whole number from 1 to 100, got ${args.count}`);
  if (!args.seed) throw new InputError("--seed: expected a nonempty seed");
  const all = physmentSceneNumbers();
  const picked = args.scenes ? parseSceneList(args.scenes) : all;
  const missing = picked.filter((n) => !all.includes(n));
  if (missing.length) throw new InputError(`--scenes: no built-in scene ${missing.join(", ")} (built-in: ${builtinRange()})`);
  const bar = lazyProgress(io, "variants");
  const start = performance.now();
  const v = await varyPhysmentScenes({
    seed: args.seed,
    count: args.count,
    scenes: picked,
    out: args.out,
    onProgress: (e) => {
      if (!e.kept) {
        io.status?.(null);
        io.err(`scene ${e.scene} set ${e.set}: every draw rejected`);
      }
      bar.update(e.done, e.total, `scene ${e.scene} set ${e.set}${e.resumed ? " (already there)" : ""}`);
    },
  });
  bar.finish();
  const reasons = Object.entries(v.rejected).filter(([, k]) => k > 0).map(([r, k]) => `${r} ${k}`).join(", ");
  io.err(`${v.variants.length} variants of ${picked.length} scenes kept in ${((performance.now() - start) / 1000).toFixed(1)} s; rejected draws: ${reasons || "none"}; sets in ${args.out}/set-1…set-${args.count}`);
  for (const g of v.givenUp) io.err(`scene ${g.scene} set ${g.set}: every draw rejected (${Object.entries(g.rejected).map(([r, k]) => `${r} ${k}`).join(", ")}); last: ${g.last.join("; ")}`);
  return v.givenUp.length ? 1 : 0;
}

/** `mech physment verify [--scenes LIST]`: the built-in scenes' gold answers and categories; exit 1 on any problem. */
export async function physmentVerifyCommand(args: { scenes?: string; json: boolean }, io: Io): Promise<number> {
  const all = physmentSceneNumbers();
  const picked = args.scenes ? parseSceneList(args.scenes) : undefined;
  const missing = (picked ?? []).filter((n) => !all.includes(n));
  if (missing.length) throw new InputError(`--scenes: no built-in scene ${missing.join(", ")} (built-in: ${builtinRange()})`);
  const { scenes: verdicts, categories: counts } = await verifyPhysmentScenes(picked ? { scenes: picked } : {});
  const countProblems = counts.filter((c) => c.have !== c.want);
  const bad = verdicts.filter((v) => v.problems.length).length + countProblems.length;
  if (args.json) {
    io.out(JSON.stringify({ scenes: verdicts, categories: counts }));
    return bad ? 1 : 0;
  }
  io.out("| scene | category | gold | measured | interventions | iterations | verdict |");
  io.out("|---:|---|---|---|---:|---:|---|");
  for (const v of verdicts) {
    io.out(`| ${v.scene} | ${v.category ?? "—"} | ${JSON.stringify(v.gold)} | ${JSON.stringify(v.measured)} | ${v.interventions} | ${v.iterations} | ${v.problems.length ? v.problems.join("; ") : "ok"} |`);
  }
  if (counts.length) {
    io.out("");
    io.out("| category | scenes | Table 1 |");
    io.out("|---|---:|---:|");
    for (const c of counts) io.out(`| ${c.category} | ${c.have} | ${c.want} |`);
  }
  io.out("");
  io.out(`${verdicts.length - verdicts.filter((v) => v.problems.length).length} of ${verdicts.length} scenes verified${counts.length ? `; ${countProblems.length} categories off Table 1's counts` : ""}`);
  return bad ? 1 : 0;
}
