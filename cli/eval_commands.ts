// `mech eval` (run a model on a generated benchmark, resumable) and `mech eval score`
// (the A.3 metrics of one or more runs).
import { z } from "zod";
import { OpenAIModelClient } from "../engine/llm/openai_client.ts";
import type { ModelClient } from "../engine/llm/model.ts";
import { readTaskSet, type TaskSet } from "../engine/tasks/store.ts";
import { FileResponseCache, type ResponseCache } from "../engine/eval/cache.ts";
import { BaselineClient } from "../engine/eval/baseline_client.ts";
import type { EvalItem } from "../engine/eval/items.ts";
import { baselineOf, itemsOfRun, planRun } from "../engine/eval/plan.ts";
import { BUILTIN_PROFILES, mergeProfiles, type Profiles, ProfilesOverride } from "../engine/eval/profiles.ts";
import type { FailureClass } from "../engine/eval/record_kinds.ts";
import type { ItemRecord, RunConfig, RunSettings } from "../engine/eval/run_records.ts";
import { latestRecords, openRun, readRun } from "../engine/eval/run_store.ts";
import { type EvalProgress, runEval } from "../engine/eval/runner.ts";
import { familyMetrics, type Metrics, type Price, runScoreFields, scoreRecords, tokenTotals } from "../engine/eval/score.ts";
import { metricsLines, runHeadline, table5Lines, table6Lines, tokenLines } from "../engine/eval/tables.ts";
import type { FamilyId } from "../engine/tasks/family.ts";
import type { Manifest } from "../engine/tasks/records.ts";
import { analyze, majorityRecords } from "../engine/eval/analysis.ts";
import { reportData } from "../engine/eval/report.ts";
import { htmlPage, markdownPage } from "../engine/report/page.ts";
import { parseFamilies, parseMechanismIds } from "./tasks_commands.ts";
import { DEFAULT_TASKS_DIR } from "./defaults.ts";
import { checkedJson, InputError, type Io } from "./io.ts";
import { progress } from "./progress.ts";
import { shardOption } from "./shard_option.ts";

export interface EvalArgs {
  tasks?: string;
  model?: string;
  out?: string;
  retryFailed?: string;
  baseUrl?: string;
  apiKeyEnv: string;
  concurrency: number;
  /** Seconds per request. */
  timeout: number;
  maxOutputTokens: number;
  reasoningEffort: "minimal" | "low" | "medium" | "high" | "none";
  temperature?: number;
  noTemperature: boolean;
  jsonObject: boolean;
  families?: string;
  mechanisms?: string;
  limit?: number;
  cache?: string;
  noCache: boolean;
  profiles?: string;
  prices?: string;
  rateLimitAttempts: number;
  json: boolean;
  /** I/N: send only shard I's items (mech merge joins the N run directories). */
  shard?: string;
}

export interface EvalEnv {
  env: (name: string) => string | undefined;
}

const Prices = z.record(z.string(), z.object({ input_per_million: z.number().min(0), output_per_million: z.number().min(0) }).strict());

const readJsonFile = <T>(io: Io, path: string, schema: z.ZodType<T>, expected: string): T => checkedJson(io.readText(path), path, schema, expected);

const readPrices = (io: Io, path: string | undefined): Record<string, Price> =>
  path === undefined ? {} : readJsonFile(io, path, Prices, 'an object {"MODEL": {"input_per_million": USD, "output_per_million": USD}}');

function readProfiles(io: Io, path: string | undefined): Profiles {
  if (path === undefined) return BUILTIN_PROFILES;
  return mergeProfiles(BUILTIN_PROFILES, readJsonFile(io, path, ProfilesOverride, "the shape of the built-in profiles: {default?, models?: {MODEL: profile}}"));
}

/** The shared response cache's directory: MECHBENCH_CACHE_DIR, else the user's cache directory. */
export function defaultCacheDir(env: (name: string) => string | undefined): string | null {
  const explicit = env("MECHBENCH_CACHE_DIR");
  if (explicit) return explicit;
  const xdg = env("XDG_CACHE_HOME");
  if (xdg) return `${xdg}/mechbench/responses`;
  const home = env("HOME");
  return home ? `${home}/.cache/mechbench/responses` : null;
}

const dur = (s: number) => (s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m` : s >= 60 ? `${Math.floor(s / 60)}m${String(Math.floor(s % 60)).padStart(2, "0")}s` : `${Math.round(s)}s`);
const thousands = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : String(n));

export function failureText(f: Partial<Record<FailureClass, number>>): string {
  const parts = Object.entries(f).filter(([, n]) => n).map(([c, n]) => `${c} ${n}`);
  return parts.length ? parts.join(", ") : "none";
}

/** The status detail: failures by class, tokens, ETA from this session's pace. */
export function progressDetail(p: EvalProgress, elapsedS: number, startDone: number): string {
  const failed = Object.values(p.failures).reduce((a, b) => a + (b ?? 0), 0);
  const rate = (p.done - startDone) / Math.max(elapsedS, 1e-3);
  const eta = p.done >= p.total ? "done" : rate > 0 ? `ETA ${dur((p.total - p.done) / rate)}` : "ETA …";
  return `failures ${failed ? failureText(p.failures) : "0"} · tokens ${thousands(p.inputTokens)} in / ${thousands(p.outputTokens)} out${p.cached ? ` · ${p.cached} cached` : ""} · ${eta}`;
}

function settingsOf(args: EvalArgs): RunSettings {
  if (args.noTemperature && args.temperature !== undefined) throw new InputError("--temperature and --no-temperature contradict each other; give one");
  return {
    max_output_tokens: args.maxOutputTokens,
    temperature: args.noTemperature ? null : args.temperature ?? 0,
    reasoning_effort: args.reasoningEffort === "none" ? null : args.reasoningEffort,
    json_object: args.jsonObject,
  };
}

function clientFor(config: RunConfig, all: readonly EvalItem[], args: EvalArgs, env: EvalEnv): ModelClient {
  const baseline = baselineOf(config.model);
  if (baseline) return new BaselineClient(baseline, all);
  const keyVar = config.api_key_env ?? args.apiKeyEnv;
  const apiKey = env.env(keyVar);
  const official = /^https:\/\/api\.openai\.com(\/|$)/.test(config.endpoint);
  if (!apiKey && official) throw new InputError(`no API key: set ${keyVar} (or name another variable with --api-key-env)`);
  return new OpenAIModelClient({ model: config.model, baseURL: config.endpoint, apiKey: apiKey || "unused", timeoutMs: Math.round(args.timeout * 1000), extraBody: config.request });
}

function cacheFor(config: RunConfig, args: EvalArgs, env: EvalEnv, io: Io): ResponseCache | null {
  if (baselineOf(config.model) || args.noCache) return null;
  const dir = args.cache ?? defaultCacheDir(env.env);
  if (!dir) {
    io.err("mech: no cache directory (set MECHBENCH_CACHE_DIR or pass --cache DIR); responses are kept in the run's records only");
    return null;
  }
  return new FileResponseCache(dir);
}

function parseSelection(args: EvalArgs) {
  return {
    families: args.families === undefined ? null : parseFamilies(args.families).map((f) => f.id),
    mechanisms: args.mechanisms === undefined ? null : parseMechanismIds(args.mechanisms),
    limit: args.limit ?? null,
    ...(args.shard === undefined ? {} : { shard: shardOption(args.shard)! }),
  };
}

/** A sleep that says once why the command waits (another process's lock, maybe stale). */
function lockWait(io: Io, dir: string): (ms: number) => Promise<void> {
  let said = false;
  return (ms) => {
    if (!said) io.err(`mech: ${dir} is locked by another process; waiting to see whether it is still running…`);
    said = true;
    return new Promise((r) => setTimeout(r, ms));
  };
}

/** `mech eval`: runs (or resumes, or retries the failures of) a model run; prints its scores. */
export async function evalCommand(args: EvalArgs, io: Io, env: EvalEnv): Promise<number> {
  let run;
  let all: EvalItem[], items: EvalItem[];
  if (args.retryFailed === undefined) shardOption(args.shard); // a malformed --shard is refused before anything is read
  if (args.retryFailed !== undefined) {
    for (const [flag, v] of [["--model", args.model], ["--out", args.out], ["--families", args.families], ["--mechanisms", args.mechanisms], ["--limit", args.limit], ["--shard", args.shard]] as const) {
      if (v !== undefined) throw new InputError(`--retry-failed takes the run's own settings from its run.json; drop ${flag}`);
    }
    run = await openRun(args.retryFailed, null, lockWait(io, args.retryFailed));
    try {
      ({ all, items } = itemsOfRun(readTaskSet(args.tasks ?? run.config.tasks.dir), run.config));
    } catch (e) {
      run.close();
      throw e;
    }
  } else {
    if (args.model === undefined) throw new InputError("name the model with --model (an endpoint's model name, or baseline:majority or baseline:replay)");
    if (args.out === undefined) throw new InputError("name the run directory with --out (a new directory, or a run to resume)");
    if (args.baseUrl !== undefined && baselineOf(args.model)) throw new InputError(`${args.model} runs in process; drop --base-url`);
    const set = readTaskSet(args.tasks ?? DEFAULT_TASKS_DIR);
    const plan = planRun({ set, selection: parseSelection(args), model: args.model, baseUrl: args.baseUrl ?? null, apiKeyEnv: args.apiKeyEnv, settings: settingsOf(args), profiles: readProfiles(io, args.profiles) });
    ({ all, items } = plan);
    run = await openRun(args.out, plan.config, lockWait(io, args.out));
  }
  const prices = readPrices(io, args.prices);
  try {
    for (const w of run.warnings) io.err(`mech: ${w}`);
    const client = clientFor(run.config, all, args, env);
    const cache = cacheFor(run.config, args, env, io);
    const bar = progress(io, "eval", items.length);
    const started = performance.now();
    let startDone = -1, lastLine = -1, lastDraw = -Infinity;
    const added: ItemRecord[] = [];
    const step = Math.max(1, Math.ceil(items.length / 100));
    const summary = await runEval({
      items,
      client,
      endpoint: run.config.endpoint,
      controls: run.config.request,
      cache,
      existing: run.records,
      append: (r) => {
        run.append(r);
        added.push(r);
      },
      concurrency: args.concurrency,
      retryFailed: args.retryFailed !== undefined,
      rateLimitAttempts: args.rateLimitAttempts,
      onProgress: (p) => {
        if (startDone < 0) startDone = p.done;
        const now = performance.now();
        // a terminal redraws at most ten times a second; elsewhere about a hundred lines, and every failure
        if (io.status ? now - lastDraw >= 100 || p.done === p.total : p.done === p.total || p.last?.type === "failure" || Math.floor(p.done / step) !== lastLine) {
          lastDraw = now;
          lastLine = Math.floor(p.done / step);
          const detail = progressDetail(p, (now - started) / 1000, startDone);
          const failure = p.last?.type === "failure" ? `${p.last.task_id} (${p.last.family}, ${p.last.mechanism}): ${p.last.class}: ${p.last.error.message}; ` : "";
          bar.update(p.done, io.status ? detail : failure + detail);
        }
      },
    });
    bar.finish();
    const verb = args.retryFailed !== undefined ? "retried" : "sent";
    io.err(`${run.config.model}: ${summary.sent} ${verb}, ${summary.cached} from the cache, ${summary.skipped} already finished; infrastructure failures: ${failureText(summary.failures)}; records in ${run.dir}`);
    const latest = latestRecords([...run.records, ...added]);
    const code = printScores([{ dir: run.dir, config: run.config, all, items, latest }], args.json, prices, io);
    const failed = Object.values(summary.failures).reduce((a, b) => a + (b ?? 0), 0);
    if (failed) io.err(`mech: ${failed} infrastructure failure${failed === 1 ? "" : "s"}; send them again with: mech eval --retry-failed ${run.dir}`);
    return failed || summary.pending ? 1 : code;
  } finally {
    run.close();
  }
}

interface LoadedRun {
  dir: string;
  config: RunConfig;
  all: EvalItem[];
  items: EvalItem[];
  latest: ReturnType<typeof latestRecords>;
}

/** Reads runs and the benchmark(s) they recorded (or `tasks`), each run's items checked to be that benchmark's. */
function loadRuns(dirs: readonly string[], tasks: string | undefined, io: Io): (LoadedRun & { manifest: Manifest })[] {
  const sets = new Map<string, TaskSet>();
  return dirs.map((dir) => {
    const { config, records, warnings } = readRun(dir);
    for (const w of warnings) io.err(`mech: ${w}`);
    const where = tasks ?? config.tasks.dir;
    let set = sets.get(where);
    if (!set) sets.set(where, set = readTaskSet(where));
    return { dir, config, ...itemsOfRun(set, config), latest: latestRecords(records), manifest: set.manifest };
  });
}

/** `mech eval score RUN…`: the metrics of each run, Table 5's columns, Table 6 and token use. */
export function evalScoreCommand(args: { runs: readonly string[]; tasks?: string; json: boolean; prices?: string }, io: Io): number {
  return printScores(loadRuns(args.runs, args.tasks, io), args.json, readPrices(io, args.prices), io);
}

/** `mech eval report RUN…`: the analysis (bins, bootstrap intervals, regression) as one HTML page and Markdown tables. */
export async function evalReportCommand(args: { runs: readonly string[]; tasks?: string; out?: string; maxDetails: number; replicates: number }, io: Io): Promise<number> {
  const runs = loadRuns(args.runs, args.tasks, io);
  const hashes = new Set(runs.map((r) => r.config.tasks.completion_sha256));
  if (hashes.size > 1) throw new InputError(`the runs used different benchmarks (${runs.map((r) => `${r.dir}: ${r.config.tasks.completion_sha256.slice(0, 12)}…`).join(", ")}); a report compares runs on one benchmark`);
  const models = runs.map((r) => r.config.model);
  const twice = models.find((m, i) => models.indexOf(m) !== i);
  if (twice) throw new InputError(`two runs of ${twice}; a report shows each model once (score them apart with mech eval score)`);
  const scored = runs.map((r) => ({ model: r.config.model, items: scoreRecords(r.config.model, r.items, r.latest).items }));
  const analysis = analyze({ all: runs[0].all, runs: scored, replicates: args.replicates });
  const data = reportData({ analysis, manifest: runs[0].manifest, runs: runs.map((r, k) => ({ model: r.config.model, dir: r.dir, latest: r.latest, items: r.items, scored: scored[k].items })), maxDetails: args.maxDetails });
  const out = args.out ?? `${runs[0].dir.replace(/\/+$/, "")}/report.html`;
  io.writeText(out, await htmlPage("MechReasoner report", data));
  io.out(markdownPage("MechReasoner report", data));
  io.err(`mech: report written to ${out}`);
  return 0;
}

/** The majority/constant baseline's metrics per family on these items (fitted to the whole release). */
function baselineMetrics(all: readonly EvalItem[], items: readonly EvalItem[]): Map<FamilyId | "all", Metrics> {
  return new Map(familyMetrics(majorityRecords(all, items)).map((r) => [r.family, r.metrics]));
}

function printScores(runs: readonly LoadedRun[], json: boolean, prices: Record<string, Price>, io: Io): number {
  const results = runs.map((r) => {
    const scored = scoreRecords(r.config.model, r.items, r.latest);
    const tokens = tokenTotals(r.latest);
    return { r, scored, rows: familyMetrics(scored.items), tokens, price: prices[r.config.model], baseline: baselineMetrics(r.all, r.items) };
  });
  if (json) {
    io.out(JSON.stringify({
      runs: results.map(({ r, scored, rows, tokens, price }) => ({
        dir: r.dir,
        model: r.config.model,
        endpoint: r.config.endpoint,
        ...runScoreFields(scored, rows, tokens, price),
      })),
    }));
    return 0;
  }
  for (const { r, scored, rows, baseline } of results) {
    io.out(runHeadline(scored, r.dir));
    io.out("");
    for (const l of metricsLines(rows)) io.out(l);
    io.out("");
    for (const l of table5Lines(r.config.model, rows, baseline)) io.out(l);
    io.out("");
  }
  io.out("End-to-end accuracy (%) by task family and model, protocol failures in parentheses (Table 6):");
  io.out("");
  for (const l of table6Lines(results.map((x) => ({ model: x.r.config.model, rows: x.rows })))) io.out(l);
  io.out("");
  for (const l of tokenLines(results.map((x) => ({ model: x.r.config.model, tokens: x.tokens, price: x.price })))) io.out(l);
  return 0;
}
