// PhysMent scoring: the strict matcher (Eq. 4), the §5.4 regrade, the six dimensions and the
// run summaries. Runtime-agnostic and pure; docs/physment.md "## Scoring" documents it.
export * from "./answer.ts";
export * from "./categories.ts";
export * from "./scene_keys.ts";
export * from "./normalize.ts";
export * from "./dimensions.ts";
export * from "./aggregate.ts";
