// The qualitative model as prompt text: every name instance-qualified, every law a
// zero-sum of signed product terms, every domain a set of named cells. The text is
// regular enough to be parsed back (the prompt-only baseline does), and complete: a
// reader can rebuild the compiled problem of any (row, case) from it.
import type { MechanismModel, ModelRestriction, ModelTerm } from "../../model/model.ts";
import { multiStateInstances } from "../../model/model.ts";

const isSignSpace = (cells: readonly string[]) => cells.length === 3 && cells.join(",") === "negative,zero,positive";

/** `{negative, zero}`: cells in the order of the quantity space. */
export function cellSet(model: MechanismModel, v: number, cells: readonly number[]): string {
  return `{${[...cells].sort((a, b) => a - b).map((c) => model.variables[v].cells[c]).join(", ")}}`;
}

/** `mass1.T in {positive}`. */
export function restrictionText(model: MechanismModel, r: { var: number; cells: readonly number[] }): string {
  return `${model.variables[r.var].name} in ${cellSet(model, r.var, r.cells)}`;
}

/** `+mass1.C*mass1.d1__T`, `-x^2*y`: coefficient sign, then factors joined by `*`. */
export function termText(model: MechanismModel, t: ModelTerm): string {
  const factors = t.factors.map((f) => model.variables[f.var].name + (f.exp === 1 ? "" : `^${f.exp}`));
  return (t.coef < 0 ? "-" : "+") + (factors.length ? factors.join("*") : "1");
}

/** `+a.x -b.y = 0`. */
export function termsText(model: MechanismModel, terms: readonly ModelTerm[]): string {
  return terms.length ? `${terms.map((t) => termText(model, t)).join(" ")} = 0` : "0 = 0";
}

export const CONFLUENCE_RULE = [
  "Qualitative arithmetic. Every law is a confluence: a list of signed product terms whose qualitative sum is zero.",
  "The sign of a term is its coefficient sign (+ or -) times the sign of each factor's cell, a factor raised to a power contributing its sign to that power (so x^2 is positive for a negative x).",
  "A confluence holds exactly when all of its terms are zero, or when at least one term is positive and at least one term is negative.",
  "A zero term beside terms of only one nonzero sign does not balance: +x -y = 0 fails for x positive and y zero.",
].join(" ");

/** The quantity-space note: which variables use landmark spaces, with each cell's sign. */
export function quantitySpaceLines(model: MechanismModel, vars?: Iterable<number>): string[] {
  const shown = vars ? [...new Set(vars)].sort((a, b) => a - b) : model.variables.map((_, i) => i);
  const special = shown.filter((i) => !isSignSpace(model.variables[i].cells));
  const sign = (s: number) => (s < 0 ? "negative" : s > 0 ? "positive" : "zero");
  const out = [
    special.length
      ? "Quantity spaces. Every variable takes exactly one cell of {negative, zero, positive} (the cell's sign is its name) except these, whose cells are listed from lowest to highest value with each cell's sign:"
      : "Quantity spaces. Every variable takes exactly one cell of {negative, zero, positive}; the cell's sign is its name.",
  ];
  for (const i of special) {
    const v = model.variables[i];
    out.push(`- ${v.name}: ${v.cells.map((c, k) => `${c} (${sign(v.signs[k])})`).join(" < ")}`);
  }
  return out;
}

/** Restrictions that hold in every composite state: parameters, type-level restrictions, free ports. */
export function persistentRestrictions(model: MechanismModel): ModelRestriction[] {
  return model.restrictions.filter((r) => r.state === null);
}

/**
 * The whole model: components and their variables, quantity spaces, persistent
 * restrictions, the laws active in every state, and each component's local states
 * with their restrictions and state-specific laws.
 */
export function modelLines(model: MechanismModel): string[] {
  const out: string[] = [];
  out.push(`Mechanism ${model.id}${model.title ? `: ${model.title}` : ""}.`);
  out.push("", `Components and their variables (${model.instances.length} components, ${model.variables.length} variables; parameters, marked (parameter), keep their cell on every edge):`);
  for (const inst of model.instances) {
    out.push(`- ${inst.name} (${inst.type}): ${inst.variables.map((i) => model.variables[i].name + (model.variables[i].kind === "parameter" ? " (parameter)" : "")).join(", ")}`);
  }
  out.push("", ...quantitySpaceLines(model));
  const persistent = persistentRestrictions(model);
  out.push("", `Persistent restrictions (${persistent.length}; they hold for every row and every case):`);
  for (const r of persistent) out.push(`- ${restrictionText(model, r)}`);
  const always = model.laws.filter((l) => l.state === null);
  out.push("", `Laws active in every composite state (${always.length}):`);
  for (const l of always) out.push(`- ${l.id}: ${termsText(model, l.terms)}`);
  out.push("", "Component states. A state's restrictions and laws are active only while its component is in that state.");
  for (const inst of model.instances) {
    if (inst.states.length === 1) {
      out.push(`- ${inst.name}: ${inst.states[0]} (its only state)`);
      continue;
    }
    out.push(`- ${inst.name}:`);
    for (const st of inst.states) {
      const rs = model.restrictions.filter((r) => r.instance === inst.name && r.state === st).map((r) => restrictionText(model, r));
      const ls = model.laws.filter((l) => l.instance === inst.name && l.state === st).map((l) => `law ${l.id}: ${termsText(model, l.terms)}`);
      const parts = [...rs, ...ls];
      out.push(`  - ${inst.name}.${st}: ${parts.length ? parts.join("; ") : "no restrictions"}`);
    }
  }
  return out;
}

/** The multi-state components, in the column order of composite-state rows. */
export function rowColumns(model: MechanismModel): string[] {
  return multiStateInstances(model).map((i) => i.name);
}
