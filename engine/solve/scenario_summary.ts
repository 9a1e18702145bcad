// A mechanism's composite states solved under each of its scenarios and counted: how many
// are consistent and how many interpretations they have together. `mech run` prints these
// per built-in mechanism; the converter checks report the same numbers from their own
// cached solves.
import type { MechanismModel } from "../model/model.ts";
import { compile, compositeStates } from "../compile/compile.ts";
import { solve } from "./solver.ts";

/** A mechanism's composite states solved under one scenario and counted. */
export interface ScenarioSummary {
  /** The scenario's id. */
  id: string;
  /** Composite states with a nonempty relation. */
  consistent: number;
  /** Total number of interpretations over all composite states, exact, as a decimal string. */
  interpretations: string;
}

/** Solves every composite state of the model under each of its scenarios, in scenario order. */
export function summarizeScenarios(model: MechanismModel): ScenarioSummary[] {
  return model.scenarios.map((sc) => {
    let consistent = 0;
    let total = 0n;
    for (const s of compositeStates(model)) {
      const n = solve(compile(model, s, sc.id).problem).count;
      if (n > 0n) consistent++;
      total += n;
    }
    return { id: sc.id, consistent, interpretations: total.toString() };
  });
}
