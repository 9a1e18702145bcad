// Helpers of the shortcut-measure tests: a universe listed episode by episode, the plain
// way (every composite state, every interpretation), to hand-build audits from.
import { builtinMechanism } from "../../../catalog/mod.ts";
import type { MechanismModel } from "../../model/model.ts";
import { compile, type CompositeState, compositeStates } from "../../compile/compile.ts";
import { interpretations, solve } from "../../solve/solver.ts";

export const model = (id: string): MechanismModel => {
  const m = builtinMechanism(id);
  if (!m) throw new Error(`no catalog mechanism ${id}`);
  return m;
};

export interface ListedEpisode {
  state: CompositeState;
  cells: number[];
}

/** Every complete episode of a scenario's universe: its context only, or (`withCase`) its whole scenario. */
export function listUniverse(m: MechanismModel, scenario: string, withCase: boolean): ListedEpisode[] {
  const out: ListedEpisode[] = [];
  for (const state of compositeStates(m)) {
    for (const cells of interpretations(solve(compile(m, state, scenario, [], { contextOnly: !withCase }).problem))) out.push({ state, cells });
  }
  return out;
}

/** Whether some listed episode satisfies every fact (indices). */
export const listedAdmits = (episodes: readonly ListedEpisode[], facts: readonly { var: number; cell: number }[]) =>
  episodes.some((e) => facts.every((f) => e.cells[f.var] === f.cell));
