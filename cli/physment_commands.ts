// `mech physment exec|run|score`: tool calls against a scene without a model, a benchmark
// run against an OpenAI-compatible endpoint, and the scores of a run's transcripts.
import { mkdirSync } from "node:fs";
import { z } from "zod";
import { loadScene, type Scene, SceneError } from "../engine/physment/scene/load.ts";
import { World } from "../engine/physment/sim/world.ts";
import { makeToolBox } from "../engine/physment/tools/toolbox.ts";
import { ToolCall } from "../engine/physment/protocol.ts";
import { sceneSetup, sceneTruth } from "../engine/physment/setup.ts";
import { episodeRecord } from "../engine/physment/evaluate.ts";
import { OpenAIModelClient } from "../engine/llm/openai_client.ts";
import { DEFAULT_EPISODE_TIMEOUT_S, DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_MAX_RETRIES, DEFAULT_REQUEST_TIMEOUT_S, DEFAULT_TEMPERATURE } from "../engine/llm/defaults.ts";
import { requestControls } from "../engine/eval/profiles.ts";
import { type EpisodeSpec, type ModelEntry, type ProgressEvent, runBenchmark, type RunSummary } from "../engine/physment/agent/runner.ts";
import { lockDirectory } from "../engine/files/dir_lock.ts";
import { fsReason } from "../engine/files/fs_reason.ts";
import { ProcedureClient } from "../engine/physment/reference.ts";
import { FileTranscriptStore, type ParsedTranscript, parseTranscript } from "../engine/physment/agent/transcript.ts";
import type { Strategy } from "../engine/physment/agent/prompt.ts";
import type { ProtocolName } from "../engine/physment/agent/protocols.ts";
import { type EpisodeScore, scoreEpisode, summarize } from "../engine/physment/score/mod.ts";
import { buildReport, htmlReport, markdownReport } from "../engine/physment/report/mod.ts";
import { parseJsonText } from "../engine/model/json_text.ts";
import { jsonPath } from "../engine/files/json_path.ts";
import { SceneJson } from "../engine/physment/scene/schema.ts";
import { builtinReference, builtinScene, builtinSceneNumbers, builtinSceneTexts } from "../scenes/mod.ts";
import { categoryCounts, verifyScene } from "../engine/physment/verify.ts";
import { checkedJson, InputError, type Io } from "./io.ts";
import { type Progress, progress } from "./progress.ts";
import { shardOption } from "./shard_option.ts";
import { PHYSMENT_SHARD_FORMAT, type PhysmentSettings, recordPhysmentShard, refuseShardDirectory, shardEpisodes } from "../engine/physment/agent/shard_run.ts";

/** Where a scene's files are: a sceneN.json file (its .xml beside it) or a SceneN directory. */
export function scenePaths(path: string): { json: string; xml: string; number: number } {
  const clean = path.replace(/\/+$/, "");
  const m = /(?:^|\/)[Ss]cene(\d+)(\.json)?$/.exec(clean);
  if (!m) throw new InputError(`${path}: expected a scene directory named SceneN or a sceneN.json file`);
  const n = Number(m[1]);
  const json = m[2] ? clean : `${clean}/scene${n}.json`;
  return { json, xml: json.replace(/\.json$/, ".xml"), number: n };
}

export async function readScene(path: string, io: Io): Promise<{ scene: Scene; number: number }> {
  const p = scenePaths(path);
  const scene = await loadScene({ json: io.readText(p.json), xml: io.readText(p.xml), file: p.json });
  if (scene instanceof SceneError) throw new InputError(scene.message);
  return { scene, number: p.number };
}

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
  const { scene } = await readScene(args.scene, io);
  const calls = z.array(ToolCall).safeParse(parseJsonText(io.readText(args.calls), args.calls === "-" ? "stdin" : args.calls));
  if (!calls.success) {
    const issue = calls.error.issues[0];
    throw new InputError(`${args.calls}: at ${jsonPath(issue.path)}: ${issue.message} (expected a JSON array of {"tool": NAME, "parameters": {...}})`);
  }
  const world = await World.create(scene);
  try {
    const box = makeToolBox(world);
    let rejected = 0;
    for (const c of calls.data) {
      const r = box.call(c);
      if (r.error) rejected++;
      io.out(JSON.stringify(r));
    }
    return rejected ? 1 : 0;
  } finally {
    world.dispose();
  }
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

/** A scene by number from `scenesDir`, or from the built-in set when it is absent. */
export async function loadSceneFrom(scenesDir: string | undefined, n: number, io: Io): Promise<Scene> {
  if (scenesDir !== undefined) return (await readScene(`${scenesDir}/Scene${n}`, io)).scene;
  if (!builtinSceneTexts(n)) throw noBuiltinScene(n);
  try {
    return await builtinScene(n);
  } catch (e) {
    throw new InputError(e instanceof Error ? e.message : String(e));
  }
}

function builtinRange(): string {
  const all = builtinSceneNumbers();
  return all.length ? `${all[0]}…${all.at(-1)}, ${all.length} scenes` : "none";
}

function noBuiltinScene(n: number): InputError {
  return new InputError(`no built-in scene ${n} (built-in: ${builtinRange()}); name a scene directory with --scenes-dir`);
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
  const protocol: ProtocolName = args.protocol === "tools" ? "function" : "text";
  if (args.reference && args.model !== undefined) throw new InputError("--reference plays the scenes' own procedures; it takes no --model");
  if (!args.reference && args.model === undefined) throw new InputError("name the model to run with --model (or play the reference procedures with --reference)");
  if (args.reference && args.scenesDir !== undefined) throw new InputError("--reference needs the built-in scenes (only they have reference procedures); drop --scenes-dir");
  if (args.reference && protocol !== "function") throw new InputError("--reference speaks function calling; drop --protocol text");
  const settings: PhysmentSettings = {
    model: args.reference ? "reference" : args.model!,
    reference: args.reference === true,
    base_url: args.baseUrl ?? null,
    scenes_dir: args.scenesDir ?? null,
    scenes,
    budgets,
    strategy: args.strategy,
    protocol,
    temperature: args.temperature ?? DEFAULT_TEMPERATURE,
    max_output_tokens: args.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
  };
  // a shard loads only the scenes its episodes play
  const episodes = shardEpisodes(settings, shard);
  const mine = new Set(episodes.map((e) => e.key));
  const cache = new Map<number, Scene>();
  for (const n of new Set(episodes.map((e) => Number(e.scene)))) cache.set(n, await loadSceneFrom(args.scenesDir, n, io));
  const model = args.reference ? referenceModel() : openAIModel(args.model!, args, env);
  // one writer per transcript directory (the lock mech eval's run directories take)
  try {
    mkdirSync(args.out, { recursive: true });
  } catch (e) {
    throw new InputError(`--out ${args.out}: ${fsReason(e)}`);
  }
  const release = await lockDirectory(args.out);
  let summary: RunSummary;
  try {
    if (shard) recordPhysmentShard(args.out, { format: PHYSMENT_SHARD_FORMAT, shard, settings });
    else refuseShardDirectory(args.out);
    summary = await runBenchmark({
    ...(shard ? { select: (e: EpisodeSpec) => mine.has(e.key) } : {}),
    scenes: scenes.map(String),
    models: [model],
    budgets,
    strategies: [args.strategy],
    protocols: [protocol],
    factory: (id) => sceneSetup(cache.get(Number(id))!, id),
    store: new FileTranscriptStore(args.out),
    concurrency: args.concurrency,
    retry: { maxAttempts: (args.maxRetries ?? DEFAULT_MAX_RETRIES) + 1 },
    episodeTimeoutMs: Math.round((args.episodeTimeout ?? DEFAULT_EPISODE_TIMEOUT_S) * 1000),
    onProgress: runProgress(io),
    });
  } finally {
    release();
  }
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

/** The scripted reference agent: a fresh procedure client per episode. */
function referenceModel(): ModelEntry {
  return {
    name: "reference",
    client: (episode) => {
      const proc = builtinReference(Number(episode.scene));
      if (!proc) throw new Error(`scene ${episode.scene} has no reference procedure`);
      return new ProcedureClient(proc);
    },
  };
}

/** An endpoint's model, with the request controls its profile takes (as mech eval sends them). */
function openAIModel(model: string, args: RunArgs, env: (name: string) => string | undefined): ModelEntry {
  const apiKey = env(args.apiKeyEnv);
  if (!apiKey && !args.baseUrl) throw new InputError(`no API key: set ${args.apiKeyEnv} (or name another variable with --api-key-env)`);
  const controls = requestControls(model, {
    maxOutputTokens: args.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    temperature: args.temperature ?? DEFAULT_TEMPERATURE,
    jsonObject: false,
  });
  const timeoutMs = Math.round((args.timeout ?? DEFAULT_REQUEST_TIMEOUT_S) * 1000);
  return { name: model, client: new OpenAIModelClient({ model, baseURL: args.baseUrl, apiKey: apiKey ?? "unused", timeoutMs, extraBody: controls }) };
}

/** What scoring needs of a scene: its gold, its objects and its task (to tell scenes apart). */
type SceneKey = { truth: ReturnType<typeof sceneTruth>; task: string; file: string };

function sceneKey(scenesDir: string | undefined, n: number, io: Io): SceneKey {
  let text: string, file: string;
  if (scenesDir === undefined) {
    const t = builtinSceneTexts(n);
    if (!t) throw noBuiltinScene(n);
    ({ json: text, file } = t);
  } else {
    file = scenePaths(`${scenesDir}/Scene${n}`).json;
    text = io.readText(file);
  }
  const d = checkedJson(text, file, SceneJson);
  return {
    truth: { sceneId: n, answer: d.answer, objects: Object.values(d.objects).map((o) => ({ id: Number(o.object_id), name: o.name })) },
    task: d.metadata.task,
    file,
  };
}

/**
 * Scores every finished transcript of `dir` against the scenes in `scenesDir` (absent: the
 * built-in scenes); `unfinished` counts the transcripts left out. A transcript whose prompt
 * does not carry its scene's task was run on other scenes: scoring it against these would
 * be silently wrong, so it is an error.
 */
export function readScores(dir: string, scenesDir: string | undefined, io: Io, list: (dir: string) => string[]): { scores: EpisodeScore[]; unfinished: number } {
  const files = list(dir).filter((f) => f.endsWith(".jsonl")).sort();
  if (!files.length) throw new InputError(`${dir}: no transcripts (*.jsonl)`);
  const keys = new Map<number, SceneKey>();
  const scores: EpisodeScore[] = [];
  let unfinished = 0;
  for (const f of files) {
    const path = `${dir.replace(/\/+$/, "")}/${f}`;
    const parsed = parseTranscript(io.readText(path));
    const ended = parsed.records.some((r) => r.type === "end");
    // a damaged line in a finished transcript is not an interrupted run: that is refused
    if (parsed.issues.length && ended) throw new InputError(`${path}:${parsed.issues[0].line}: ${parsed.issues[0].message}`);
    if (!ended) {
      io.err(`mech: ${path}${unfinishedReason(parsed)}; left out`);
      unfinished++;
      continue;
    }
    const header = parsed.records[0];
    if (header?.type !== "header") throw new InputError(`${path}:1: a transcript starts with its header`);
    const n = Number(header.scene);
    if (!Number.isInteger(n)) throw new InputError(`${path}:1: scene "${header.scene}" is not a scene number`);
    let key = keys.get(n);
    if (!key) keys.set(n, key = sceneKey(scenesDir, n, io));
    const prompt = parsed.records.flatMap((r) => (r.type === "message" && r.iteration === 0 && r.message.role === "user" ? [r.message.content ?? ""] : []));
    if (!prompt.some((c) => c.includes(key.task))) {
      throw new InputError(`${path}: the transcript's prompt does not contain the task of ${key.file}; it was run on other scenes (name them with --scenes-dir)`);
    }
    scores.push(scoreEpisode(episodeRecord(parsed.records, key.truth)));
  }
  return { scores, unfinished };
}

/**
 * Why a transcript without an end record stopped, as ":LINE: unfinished (…)" or ": unfinished (…)":
 * a line cut off or damaged by an interrupted write, an abort (retries exhausted, a fatal error,
 * the episode deadline), or a run stopped between two records.
 */
function unfinishedReason(parsed: ParsedTranscript): string {
  const issue = parsed.issues[0];
  if (issue) return `:${issue.line}: unfinished (${issue.message})`;
  const last = parsed.records.at(-1);
  if (!last) return ": unfinished (empty: the run stopped before writing its header)";
  if (last.type === "abort") return `: unfinished (${last.kind} at iteration ${last.iteration}: ${last.error})`;
  const k = parsed.records.reduce((m, r) => Math.max(m, "iteration" in r ? r.iteration : 0), 0);
  return `: unfinished (the run stopped in iteration ${k})`;
}

/** Scores every finished transcript of `dir` against the scenes in `scenesDir`; prints the summary table. */
export function scoreDirectory(dir: string, scenesDir: string | undefined, io: Io, list: (dir: string) => string[]): number {
  const { scores, unfinished } = readScores(dir, scenesDir, io, list);
  const rows = summarize(scores);
  io.out("| model | variant | budget | category | episodes | accuracy | regraded | C | E | G | V | R | G′ | Final Score |");
  io.out("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const f = (x: number | null | undefined) => (x === null || x === undefined ? "—" : x.toFixed(3));
  for (const r of rows) {
    io.out(`| ${r.model} | ${r.variant} | ${r.budget} | ${r.category} | ${r.episodes} | ${f(r.accuracy)} | ${f(r.regraded_accuracy)} | ${f(r.C)} | ${f(r.E)} | ${f(r.G)} | ${f(r.V)} | ${f(r.R)} | ${f(r.G_prime)} | ${r.final_score.toFixed(1)} |`);
  }
  if (unfinished) io.out(`${unfinished} unfinished transcript(s) left out (run again to finish them)`);
  return 0;
}

/**
 * `mech physment report DIR --scenes-dir SCENES [--out FILE]`: the run's report as one
 * self-contained HTML page (default DIR/report.html) and its tables as Markdown on stdout.
 */
export async function physmentReportCommand(
  args: { dir: string; scenesDir?: string; out?: string },
  io: Io,
  list: (dir: string) => string[],
): Promise<number> {
  const { scores, unfinished } = readScores(args.dir, args.scenesDir, io, list);
  if (!scores.length) throw new InputError(`${args.dir}: no finished transcript to report on`);
  const data = buildReport(scores, summarize(scores));
  const out = args.out ?? `${args.dir.replace(/\/+$/, "")}/report.html`;
  io.writeText(out, await htmlReport(data));
  io.out(markdownReport(data));
  if (unfinished) io.out(`\n${unfinished} unfinished transcript(s) left out (run again to finish them)`);
  io.err(`report written to ${out}`);
  return 0;
}


/** `mech physment verify [--scenes LIST]`: the built-in scenes' gold answers and categories; exit 1 on any problem. */
export async function physmentVerifyCommand(args: { scenes?: string; json: boolean }, io: Io): Promise<number> {
  const all = builtinSceneNumbers();
  const picked = args.scenes ? parseSceneList(args.scenes) : all;
  const missing = picked.filter((n) => !all.includes(n));
  if (missing.length) throw new InputError(`--scenes: no built-in scene ${missing.join(", ")} (built-in: ${builtinRange()})`);
  const verdicts = [];
  for (const n of picked) verdicts.push(await verifyScene(n, await builtinScene(n), builtinReference(n)));
  const counts = args.scenes ? [] : categoryCounts(all);
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
