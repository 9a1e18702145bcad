// Soundness of the episode graph against numbers (docs/semantics.md §13.9): for every
// pair of consecutive distinct qualitative observations of a numerical run, some episode
// matching the first reaches some episode matching the second through admissible edges,
// each intermediate episode staying between the two observations on every observed
// variable (a sample interval may hide several instants, never a detour).
import type { MechanismModel } from "../model/model.ts";
import type { ExtraRestriction } from "../compile/compile.ts";
import { type Observation, observeRun, runSuite } from "../numeric/check.ts";
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

export interface PathCheck {
  from: string;
  to: string;
  disposition: PathDisposition;
  /** First time the pair was observed. */
  first: { run: string; t: number };
  /** Edges on the shortest path found, or null for a violation. */
  steps: number | null;
  /** Episodes matching each side. */
  sources: number;
  targets: number;
}

export interface SoundnessReport {
  mechanism: string;
  samples: number;
  pairs: PathCheck[];
  boundary: number;
  violations: PathCheck[];
  maxSteps: number;
}

export interface SoundnessOptions {
  /** Longest path searched between two samples. */
  maxSteps?: number;
  /** Upper bound on episodes matching one observation. */
  maxMatches?: number;
}

/** Per observed variable, the cells an episode may show for this observation (crisp or raw). */
const allowedCells = (o: Observation): Map<number, number[]> =>
  new Map([...o.cells].map(([v, c]) => [v, c.cell === c.raw ? [c.cell] : [c.cell, c.raw]]));

const patternOf = (model: MechanismModel, o: Observation) =>
  [...o.cells].sort((a, b) => a[0] - b[0]).map(([v, c]) => `${model.variables[v].name}=${model.variables[v].cells[c.cell]}${c.raw !== c.cell ? `~${model.variables[v].cells[c.raw]}` : ""}`).join("; ");

function matches(model: MechanismModel, o: Observation, scenario: string, limit: number): Episode[] {
  const cells: ExtraRestriction[] = [...allowedCells(o)].map(([v, c]) => ({ var: v, cells: c, source: "observation" }));
  const out: Episode[] = [];
  for (const x of matchingEpisodes(model, scenario, { states: {}, cells }, true)) {
    out.push(x);
    if (out.length > limit) throw new Error(`${model.id}: more than ${limit} episodes match one observation`);
  }
  return out;
}

/** The shortest path length (≤ maxSteps) from any source to an episode satisfying `goal`, every episode inside `bounds`. */
function shortestPath(session: Session, sources: Episode[], goal: (x: Episode) => boolean, bounds: ReadonlyMap<number, readonly [number, number]>, maxSteps: number): number | null {
  const model = session.model;
  const seen = new Set(sources.map((x) => episodeKey(model, x)));
  let frontier = sources;
  for (let d = 1; d <= maxSteps && frontier.length; d++) {
    const next: Episode[] = [];
    for (const x of frontier) {
      for (const e of session.successorsWithin(x, bounds)) {
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

export function checkPaths(session: Session, def: NumericModelDef, block: NumericBlock, options: SoundnessOptions = {}): SoundnessReport {
  const model = session.model;
  const maxSteps = options.maxSteps ?? 12;
  const maxMatches = options.maxMatches ?? 20_000;
  const sys = def.build(block);
  const pairs = new Map<string, PathCheck>();
  const matchCache = new Map<string, Episode[]>();
  const matchesOf = (o: Observation) => {
    const p = patternOf(model, o);
    let m = matchCache.get(p);
    if (!m) matchCache.set(p, m = matches(model, o, session.scenario.id, maxMatches));
    return m;
  };
  let samples = 0;
  for (const run of runSuite(sys, block)) {
    const obs = observeRun(model, sys, run);
    samples += obs.length;
    for (let i = 1; i < obs.length; i++) {
      const a = obs[i - 1], b = obs[i];
      const pa = patternOf(model, a), pb = patternOf(model, b);
      if (pa === pb) continue;
      const key = `${pa} -> ${pb}`;
      if (pairs.has(key)) continue;
      const src = matchesOf(a), tgt = matchesOf(b);
      const want = allowedCells(b);
      const goal = (x: Episode) => [...want].every(([v, cells]) => cells.includes(x.cells[v]));
      const bounds = new Map<number, [number, number]>();
      for (const [v, cells] of [...allowedCells(a), ...allowedCells(b)]) {
        const cur = bounds.get(v) ?? [Infinity, -Infinity];
        bounds.set(v, [Math.min(cur[0], ...cells), Math.max(cur[1], ...cells)]);
      }
      const found = src.some((x) => tgt.some((y) => episodeKey(model, x) === episodeKey(model, y)));
      const steps = found ? 0 : shortestPath(session, src, goal, bounds, maxSteps);
      const noisy = [...a.cells.values(), ...b.cells.values()].some((c) => c.cell !== c.raw);
      const disposition: PathDisposition = steps !== null ? "direct" : noisy ? "boundary" : "violation";
      pairs.set(key, { from: pa, to: pb, disposition, first: { run: run.id, t: b.t }, steps, sources: src.length, targets: tgt.length });
    }
  }
  const all = [...pairs.values()];
  return {
    mechanism: model.id,
    samples,
    pairs: all,
    boundary: all.filter((p) => p.disposition === "boundary").length,
    violations: all.filter((p) => p.disposition === "violation"),
    maxSteps: Math.max(0, ...all.map((p) => p.steps ?? 0)),
  };
}
