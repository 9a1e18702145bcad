// The contracts between PhysMent's stages: the simulated world (sim/), the 26 tools
// (tools/), the agent loop (agent/) and scoring (score/). Each stage imports only these
// types from the others, so they can be built and tested apart.
import { z } from "zod";

/** A tool call as PhysMent's text protocol writes it: {"tool", "parameters"}. */
export const ToolCall: z.ZodObject<
  { tool: z.ZodString; parameters: z.ZodDefault<z.ZodRecord<z.ZodString, z.ZodUnknown>> },
  z.core.$strict
> = z.object({
  tool: z.string().min(1),
  parameters: z.record(z.string(), z.unknown()).default({}),
}).strict();
/** A tool call: the tool's name and its parameters. */
export type ToolCall = z.infer<typeof ToolCall>;

/** What the environment returns for one call (text protocol: "Results: [...]"). */
export interface ToolResult {
  /** The tool called. */
  tool: string;
  /** The parameters it was called with (after the tool's defaults were applied). */
  parameters: Record<string, unknown>;
  /** The tool's documented result object, or {error: message} when the call was invalid. */
  result: Record<string, unknown> | null;
  /** True when the call was rejected (unknown tool, bad arguments, unknown/hidden object, invalid state). */
  error: boolean;
  /** Simulated time after the call, seconds. */
  sim_time: number;
}

/** One tool as offered to a model: name, description, JSON Schema of its parameters. */
export interface ToolSpec {
  /** The tool's name, e.g. "get_velocity". */
  name: string;
  /** What the tool does and returns, as the prompt shows it. */
  description: string;
  /** JSON Schema (draft 2020-12) generated from the tool's zod parameter schema. */
  parameters: Record<string, unknown>;
}

/** A scene's tools bound to one live simulation. */
export interface ToolBox {
  readonly specs: readonly ToolSpec[];
  /** Executes one call; never throws for bad calls (they come back with error: true). */
  call(call: ToolCall): ToolResult;
  /** Set once `answer` has been called. */
  readonly answered: { value: string | number | (string | number)[] } | null;
}
