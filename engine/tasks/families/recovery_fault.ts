// Functional recovery's fault (Table 7: "removing the declared initial-coordinate
// restrictions produces the exhaustive fault-belief episode library"): which of a
// scenario's case restrictions are lost, what stays known, and the library itself.
// The admission rule that matters here: a fault must not be vacuous — every lost
// restriction is violated by some library episode, so the library is strictly larger
// than the nominal belief (the known restrictions together with the lost ones).
import { compile, type ExtraRestriction, findScenario } from "../../compile/compile.ts";
import { interpretations, solve } from "../../solve/solver.ts";
import type { Episode } from "../../episode/episode.ts";
import type { SemanticObjects } from "../semantic_objects.ts";
import type { Random } from "../../files/random.ts";

/**
 * Library size bounds (choices; the paper gives none). Three is the whole episode space
 * of the smallest catalog mechanism (thermal_two_masses); a library of two is the
 * nominal episode and one more. 128 holds the paper's own example (mechanics_accelerate
 * losing both start coordinates: 63 episodes) with room, and its compact table stays far
 * below the prompt ceiling.
 */
export const LIBRARY = { min: 3, max: 128 };

/**
 * At most this many case restrictions are lost. Each lost restriction must be violated
 * somewhere in the library, so the library grows with every one lost; beyond three,
 * the larger mechanisms' libraries rarely fit LIBRARY.max and the draw is wasted work.
 */
export const LOST_MAX = 3;

/** Exact beliefs: the episodes satisfying the scenario's context and `rs`. */
export interface BeliefCounter {
  /** How many there are. */
  count(rs: readonly ExtraRestriction[]): bigint;
  /** Whether one of them violates `r` (a cheaper question than a count: the first witness answers it). */
  violates(rs: readonly ExtraRestriction[], r: ExtraRestriction): boolean;
  /** A hint that every later question includes `rs` (the counter may drop states with none). */
  narrow?(rs: readonly ExtraRestriction[]): void;
}

/**
 * A fault is vacuous when a lost restriction is still implied by what is known: no
 * episode of the belief violates it, so losing it changed nothing. (With every lost
 * restriction violated somewhere, the library is strictly larger than the nominal
 * belief, the known restrictions with the lost ones.)
 */
export function vacuous(belief: BeliefCounter, known: readonly ExtraRestriction[], lost: readonly ExtraRestriction[]): boolean {
  return lost.some((r) => !belief.violates(known, r));
}

/**
 * What the fault leaves known (null when no admissible library results). First the case
 * restrictions not lost; while that belief is wider than `bounds.max` episodes, the
 * start's other coordinates are added one at a time in the given (seeded) order, each
 * kept only when it narrows the belief (some episode of it has another cell there),
 * leaves at least `bounds.min` episodes and implies no lost restriction; the first
 * belief within bounds is the library. A vacuous case belief gives null at once:
 * further restrictions only narrow it, so the lost ones stay implied.
 */
export function chooseKnown(
  belief: BeliefCounter,
  caseKept: readonly ExtraRestriction[],
  lost: readonly ExtraRestriction[],
  pins: readonly ExtraRestriction[],
  bounds: { min: number; max: number } = LIBRARY,
): ExtraRestriction[] | null {
  const known = [...caseKept];
  let n = belief.count(known);
  if (n < BigInt(bounds.min) || vacuous(belief, known, lost)) return null;
  for (const pin of pins) {
    if (n <= BigInt(bounds.max)) break;
    if (!belief.violates(known, pin)) continue; // implied already
    const next = [...known, pin];
    const m = belief.count(next);
    // too narrow, or it would imply a lost restriction
    if (m < BigInt(bounds.min) || vacuous(belief, next, lost)) continue;
    known.push(pin);
    belief.narrow?.(known);
    n = m;
  }
  return n <= BigInt(bounds.max) ? known : null;
}

/** Exact beliefs over a mechanism's composite states (SemanticObjects.count under the scenario's context). */
function stateCounter(z: SemanticObjects, scenario: string): BeliefCounter {
  const context = findScenario(z.model, scenario).context.map((r) => ({ var: r.var, cells: [...r.cells] }));
  let alive = z.states.map((_, i) => i);
  const under = (rs: readonly ExtraRestriction[]) => [...context, ...rs.map((r) => ({ var: r.var, cells: [...r.cells] }))];
  const other = (r: ExtraRestriction) => ({ var: r.var, cells: z.model.variables[r.var].cells.map((_, c) => c).filter((c) => !r.cells.includes(c)) });
  return {
    count: (rs) => alive.reduce((t, i) => t + z.count(i, under(rs)), 0n),
    violates: (rs, r) => {
      const q = [...under(rs), other(r)];
      return alive.some((i) => z.count(i, q) > 0n);
    },
    narrow: (rs) => void (alive = alive.filter((i) => z.count(i, under(rs)) > 0n)),
  };
}

export interface Fault {
  scenario: string;
  /** The case restrictions the fault removes (nonempty). */
  lost: ExtraRestriction[];
  /** The scenario's case restrictions the fault leaves. */
  caseKept: ExtraRestriction[];
  /** Everything still known: caseKept and any pinned start coordinates, in variable order. */
  kept: ExtraRestriction[];
  /** Every episode satisfying the context and `kept`, in canonical order. */
  library: Episode[];
}

/**
 * A seeded fault: a scenario with case restrictions, a nonempty subset of them lost, and
 * a reference start episode of the scenario whose cells are the pins chooseKnown may
 * add: first its integrated coordinates (positions, speeds, temperatures, ...), then its
 * other non-parameter cells (rates, forces, flows), each group in a seeded order. Null
 * when the draw gives no admissible library.
 */
export function drawFault(z: SemanticObjects, rng: Random): Fault | null {
  const m = z.model;
  const withCases = m.scenarios.filter((s) => s.restrict.length);
  if (!withCases.length) return null;
  const sc = rng.pick(withCases);
  const order = rng.shuffle(sc.restrict);
  const lostCount = rng.between(1, Math.min(order.length, LOST_MAX));
  const lost = order.slice(0, lostCount).map((r) => ({ var: r.var, cells: [...r.cells], source: "lost" }));
  const caseKept = order.slice(lostCount).map((r) => ({ var: r.var, cells: [...r.cells], source: "kept" }));
  const x0 = z.drawInitialEpisode(rng, sc.id);
  if (!x0) return null;
  const named = new Set(sc.restrict.map((r) => r.var));
  const coords = z.session(sc.id).table.coords.map((c, v) => ({ kind: c.kind, v })).filter(({ v }) => !named.has(v));
  const pins = [...rng.shuffle(coords.filter((c) => c.kind === "integrated")), ...rng.shuffle(coords.filter((c) => c.kind === "dependent"))]
    .map(({ v }) => ({ var: v, cells: [x0.episode.cells[v]], source: "start" }));
  const known = chooseKnown(stateCounter(z, sc.id), caseKept, lost, pins);
  if (!known) return null;
  const kept = known.sort((a, b) => a.var - b.var);
  return { scenario: sc.id, lost, caseKept, kept, library: library(z, sc.id, kept) };
}

const libraries = new WeakMap<SemanticObjects, Map<string, Episode[]>>();

/** Every episode satisfying the scenario's context and `known`, in canonical order (state, then interpretation); memoized per mechanism. */
function library(z: SemanticObjects, scenario: string, known: readonly ExtraRestriction[]): Episode[] {
  let memo = libraries.get(z);
  if (!memo) libraries.set(z, (memo = new Map()));
  const key = `${scenario}|${known.map((r) => `${r.var}:${r.cells.join(",")}`).join(";")}`;
  let out = memo.get(key);
  if (!out) {
    const context = findScenario(z.model, scenario).context.map((r) => ({ var: r.var, cells: [...r.cells], source: "context" }));
    out = [];
    for (const [i, s] of z.states.entries()) {
      if (z.count(i, [...context, ...known].map((r) => ({ var: r.var, cells: [...r.cells] }))) === 0n) continue;
      for (const cells of interpretations(solve(compile(z.model, s, scenario, known, { contextOnly: true }).problem))) out.push({ state: s, cells });
    }
    memo.set(key, out);
  }
  return out;
}
