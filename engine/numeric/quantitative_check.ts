// Static checks of a component type's quantitative block: every equation parses, reads
// only declared names, and the states, defaults, landmarks and period refer to what
// the type declares. Reported against the library file's JSON path.
import type { ComponentType } from "../model/component_type.ts";
import { PHYSICAL_DOMAINS, type PhysicalDomain } from "../model/physical_domains.ts";
import { derivedNames, type Expr, ExprError, namesOf, parseComparison, parseEquation, parseExpr } from "./expr.ts";

export interface QuantitativeIssue {
  path: (string | number)[];
  message: string;
}

const BUILTIN = ["time", "pi"];

export function checkQuantitative(type: ComponentType): QuantitativeIssue[] {
  const q = type.quantitative;
  if (!q) return [];
  const issues: QuantitativeIssue[] = [];
  const params = new Set([...type.parameters.map((p) => p.name), ...q.constants]);
  const vars = new Set(type.variables.map((v) => v.name));
  for (const p of type.ports) {
    const spec = PHYSICAL_DOMAINS[p.domain as PhysicalDomain];
    vars.add(spec.across ? `${p.name}.${spec.across}` : p.name);
    if (spec.flow) vars.add(`${p.name}.${spec.flow}`);
  }
  const derived = new Set<string>();
  const parse = (src: string, path: (string | number)[], what: string, f: (s: string) => Expr | { lhs: Expr; rhs: Expr }): Expr[] | null => {
    try {
      const r = f(src);
      return "lhs" in r ? [r.lhs, r.rhs] : [r];
    } catch (e) {
      if (!(e instanceof ExprError)) throw e;
      issues.push({ path, message: `type ${type.id}, ${what} "${src}": ${e.message}` });
      return null;
    }
  };
  const equation = (src: string, path: (string | number)[]) => {
    const sides = parse(src, path, "equation", parseEquation);
    if (!sides) return;
    for (const side of sides) {
      for (const n of namesOf(side)) {
        if (!params.has(n) && !vars.has(n) && !BUILTIN.includes(n)) {
          issues.push({ path, message: `type ${type.id}, equation "${src}": unknown name "${n}" (expected a parameter, constant, variable or port variable of the type, time or pi)` });
        }
      }
      for (const n of derivedNames(side)) {
        derived.add(n);
        if (!vars.has(n)) issues.push({ path, message: `type ${type.id}, equation "${src}": der(${n}) needs a variable or port variable` });
      }
    }
  };
  const constant = (src: string, path: (string | number)[], what: string) => {
    const e = parse(src, path, what, parseExpr);
    for (const n of e ? namesOf(e[0]) : []) {
      if (!params.has(n) && n !== "pi") issues.push({ path, message: `type ${type.id}, ${what} "${src}": "${n}" is not a parameter or constant` });
    }
  };
  q.equations.forEach((src, i) => equation(src, ["quantitative", "equations", i]));
  // modes: equations as above; guards compare expressions over parameters and variables
  const readable = (src: string, path: (string | number)[], what: string, e: Expr | null) => {
    for (const n of e ? namesOf(e) : []) {
      if (!params.has(n) && !vars.has(n) && !BUILTIN.includes(n)) issues.push({ path, message: `type ${type.id}, ${what} "${src}": unknown name "${n}"` });
    }
    if (e && derivedNames(e).length) issues.push({ path, message: `type ${type.id}, ${what} "${src}": der() is not allowed here` });
  };
  const modeNames = (q.modes ?? []).map((m) => m.name);
  (q.modes ?? []).forEach((m, i) => {
    const at = ["quantitative", "modes", i];
    if (modeNames.indexOf(m.name) !== i) issues.push({ path: [...at, "name"], message: `type ${type.id}: mode "${m.name}" is declared twice` });
    m.equations.forEach((src, j) => equation(src, [...at, "equations", j]));
    const guard = (src: string, path: (string | number)[], what: string) => {
      const g = parse(src, path, what, parseComparison);
      for (const side of g ?? []) readable(src, path, what, side);
    };
    m.initial.forEach((src, j) => guard(src, [...at, "initial", j], `mode ${m.name}, initial guard`));
    m.transitions.forEach((t, j) => {
      if (!modeNames.includes(t.to)) issues.push({ path: [...at, "transitions", j, "to"], message: `type ${type.id}: mode ${m.name} switches to "${t.to}", which is not a mode of the type` });
      t.when.forEach((src, k) => guard(src, [...at, "transitions", j, "when", k], `mode ${m.name}, guard`));
      for (const [v, src] of Object.entries(t.reset)) {
        if (!vars.has(v)) issues.push({ path: [...at, "transitions", j, "reset", v], message: `type ${type.id}: mode ${m.name} resets "${v}", which is not a variable of the type` });
        constant(src, [...at, "transitions", j, "reset", v], `reset of ${v}`);
      }
    });
  });
  q.states.forEach((s, i) => {
    if (!vars.has(s)) issues.push({ path: ["quantitative", "states", i], message: `type ${type.id}: state "${s}" is not a variable of the type` });
    else if (!derived.has(s)) issues.push({ path: ["quantitative", "states", i], message: `type ${type.id}: state "${s}" never appears as der(${s}) in the equations` });
  });
  for (const k of Object.keys(q.defaults)) {
    if (!params.has(k)) issues.push({ path: ["quantitative", "defaults", k], message: `type ${type.id}: default for "${k}", which is neither a parameter nor a constant` });
  }
  for (const [v, marks] of Object.entries(q.landmarks)) {
    if (!vars.has(v)) issues.push({ path: ["quantitative", "landmarks", v], message: `type ${type.id}: landmarks for "${v}", which is not a variable of the type` });
    // with modes, a landmark may follow a variable (a brake's static limit follows its
    // normal force): the hybrid integration evaluates it at each sample
    for (const [name, src] of Object.entries(marks)) {
      const path = ["quantitative", "landmarks", v, name];
      if (!q.modes) {
        constant(src, path, `landmark ${v}.${name}`);
        continue;
      }
      const e = parse(src, path, `landmark ${v}.${name}`, parseExpr);
      readable(src, path, `landmark ${v}.${name}`, e ? e[0] : null);
    }
  }
  if (q.period !== undefined) constant(q.period, ["quantitative", "period"], "period");
  return issues;
}
