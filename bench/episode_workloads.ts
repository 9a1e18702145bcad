// Episode-graph workloads: each catalog mechanism from its numerical start (the episodes
// matching the numeric model's t = 0 sample, i.e. the MSL start), and synthetic thermal
// chains and ladders from their "flowing" state (first episode in canonical order).
import { MECHANISM_FILES, builtinMechanism, builtinMechanismIds } from "../catalog/mod.ts";
import type { MechanismModel } from "../engine/model/model.ts";
import { integrate } from "../engine/numeric/integrate.ts";
import { observeSample } from "../engine/numeric/check.ts";
import type { NumericBlock } from "../engine/numeric/model.ts";
import { NUMERIC_MODELS } from "../engine/numeric/models/mod.ts";
import { loadSynthetic, syntheticState, thermalChainMechanism, thermalLadderMechanism } from "../engine/synthetic/mechanisms.ts";
import { type Episode } from "../engine/episode/episode.ts";
import { matchingEpisodes } from "../engine/episode/initial.ts";
import { episodesMatching } from "../engine/episode/soundness.ts";

export interface EpisodeWorkload {
  label: string;
  model: MechanismModel;
  scenario: string;
  initial: Episode[];
}

/** The catalog mechanism from its numerical start, in the base scenario's universe. */
export function catalogStart(id: string): EpisodeWorkload {
  const model = builtinMechanism(id)!;
  const file = MECHANISM_FILES.find((f) => (f.data as { id?: string }).id === id)!;
  const block = (file.data as { numeric: NumericBlock }).numeric;
  const sys = NUMERIC_MODELS[id].build(block);
  const [first] = integrate(sys.rhs, sys.y0, block.stopTime / 400, { points: 1 });
  const obs = observeSample(model, sys, "start", first.t, first.y);
  return { label: id, model, scenario: "base", initial: episodesMatching(model, obs, "base", 10_000) };
}

export const CATALOG_IDS = builtinMechanismIds();

/** A synthetic thermal mechanism from the first episode of its flowing state. */
export function syntheticStart(kind: "chain" | "ladder", n: number): EpisodeWorkload {
  const model = loadSynthetic(kind === "chain" ? thermalChainMechanism(n) : thermalLadderMechanism(n));
  const states = syntheticState(model, "flowing");
  const first = matchingEpisodes(model, "base", { states, cells: [] }, true).next();
  if (first.done) throw new Error(`${model.id}: the flowing state has no episode`);
  return { label: `thermal ${kind} ${n}`, model, scenario: "base", initial: [first.value] };
}

/** Explicit layers grow about 8x per capacitor (each interior rate may turn independently), so scales stay small (a 3-rung ladder exhausts a 4 GB heap at H = 3). */
export const SYNTHETIC_SCALES = { chain: [3, 4, 5, 6], ladder: [2] } as const;
