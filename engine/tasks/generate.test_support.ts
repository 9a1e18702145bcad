// One small generated benchmark, shared by the task tests of a file.
import { builtinMechanism } from "../../catalog/mod.ts";
import type { MechanismModel } from "../model/model.ts";
import { FAMILIES } from "./families/mod.ts";
import { z } from "zod";
import { type Generated, generate } from "./generate.ts";
import { bandLevels, bandOf, type FamilyCandidate, type FamilyId, type Level, type TaskFamily } from "./family.ts";
import type { RuleProfile } from "../episode/rule_names.ts";

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

export const TOY_BANDS: Record<Level, [number, number]> = { D1: [1, 10], D2: [11, 20], D3: [21, 30], D4: [31, 40] };

/**
 * A family the driver has never heard of (it proves the driver needs no change for a new
 * one): candidate i has complexity `complexity(i)`, gold `{n: answer(i)}` (default i), body
 * `body(i)` (default unique) and is refused when `refuse(n)` says why.
 */
export function toyFamily(opts: {
  count: number;
  complexity: (i: number) => number;
  body?: (i: number) => string;
  answer?: (i: number) => number;
  refuse?: (n: number) => string | null;
  distinctAnswers?: boolean;
  id?: FamilyId;
}): TaskFamily {
  return {
    id: opts.id ?? "necessity",
    title: "toy",
    answer: z.object({ n: z.int() }).strict(),
    ...bandLevels(TOY_BANDS),
    ...(opts.distinctAnswers ? { distinctAnswers: true } : {}),
    *candidates(_z, seed) {
      for (let i = 0; i < opts.count; i++) {
        const n = opts.answer?.(i) ?? i;
        const c: FamilyCandidate = {
          complexity: opts.complexity(i),
          level: bandOf(TOY_BANDS, opts.complexity(i)),
          query: () => ({ answer: { n }, audit: { seed, i } }),
          render: () => opts.body?.(i) ?? `candidate ${i}`,
        };
        yield c;
      }
    },
    valid: (gold) => opts.refuse?.((gold.answer as { n: number }).n) ?? null,
    recheck: (_m, audit) => audit as Record<string, unknown>,
    explain: () => [],
  };
}

/** One toy family generated over thermal_two_masses with k = 4. */
export const generateToy = (family: TaskFamily, maxPromptTokens = 80_000): Generated =>
  generate({ mechanisms: [mechanism("thermal_two_masses")], families: [family], seed: "s", perLevel: 4, maxPromptTokens });
