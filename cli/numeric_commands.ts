// `mech catalog check --numeric` and `--paths`: the numerical consistency check (with a
// Table-8-style summary) and the episode graph's soundness against the same runs.
import {
  type Deviation,
  numericCheck,
  type NumericCheckResult,
  NumericModelError,
  observationChange,
  type RuleProfile,
  soundnessCheck,
  type SoundnessCheckResult,
} from "../engine/api/solver.ts";
import { checkTargets } from "./catalog_commands.ts";
import { InputError, type Io, machineCores } from "./io.ts";

/** Runs fn, turning a numeric model that cannot be built into an input error naming the file (exit 2). */
async function reported<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof NumericModelError) throw new InputError(e.message);
    throw e;
  }
}

/** The numerical consistency check of the given mechanisms (default: every built-in one). */
export function runNumericCheck(refs: readonly string[], io: Io, jobs = 1): Promise<NumericCheckResult> {
  const files = checkTargets(refs, io);
  return reported(() => numericCheck(files, { jobs }));
}

function table(io: Io, cols: string[], rows: (string | number)[][]): void {
  io.out(`| ${cols.join(" | ")} |`);
  io.out(`|${cols.map(() => "---").join("|")}|`);
  for (const r of rows) io.out(`| ${r.join(" | ")} |`);
}

/** The observed values of the instances a failing law names (the law id's instance prefix). */
const fmt = (values: Record<string, number>, failure: string | undefined) => {
  const insts = new Set((failure ?? "").split(", ").map((l) => l.split(".")[0]));
  return Object.entries(values).filter(([n]) => insts.has(n.split(".")[0])).map(([n, x]) => `${n}=${x.toPrecision(6)}`).join(", ");
};

/** Prints the report; returns 1 when a contradiction is found, else 0. */
export async function numericCheckCommand(args: { mechanisms: readonly string[]; json: boolean; jobs?: number }, io: Io): Promise<number> {
  const { table: rows, mechanisms: reports, skipped } = await runNumericCheck(args.mechanisms, io, args.jobs ?? machineCores());
  if (args.json) {
    io.out(JSON.stringify({ table: rows, mechanisms: reports, skipped }));
    return rows[2].contradiction ? 1 : 0;
  }
  table(io, ["mechanism", "runs", "samples", "states", "transitions", "direct", "boundary", "contradiction", "inconclusive"],
    reports.map((r) => {
      const all = [...r.states, ...r.transitions];
      const n = (d: string) => all.filter((x) => x.disposition === d).length;
      return [r.mechanism, r.runs.length, r.samples, r.states.length, r.transitions.length, n("direct"), n("boundary"), n("contradiction"), n("inconclusive")];
    }));
  for (const s of skipped) io.out(`${s.mechanism}: skipped (${s.reason})`);
  io.out("");
  table(io, ["scenario type", "observed", "direct", "boundary", "contradiction", "inconclusive"],
    rows.map((r) => [r.type, r.observed, r.direct, r.boundary, r.contradiction, r.inconclusive]));
  for (const r of reports) {
    for (const s of r.states.filter((x) => x.disposition === "contradiction")) {
      io.out(`CONTRADICTION ${r.mechanism} state ${s.label} (run ${s.first.run}, t = ${s.first.t}): ${s.failure}`);
      io.out(`  observed ${fmt(s.first.values, s.failure)}`);
    }
    for (const t of r.transitions.filter((x) => x.disposition === "contradiction")) {
      io.out(`CONTRADICTION ${r.mechanism} transition ${t.from} -> ${t.to} (run ${t.first.run}, t = ${t.first.t}): ${t.failure}`);
    }
  }
  io.out("");
  io.out(`${rows[2].observed} distinct observed scenarios over ${reports.length} mechanisms: ${rows[2].direct} direct, ${rows[2].boundary} boundary-compatible, ${rows[2].contradiction} contradictions, ${rows[2].inconclusive} inconclusive`);
  return rows[2].contradiction ? 1 : 0;
}

/** Violations listed by the text output; --json has them all. */
export const MAX_LISTED = 20;

/**
 * `mech catalog check --paths`: the episode graph's soundness against the numerical runs
 * (docs/semantics.md §13.9). Exit 1 when a pair of observations has no path.
 */
export async function pathCheckCommand(args: { mechanisms: readonly string[]; json: boolean; rules?: RuleProfile; revert?: readonly Deviation[]; jobs?: number }, io: Io): Promise<number> {
  const files = checkTargets(args.mechanisms, io);
  const r: SoundnessCheckResult = await reported(() => soundnessCheck(files, { rules: args.rules, revert: args.revert, jobs: args.jobs ?? machineCores() }));
  const { mechanisms: reports, skipped } = r;
  const violations = reports.reduce((k, r) => k + r.violations.length + r.exits.length, 0);
  if (args.json) {
    io.out(JSON.stringify({ rules: r.rules, mechanisms: reports, skipped }));
    return violations ? 1 : 0;
  }
  table(io, ["mechanism", "samples", "observed pairs", "direct", "boundary", "violations", "refined intervals", "longest path"],
    reports.map((r) => [r.mechanism, r.samples, r.pairs.length, r.pairs.filter((p) => p.disposition === "direct").length, r.boundary, r.violations.length, r.refined, r.maxSteps]));
  for (const s of skipped) io.out(`${s.mechanism}: skipped (${s.reason})`);
  // each violation once, as the change between its two observations; --json has them in full
  const lines = reports.flatMap((r) => [
    ...r.violations.map((v) => `VIOLATION ${r.mechanism} (run ${v.first.run}, t = ${v.first.t}): no path for ${observationChange(v.from, v.to)}`),
    ...r.exits.map((v) => `VIOLATION ${r.mechanism} (run ${v.run}, t = ${v.t}): leaves scenario ${v.scenario}'s case (outside the universe under these rules): ${observationChange(v.from, v.to)}`),
  ]);
  for (const l of lines.slice(0, MAX_LISTED)) io.out(l);
  if (lines.length > MAX_LISTED) io.out(`… and ${lines.length - MAX_LISTED} more violations (--json lists them all)`);
  const pairs = reports.reduce((k, r) => k + r.pairs.length, 0);
  const boundary = reports.reduce((k, r) => k + r.boundary, 0);
  const exits = reports.reduce((k, r) => k + r.exits.length, 0);
  const pathViolations = violations - exits;
  io.out("");
  io.out(`edge rules: ${r.rules}`);
  io.out(`${pairs} observed pairs over ${reports.length} mechanisms: ${pairs - boundary - pathViolations} joined by admissible paths, ${boundary} boundary (noise within 1e-9 of a landmark), ${pathViolations} violations${r.deviations.includes("context-universe") ? "" : `; ${exits} runs leave a scenario's case (no episode outside it)`}`);
  return violations ? 1 : 0;
}
