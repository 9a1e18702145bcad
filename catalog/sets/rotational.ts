// Catalog set: rotational components and mechanisms (besides those in core.ts).
import rotational from "../components/rotational.json" with { type: "json" };
import mechanicsCompareBrakingTorque from "../mechanisms/mechanics_compare_braking_torque.json" with { type: "json" };
import mechanicsFirst from "../mechanisms/mechanics_first.json" with { type: "json" };
import mechanicsFirstGrounded from "../mechanisms/mechanics_first_grounded.json" with { type: "json" };
import mechanicsGroundedGearedDualInertia from "../mechanisms/mechanics_grounded_geared_dual_inertia.json" with { type: "json" };
import type { SourceFile } from "../../engine/model/library.ts";

export const COMPONENT_FILES: SourceFile[] = [
  { file: "catalog/components/rotational.json", data: rotational },
];

export const MECHANISM_FILES: SourceFile[] = [
  { file: "catalog/mechanisms/mechanics_compare_braking_torque.json", data: mechanicsCompareBrakingTorque },
  { file: "catalog/mechanisms/mechanics_first.json", data: mechanicsFirst },
  { file: "catalog/mechanisms/mechanics_first_grounded.json", data: mechanicsFirstGrounded },
  { file: "catalog/mechanisms/mechanics_grounded_geared_dual_inertia.json", data: mechanicsGroundedGearedDualInertia },
];
