// Compile (s, r): active variables, domains D_{s,r} and active confluences C(s,r).
import type { MechanismModel, ModelScenario } from "../model/model.ts";
import { multiStateInstances } from "../model/model.ts";
import { oneOf } from "../model/issues.ts";
import type { Problem } from "./problem.ts";

/** A complete composite state: one local state per component instance. */
export type CompositeState = Record<string, string>;

/** A cell removed from a domain by a restriction, and which restriction did it. */
export interface RestrictionEvidence {
  var: number;
  cell: number;
  source: string;
}

export interface Compiled {
  problem: Problem;
  evidence: RestrictionEvidence[];
}

/**
 * A composite state cannot be compiled: an unknown component, state or scenario, or a
 * component left without a state.
 *
 * @example
 * ```ts
 * import { CompileError, mechanism, solveStates } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => [...solveStates(mechanism("thermal_two_masses"), { scenario: "no_such_scenario" })], CompileError);
 * ```
 */
export class CompileError extends Error {
  /** The error's name, for messages and logs. */
  override name = "CompileError";
}

export function findScenario(model: MechanismModel, id?: string): ModelScenario {
  if (id === undefined) return model.scenarios[0];
  const s = model.scenarios.find((x) => x.id === id);
  if (!s) throw new CompileError(`${model.id} has no scenario "${id}" (expected ${oneOf(model.scenarios.map((x) => x.id))})`);
  return s;
}

/** Checks a (possibly partial) state assignment against the model. */
export function checkPartialState(model: MechanismModel, partial: CompositeState): void {
  for (const [inst, st] of Object.entries(partial)) {
    const i = model.instances.find((x) => x.name === inst);
    if (!i) throw new CompileError(`${model.id} has no component "${inst}" (expected ${oneOf(model.instances.map((x) => x.name), 40)})`);
    if (!i.states.includes(st)) throw new CompileError(`component ${inst} has no state "${st}" (expected ${oneOf(i.states)})`);
  }
}

/**
 * Every combination of one local state per instance from `axes` (axes[k] lists the
 * allowed states of instance k), in lexicographic order, the last instance varying
 * fastest; nothing when some axis is empty.
 */
export function* stateProduct(model: MechanismModel, axes: readonly (readonly string[])[]): Generator<CompositeState> {
  if (axes.some((a) => a.length === 0)) return;
  const idx = axes.map(() => 0);
  while (true) {
    const s: CompositeState = {};
    model.instances.forEach((inst, k) => (s[inst.name] = axes[k][idx[k]]));
    yield s;
    let k = axes.length - 1;
    while (k >= 0 && ++idx[k] === axes[k].length) idx[k--] = 0;
    if (k < 0) return;
  }
}

/**
 * Every complete composite state extending `fixed`, in lexicographic order over the
 * multi-state components (declaration order) and their states (declaration order).
 */
export function* compositeStates(model: MechanismModel, fixed: CompositeState = {}): Generator<CompositeState> {
  checkPartialState(model, fixed);
  yield* stateProduct(model, model.instances.map((i) => (fixed[i.name] !== undefined ? [fixed[i.name]] : i.states)));
}

export function countCompositeStates(model: MechanismModel): number {
  return multiStateInstances(model).reduce((n, i) => n * i.states.length, 1);
}

/** The label of a composite state: the multi-state components' states joined by |. */
export function stateLabel(model: MechanismModel, s: CompositeState): string {
  const multi = multiStateInstances(model);
  return multi.length ? multi.map((i) => s[i.name]).join("|") : "unconditional";
}

/**
 * Whether a law or restriction is active in composite state s: it holds in every state,
 * or its instance is in the state it belongs to.
 */
export function activeIn(x: { instance: string | null; state: string | null }, s: CompositeState): boolean {
  return x.state === null || (x.instance !== null && s[x.instance] === x.state);
}

/** A restriction added by the caller for one compilation (a guard, an observation). */
export interface ExtraRestriction {
  var: number;
  cells: readonly number[];
  source: string;
}

/**
 * `extra` restrictions apply after the scenario's, with the same evidence: they let a
 * caller ask about a state under additional cells (a transition guard, an observation).
 */
export interface CompileOptions {
  /**
   * Apply only the scenario's persistent operating context, not its case restrictions
   * (the simulation session's universe: a case restricts where episodes start, not
   * where they may go; docs/semantics.md §11.1).
   */
  contextOnly?: boolean;
  /**
   * Leave out every state-specific law and restriction: the relaxation the episode
   * session solves once for all candidate target states of a source (§13.7).
   */
  stateless?: boolean;
  /**
   * Apply no scenario at all (neither context nor case): the persistent restrictions of
   * the model only. Task families that display their own cases use this, with the
   * cases as `extra` restrictions; the problem's `scenario` is then absent.
   */
  withoutScenario?: boolean;
}

export function compile(
  model: MechanismModel,
  state: CompositeState,
  scenarioId?: string,
  extra: readonly ExtraRestriction[] = [],
  options: CompileOptions = {},
): Compiled {
  checkPartialState(model, state);
  const missing = model.instances.filter((i) => state[i.name] === undefined);
  if (missing.length) {
    throw new CompileError(`the composite state gives no state for ${missing.map((i) => i.name).join(", ")}`);
  }
  const scenario = options.withoutScenario ? undefined : findScenario(model, scenarioId);
  const domains = model.variables.map((v) => new Set(v.cells.map((_, i) => i)));
  const evidence: RestrictionEvidence[] = [];
  const apply = (r: ExtraRestriction) => {
    const d = domains[r.var];
    for (const cell of [...d]) {
      if (!r.cells.includes(cell)) {
        d.delete(cell);
        evidence.push({ var: r.var, cell, source: r.source });
      }
    }
  };
  for (const r of model.restrictions) {
    if (options.stateless ? r.state === null : activeIn(r, state)) apply(r);
  }
  scenario?.context.forEach(apply);
  if (!options.contextOnly) scenario?.restrict.forEach(apply);
  extra.forEach(apply);
  const active = model.laws.filter((l) => (options.stateless ? l.state === null : activeIn(l, state)));
  const problem: Problem = {
    mechanism: model.id,
    state: { ...state },
    ...(scenario ? { scenario: scenario.id } : {}),
    variables: model.variables.map((v, i) => ({
      name: v.name,
      cells: [...v.cells],
      signs: [...v.signs],
      domain: [...domains[i]].sort((a, b) => a - b),
    })),
    confluences: active.map((l) => ({ id: l.id, terms: l.terms.map((t) => ({ coef: t.coef, factors: t.factors.map((f) => ({ ...f })) })) })),
  };
  return { problem, evidence };
}
