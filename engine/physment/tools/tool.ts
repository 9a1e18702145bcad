// What a PhysMent tool is: a name, a one-line description, a zod schema of its documented
// parameters (exported as JSON Schema), accepted alternative spellings, and a function
// over the live World. Invalid requests throw ToolError; the toolbox turns that into an
// error result.
import { z } from "zod";
import type { Vec3 } from "../sim/math.ts";
import type { World, WorldObject } from "../sim/world.ts";

export class ToolError extends Error {
  override name = "ToolError";
}

export interface ToolContext {
  readonly world: World;
  /** The visible object a parameter names; throws ToolError naming the visible ids otherwise. */
  object(ref: unknown, parameter?: string): WorldObject;
  /** Two distinct visible objects named by two parameters (a pair of one object is a ToolError). */
  pair(ref1: unknown, parameter1: string, ref2: unknown, parameter2: string): [WorldObject, WorldObject];
}

/** The constants of one scene that a tool's documentation may state (the simulation's own values). */
export interface SceneConstants {
  /** Simulator timestep, s. */
  readonly timestep: number;
  /** Gravity vector, m/s², world frame. */
  readonly gravity: Vec3;
}

export interface Tool<S extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  /** The description offered without a scene: it states no scene constant. */
  readonly description: string;
  /** The description for one scene, stating its constants (default: description). */
  readonly describeIn?: (scene: SceneConstants) => string;
  /** JSON Schema defaults that are the scene's own values (parameter → default). */
  readonly defaultsIn?: (scene: SceneConstants) => Readonly<Record<string, unknown>>;
  readonly params: S;
  /** Alternative parameter spellings: alias → documented name. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** Rewrites accepted alternative forms (after aliases, before validation). */
  readonly prepare?: (args: Record<string, unknown>) => Record<string, unknown>;
  run(ctx: ToolContext, args: z.output<S>): Record<string, unknown> | null;
}

export function defineTool<S extends z.ZodObject>(tool: Tool<S>): Tool {
  return tool as unknown as Tool;
}

/** A tool whose one parameter is the object it reads or acts on (object_id); `run` is given that object. */
export function objectTool(
  tool: Omit<Tool, "params" | "run"> & { run(ctx: ToolContext, o: WorldObject): Record<string, unknown> | null },
): Tool {
  const { run, ...rest } = tool;
  return defineTool({ ...rest, params: z.object({ object_id: ObjectId }), run: (ctx, a) => run(ctx, ctx.object(a.object_id)) });
}

// ---- parameter pieces ---------------------------------------------------------------

export const ObjectId = z.union([z.string().min(1), z.number().int().nonnegative()])
  .describe('object id: "object_N" (N alone is accepted too)');

export const Vec3Param = z.array(z.number()).length(3);

export const Mass = z.number().nonnegative().describe("mass in kg (the value you supply is used in the formula)");

export const vec = (v: number[]): Vec3 => [v[0], v[1], v[2]];

export const xyz = (v: readonly number[]) => ({ x: v[0], y: v[1], z: v[2] });

/** The downward component of a gravity vector, −g_z (0, never −0, without gravity). */
export const downwardGravity = (g: Vec3): number => (g[2] === 0 ? 0 : -g[2]);

/**
 * Lenient reading of a model's arguments: numeric strings become numbers, "true"/"false"
 * booleans, "[1, 2, 3]" arrays, and {x, y, z} objects [x, y, z]. Names and answers are
 * left as written.
 */
export function coerceArgs(args: Record<string, unknown>): Record<string, unknown> {
  const keep = new Set(["name", "answer"]);
  const one = (v: unknown): unknown => {
    if (typeof v === "string") {
      const t = v.trim();
      if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return Number(t);
      if (t === "true" || t === "false") return t === "true";
      if (t.startsWith("[") && t.endsWith("]")) {
        try {
          const parsed = JSON.parse(t);
          if (Array.isArray(parsed)) return parsed.map(one);
        } catch { /* leave as written */ }
      }
      return v;
    }
    if (Array.isArray(v)) return v.map(one);
    if (v && typeof v === "object") {
      const keys = Object.keys(v).sort().join(",");
      const o = v as Record<string, unknown>;
      if (keys === "x,y,z") return [one(o.x), one(o.y), one(o.z)];
      if (keys === "w,x,y,z") return [one(o.w), one(o.x), one(o.y), one(o.z)];
    }
    return v;
  };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) out[k] = keep.has(k) ? v : one(v);
  return out;
}
