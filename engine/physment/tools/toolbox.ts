// The 26 PhysMent tools bound to one World (the ToolBox contract of protocol.ts). Every
// bad call — unknown tool, bad parameters, unknown or hidden object, impossible request,
// a call after the answer — comes back as an error result, never as an exception.
import { z } from "zod";
import { ToolCall } from "../protocol.ts";
import type { ToolBox, ToolResult, ToolSpec } from "../protocol.ts";
import { WorldError } from "../sim/world.ts";
import type { World } from "../sim/world.ts";
import {
  applyForce,
  applyTorque,
  computeForce,
  getAngularMomentum,
  getCenterOfMass,
  getKineticEnergy,
  getMomentum,
  getPotentialEnergy,
  getRotationalEnergy,
  getTorque,
} from "./dynamics.ts";
import { detectCollision, findObjects, getParameters, quatToRotMatrix } from "./inspect.ts";
import { changePosition, getAcceleration, getDisplacement, getPosition, getVelocity, moveObject, setVelocity, step } from "./motion.ts";
import { attachObjects, createObjects, deleteObjects } from "./scene_edit.ts";
import { coerceArgs, defineTool, ToolError } from "./tool.ts";
import type { SceneConstants, Tool, ToolContext } from "./tool.ts";

export type AnswerValue = string | number | (string | number)[];

const AnswerParam = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]);

/** answer is special: the toolbox records the value (run() only acknowledges it). */
export const answer = defineTool({
  name: "answer",
  description: "Submits the final answer and ends the episode: a number without units, an object id number, or several values separated by commas.",
  params: z.object({ answer: AnswerParam.describe("the final answer") }),
  aliases: { value: "answer", final_answer: "answer" },
  run: () => ({ acknowledged: true }),
});

/** The 26 tools, in the order of the published tool table. */
export const TOOLS: readonly Tool[] = [
  step,
  applyForce,
  applyTorque,
  getVelocity,
  setVelocity,
  getAcceleration,
  getPosition,
  moveObject,
  changePosition,
  getDisplacement,
  getParameters,
  getTorque,
  getCenterOfMass,
  computeForce,
  getKineticEnergy,
  getPotentialEnergy,
  getRotationalEnergy,
  getMomentum,
  getAngularMomentum,
  detectCollision,
  quatToRotMatrix,
  createObjects,
  deleteObjects,
  findObjects,
  attachObjects,
  answer,
];

const BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));

/** A tool's spec; with a scene's constants, the description and defaults state that scene's values. */
function specOf(t: Tool, scene?: SceneConstants): ToolSpec {
  const schema = z.toJSONSchema(t.params, { io: "input" }) as Record<string, unknown>;
  if (!scene) return { name: t.name, description: t.description, parameters: schema };
  const props = schema.properties as Record<string, Record<string, unknown>> | undefined;
  for (const [name, value] of Object.entries(t.defaultsIn?.(scene) ?? {})) {
    if (props?.[name]) props[name] = { ...props[name], default: value };
  }
  return { name: t.name, description: t.describeIn?.(scene) ?? t.description, parameters: schema };
}

/**
 * Tool specs (name, description, JSON Schema of the parameters) without a scene: they state
 * no scene constant (a ToolBox's own specs state its scene's timestep and gravity).
 */
export const TOOL_SPECS: readonly ToolSpec[] = TOOLS.map((t) => specOf(t));

function issueText(error: z.ZodError, args?: Record<string, unknown>, tool?: Tool): string {
  const lines = error.issues.map((i) => {
    const at = i.path.length ? i.path.map(String).join(".") : "parameters";
    const key = i.path[0];
    if (args && typeof key === "string" && args[key] === undefined) return `${key}: missing`;
    if (i.message === "Invalid input" && typeof key === "string" && args) {
      const described = (tool?.params.shape as Record<string, z.ZodType> | undefined)?.[key]?.description;
      return `${at}: invalid value ${JSON.stringify(args[key])}${described ? ` (expected ${described})` : ""}`;
    }
    return `${at}: ${i.message}`;
  });
  return [...new Set(lines)].join("; ");
}

/** Parameters as the tool's schema reads them: aliases renamed, lenient forms coerced. */
export function readArgs(tool: Tool, raw: Record<string, unknown>): { ok: true; args: Record<string, unknown> } | { ok: false; message: string } {
  let args: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const canonical = tool.aliases?.[k];
    if (canonical && !(canonical in raw)) args[canonical] = v;
    else args[k] = v;
  }
  if (tool.prepare) args = tool.prepare(args);
  let parsed = tool.params.safeParse(args);
  if (!parsed.success) {
    const again = tool.params.safeParse(tool.prepare ? tool.prepare(coerceArgs(args)) : coerceArgs(args));
    if (again.success) parsed = again;
  }
  if (!parsed.success) return { ok: false, message: `invalid parameters for ${tool.name}: ${issueText(parsed.error, args, tool)}` };
  return { ok: true, args: parsed.data as Record<string, unknown> };
}

class WorldToolBox implements ToolBox {
  /** The specs as this scene has them: its timestep in step's description, its gravity as g's default. */
  readonly specs: readonly ToolSpec[];
  private answer: { value: AnswerValue } | null = null;
  private readonly ctx: ToolContext;

  constructor(private readonly world: World) {
    const scene: SceneConstants = { timestep: world.timestep, gravity: world.gravity() };
    this.specs = TOOLS.map((t) => specOf(t, scene));
    this.ctx = {
      world,
      object(ref: unknown, parameter = "object_id") {
        const o = world.resolve(ref);
        if (o) return o;
        const visible = world.visibleObjects().map((x) => x.id);
        const shown = ref === undefined ? "nothing" : JSON.stringify(ref);
        throw new ToolError(`${parameter}: no object ${shown} in the scene (objects: ${visible.join(", ") || "none"})`);
      },
      pair(ref1: unknown, parameter1: string, ref2: unknown, parameter2: string) {
        const o1 = this.object(ref1, parameter1);
        const o2 = this.object(ref2, parameter2);
        if (o1.id === o2.id) throw new ToolError(`${parameter1} and ${parameter2} name the same object`);
        return [o1, o2];
      },
    };
  }

  get answered(): { value: AnswerValue } | null {
    return this.answer;
  }

  call(call: ToolCall): ToolResult {
    const raw = call as unknown as { tool?: unknown; parameters?: unknown };
    const name = typeof raw?.tool === "string" ? raw.tool : String(raw?.tool ?? "");
    const given = raw?.parameters && typeof raw.parameters === "object" && !Array.isArray(raw.parameters)
      ? raw.parameters as Record<string, unknown>
      : {};
    const fail = (message: string): ToolResult => ({ tool: name, parameters: given, result: { error: message }, error: true, sim_time: this.time() });
    const shape = ToolCall.safeParse(call);
    if (!shape.success) return fail(`a tool call is {"tool": name, "parameters": {...}}: ${issueText(shape.error)}`);
    if (this.answer) return fail("the episode has ended: an answer was already submitted");
    const tool = BY_NAME.get(name);
    if (!tool) return fail(`unknown tool "${name}" (tools: ${TOOLS.map((t) => t.name).join(", ")})`);
    const read = readArgs(tool, shape.data.parameters);
    if (!read.ok) return fail(read.message);
    let result: Record<string, unknown> | null;
    try {
      result = tool.run(this.ctx, read.args as never);
    } catch (e) {
      if (e instanceof ToolError || e instanceof WorldError) return fail(e.message);
      return fail(`${name} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (tool === answer) this.answer = { value: read.args.answer as AnswerValue };
    return { tool: name, parameters: given, result, error: false, sim_time: this.time() };
  }

  private time(): number {
    try {
      return this.world.time;
    } catch {
      return NaN;
    }
  }
}

/** The 26 tools over one live World. */
export function makeToolBox(world: World): ToolBox {
  return new WorldToolBox(world);
}
