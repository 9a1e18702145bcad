// Initial episodes X0: the episodes of a scenario's case (its context and case
// restrictions) that also satisfy an optional episode spec such as
// "mass1=MOVING_POSITIVE mass1.v=positive".
import type { MechanismModel, ModelScenario } from "../model/model.ts";
import { oneOf } from "../model/issues.ts";
import { compile, type CompositeState, compositeStates, type ExtraRestriction } from "../compile/compile.ts";
import { interpretations, solve } from "../solve/solver.ts";
import type { Episode } from "./episode.ts";

/**
 * An episode spec (NAME=VALUE items) is malformed, or matches no episode, or too many.
 *
 * @example
 * ```ts
 * import { EpisodeSpecError, mechanism, simulate } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => simulate(mechanism("mechanics_damper"), { initial: "no_such_name=1" }), EpisodeSpecError);
 * ```
 */
export class EpisodeSpecError extends Error {
  /** The error's name, for messages and logs. */
  override name = "EpisodeSpecError";
}

export interface EpisodeSpec {
  states: CompositeState;
  cells: ExtraRestriction[];
}

/**
 * Parses NAME=VALUE items separated by spaces or commas. A component name takes a local
 * state; a variable takes a cell, or several cells joined by "|".
 */
export function parseEpisodeSpec(model: MechanismModel, text: string): EpisodeSpec {
  const states: CompositeState = {};
  const cells: ExtraRestriction[] = [];
  for (const item of text.split(/[\s,]+/).filter(Boolean)) {
    const eq = item.indexOf("=");
    if (eq <= 0 || eq === item.length - 1) throw new EpisodeSpecError(`"${item}": expected NAME=VALUE (a component and its state, or a variable and its cell)`);
    const name = item.slice(0, eq), value = item.slice(eq + 1);
    const inst = model.instances.find((i) => i.name === name);
    if (inst) {
      if (!inst.states.includes(value)) throw new EpisodeSpecError(`"${item}": component ${name} has no state "${value}" (expected ${oneOf(inst.states)})`);
      if (states[name] !== undefined && states[name] !== value) throw new EpisodeSpecError(`"${item}": ${name} is already given state ${states[name]}`);
      states[name] = value;
      continue;
    }
    const v = model.variableIndex.get(name);
    if (v === undefined) {
      throw new EpisodeSpecError(`"${item}": ${model.id} has no component or variable "${name}" (expected ${oneOf([...model.instances.map((i) => i.name), ...model.variables.map((x) => x.name)], 30)})`);
    }
    const allowed = value.split("|").map((c) => {
      const k = model.variables[v].cells.indexOf(c);
      if (k < 0) throw new EpisodeSpecError(`"${item}": "${c}" is not a cell of ${name} (expected ${oneOf(model.variables[v].cells)})`);
      return k;
    });
    cells.push({ var: v, cells: allowed, source: `episode spec ${item}` });
  }
  return { states, cells };
}

/**
 * A mechanism's start case: its first scenario with case restrictions (the catalog puts
 * the start of its numerical run there), else its first scenario. `mech simulate` starts
 * from it when no scenario is given.
 */
export function startScenario(model: MechanismModel): ModelScenario {
  return model.scenarios.find((sc) => sc.restrict.length > 0) ?? model.scenarios[0];
}

/** The composite states and interpretations matching a spec under the scenario's case, in canonical order. */
export function* matchingEpisodes(model: MechanismModel, scenario: string | undefined, spec: EpisodeSpec, contextOnly = false): Generator<Episode> {
  for (const s of compositeStates(model, spec.states)) {
    const sol = solve(compile(model, s, scenario, spec.cells, { contextOnly }).problem);
    for (const cells of interpretations(sol)) yield { state: s, cells };
  }
}

/** X0 for a simulation: at most `limit` matching episodes, else an error naming the count reached. */
export function initialEpisodes(model: MechanismModel, scenario: string | undefined, spec: EpisodeSpec, limit: number, first = false): Episode[] {
  const out: Episode[] = [];
  for (const x of matchingEpisodes(model, scenario, spec)) {
    out.push(x);
    if (first) break;
    if (out.length > limit) {
      throw new EpisodeSpecError(`more than ${limit} initial episodes match; give more cells in the initial spec, raise the limit, or take the first one`);
    }
  }
  if (!out.length) throw new EpisodeSpecError(`no episode of ${model.id} matches the initial spec under this scenario`);
  return out;
}
