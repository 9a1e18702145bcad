// Audits name variables, cells and states instead of indices, so they stay readable
// and can be checked against the catalog without the generator.
import type { MechanismModel } from "../../model/model.ts";
import type { CompositeState } from "../../compile/compile.ts";

export const namedVariable = (m: MechanismModel, v: number) => m.variables[v].name;

export const namedCells = (m: MechanismModel, v: number, cells: readonly number[]) =>
  [...cells].sort((a, b) => a - b).map((c) => m.variables[v].cells[c]);

/** The composite state with its components in declaration order. */
export const namedState = (m: MechanismModel, s: CompositeState): Record<string, string> =>
  Object.fromEntries(m.instances.map((i) => [i.name, s[i.name]]));

/** The index of a variable named in an audit; throws when the model has none. */
export function variableByName(m: MechanismModel, name: string): number {
  const v = m.variableIndex.get(name);
  if (v === undefined) throw new Error(`${m.id} has no variable ${name}`);
  return v;
}

/** The index of a cell named in an audit; throws when the variable has none. */
export function cellByName(m: MechanismModel, v: number, name: string): number {
  const i = m.variables[v].cells.indexOf(name);
  if (i < 0) throw new Error(`${m.variables[v].name} has no cell ${name}`);
  return i;
}
