// A numeric model of one mechanism: an ODE state vector, its right-hand side, and
// observations of instance-qualified qualitative variables. It is assembled from the
// component types' equations (assemble.ts); parameters and start values come from the
// mechanism file's `numeric` block.
import { z } from "zod";

/** The `numeric` block of a mechanism file. */
export const NumericBlockSchema = z.object({
  parameters: z.record(z.string(), z.number()).default({}).describe("parameter values by instance-qualified name, e.g. mass.m"),
  start: z.record(z.string(), z.number()).default({}).describe("start values by instance-qualified variable name"),
  stopTime: z.number().positive(),
  states: z.array(z.string()).optional().describe("preferred states (instance-qualified), chosen before the other candidates"),
  notes: z.string().optional(),
  scenarios: z.record(z.string(), z.record(z.string(), z.number())).optional()
    .describe("start values of a scenario's own numerical run, by scenario id (a composed mechanism's scenario restrictions are what that run shows at t = 0)"),
}).strict();
export type NumericBlock = z.output<typeof NumericBlockSchema>;

export interface NumericSystem {
  /** Names of the ODE state components (e.g. "mass1.T"), in vector order. */
  state: string[];
  /** Initial state vector. */
  y0: number[];
  rhs(t: number, y: number[]): number[];
  /** Values of qualitative variables (instance-qualified names) at (t, y). */
  observe(t: number, y: number[]): Record<string, number>;
  /** Landmark values, by variable then landmark name (a landmark named `zero` is 0). */
  landmarks?: Record<string, Record<string, number>>;
  /** Period of a periodic source, when there is one (enables a source-cycle run). */
  period?: number;
  /** For a mechanism with switching components (a brake): its modes, integrated with event location. */
  modes?: HybridModes;
}

/** A mode vector holds one mode index per switching instance. */
export interface HybridModes {
  /** "instance=mode" per switching instance. */
  names(mode: number[]): string[];
  /** The mode vector at the start of a run. */
  initial(y0: number[]): number[];
  rhs(mode: number[], t: number, y: number[]): number[];
  observe(mode: number[], t: number, y: number[]): Record<string, number>;
  /** Landmark values at (t, y): a landmark may follow a variable. */
  landmarks(mode: number[], t: number, y: number[]): Record<string, Record<string, number>>;
  /**
   * The first transition whose guards all hold, as [instance, transition], or null;
   * strict reads <= and >= as < and > (on entering a mode, a guard at its boundary waits).
   */
  enabled(mode: number[], t: number, y: number[], strict: boolean): [number, number] | null;
  /** Takes a transition: the next mode vector and the state after its resets. */
  apply(mode: number[], which: [number, number], t: number, y: number[]): { mode: number[]; y: number[] };
}

export interface NumericModelDef {
  mechanism: string;
  /** Builds the system from the numeric block. */
  build(block: NumericBlock): NumericSystem;
}
