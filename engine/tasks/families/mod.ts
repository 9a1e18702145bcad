// The registered task families, in the order of the paper's Table 1. The driver
// generates whatever is listed here; a new family is a module and one entry.
import type { FamilyId, TaskFamily } from "../family.ts";
import { stateConsistency } from "./state_consistency.ts";
import { traceFaithfulness } from "./trace_faithfulness.ts";
import { transition } from "./transition.ts";
import { plausibility } from "./plausibility.ts";
import { necessity } from "./necessity.ts";
import { functionalRecovery } from "./functional_recovery.ts";

export const FAMILIES: readonly TaskFamily[] = [stateConsistency, plausibility, necessity, transition, functionalRecovery, traceFaithfulness];

export function familyById(id: FamilyId | string): TaskFamily | undefined {
  return FAMILIES.find((f) => f.id === id);
}
