// What the episode constructor needs to know about each variable: whether it is a
// parameter, an integrated coordinate (it has a declared derivative, which gives its
// direction) or a dependent coordinate (no derivative: it only follows the laws), which
// of its cells are points, and which laws tie it to which other coordinates.
import type { MechanismModel } from "../model/model.ts";
import { activeIn, type CompositeState } from "../compile/compile.ts";
import type { Sign } from "../compile/problem.ts";

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

/**
 * Causal neighbours of v (docs/semantics.md §13.5): coordinates sharing a law active in
 * s or s2; v's declared derivative and antiderivative; and, for a component whose state
 * changes from s to s2, every coordinate its old or new state constrains (the switch
 * itself ties them: a state restriction gives way to a law).
 */
export function* causalNeighbours(t: CoordinateTable, v: number, s: CompositeState, s2: CompositeState): Generator<[number, CausalLink]> {
  for (const li of t.lawsOf[v]) {
    if (!lawActive(t.model, li, s) && !lawActive(t.model, li, s2)) continue;
    for (const w of t.lawVars[li]) if (w !== v) yield [w, { law: li }];
  }
  const d = t.coords[v].der, i = t.integralOf[v];
  if (d !== null) yield [d, { derivative: true }];
  if (i !== null) yield [i, { derivative: true }];
  for (const inst of t.model.instances) {
    const a = s[inst.name], b = s2[inst.name];
    if (a === b) continue;
    const group = [...(t.stateVars.get(`${inst.name}|${a}`) ?? []), ...(t.stateVars.get(`${inst.name}|${b}`) ?? [])];
    if (!group.includes(v)) continue;
    for (const w of group) if (w !== v) yield [w, { stateChange: inst.name }];
  }
}

/** δ(v) under ι: the sign of the derivative's cell; null for coordinates without a derivative. */
export function direction(t: CoordinateTable, v: number, cells: readonly number[]): Sign | null {
  const d = t.coords[v].der;
  return d === null ? null : t.model.variables[d].signs[cells[d]];
}
