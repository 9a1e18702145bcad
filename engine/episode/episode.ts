// Episodes x = (s, ι): a complete composite state and one of its admissible
// interpretations (a cell index for every variable of the mechanism).
import type { MechanismModel } from "../model/model.ts";
import type { CompositeState } from "../compile/compile.ts";

export interface Episode {
  state: CompositeState;
  cells: readonly number[];
}

/** A stable identity: the components' states in declaration order, then every cell. */
export function episodeKey(model: MechanismModel, x: Episode): string {
  // cells fit in one char each (MAX_CELLS = 32); states are names
  return model.instances.map((i) => x.state[i.name]).join("|") + "#" + String.fromCharCode(...x.cells.map((c) => 48 + c));
}

export function sameEpisode(model: MechanismModel, a: Episode, b: Episode): boolean {
  return model.instances.every((i) => a.state[i.name] === b.state[i.name]) && a.cells.every((c, k) => c === b.cells[k]);
}

/** The cell name of variable v in x. */
export function cellName(model: MechanismModel, x: Episode, v: number): string {
  return model.variables[v].cells[x.cells[v]];
}

/** Every variable and component state of x, as name → value (components first). */
export function describeEpisode(model: MechanismModel, x: Episode): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of model.instances) out[i.name] = x.state[i.name];
  model.variables.forEach((v, k) => (out[v.name] = v.cells[x.cells[k]]));
  return out;
}
