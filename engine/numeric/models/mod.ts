// The numeric models, by mechanism id.
import type { NumericModelDef } from "../model.ts";
import { thermal_two_masses } from "./thermal_two_masses.ts";
import { thermal_three_node_chain } from "./thermal_three_node_chain.ts";
import { thermal_branched_star } from "./thermal_branched_star.ts";
import { mechanics_damper } from "./mechanics_damper.ts";

export const NUMERIC_MODELS: Record<string, NumericModelDef> = Object.fromEntries(
  [
    thermal_two_masses,
    thermal_three_node_chain,
    thermal_branched_star,
    mechanics_damper,
  ].map((m) => [m.mechanism, m]),
);
