// `mech bench solve` and `mech bench simulate`: time the exact solver and the episode graph
// on a user's mechanism (or a synthetic one) with the engine's benchmark code, and print a
// compact table or one JSON object.
import {
  benchEpisodeGraph,
  benchSolver,
  DEFAULT_HORIZON,
  DEFAULT_REFERENCE_TIMEOUT_S,
  DEFAULT_SIMULATE_RUNS,
  DEFAULT_SOLVE_RUNS,
  EpisodeSpecError,
  type MechanismModel,
  type RuleProfile,
  type SimulateBenchResult,
  type SolveBenchResult,
  SolverMismatchError,
  type SyntheticMechanism,
  syntheticMechanism,
  WARMUP_MS,
  WorkloadSpecError,
} from "../engine/api/solver.ts";
import { parseStateArgs, resolveMechanism } from "./commands.ts";
import { progress } from "./progress.ts";
import { InputError, type Io } from "./io.ts";
import { MAX_HORIZON } from "./defaults.ts";

export interface BenchSolveArgs {
  mechanism?: string;
  synthetic?: string;
  scenario?: string;
  state: readonly string[];
  runs?: number;
  referenceTimeout?: number;
  json: boolean;
}

export interface BenchSimulateArgs {
  mechanism?: string;
  synthetic?: string;
  scenario?: string;
  horizon?: number;
  rules?: RuleProfile;
  runs?: number;
  json: boolean;
}

/** The mechanism named by MECHANISM or --synthetic (exactly one of them). */
function chosen(args: { mechanism?: string; synthetic?: string }, io: Io): { target: MechanismModel | SyntheticMechanism; synthetic: boolean } {
  if ((args.mechanism === undefined) === (args.synthetic === undefined)) {
    throw new InputError("give either a MECHANISM (a catalog id or a .json file) or --synthetic chain:N|ladder:N");
  }
  if (args.mechanism !== undefined) return { target: resolveMechanism(args.mechanism, io), synthetic: false };
  try {
    return { target: syntheticMechanism(args.synthetic!, "--synthetic"), synthetic: true };
  } catch (e) {
    if (e instanceof WorkloadSpecError) throw new InputError(e.message);
    throw e;
  }
}

const positiveInt = (name: string, v: number) => {
  if (!(Number.isInteger(v) && v >= 1)) throw new InputError(`${name} must be a positive integer, got ${v}`);
  return v;
};

/** A progress bar on a terminal only: the runs print nothing elsewhere, so logs stay clean. */
function runBar(io: Io, label: string, total: number) {
  return io.status ? progress(io, label, total) : undefined;
}

export function benchSolveCommand(args: BenchSolveArgs, io: Io): number {
  const runs = positiveInt("--runs", args.runs ?? DEFAULT_SOLVE_RUNS);
  const limitS = args.referenceTimeout ?? DEFAULT_REFERENCE_TIMEOUT_S;
  if (!(limitS > 0)) throw new InputError(`--reference-timeout must be a positive number of seconds, got ${limitS}`);
  const { target, synthetic } = chosen(args, io);
  const state = parseStateArgs(args.state);
  // a synthetic mechanism is timed in its flowing state, --state overriding parts of it
  const what = synthetic
    ? `the flowing state${args.state.length ? " with --state" : ""}`
    : args.state.length ? "the composite states --state leaves" : "every composite state";
  const stages = ["compile", "wasm", "reference"] as const;
  const bar = runBar(io, "bench solve", 3 * (runs + 1));
  let result: SolveBenchResult;
  try {
    result = benchSolver(target, {
      state,
      scenario: args.scenario,
      runs,
      referenceTimeoutS: limitS,
      onRun: (stage, r) => bar?.update(stages.indexOf(stage) * (runs + 1) + r, `${stage} run ${r || "warm-up"}`),
    });
  } catch (e) {
    if (!(e instanceof SolverMismatchError)) throw e;
    io.err(`mech: ${e.message}`);
    return 1;
  } finally {
    bar?.finish();
  }
  if (args.json) io.out(JSON.stringify({ command: "bench solve", ...result }));
  else for (const l of solveText(result, what)) io.out(l);
  return 0;
}

export function benchSimulateCommand(args: BenchSimulateArgs, io: Io): number {
  const runs = positiveInt("--runs", args.runs ?? DEFAULT_SIMULATE_RUNS);
  const horizon = args.horizon ?? DEFAULT_HORIZON;
  if (!(Number.isInteger(horizon) && horizon >= 0 && horizon <= MAX_HORIZON)) {
    throw new InputError(`--horizon must be an integer from 0 to ${MAX_HORIZON}, got ${horizon}`);
  }
  const { target, synthetic } = chosen(args, io);
  if (synthetic && args.scenario !== undefined) {
    throw new InputError("--scenario does not apply to --synthetic (it starts from the flowing state in the base scenario)");
  }
  const bar = runBar(io, "bench simulate", runs + 1);
  let result: SimulateBenchResult;
  try {
    result = benchEpisodeGraph(target, { scenario: args.scenario, horizon, rules: args.rules, runs, onRun: (r) => bar?.update(r, `run ${r || "warm-up"}`) });
  } catch (e) {
    if (e instanceof EpisodeSpecError) throw new InputError(e.message);
    throw e;
  } finally {
    bar?.finish();
  }
  if (args.json) io.out(JSON.stringify({ command: "bench simulate", ...result }));
  else for (const l of simulateText(result)) io.out(l);
  return 0;
}

const grouped = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 0 });
/** Big decimal strings grouped by thousands without going through a double. */
const groupedDigits = (s: string) => s.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const rate = (x: number) => (x >= 100 ? grouped(x) : x.toPrecision(3));

export function formatMs(ms: number): string {
  if (ms < 1) return `${(ms * 1000).toFixed(1)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Rows as aligned columns: the first left-aligned, the rest right-aligned. */
function aligned(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ").trimEnd());
}

/** The runs behind the figures: warm-up runs (excluded) as "N" or per stage, then the timed ones. */
const runsLine = (warmup: string, runs: number) =>
  `runs: warm-up for at least ${WARMUP_MS} ms (${warmup}, excluded), then ${runs} timed; p95 by nearest rank${runs < 20 ? ` (with fewer than 20 runs, the slowest)` : ""}`;

function solveText(r: SolveBenchResult, what: string): string[] {
  const c = r.counts;
  const vars = r.variables.min === r.variables.max ? `${grouped(r.variables.max)}` : `${grouped(r.variables.min)}–${grouped(r.variables.max)}`;
  const ref = r.reference;
  const rows: string[][] = [
    ["", "median", "p95", "throughput"],
    ["compile", formatMs(r.compile.medianMs), formatMs(r.compile.p95Ms), `${rate(r.compile.problemsPerSecond)} problems/s`],
    ["solve, WASM", formatMs(r.wasm.medianMs), formatMs(r.wasm.p95Ms), `${rate(r.wasm.solvesPerSecond)} solves/s`],
  ];
  if (ref.status === "finished") rows.push(["solve, reference", formatMs(ref.medianMs), formatMs(ref.p95Ms), `${rate(ref.solvesPerSecond)} solves/s`]);
  return [
    `bench solve ${r.label} [${r.scenario}]: ${grouped(c.problems)} problem${c.problems === 1 ? "" : "s"} (${what}), ${vars} variables each`,
    runsLine(`compile ${r.warmupRuns.compile}, WASM ${r.warmupRuns.wasm}, reference ${r.warmupRuns.reference} runs`, r.wasm.runs),
    "",
    ...aligned(rows),
    ...(ref.status === "finished" ? [] : [`solve, reference: did not finish within ${ref.limitS} s (${ref.run}); not timed`]),
    "",
    `counts: ${grouped(c.consistent)} of ${grouped(c.problems)} consistent, ${groupedDigits(c.interpretations)} interpretation${c.interpretations === "1" ? "" : "s"}; ` +
      `per run ${grouped(c.mddNodes)} MDD nodes, ${grouped(c.confluenceChecks)} confluence checks, ${grouped(c.gacRevisions)} GAC revisions (WASM)`,
    ...(ref.status === "finished"
      ? [`reference/WASM: ${ref.ratio >= 10 ? grouped(ref.ratio) : ref.ratio.toFixed(2)}× (medians of this run); counts agree on every problem`]
      : []),
  ];
}

function simulateText(r: SimulateBenchResult): string[] {
  return [
    `bench simulate ${r.label} [${r.scenario}], rules ${r.rules}, H = ${r.horizon}: X0 = ${r.start}`,
    runsLine(`${r.warmupRuns} build${r.warmupRuns === 1 ? "" : "s"}`, r.time.runs),
    "",
    ...aligned([
      ["depth", "episodes", "edges"],
      ...r.layers.map((l) => [String(l.depth), grouped(l.episodes), grouped(l.edges)]),
      ["graph (distinct)", grouped(r.episodes), grouped(r.edges)],
    ]),
    "",
    ...aligned([
      ["", "median", "p95", "throughput"],
      ["build A^{<=H}", formatMs(r.time.medianMs), formatMs(r.time.p95Ms), `${rate(r.episodesPerSecond)} episodes/s, ${rate(r.edgesPerSecond)} edges/s`],
    ]),
    `per build: a fresh session, ${grouped(r.solves)} exact solves`,
  ];
}
