// The numeric models, by mechanism id.
import type { NumericModelDef } from "../model.ts";
import { thermal_two_masses } from "./thermal_two_masses.ts";
import { thermal_three_node_chain } from "./thermal_three_node_chain.ts";
import { thermal_branched_star } from "./thermal_branched_star.ts";
import { mechanics_damper } from "./mechanics_damper.ts";
import { electrical_electrothermal_resistor_ladder, electrical_electrothermal_resistor_parallel } from "./electrothermal.ts";
import { mechanics_first, mechanics_first_grounded, mechanics_grounded_geared_dual_inertia } from "./mechanics_first.ts";
import { mechanics_initial_conditions } from "./mechanics_initial_conditions.ts";
import { mechanics_branched_three_mass } from "./mechanics_branched_three_mass.ts";
import { electrical_resistor } from "./electrical_resistor.ts";
import { mechanics_compare_braking_torque } from "./mechanics_compare_braking_torque.ts";
import { mechanics_oscillator } from "./mechanics_oscillator.ts";
import { mechanics_sign_convention } from "./mechanics_sign_convention.ts";
import { mechanics_why_arrows } from "./mechanics_why_arrows.ts";
import { mechanics_accelerate } from "./mechanics_accelerate.ts";
import { mechanics_compare_braking_force } from "./mechanics_compare_braking_force.ts";

export const NUMERIC_MODELS: Record<string, NumericModelDef> = Object.fromEntries(
  [
    thermal_two_masses,
    thermal_three_node_chain,
    thermal_branched_star,
    mechanics_damper,
    electrical_electrothermal_resistor_parallel,
    electrical_electrothermal_resistor_ladder,
    mechanics_first,
    mechanics_first_grounded,
    mechanics_grounded_geared_dual_inertia,
    mechanics_initial_conditions,
    mechanics_branched_three_mass,
    electrical_resistor,
    mechanics_compare_braking_torque,
    mechanics_oscillator,
    mechanics_sign_convention,
    mechanics_why_arrows,
    mechanics_accelerate,
    mechanics_compare_braking_force,
  ].map((m) => [m.mechanism, m]),
);
