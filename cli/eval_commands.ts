// `mech eval` (run a model on a generated benchmark, resumable), `mech eval score` (the A.3
// metrics of one or more runs) and `mech eval report` (their analysis as one HTML page).
import { z } from "zod";
import {
  baselineOf,
  type EvalModel,
  type EvalProgress,
  evaluate,
  type Evaluation,
  evaluationReport,
  evaluationScoreLines,
  type FailureClass,
  loadEvaluations,
  parseFamilyList,
  parseMechanismList,
  type Price,
  ProfilesOverride,
  requiresApiKey,
  scoreEvaluation,
} from "../engine/api/mechreasoner.ts";
import { DEFAULT_TASKS_DIR } from "./defaults.ts";
import { checkedJson, InputError, type Io } from "./io.ts";
import { shardOption } from "./shard_option.ts";
import { lazyProgress } from "./progress.ts";

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
  /** The response-size limit, bytes. */
  maxResponseBytes?: number;
  maxOutputTokens: number;
  reasoningEffort: "minimal" | "low" | "medium" | "high" | "none";
  temperature?: number;
  noTemperature: boolean;
  jsonObject: boolean;
  /** Independent requests per item. */
  samples?: number;
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

const readProfiles = (io: Io, path: string | undefined): ProfilesOverride | undefined =>
  path === undefined ? undefined : readJsonFile(io, path, ProfilesOverride, "the shape of the built-in profiles: {default?, models?: {MODEL: profile}}");

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

/** The run's cache: --cache, else the default directory; none with --no-cache, or (said once) when there is no directory. */
function cacheDir(args: EvalArgs, env: EvalEnv, io: Io): string | null {
  if (args.noCache) return null;
  const dir = args.cache ?? defaultCacheDir(env.env);
  if (!dir) io.err("mech: no cache directory (set MECHBENCH_CACHE_DIR or pass --cache DIR); responses are kept in the run's records only");
  return dir;
}

/** What a new run sends: the model, the benchmark, the selection and the request settings from the flags. */
function newRun(args: EvalArgs, io: Io) {
  if (args.model === undefined) throw new InputError("name the model with --model (an endpoint's model name, or baseline:majority or baseline:replay)");
  if (args.out === undefined) throw new InputError("name the run directory with --out (a new directory, or a run to resume)");
  const baseline = baselineOf(args.model);
  if (args.baseUrl !== undefined && baseline) throw new InputError(`${args.model} runs in process; drop --base-url`);
  if (args.noTemperature && args.temperature !== undefined) throw new InputError("--temperature and --no-temperature contradict each other; give one");
  const model: EvalModel = baseline ? { baseline } : { id: args.model, ...(args.baseUrl !== undefined ? { baseUrl: args.baseUrl } : {}), apiKeyEnv: args.apiKeyEnv };
  const shard = shardOption(args.shard);
  const profiles = readProfiles(io, args.profiles);
  return {
    benchmark: args.tasks ?? DEFAULT_TASKS_DIR,
    model,
    out: args.out,
    ...(args.families !== undefined ? { families: parseFamilyList(args.families, "--families") } : {}),
    ...(args.mechanisms !== undefined ? { mechanisms: parseMechanismList(args.mechanisms, "--mechanisms") } : {}),
    ...(args.limit !== undefined ? { limit: args.limit } : {}),
    ...(shard ? { shard } : {}),
    maxOutputTokens: args.maxOutputTokens,
    temperature: args.noTemperature ? null : args.temperature ?? 0,
    reasoningEffort: args.reasoningEffort === "none" ? null : args.reasoningEffort,
    jsonObject: args.jsonObject,
    ...(args.samples !== undefined ? { samples: args.samples } : {}),
    ...(profiles ? { profiles } : {}),
  };
}

/** `mech eval`: runs (or resumes, or retries the failures of) a model run; prints its scores. */
export async function evalCommand(args: EvalArgs, io: Io, env: EvalEnv): Promise<number> {
  if (args.retryFailed === undefined) shardOption(args.shard); // a malformed --shard is refused before anything is read
  let what;
  if (args.retryFailed !== undefined) {
    for (const [flag, v] of [["--model", args.model], ["--out", args.out], ["--families", args.families], ["--mechanisms", args.mechanisms], ["--limit", args.limit], ["--shard", args.shard], ["--samples", args.samples]] as const) {
      if (v !== undefined) throw new InputError(`--retry-failed takes the run's own settings from its run.json; drop ${flag}`);
    }
    what = { resume: args.retryFailed, retryFailed: true, ...(args.tasks !== undefined ? { benchmark: args.tasks } : {}) };
  } else what = newRun(args, io);
  const dir = args.retryFailed ?? args.out!;
  const prices = readPrices(io, args.prices);
  const bar = lazyProgress(io, "eval");
  let started = 0, startDone = -1, lastLine = -1, lastDraw = -Infinity, step = 1;
  const run = await evaluate({
    ...what,
    concurrency: args.concurrency,
    rateLimitAttempts: args.rateLimitAttempts,
    timeoutMs: Math.round(args.timeout * 1000),
    ...(args.maxResponseBytes !== undefined ? { maxResponseBytes: args.maxResponseBytes } : {}),
    apiKeyFrom: (variable, endpoint) => {
      const apiKey = env.env(variable);
      if (!apiKey && requiresApiKey(endpoint)) throw new InputError(`no API key: set ${variable} (or name another variable with --api-key-env)`);
      return apiKey;
    },
    cache: () => cacheDir(args, env, io),
    onLockWait: () => io.err(`mech: ${dir} is locked by another process; waiting to see whether it is still running…`),
    onOpen: (r) => {
      for (const w of r.warnings) io.err(`mech: ${w}`);
    },
    onProgress: (p) => {
      const now = performance.now();
      if (startDone < 0) {
        startDone = p.done;
        started = now;
        step = Math.max(1, Math.ceil(p.total / 100));
      }
      // a terminal redraws at most ten times a second; elsewhere about a hundred lines, and every failure
      if (io.status ? now - lastDraw >= 100 || p.done === p.total : p.done === p.total || p.last?.type === "failure" || Math.floor(p.done / step) !== lastLine) {
        lastDraw = now;
        lastLine = Math.floor(p.done / step);
        const detail = progressDetail(p, (now - started) / 1000, startDone);
        const failure = p.last?.type === "failure" ? `${p.last.task_id} (${p.last.family}, ${p.last.mechanism}): ${p.last.class}: ${p.last.error.message}; ` : "";
        bar.update(p.done, p.total, io.status ? detail : failure + detail);
      }
    },
  });
  bar.finish();
  const summary = run.summary!;
  const verb = args.retryFailed !== undefined ? "retried" : "sent";
  const k = run.config.samples ?? 1;
  const counted = k > 1 ? ` (requests: ${run.items.length} items × ${k} samples)` : "";
  io.err(`${run.config.model}: ${summary.sent} ${verb}, ${summary.cached} from the cache, ${summary.skipped} already finished${counted}; infrastructure failures: ${failureText(summary.failures)}; records in ${run.dir}`);
  const code = printScores([run], args.json, prices, io);
  const failed = Object.values(summary.failures).reduce((a, b) => a + (b ?? 0), 0);
  if (failed) io.err(`mech: ${failed} infrastructure failure${failed === 1 ? "" : "s"}; send them again with: mech eval --retry-failed ${run.dir}`);
  return failed || summary.pending ? 1 : code;
}

/** Reads runs and the benchmark(s) they recorded (or `tasks`), each run's items checked to be that benchmark's. */
const loadRuns = (dirs: readonly string[], tasks: string | undefined, io: Io): Evaluation[] =>
  loadEvaluations(dirs, { ...(tasks !== undefined ? { benchmark: tasks } : {}), onWarning: (w) => io.err(`mech: ${w}`) });

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
  const report = await evaluationReport(runs, { replicates: args.replicates, maxDetails: args.maxDetails });
  const out = args.out ?? `${runs[0].dir!.replace(/\/+$/, "")}/report.html`;
  io.writeText(out, report.html);
  io.out(report.markdown);
  io.err(`mech: report written to ${out}`);
  return 0;
}

/** The scores of runs: one JSON object, or the Markdown tables (what mech eval and mech merge print after a run). */
export function printScores(runs: readonly Evaluation[], json: boolean, prices: Readonly<Record<string, Price>>, io: Io): number {
  if (json) {
    io.out(JSON.stringify({ runs: runs.map((r) => scoreEvaluation(r, Object.hasOwn(prices, r.config.model) ? { price: prices[r.config.model] } : {})) }));
    return 0;
  }
  for (const line of evaluationScoreLines(runs, { prices })) io.out(line);
  return 0;
}
