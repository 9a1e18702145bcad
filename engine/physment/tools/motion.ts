// Time and motion: step, get_position, move_object, change_position, get_velocity,
// set_velocity, get_acceleration, get_displacement.
import { z } from "zod";
import { matVec, norm, sub } from "../sim/math.ts";
import type { Vec3 } from "../sim/math.ts";
import { defineTool, ObjectId, objectTool, vec, Vec3Param, xyz } from "./tool.ts";

export const step = defineTool({
  name: "step",
  description: "Advances the simulation by `duration` seconds (rounded to whole simulator steps of the scene's timestep); applied forces and torques keep acting.",
  describeIn: (scene) =>
    `Advances the simulation by \`duration\` seconds (rounded to whole simulator steps of ${scene.timestep} s); applied forces and torques keep acting.`,
  params: z.object({ duration: z.number().positive().describe("seconds of simulated time") }),
  aliases: { seconds: "duration", time: "duration", dt: "duration" },
  run(ctx, a) {
    ctx.world.step(a.duration);
    return null;
  },
});

export const getPosition = objectTool({
  name: "get_position",
  description: "Position [x, y, z] (m, world frame, z up) of the object's body-frame origin, and the simulation time.",
  run(ctx, o) {
    return { position: ctx.world.position(o), time: ctx.world.time };
  },
});

const moveParams = z.object({ object_id: ObjectId, x: z.number(), y: z.number(), z: z.number() });

export const moveObject = defineTool({
  name: "move_object",
  description: "Teleports the object's origin to (x, y, z) (world frame), keeping its orientation and velocity.",
  params: moveParams,
  prepare: spreadVector(["position", "pos", "new_position"], ["x", "y", "z"]),
  run(ctx, a) {
    const o = ctx.object(a.object_id);
    return { position: ctx.world.moveTo(o, [a.x, a.y, a.z]) };
  },
});

export const changePosition = defineTool({
  name: "change_position",
  description: "Translates the object by (dx, dy, dz): in the world frame, or in the object's own (body) frame when in_world_frame is false.",
  params: z.object({
    object_id: ObjectId,
    dx: z.number(),
    dy: z.number(),
    dz: z.number(),
    in_world_frame: z.boolean().default(true).describe("true: world axes; false: the object's body axes"),
  }),
  prepare: spreadVector(["delta", "displacement", "translation"], ["dx", "dy", "dz"]),
  run(ctx, a) {
    const o = ctx.object(a.object_id);
    let d: Vec3 = [a.dx, a.dy, a.dz];
    if (!a.in_world_frame) d = matVec(ctx.world.rotation(o), d);
    return { new_position: xyz(ctx.world.translate(o, d)) };
  },
});

export const getVelocity = objectTool({
  name: "get_velocity",
  description: "Linear velocity [vx, vy, vz] (m/s, world frame) of the object's body-frame origin.",
  run(ctx, o) {
    return { velocity: ctx.world.velocity(o).linear };
  },
});

export const setVelocity = defineTool({
  name: "set_velocity",
  description: "Sets the linear velocity (m/s, world frame) of the object's origin, keeping its spin; returns the velocity it now has.",
  params: z.object({ object_id: ObjectId, velocity_vector: Vec3Param.describe("[vx, vy, vz] in m/s") }),
  aliases: { velocity: "velocity_vector", v: "velocity_vector" },
  run(ctx, a) {
    const o = ctx.object(a.object_id);
    const v = ctx.world.setVelocity(o, vec(a.velocity_vector));
    return { status: "velocity_set", object_id: o.id, velocity: v };
  },
});

const accelerationText = (dt: string) =>
  `Acceleration (m/s², world frame) of the object's origin estimated from the velocity difference across the last simulator step: (v after − v before)/${dt}. [0, 0, 0] before any step; a force applied since the last step shows only after the next one.`;

export const getAcceleration = objectTool({
  name: "get_acceleration",
  description: accelerationText("timestep"),
  describeIn: (scene) => accelerationText(`${scene.timestep} s`),
  run(ctx, o) {
    return xyz(ctx.world.acceleration(o).linear);
  },
});

export const getDisplacement = objectTool({
  name: "get_displacement",
  description: "Straight-line distance (m) between the object's origin now and where it was at the start of the episode (or when created).",
  run(ctx, o) {
    return { displacement: norm(sub(ctx.world.position(o), o.initialPosition)) };
  },
});

/** Accepts a vector under one of `from` in place of the separate scalar parameters `to`. */
function spreadVector(from: string[], to: [string, string, string]) {
  return (args: Record<string, unknown>): Record<string, unknown> => {
    if (to.some((k) => k in args)) return args;
    for (const key of from) {
      const v = args[key];
      if (Array.isArray(v) && v.length === 3) {
        const out = { ...args };
        delete out[key];
        to.forEach((k, i) => (out[k] = v[i]));
        return out;
      }
    }
    return args;
  };
}
