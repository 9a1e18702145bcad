// Soundness of the episode graph against numbers (docs/semantics.md §13.9): for every
// pair of consecutive distinct qualitative observations of a numerical run, some episode
// matching the first reaches some episode matching the second through admissible edges,
// every observed variable moving monotonically from its first cell toward its second
// (a sample interval may hide several instants, never a detour).
import type { MechanismModel } from "../model/model.ts";
import { type ExtraRestriction, stateProduct } from "../compile/compile.ts";
import { type Observation, observeSample, runSuite } from "../numeric/check.ts";
import { integrate } from "../numeric/integrate.ts";
import type { NumericBlock, NumericModelDef } from "../numeric/model.ts";
import { type Episode, episodeKey } from "./episode.ts";
import { matchingEpisodes } from "./initial.ts";
import type { Session } from "./session.ts";

/**
 * direct: a path exists; boundary: none exists, but an endpoint holds a value within
 * 1e-9 of a landmark whose raw side differs (the A.9 boundary rule: the sign of such a
 * value is integration noise); violation: neither.
 */
export type PathDisposition = "direct" | "boundary" | "violation";

/** One distinct pair of consecutive observations and the path that joins them, if any. */
export interface PathCheck {
  /** The first observation's pattern ("name=cell; …"). */
  from: string;
  /** The second observation's pattern. */
  to: string;
  /** Whether a path joins them. */
  disposition: PathDisposition;
  /** First time the pair was observed. */
  first: { run: string; t: number };
  /** Edges on the shortest path found, or null for a violation. */
  steps: number | null;
  /** Episodes matching the first observation. */
  sources: number;
  /** Episodes matching the second observation. */
  targets: number;
}

/** The soundness check of one mechanism: its observed pairs, their paths and the violations. */
export interface SoundnessReport {
  /** The mechanism's id. */
  mechanism: string;
  /** Observations over all runs. */
  samples: number;
  /** The distinct pairs of consecutive observations. */
  pairs: PathCheck[];
  /** Sample intervals integrated again on a finer grid. */
  refined: number;
  /** Every (sub-)interval without a path and without noise, before and after refinement. */
  unexplained: { from: string; to: string; t: number }[];
  /** Pairs without a path whose endpoint lies within 1e-9 of a landmark. */
  boundary: number;
  /** Pairs without a path and without that excuse. */
  violations: PathCheck[];
  /**
   * Under a universe solved with the case restrictions (the paper's V_r): runs that start
   * inside a scenario's case and later leave it, where no episode of that scenario's
   * graph can follow them. Empty under the context-only universe.
   */
  exits: UniverseExit[];
  /** The longest shortest path found. */
  maxSteps: number;
}

/** A run that starts in a scenario's case and leaves it: the last observation inside and the first outside. */
export interface UniverseExit {
  /** The scenario left. */
  scenario: string;
  /** The run. */
  run: string;
  /** The time of the first observation outside. */
  t: number;
  /** The last observation inside. */
  from: string;
  /** The first observation outside. */
  to: string;
}

export interface SoundnessOptions {
  /** Longest path searched between two samples. */
  maxSteps?: number;
  /** Upper bound on episodes matching one observation. */
  maxMatches?: number;
  /** Levels of 16-fold refinement of a sample interval without a path. */
  maxRefine?: number;
}

/** Per observed variable, the cells an episode may show for this observation (crisp or raw). */
const allowedCells = (o: Observation): Map<number, number[]> =>
  new Map([...o.cells].map(([v, c]) => [v, c.cell === c.raw ? [c.cell] : [c.cell, c.raw]]));

const patternOf = (model: MechanismModel, o: Observation) =>
  [...o.cells].sort((a, b) => a[0] - b[0]).map(([v, c]) => `${model.variables[v].name}=${model.variables[v].cells[c.cell]}${c.raw !== c.cell ? `~${model.variables[v].cells[c.raw]}` : ""}`).join("; ");

/**
 * Two observation patterns ("name=cell; name=cell~raw; …", as PathCheck's `from` and `to`)
 * as the change between them: only the variables whose cell differs, "name cell→cell".
 *
 * @param from The first pattern.
 * @param to The second pattern.
 * @returns The change, or "no cell change".
 *
 * @example
 * ```ts
 * import { observationChange } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * assert.equal(observationChange("m.v=positive; m.a=negative", "m.v=zero; m.a=negative"), "m.v positive→zero");
 * ```
 */
export function observationChange(from: string, to: string): string {
  const parse = (p: string) => new Map(p.split("; ").map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]));
  const a = parse(from), b = parse(to);
  const out = [...b].filter(([k, c]) => a.get(k) !== c).map(([k, c]) => `${k} ${a.get(k) ?? "?"}→${c}`);
  return out.length ? out.join(", ") : "no cell change";
}

/** The episodes of V_r (context only unless told) matching an observation's cells, in canonical order. */
export function episodesMatching(model: MechanismModel, o: Observation, scenario: string, limit: number, contextOnly = true): Episode[] {
  const allowed = allowedCells(o);
  const cells: ExtraRestriction[] = [...allowed].map(([v, c]) => ({ var: v, cells: c, source: "observation" }));
  // only the local states whose restrictions admit the observed cells
  const axes = model.instances.map((inst) =>
    inst.states.filter((st) =>
      model.restrictions.every((r) => r.instance !== inst.name || r.state !== st || !allowed.has(r.var) || allowed.get(r.var)!.some((c) => r.cells.includes(c)))
    )
  );
  const out: Episode[] = [];
  for (const states of stateProduct(model, axes)) {
    for (const x of matchingEpisodes(model, scenario, { states, cells }, contextOnly)) {
      out.push(x);
      if (out.length > limit) throw new Error(`${model.id}: more than ${limit} episodes match one observation`);
    }
  }
  return out;
}

/**
 * The shortest path length (≤ maxSteps) from any source to an episode satisfying `goal`.
 * Observed variables move monotonically toward the second observation: the successors
 * of x keep each observed variable between its cell in x and its cells in `want`.
 */
function shortestPath(session: Session, sources: Episode[], goal: (x: Episode) => boolean, want: ReadonlyMap<number, readonly number[]>, maxSteps: number): number | null {
  const model = session.model;
  const seen = new Set(sources.map((x) => episodeKey(model, x)));
  const boundsAt = (x: Episode) => {
    const b = new Map<number, [number, number]>();
    for (const [v, cells] of want) b.set(v, [Math.min(x.cells[v], ...cells), Math.max(x.cells[v], ...cells)]);
    return b;
  };
  let frontier = sources;
  for (let d = 1; d <= maxSteps && frontier.length; d++) {
    const next: Episode[] = [];
    for (const x of frontier) {
      for (const e of session.successorsWithin(x, boundsAt(x))) {
        if (goal(e.target)) return d;
        const k = episodeKey(model, e.target);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push(e.target);
      }
    }
    frontier = next;
  }
  return null;
}

interface Sampled {
  obs: Observation;
  y: number[];
}

export function checkPaths(session: Session, def: NumericModelDef, block: NumericBlock, options: SoundnessOptions = {}): SoundnessReport {
  const model = session.model;
  const maxSteps = options.maxSteps ?? 12;
  const maxMatches = options.maxMatches ?? 20_000;
  const maxRefine = options.maxRefine ?? 3;
  const sys = def.build(block);
  const pairs = new Map<string, PathCheck>();
  const verdicts = new Map<string, { disposition: PathDisposition; steps: number | null }>();
  const matchCache = new Map<string, Episode[]>();
  let refined = 0;
  const unexplained: SoundnessReport["unexplained"] = [];
  const matchesOf = (o: Observation) => {
    const p = patternOf(model, o);
    let m = matchCache.get(p);
    if (!m) matchCache.set(p, m = episodesMatching(model, o, session.scenario.id, maxMatches, session.contextOnly));
    return m;
  };
  /** One pair of consecutive distinct observations, without refinement. */
  const direct = (a: Observation, b: Observation): { disposition: PathDisposition; steps: number | null } => {
    const key = `${patternOf(model, a)} -> ${patternOf(model, b)}`;
    let v = verdicts.get(key);
    if (v) return v;
    const src = matchesOf(a), tgt = matchesOf(b);
    const want = allowedCells(b);
    const goal = (x: Episode) => [...want].every(([w, cells]) => cells.includes(x.cells[w]));
    const found = src.some((x) => tgt.some((y) => episodeKey(model, x) === episodeKey(model, y)));
    const steps = found ? 0 : shortestPath(session, src, goal, want, maxSteps);
    const noisy = [...a.cells.values(), ...b.cells.values()].some((c) => c.cell !== c.raw);
    v = { disposition: steps !== null ? "direct" : noisy ? "boundary" : "violation", steps };
    verdicts.set(key, v);
    if (v.disposition === "violation") unexplained.push({ from: patternOf(model, a), to: patternOf(model, b), t: b.t });
    return v;
  };
  /**
   * A pair without a path may hide more than the sample interval shows (a fast
   * oscillation): integrate the interval again on a finer grid and check its sub-pairs.
   */
  const check = (a: Sampled, b: Sampled, runId: string, depth: number): { disposition: PathDisposition; steps: number | null } => {
    const v = direct(a.obs, b.obs);
    if (v.disposition === "direct" || depth >= maxRefine) return v;
    refined++;
    const t0 = a.obs.t;
    const fine = integrate((t, y) => sys.rhs(t + t0, y), a.y, b.obs.t - t0, { points: 16 })
      .map(({ t, y }) => ({ obs: observeSample(model, sys, runId, t + t0, y), y }));
    let worst: { disposition: PathDisposition; steps: number | null } = { disposition: "direct", steps: 0 };
    let steps = 0;
    for (let i = 1; i < fine.length; i++) {
      if (patternOf(model, fine[i - 1].obs) === patternOf(model, fine[i].obs)) continue;
      const sub = check(fine[i - 1], fine[i], runId, depth + 1);
      steps += sub.steps ?? 0;
      if (sub.disposition === "violation" || (sub.disposition === "boundary" && worst.disposition === "direct")) worst = sub;
    }
    return worst.disposition === "direct" ? { disposition: "direct", steps } : { ...worst };
  };
  let samples = 0;
  const exits: UniverseExit[] = [];
  for (const run of runSuite(sys, block)) {
    const seq: Sampled[] = integrate(sys.rhs, run.y0, run.stopTime, { points: run.points })
      .map(({ t, y }) => ({ obs: observeSample(model, sys, run.id, t, y), y }));
    samples += seq.length;
    if (!session.contextOnly) exits.push(...caseExits(model, run.id, seq.map((q) => q.obs)));
    for (let i = 1; i < seq.length; i++) {
      const pa = patternOf(model, seq[i - 1].obs), pb = patternOf(model, seq[i].obs);
      if (pa === pb) continue;
      const key = `${pa} -> ${pb}`;
      if (pairs.has(key)) continue;
      const v = check(seq[i - 1], seq[i], run.id, 0);
      pairs.set(key, {
        from: pa, to: pb, disposition: v.disposition, first: { run: run.id, t: seq[i].obs.t }, steps: v.steps,
        sources: matchesOf(seq[i - 1].obs).length, targets: matchesOf(seq[i].obs).length,
      });
    }
  }
  const all = [...pairs.values()];
  return {
    mechanism: model.id,
    samples,
    pairs: all,
    refined,
    unexplained,
    boundary: all.filter((p) => p.disposition === "boundary").length,
    violations: all.filter((p) => p.disposition === "violation"),
    exits,
    maxSteps: Math.max(0, ...all.map((p) => p.steps ?? 0)),
  };
}

/**
 * For every scenario with case restrictions on observed variables that the run's first
 * observation satisfies: the first step where the run leaves that case. A universe solved
 * under the whole scenario has no episode for the observation after it.
 */
export function caseExits(model: MechanismModel, run: string, seq: readonly Observation[]): UniverseExit[] {
  const out: UniverseExit[] = [];
  if (!seq.length) return out;
  const holds = (o: Observation, r: MechanismModel["scenarios"][number]["restrict"][number]) => {
    const c = o.cells.get(r.var)!;
    return r.cells.includes(c.cell) || r.cells.includes(c.raw);
  };
  for (const sc of model.scenarios) {
    if (!sc.restrict.length || !sc.restrict.every((r) => seq[0].cells.has(r.var))) continue;
    if (!sc.restrict.every((r) => holds(seq[0], r))) continue;
    const i = seq.findIndex((o) => !sc.restrict.every((r) => holds(o, r)));
    if (i > 0) out.push({ scenario: sc.id, run, t: seq[i].t, from: patternOf(model, seq[i - 1]), to: patternOf(model, seq[i]) });
  }
  return out;
}
