// The cause set C_r(x) of a source episode (docs/semantics.md §13.3): mandatory point
// departures make x an instant with the single cause M(x); otherwise x lasts, and its
// causes are the intrastate cause (no event) and every nonempty set of optional
// terminations closed under exact coincidence.
import type { CompositeState } from "../compile/compile.ts";
import { type CoordinateTable, direction } from "./coordinates.ts";
import type { Episode } from "./episode.ts";

/** One coordinate moving to an adjacent cell. */
export interface QEvent {
  var: number;
  from: number;
  to: number;
}

export type CauseKind = "mandatory" | "boundary" | "intrastate";

export interface Cause {
  kind: CauseKind;
  /** Sorted by variable index. */
  events: QEvent[];
}

/**
 * M(x): every integrated coordinate at a point whose derivative is nonzero leaves, at
 * once, for the adjacent interval in the derivative's direction.
 */
export function mandatoryDepartures(t: CoordinateTable, x: Episode): QEvent[] {
  const out: QEvent[] = [];
  t.coords.forEach((c, v) => {
    if (c.kind !== "integrated" || !c.point[x.cells[v]]) return;
    const d = direction(t, v, x.cells)!;
    if (d !== 0) out.push({ var: v, from: x.cells[v], to: x.cells[v] + d });
  });
  return out;
}

/**
 * Optional terminations of a lasting episode: an integrated coordinate in an interval,
 * moving (nonzero derivative) toward a bounding point, may reach that point.
 */
export function optionalTerminations(t: CoordinateTable, x: Episode): QEvent[] {
  const out: QEvent[] = [];
  t.coords.forEach((c, v) => {
    if (c.kind !== "integrated" || c.point[x.cells[v]]) return;
    const d = direction(t, v, x.cells)!;
    const to = x.cells[v] + d;
    if (d !== 0 && to >= 0 && to < c.point.length) out.push({ var: v, from: x.cells[v], to });
  });
  return out;
}

export const isInstant = (t: CoordinateTable, x: Episode): boolean => mandatoryDepartures(t, x).length > 0;

/**
 * Exact coincidence classes in a composite state: two variables are linked when an
 * active law, after dropping the terms that are zero throughout the state (a factor
 * whose supported cells, the cells it takes in some interpretation of s, all have sign
 * zero), has exactly two terms, each with a single non-parameter factor of odd
 * exponent. Linked quantities have equal or opposite signs throughout the state, so
 * they reach and leave zero at one instant. Returns a class representative per variable.
 */
export function coincidenceClasses(t: CoordinateTable, s: CompositeState, supported: readonly (readonly number[])[]): number[] {
  const m = t.model;
  const parent = m.variables.map((_, i) => i);
  const find = (a: number): number => (parent[a] === a ? a : (parent[a] = find(parent[a])));
  const zeroOnly = (v: number) => supported[v].every((c) => m.variables[v].signs[c] === 0);
  m.laws.forEach((law) => {
    if (law.state !== null && !(law.instance !== null && s[law.instance] === law.state)) return;
    const live = law.terms.filter((term) => !term.factors.some((f) => zeroOnly(f.var)));
    if (live.length !== 2) return;
    const single = live.map((term) => {
      const vs = term.factors.filter((f) => t.coords[f.var].kind !== "parameter");
      return vs.length === 1 && vs[0].exp % 2 === 1 ? vs[0].var : -1;
    });
    if (single[0] >= 0 && single[1] >= 0) parent[find(single[0])] = find(single[1]);
  });
  return parent.map((_, i) => find(i));
}

/** Does the event move to or from a zero-sign cell (the only moves coincidence ties)? */
export function touchesZero(t: CoordinateTable, e: QEvent): boolean {
  const signs = t.model.variables[e.var].signs;
  return signs[e.to] === 0 || signs[e.from] === 0;
}

/**
 * Groups of optional terminations that must happen together: terminations to a zero
 * cell whose variables share a coincidence class form one group; every other
 * termination is a group by itself. Groups are ordered by their first variable.
 */
export function terminationGroups(t: CoordinateTable, terms: readonly QEvent[], classes: readonly number[]): QEvent[][] {
  const groups = new Map<string, QEvent[]>();
  for (const e of terms) {
    const key = touchesZero(t, e) ? `c${classes[e.var]}` : `v${e.var}`;
    const g = groups.get(key) ?? [];
    g.push(e);
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => a[0].var - b[0].var);
}

/**
 * C_r(x), enumerated: for an instant, [M(x)]; for a lasting episode, the intrastate
 * cause and every nonempty union of termination groups (2^g - 1 of them), or with
 * `unions` false (the paper's atomic causes) each group alone. Callers that only need
 * edges derive the cause from the target instead (Session.generate).
 */
export function* causes(t: CoordinateTable, x: Episode, classes: readonly number[], unions = true): Generator<Cause> {
  const m = mandatoryDepartures(t, x);
  if (m.length) {
    yield { kind: "mandatory", events: m };
    return;
  }
  yield { kind: "intrastate", events: [] };
  const groups = terminationGroups(t, optionalTerminations(t, x), classes);
  for (let mask = 1; mask < 2 ** groups.length; mask++) {
    if (!unions && (mask & (mask - 1)) !== 0) continue;
    const events = groups.filter((_, i) => (mask >> i) & 1).flat().sort((a, b) => a.var - b.var);
    yield { kind: "boundary", events };
  }
}

export const causeKey = (c: Cause): string => `${c.kind}:${c.events.map((e) => `${e.var}>${e.to}`).join(",")}`;
