// The edge clauses' definitions (docs/semantics.md §13.4-13.6) that the edge generator
// (session.ts) and the independent clause checker (edge_ok.ts) both apply: which
// coordinates seed and relay a causal path, what a causal path is, which coordinates a
// state change lets jump, and which coordinates count as moved for Decl. Shared by
// generator and checker, as a proof checker shares the proof format: definitions only,
// no generation strategy.
import type { CompositeState } from "../compile/compile.ts";
import { type CausalContext, type CausalLink, type CoordinateTable, direction, lawActive, visitCausalNeighbours } from "./coordinates.ts";
import type { Cause } from "./causes.ts";
import type { Episode } from "./episode.ts";
import { type EdgeRules, takes } from "./rules.ts";

/** The integrated coordinates moving within their cells (nonzero derivative): those that drift in x (§13.2). */
export function drifting(t: CoordinateTable, x: Episode): number[] {
  const out: number[] = [];
  t.coords.forEach((c, v) => {
    if (c.kind === "integrated" && direction(t, v, x.cells) !== 0) out.push(v);
  });
  return out;
}

/** The seeds of E4/E8's causal paths under a cause: its events, or (intrastate) the drifting coordinates when that reading is taken. */
export function seedsOf(t: CoordinateTable, rules: EdgeRules, x: Episode, cause: Cause): number[] {
  if (cause.kind !== "intrastate") return cause.events.map((e) => e.var);
  return takes(rules, "intrastate-seeds") ? drifting(t, x) : [];
}

/**
 * Coordinates a causal path may pass through unchanged under a cause: none unless the
 * cause is intrastate and intrastate relays are taken; then variation spreads through
 * every coordinate (not through parameters): a zero derivative in a lasting episode may
 * be a crossing the cells cannot tell apart from rest, so it does not block the chain
 * (docs/semantics.md §13.5).
 */
export function relayOf(t: CoordinateTable, rules: EdgeRules, cause: Cause): ((v: number) => boolean) | undefined {
  return cause.kind === "intrastate" && takes(rules, "intrastate-relays") ? (v) => t.coords[v].kind !== "parameter" : undefined;
}

/** Decl's test of a declaration's event coordinate: it changes on the edge, or (paper) it is an event of the cause. */
export function eventMoved(rules: EdgeRules, x: Episode, y: Episode, cause: Cause): (v: number) => boolean {
  if (takes(rules, "decl-changes")) return (v) => x.cells[v] !== y.cells[v];
  const events = new Set(cause.events.map((e) => e.var));
  return (v) => events.has(v);
}

/** How a change reached coordinate `var`: from `from` through `link`. */
export interface Propagation {
  var: number;
  from: number;
  link: CausalLink;
}

/**
 * E4 and E8: every change to explain (dependent coordinates, higher-order departures)
 * must be reached from a seed in the causal graph of the context's edge (s, s2), stepping through changed
 * coordinates or through `relay`
 * coordinates (under the intrastate cause, every coordinate that may vary within its
 * cell: dependents and drifting integrated coordinates). Returns one predecessor per
 * reached coordinate (relays included), or null when some change stays unexplained.
 */
export function causalPaths(
  t: CoordinateTable,
  ctx: CausalContext,
  seeds: readonly number[],
  changed: readonly number[],
  explain: readonly number[],
  relay: (v: number) => boolean = () => false,
): Propagation[] | null {
  const pending = new Set(explain);
  if (!pending.size) return [];
  const n = t.coords.length;
  const changedSet = new Uint8Array(n);
  for (const v of changed) changedSet[v] = 1;
  const via = new Map<number, Propagation>();
  const seen = new Uint8Array(n);
  for (const v of seeds) seen[v] = 1;
  // breadth first, with an index-based queue
  const queue = [...seeds];
  let head = 0, from = -1;
  const visit = (w: number, link: CausalLink) => {
    if (seen[w] || !(changedSet[w] || relay(w))) return;
    seen[w] = 1;
    via.set(w, { var: w, from, link });
    pending.delete(w);
    queue.push(w);
  };
  while (head < queue.length && pending.size) {
    from = queue[head++];
    visitCausalNeighbours(t, ctx, from, visit);
  }
  if (pending.size) return null;
  // the chains that end in changed dependents, seeds excluded, in reach order
  const keep = new Set<number>();
  for (const v of changed) {
    for (let p = via.get(v); p && !keep.has(p.var); p = via.get(p.from)) keep.add(p.var);
  }
  return [...via.values()].filter((p) => keep.has(p.var));
}

/**
 * The dependent coordinates that may jump on an edge from s to s2 (the E6 exemption):
 * those of a law active in exactly one of the two states (a switched law: a kink or a
 * stick makes its quantities discontinuous), and every dependent tied to one of them
 * through laws active in s or s2. Integrated coordinates never jump: each is the
 * integral of its bounded derivative (docs/semantics.md §13.4).
 */
export function switchedCoordinates(t: CoordinateTable, s: CompositeState, s2: CompositeState): Set<number> {
  const out = new Set<number>();
  const queue: number[] = [];
  t.model.laws.forEach((l, li) => {
    if (l.state === null || lawActive(t.model, li, s) === lawActive(t.model, li, s2)) return;
    for (const v of t.lawVars[li]) {
      if (t.coords[v].kind === "dependent" && !out.has(v)) out.add(v), queue.push(v);
    }
  });
  while (queue.length) {
    const v = queue.pop()!;
    for (const li of t.lawsOf[v]) {
      if (!lawActive(t.model, li, s) && !lawActive(t.model, li, s2)) continue;
      for (const w of t.lawVars[li]) {
        if (t.coords[w].kind === "dependent" && !out.has(w)) out.add(w), queue.push(w);
      }
    }
  }
  return out;
}
