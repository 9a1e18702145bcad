/**
 * Mechbench: benchmarks of mechanistic reasoning. The root entry holds the solver and the
 * MechReasoner benchmark; PhysMent and the portable scorer have entries of their own.
 *
 * @module
 */
export * from "./engine/api/solver.ts";
export * from "./engine/api/mechreasoner.ts";
