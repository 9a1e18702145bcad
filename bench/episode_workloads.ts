// Episode-graph workloads: each catalog mechanism from its numerical start (the episodes
// matching the numeric model's t = 0 sample, i.e. the MSL start), and synthetic thermal
// chains and ladders from their "flowing" state (first episode in canonical order).
import { MECHANISM_FILES, builtinLibrary, builtinMechanism, builtinMechanismIds } from "../catalog/mod.ts";
import { integrate } from "../engine/numeric/integrate.ts";
import { observeSample } from "../engine/numeric/check.ts";
import { NumericBlockSchema } from "../engine/numeric/model.ts";
import { genericModel } from "../engine/numeric/assemble.ts";
import { episodesMatching } from "../engine/episode/soundness.ts";
import type { EpisodeWorkload } from "../engine/bench/simulate_bench.ts";

// The synthetic workloads are the engine's, which `mech bench simulate --synthetic` runs too.
export { type EpisodeWorkload, syntheticStart } from "../engine/bench/simulate_bench.ts";

/** The catalog mechanism from its numerical start, in the base scenario's universe. */
export function catalogStart(id: string): EpisodeWorkload {
  const model = builtinMechanism(id)!;
  const file = MECHANISM_FILES.find((f) => (f.data as { id?: string }).id === id)!;
  const block = NumericBlockSchema.parse((file.data as { numeric: unknown }).numeric);
  const sys = genericModel(model, builtinLibrary()).build(block);
  const [first] = integrate(sys.rhs, sys.y0, block.stopTime / 400, { points: 1 });
  const obs = observeSample(model, sys, "start", first.t, first.y);
  return { label: id, model, scenario: "base", initial: episodesMatching(model, obs, "base", 10_000), start: "the numerical start" };
}

export const CATALOG_IDS = builtinMechanismIds();

/** Explicit layers grow about 8x per capacitor (each interior rate may turn independently), so scales stay small (a 3-rung ladder exhausts a 4 GB heap at H = 3). */
export const SYNTHETIC_SCALES = { chain: [3, 4, 5, 6], ladder: [2] } as const;
