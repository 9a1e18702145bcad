// One small generated benchmark, shared by the task tests of a file.
import { builtinMechanism } from "../../catalog/mod.ts";
import type { MechanismModel } from "../model/model.ts";
import { FAMILIES } from "./families/mod.ts";
import { type Generated, generate } from "./generate.ts";
import type { TaskFamily } from "./family.ts";
import type { RuleProfile } from "../episode/rules.ts";

/** Small mechanisms whose every (row, case) pair the enumerating reference solver can count. */
export const SMALL_MECHANISMS = ["electrical_resistor", "mechanics_grounded_geared_dual_inertia", "thermal_three_node_chain", "thermal_two_masses"];

export const mechanism = (id: string): MechanismModel => {
  const m = builtinMechanism(id);
  if (!m) throw new Error(`no catalog mechanism ${id}`);
  return m;
};

const cache = new Map<string, Generated>();

export function smallBenchmark(opts: { ids?: string[]; families?: readonly TaskFamily[]; seed?: string; perLevel?: number; maxPromptTokens?: number; rules?: RuleProfile } = {}): Generated {
  const ids = opts.ids ?? SMALL_MECHANISMS;
  const families = opts.families ?? FAMILIES;
  const key = JSON.stringify([ids, families.map((f) => f.id), opts.seed, opts.perLevel, opts.maxPromptTokens, opts.rules]);
  let g = cache.get(key);
  if (!g) {
    g = generate({
      mechanisms: ids.map(mechanism),
      families,
      seed: opts.seed ?? "test-seed",
      perLevel: opts.perLevel ?? 4,
      maxPromptTokens: opts.maxPromptTokens ?? 80_000,
      ...(opts.rules ? { rules: opts.rules } : {}),
    });
    cache.set(key, g);
  }
  return g;
}
