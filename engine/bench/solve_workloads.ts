// The problem sets the solver is timed on, built the same way for `mech bench solve` and
// the `deno bench` suites in bench/ (so the README's figures and a user's run measure the
// same problems): a mechanism's composite states, or a synthetic thermal chain or ladder
// in its deterministic "flowing" state.
import type { MechanismModel } from "../model/model.ts";
import { compile, type CompositeState, compositeStates } from "../compile/compile.ts";
import { loadSynthetic, syntheticState, thermalChainMechanism, thermalLadderMechanism } from "../synthetic/mechanisms.ts";

/** A synthetic thermal mechanism's shape: a chain of capacitors, or a 2×N ladder. */
export type SyntheticKind = "chain" | "ladder";
export const SYNTHETIC_KINDS: readonly SyntheticKind[] = ["chain", "ladder"];

/** The largest N `--synthetic` takes: a 20,000-capacitor chain already needs gigabytes to compile. */
export const MAX_SYNTHETIC_N = 20_000;

export interface SyntheticSpec {
  kind: SyntheticKind;
  n: number;
}

/**
 * A synthetic mechanism's spec is not "chain:N" or "ladder:N" with N in range.
 *
 * @example
 * ```ts
 * import { syntheticMechanism, WorkloadSpecError } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => syntheticMechanism("chain:0"), WorkloadSpecError);
 * ```
 */
export class WorkloadSpecError extends Error {
  /** The error's name, for messages and logs. */
  override name = "WorkloadSpecError";
}

/** "chain:N" or "ladder:N", 1 ≤ N ≤ MAX_SYNTHETIC_N; `name` is how the message names the spec's option. */
export function parseSyntheticSpec(text: string, name = "--synthetic"): SyntheticSpec {
  const m = /^([a-z]+):(\d+)$/.exec(text);
  const kind = SYNTHETIC_KINDS.find((k) => k === m?.[1]);
  const n = m ? Number(m[2]) : NaN;
  if (!kind || !(n >= 1 && n <= MAX_SYNTHETIC_N)) {
    throw new WorkloadSpecError(
      `${name} expects chain:N or ladder:N with N from 1 to ${MAX_SYNTHETIC_N} (a thermal chain of N capacitors, or a 2×N ladder), got "${text}"`,
    );
  }
  return { kind, n };
}

/** The synthetic thermal mechanism of a spec, validated and resolved against the catalog library. */
export const syntheticModel = (spec: SyntheticSpec): MechanismModel =>
  loadSynthetic(spec.kind === "chain" ? thermalChainMechanism(spec.n) : thermalLadderMechanism(spec.n));

/** Loaded (outside the timed part) synthetic mechanisms of size n. */
export const chainMechanismAt = (n: number) => syntheticModel({ kind: "chain", n });
export const ladderMechanismAt = (n: number) => syntheticModel({ kind: "ladder", n });

/** The "flowing" state of a synthetic mechanism, with some components' states replaced. */
export const flowingState = (model: MechanismModel, overrides: CompositeState = {}): CompositeState => ({
  ...syntheticState(model, "flowing"),
  ...overrides,
});

/** The timed mechanism pipeline's first half: compile the deterministic "flowing" state. */
export const compileMechanism = (model: MechanismModel) => compile(model, flowingState(model)).problem;

/** The states a mechanism is benchmarked on: every composite state extending `fixed`. */
export const mechanismStates = (model: MechanismModel, fixed: CompositeState = {}): CompositeState[] => [
  ...compositeStates(model, fixed),
];
