// Catalog set: translational components and mechanisms (besides those in core.ts, which
// already registers catalog/components/translational.json and mechanics_damper).
import braking from "../components/translational_braking.json" with { type: "json" };
import accelerate from "../mechanisms/mechanics_accelerate.json" with { type: "json" };
import branchedThreeMass from "../mechanisms/mechanics_branched_three_mass.json" with { type: "json" };
import compareBrakingForce from "../mechanisms/mechanics_compare_braking_force.json" with { type: "json" };
import initialConditions from "../mechanisms/mechanics_initial_conditions.json" with { type: "json" };
import oscillator from "../mechanisms/mechanics_oscillator.json" with { type: "json" };
import signConvention from "../mechanisms/mechanics_sign_convention.json" with { type: "json" };
import whyArrows from "../mechanisms/mechanics_why_arrows.json" with { type: "json" };
import type { SourceFile } from "../../engine/model/library.ts";

export const COMPONENT_FILES: SourceFile[] = [
  { file: "catalog/components/translational_braking.json", data: braking },
];

export const MECHANISM_FILES: SourceFile[] = [
  { file: "catalog/mechanisms/mechanics_accelerate.json", data: accelerate },
  { file: "catalog/mechanisms/mechanics_branched_three_mass.json", data: branchedThreeMass },
  { file: "catalog/mechanisms/mechanics_compare_braking_force.json", data: compareBrakingForce },
  { file: "catalog/mechanisms/mechanics_initial_conditions.json", data: initialConditions },
  { file: "catalog/mechanisms/mechanics_oscillator.json", data: oscillator },
  { file: "catalog/mechanisms/mechanics_sign_convention.json", data: signConvention },
  { file: "catalog/mechanisms/mechanics_why_arrows.json", data: whyArrows },
];
