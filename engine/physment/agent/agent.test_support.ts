// Test doubles for the agent's tests: a fake ToolBox (a ball in free fall, a resting box, a
// hidden marker), and (re-exported) the loopback OpenAI-compatible server.
import type { ToolBox, ToolCall, ToolResult, ToolSpec } from "../protocol.ts";

const G = 9.81;

const objectId = {
  type: "string",
  description: 'object id, "object_N" or N',
};
const vec3 = { type: "array", items: { type: "number" }, minItems: 3, maxItems: 3 };

export const FAKE_SPECS: readonly ToolSpec[] = [
  {
    name: "step",
    description: "Advance the simulation by duration seconds.",
    parameters: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { duration: { type: "number", description: "seconds" } },
      required: ["duration"],
      additionalProperties: false,
    },
  },
  {
    name: "get_position",
    description: "Position of an object and the simulated time.",
    parameters: { type: "object", properties: { object_id: objectId }, required: ["object_id"] },
  },
  {
    name: "get_velocity",
    description: "Linear velocity of an object.",
    parameters: { type: "object", properties: { object_id: objectId }, required: ["object_id"] },
  },
  {
    name: "set_velocity",
    description: "Set the linear velocity of an object.",
    parameters: {
      type: "object",
      properties: { object_id: objectId, velocity_vector: vec3 },
      required: ["object_id", "velocity_vector"],
    },
  },
  {
    name: "get_potential_energy",
    description: "m·g·h of an object.",
    parameters: {
      type: "object",
      properties: { object_id: objectId, mass: { type: "number" }, gravity: { type: "number", default: 9.81 } },
      required: ["object_id", "mass"],
    },
  },
  {
    name: "answer",
    description: "Submit the final answer; ends the episode.",
    parameters: {
      type: "object",
      properties: { answer: { anyOf: [{ type: "string" }, { type: "number" }] } },
      required: ["answer"],
    },
  },
];

/**
 * object_1: a ball released from rest at z = 2 (free fall, no floor); object_2: a box at rest
 * at [1, 0, 0.1]; object_3: hidden (every call on it is an error). Times are exact.
 */
export class FakeToolBox implements ToolBox {
  readonly specs = FAKE_SPECS;
  answered: ToolBox["answered"] = null;
  readonly calls: ToolCall[] = [];
  time = 0;
  #ballV0: [number, number, number] = [0, 0, 0];
  #ballP0: [number, number, number] = [0, 0, 2];
  #t0 = 0;

  call(call: ToolCall): ToolResult {
    this.calls.push(call);
    const p = call.parameters;
    const ok = (result: Record<string, unknown> | null): ToolResult => ({
      tool: call.tool,
      parameters: p,
      result,
      error: false,
      sim_time: this.time,
    });
    const fail = (message: string): ToolResult => ({
      tool: call.tool,
      parameters: p,
      result: { error: message },
      error: true,
      sim_time: this.time,
    });
    if (this.answered !== null) return fail("the episode has ended");
    switch (call.tool) {
      case "step": {
        const d = p.duration;
        if (typeof d !== "number" || !(d > 0)) return fail("duration must be a positive number");
        this.time = round(this.time + d);
        return ok(null);
      }
      case "get_position":
      case "get_velocity":
      case "set_velocity":
      case "get_potential_energy": {
        const id = parseId(p.object_id);
        if (id === null || id === 3 || id > 3) return fail(`unknown object ${JSON.stringify(p.object_id)}`);
        const [pos, vel] = this.#state(id);
        if (call.tool === "get_position") return ok({ position: pos, time: this.time });
        if (call.tool === "get_velocity") return ok({ velocity: vel });
        if (call.tool === "get_potential_energy") {
          if (typeof p.mass !== "number") return fail("mass must be a number");
          const g = typeof p.gravity === "number" ? p.gravity : G;
          return ok({ potential_energy: round(p.mass * g * pos[2]) });
        }
        const v = p.velocity_vector;
        if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => typeof x === "number")) {
          return fail("velocity_vector must be three numbers");
        }
        if (id !== 1) return fail("only object_1 can be set moving");
        this.#ballP0 = pos;
        this.#ballV0 = v as [number, number, number];
        this.#t0 = this.time;
        return ok({ status: "success", object_id: p.object_id, velocity: v });
      }
      case "answer": {
        const a = p.answer;
        if (typeof a !== "string" && typeof a !== "number") return fail("answer must be a string or a number");
        this.answered = { value: a };
        return ok({ acknowledged: true });
      }
      default:
        return fail(`unknown tool ${call.tool}`);
    }
  }

  #state(id: number): [[number, number, number], [number, number, number]] {
    if (id === 2) return [[1, 0, 0.1], [0, 0, 0]];
    const t = this.time - this.#t0;
    const [x, y, z] = this.#ballP0;
    const [vx, vy, vz] = this.#ballV0;
    return [
      [round(x + vx * t), round(y + vy * t), round(z + vz * t - 0.5 * G * t * t)],
      [vx, vy, round(vz - G * t)],
    ];
  }
}

function parseId(v: unknown): number | null {
  if (typeof v === "number" && Number.isInteger(v)) return v;
  if (typeof v !== "string") return null;
  const m = /^(?:object_)?(\d+)$/.exec(v);
  return m ? Number(m[1]) : null;
}

function round(x: number): number {
  return Math.round(x * 1e9) / 1e9;
}

export const FAKE_SCENE = {
  id: "fake1",
  name: "Falling ball",
  task: "A ball is released from rest. Determine its speed after 0.5 s.",
  problemType: "calculation",
  objects: [
    { id: 1, name: "ball" },
    { id: 2, name: "box" },
    { id: 3, name: "marker", hidden: true },
  ],
  permissions: {
    "1": { geom_type: true, body_pos: true, body_mass: false },
    "2": { geom_type: true, body_mass: true },
  },
};

// The loopback OpenAI-compatible server is shared with the evaluator's tests.
export { completion, httpError, type Loopback, type ReplayReply, type ReplyFn, startLoopback } from "../../llm/loopback.test_support.ts";
