// The local variable table of a component type and the checks on its declarations.
import type { Sign } from "./sign.ts";
import { type ComponentType, type Law, type Restriction, UNCONDITIONAL } from "./component_type.ts";
import { cellsOf, validateSpace } from "./quantity.ts";
import { derivativeName } from "./naming.ts";
import { PHYSICAL_DOMAINS, type PhysicalDomain } from "./physical_domains.ts";
import { formatTerm, type LocalTerm, parseTerm } from "./terms.ts";
import { contentLawId } from "./naming.ts";
import { type IssueSink, oneOf } from "./issues.ts";
import { type JsonPath } from "../files/json_path.ts";

/** What a variable is: a parameter, a state variable, or a port's across or flow variable. */
export type VariableKind = "parameter" | "variable" | "across" | "flow";

export interface LocalVariable {
  name: string; // local name, e.g. v, d1__v, flange_a.f, d1__flange_a__f
  kind: VariableKind;
  base: string; // the undifferentiated variable's local name
  order: number; // derivative order (0 for the variable itself)
  cells: string[];
  signs: Sign[];
  paramSign?: string; // default cell of a parameter
}

export interface LocalLaw {
  id: string;
  state: string | null; // null: active in every state
  terms: LocalTerm[];
  derivativeOf: string | null;
  description?: string;
}

export interface TypeTable {
  type: ComponentType;
  variables: LocalVariable[];
  byName: Map<string, LocalVariable>;
  states: string[];
  laws: LocalLaw[];
}

/** Local variables in declaration order: parameters, variables with derivatives, ports. */
function buildVariables(type: ComponentType, sink: IssueSink, base: JsonPath): LocalVariable[] {
  const out: LocalVariable[] = [];
  const sign = cellsOf({ kind: "sign" });
  for (const p of type.parameters) {
    out.push({ name: p.name, kind: "parameter", base: p.name, order: 0, ...cellsToVar(sign), paramSign: p.sign });
  }
  Object.entries(type.spaces).forEach(([name, space]) => {
    for (const m of validateSpace(space)) sink.add([...base, "spaces", name], m);
  });
  type.variables.forEach((v, i) => {
    let cells = sign;
    if (v.space !== "sign") {
      const space = type.spaces[v.space];
      if (!space) sink.add([...base, "variables", i, "space"], `unknown quantity space "${v.space}" (expected "sign" or ${oneOf(Object.keys(type.spaces))})`);
      else cells = cellsOf(space);
    }
    out.push({ name: v.name, kind: "variable", base: v.name, order: 0, ...cellsToVar(cells) });
    for (let o = 1; o <= v.derivatives; o++) out.push({ name: derivativeName(v.name, o), kind: "variable", base: v.name, order: o, ...cellsToVar(sign) });
  });
  for (const port of type.ports) {
    const d = PHYSICAL_DOMAINS[port.domain as PhysicalDomain];
    const spec: [string, VariableKind, number][] = [[d.across, "across", port.derivatives?.across ?? d.acrossDerivatives]];
    if (d.flow !== null) spec.push([d.flow, "flow", port.derivatives?.flow ?? d.flowDerivatives]);
    for (const [q, kind, orders] of spec) {
      const name = q === "" ? port.name : `${port.name}.${q}`;
      out.push({ name, kind, base: name, order: 0, ...cellsToVar(sign) });
      for (let o = 1; o <= orders; o++) out.push({ name: derivativeName(name, o), kind, base: name, order: o, ...cellsToVar(sign) });
    }
  }
  return out;
}

const cellsToVar = (c: { names: string[]; signs: Sign[] }) => ({ cells: [...c.names], signs: [...c.signs] });

/** d/dt of a product term: one term per non-constant factor (product rule). */
export function differentiateTerm(t: LocalTerm, derivativeOf: (name: string) => string | null, isConstant: (name: string) => boolean):
  LocalTerm[] | string {
  const out: LocalTerm[] = [];
  for (let i = 0; i < t.factors.length; i++) {
    const f = t.factors[i];
    if (isConstant(f.var)) continue;
    const d = derivativeOf(f.var);
    if (!d) return f.var;
    const factors = t.factors.flatMap((g, j) => (j !== i ? [g] : g.exp > 1 ? [{ var: g.var, exp: g.exp - 1 }] : []));
    factors.push({ var: d, exp: 1 });
    out.push({ coef: t.coef, factors });
  }
  return out;
}

export function checkRestriction(r: Restriction, byName: Map<string, LocalVariable>, sink: IssueSink, path: JsonPath): void {
  for (const [v, cells] of Object.entries(r)) {
    const info = byName.get(v);
    if (!info) {
      sink.add([...path, v], `unknown variable "${v}" (expected ${oneOf(byName.keys())})`);
      continue;
    }
    cells.forEach((c, i) => {
      if (!info.cells.includes(c)) sink.add([...path, v, i], `"${c}" is not a cell of ${v} (expected ${oneOf(info.cells)})`);
    });
  }
}

export function buildTypeTable(type: ComponentType, sink: IssueSink, base: JsonPath): TypeTable {
  const variables = buildVariables(type, sink, base);
  const byName = new Map<string, LocalVariable>();
  variables.forEach((v) => {
    if (byName.has(v.name)) sink.add(base, `variable name "${v.name}" is declared twice (parameters, variables, their derivatives and port variables share one namespace)`);
    byName.set(v.name, v);
  });
  const stateNames = type.states.map((s) => s.name);
  const states = stateNames.length ? stateNames : [UNCONDITIONAL];
  stateNames.forEach((s, i) => {
    if (stateNames.indexOf(s) !== i) sink.add([...base, "states", i, "name"], `state "${s}" is declared twice`);
  });
  const derivativeOf = (name: string): string | null => {
    const v = byName.get(name);
    if (!v) return null;
    const d = variables.find((w) => w.base === v.base && w.order === v.order + 1);
    return d ? d.name : null;
  };
  const isConstant = (name: string) => byName.get(name)?.kind === "parameter";
  const laws: LocalLaw[] = [];
  const addLaw = (law: Law, state: string | null, path: JsonPath) => {
    const terms = law.terms.map(parseTerm);
    let ok = true;
    terms.forEach((t, i) =>
      t.factors.forEach((f) => {
        if (!byName.has(f.var)) {
          ok = false;
          sink.add([...path, "terms", i], `unknown variable "${f.var}" (expected ${oneOf(byName.keys())})`);
        }
      })
    );
    if (!ok) return;
    const id = law.id ?? contentLawId(terms.map(formatTerm).join(" "));
    if (laws.some((l) => l.id === id && l.state === state)) sink.add([...path, "id"], `law id "${id}" is used twice`);
    laws.push({ id, state, terms, derivativeOf: null, description: law.description });
    if (!law.d1) return;
    const dterms: LocalTerm[] = [];
    for (const t of terms) {
      const d = differentiateTerm(t, derivativeOf, isConstant);
      if (typeof d === "string") {
        sink.add([...path, "d1"], `the derivative form needs d/dt of "${d}", but ${d} declares no further derivative`);
        return;
      }
      dterms.push(...d);
    }
    if (dterms.length) laws.push({ id: `${id}.d1`, state, terms: dterms, derivativeOf: id, description: law.description });
  };
  type.laws.forEach((l, i) => addLaw(l, null, [...base, "laws", i]));
  checkRestriction(type.restrict, byName, sink, [...base, "restrict"]);
  type.states.forEach((s, i) => {
    s.laws.forEach((l, j) => addLaw(l, s.name, [...base, "states", i, "laws", j]));
    checkRestriction(s.restrict, byName, sink, [...base, "states", i, "restrict"]);
  });
  type.transitions.forEach((t, i) => {
    const p = [...base, "transitions", i];
    if (!states.includes(t.from)) sink.add([...p, "from"], `unknown state "${t.from}" (expected ${oneOf(states)})`);
    if (!states.includes(t.to)) sink.add([...p, "to"], `unknown state "${t.to}" (expected ${oneOf(states)})`);
    if (t.from === t.to) sink.add(p, `a transition must change the state (from and to are both "${t.from}")`);
    if (t.event !== undefined && !byName.has(t.event)) sink.add([...p, "event"], `unknown variable "${t.event}" (expected ${oneOf(byName.keys())})`);
    checkRestriction(t.source, byName, sink, [...p, "source"]);
    checkRestriction(t.target, byName, sink, [...p, "target"]);
  });
  return { type, variables, byName, states, laws };
}
