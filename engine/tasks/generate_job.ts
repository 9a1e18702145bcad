// Generation as units of work (engine/parallel): one unit per mechanism, since its families
// share one Z_M. A unit's pools depend only on their own (seed, family, mechanism) streams,
// so spreading mechanisms over workers and joining them in catalog order gives the same
// pools as generating them in one thread.
import type { RuleProfile } from "../episode/rule_names.ts";
import type { MechanismModel } from "../model/model.ts";
import type { UnitHandler } from "../parallel/units.ts";
import { familyById } from "./families/mod.ts";
import type { FamilyId } from "./family.ts";
import { generatePools, type PoolOutput } from "./generate.ts";

/** The setup every worker gets: the mechanisms and the settings. */
export interface GenerateInit {
  mechanisms: MechanismModel[];
  seed: string;
  perLevel: number;
  maxPromptTokens: number;
  rules: RuleProfile;
}

/** One mechanism (its index in GenerateInit.mechanisms) and the families of its pools to generate, in registry order. */
export interface GenerateUnit {
  mechanism: number;
  families: FamilyId[];
}

/** What a mechanism's pools cost (the pools themselves come as events, one per pool). */
export interface GenerateUnitResult {
  tokenMs: number;
  solves: number;
}

/** A pool just finished, with everything it admitted (the driver numbers them and keeps them in order). */
export interface GeneratePoolEvent {
  pool: PoolOutput;
}

export const generateHandler: UnitHandler<GenerateInit, GenerateUnit, GenerateUnitResult, GeneratePoolEvent> = (init) => (unit, emit) => {
  const model = init.mechanisms[unit.mechanism];
  const families = unit.families.map((id) => {
    const f = familyById(id);
    if (!f) throw new Error(`no generator for family ${id}`);
    return f;
  });
  const got = generatePools({
    mechanisms: [model],
    families,
    seed: init.seed,
    perLevel: init.perLevel,
    maxPromptTokens: init.maxPromptTokens,
    rules: init.rules,
    // a pool goes out as soon as it is done, so a stop between pools keeps the ones before it
    onPool: (pool) => emit({ pool }),
  });
  return { tokenMs: got.timings.tokenMs, solves: got.timings.solves };
};

/** The worker module that serves generateHandler. */
export const GENERATE_WORKER: URL = new URL("./generate_worker.ts", import.meta.url);
