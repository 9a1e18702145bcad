// What the episode constructor needs to know about each variable: whether it is a
// parameter, an integrated coordinate (it has a declared derivative, which gives its
// direction) or a dependent coordinate (no derivative: it only follows the laws), which
// of its cells are points, and which laws tie it to which other coordinates.
import type { MechanismModel } from "../model/model.ts";
import { activeIn, type CompositeState } from "../compile/compile.ts";
import type { Sign } from "../model/sign.ts";

export type CoordinateKind = "parameter" | "integrated" | "dependent";

export interface Coordinate {
  kind: CoordinateKind;
  /** Index of the declared derivative (order + 1), for integrated coordinates. */
  der: number | null;
  /** Per cell: a point (a landmark, zero) rather than an open interval. */
  point: boolean[];
}

export interface CoordinateTable {
  model: MechanismModel;
  coords: Coordinate[];
  /** Per law (index into model.laws): its non-parameter variables, ascending, unique. */
  lawVars: number[][];
  /** Per variable: the laws (indices) it occurs in. */
  lawsOf: number[][];
  /** Per variable: the integrated coordinate it is the declared derivative of, if any. */
  integralOf: (number | null)[];
  /** Per "instance|state": the coordinates its state-specific laws and restrictions constrain. */
  stateVars: Map<string, number[]>;
  /** Per multi-state instance name: its transitions (indices into model.transitions). */
  transitionsOf: Map<string, number[]>;
}

/** Interval cells are "negative", "positive" and "(a,b)"; every other cell is a point. */
export function isPointCell(name: string): boolean {
  return name !== "negative" && name !== "positive" && !name.startsWith("(");
}

const tables = new WeakMap<MechanismModel, CoordinateTable>();

export function coordinateTable(model: MechanismModel): CoordinateTable {
  const cached = tables.get(model);
  if (cached) return cached;
  const vars = model.variables;
  const derOf = new Map<string, number>();
  vars.forEach((v, i) => derOf.set(`${v.base}#${v.order}`, i));
  const coords: Coordinate[] = vars.map((v) => {
    const der = derOf.get(`${v.base}#${v.order + 1}`) ?? null;
    const kind: CoordinateKind = v.kind === "parameter" ? "parameter" : der !== null ? "integrated" : "dependent";
    return { kind, der: kind === "integrated" ? der : null, point: v.cells.map(isPointCell) };
  });
  const lawVars = model.laws.map((l) => {
    const s = new Set<number>();
    for (const t of l.terms) for (const f of t.factors) if (coords[f.var].kind !== "parameter") s.add(f.var);
    return [...s].sort((a, b) => a - b);
  });
  const lawsOf: number[][] = vars.map(() => []);
  lawVars.forEach((vs, li) => vs.forEach((v) => lawsOf[v].push(li)));
  const transitionsOf = new Map<string, number[]>();
  model.transitions.forEach((t, i) => {
    const list = transitionsOf.get(t.instance) ?? [];
    list.push(i);
    transitionsOf.set(t.instance, list);
  });
  const integralOf: (number | null)[] = vars.map(() => null);
  coords.forEach((c, v) => {
    if (c.der !== null) integralOf[c.der] = v;
  });
  const stateSets = new Map<string, Set<number>>();
  const addState = (inst: string | null, st: string | null, vs: Iterable<number>) => {
    if (inst === null || st === null) return;
    const key = `${inst}|${st}`;
    const set = stateSets.get(key) ?? new Set<number>();
    for (const v of vs) if (coords[v].kind !== "parameter") set.add(v);
    stateSets.set(key, set);
  };
  model.laws.forEach((l, li) => addState(l.instance, l.state, lawVars[li]));
  for (const r of model.restrictions) addState(r.instance, r.state, [r.var]);
  const stateVars = new Map([...stateSets].map(([k, set]) => [k, [...set].sort((a, b) => a - b)]));
  const table = { model, coords, lawVars, lawsOf, integralOf, stateVars, transitionsOf };
  tables.set(model, table);
  return table;
}

/** A law is active in a composite state when it is unconditional or its instance is in its state. */
export function lawActive(model: MechanismModel, law: number, s: CompositeState): boolean {
  return activeIn(model.laws[law], s);
}

/** How two coordinates are causally linked on an edge. */
export type CausalLink = { law: number } | { derivative: true } | { stateChange: string };

/** One link object per law and one for derivatives, shared by every edge (links are never mutated). */
const lawLinks = new WeakMap<CoordinateTable, readonly CausalLink[]>();
const DERIVATIVE_LINK: CausalLink = { derivative: true };

/**
 * What the causal graph of one edge (s → s2) needs beyond the table, computed once per
 * edge instead of once per visited coordinate: which laws are active in s or s2
 * (lazily), and per component whose state changes, the coordinates its old or new state
 * constrains.
 */
export interface CausalContext {
  readonly s: CompositeState;
  readonly s2: CompositeState;
  /** Per law: 0 not yet known, 1 active in s or s2, 2 active in neither. */
  readonly active: Uint8Array;
  readonly links: readonly CausalLink[];
  /** Per changed component (declaration order): its link and its old state's then its new state's coordinates. */
  readonly switched: readonly { link: CausalLink; group: readonly number[] }[];
}

export function causalContext(t: CoordinateTable, s: CompositeState, s2: CompositeState): CausalContext {
  let links = lawLinks.get(t);
  if (!links) lawLinks.set(t, links = t.model.laws.map((_, li) => ({ law: li })));
  const switched: { link: CausalLink; group: readonly number[] }[] = [];
  for (const inst of t.model.instances) {
    const a = s[inst.name], b = s2[inst.name];
    if (a === b) continue;
    const group = [...(t.stateVars.get(`${inst.name}|${a}`) ?? []), ...(t.stateVars.get(`${inst.name}|${b}`) ?? [])];
    if (group.length) switched.push({ link: { stateChange: inst.name }, group });
  }
  return { s, s2, active: new Uint8Array(t.model.laws.length), links, switched };
}

/**
 * Calls visit(w, link) for every causal neighbour w of v on the context's edge, in the
 * order causalNeighbours yields them (a neighbour may be visited more than once, through
 * different links). Allocates nothing.
 */
export function visitCausalNeighbours(t: CoordinateTable, ctx: CausalContext, v: number, visit: (w: number, link: CausalLink) => void): void {
  const laws = t.lawsOf[v];
  for (let k = 0; k < laws.length; k++) {
    const li = laws[k];
    let on = ctx.active[li];
    if (on === 0) ctx.active[li] = on = lawActive(t.model, li, ctx.s) || lawActive(t.model, li, ctx.s2) ? 1 : 2;
    if (on !== 1) continue;
    const vs = t.lawVars[li], link = ctx.links[li];
    for (let j = 0; j < vs.length; j++) if (vs[j] !== v) visit(vs[j], link);
  }
  const d = t.coords[v].der, i = t.integralOf[v];
  if (d !== null) visit(d, DERIVATIVE_LINK);
  if (i !== null) visit(i, DERIVATIVE_LINK);
  for (let k = 0; k < ctx.switched.length; k++) {
    const { link, group } = ctx.switched[k];
    if (group.indexOf(v) < 0) continue;
    for (let j = 0; j < group.length; j++) if (group[j] !== v) visit(group[j], link);
  }
}

/**
 * Causal neighbours of v (docs/semantics.md §13.5): coordinates sharing a law active in
 * s or s2; v's declared derivative and antiderivative; and, for a component whose state
 * changes from s to s2, every coordinate its old or new state constrains (the switch
 * itself ties them: a state restriction gives way to a law). For one coordinate; a search
 * over many uses causalContext and visitCausalNeighbours.
 */
export function causalNeighbours(t: CoordinateTable, v: number, s: CompositeState, s2: CompositeState): [number, CausalLink][] {
  const out: [number, CausalLink][] = [];
  visitCausalNeighbours(t, causalContext(t, s, s2), v, (w, link) => out.push([w, link]));
  return out;
}

/** δ(v) under ι: the sign of the derivative's cell; null for coordinates without a derivative. */
export function direction(t: CoordinateTable, v: number, cells: readonly number[]): Sign | null {
  const d = t.coords[v].der;
  return d === null ? null : t.model.variables[d].signs[cells[d]];
}
