// Forces, torques, energy and momentum: apply_force, apply_torque, get_torque,
// compute_force, get_kinetic_energy, get_potential_energy, get_rotational_energy,
// get_momentum, get_angular_momentum, get_center_of_mass.
import { z } from "zod";
import { dot, scale } from "../sim/math.ts";
import { defineTool, downwardGravity, Mass, ObjectId, objectTool, vec, Vec3Param, xyz } from "./tool.ts";
import type { Tool } from "./tool.ts";

/** The published signature passes a mass to the rotational tools; MuJoCo's inertia tensor is used instead. */
const UnusedMass = z.number().nonnegative().optional().describe("mass in kg (accepted for compatibility; the inertia MuJoCo computed is used)");

const Duration = z.number().positive().optional()
  .describe("optional: seconds to keep it on while the simulation advances (then it is removed)");

/**
 * apply_force and apply_torque, which differ only in what they apply: the vector
 * (parameter `<kind>_vector`), `symbol` naming its components (fx… or tx…), `where` it acts.
 */
function wrenchTool<K extends "force" | "torque">(kind: K, text: { symbol: string; unit: string; where: string }): Tool {
  const param = `${kind}_vector` as const;
  const components = `[${text.symbol}x, ${text.symbol}y, ${text.symbol}z]`;
  // The vector's key is computed, so the schema's type cannot name it; run states what it validates.
  const params: z.ZodObject = z.object({
    object_id: ObjectId,
    [param]: Vec3Param.describe(`${components} in ${text.unit}, world frame`),
    duration: Duration,
  });
  return defineTool({
    name: `apply_${kind}`,
    description:
      `Applies a ${kind} ${components} (${text.unit}, world frame) ${text.where}. Without duration it replaces the object's applied ${kind} and acts in every later step until changed ([0, 0, 0] removes it); with duration the simulation advances that long with the ${kind} added, then it is removed.`,
    params,
    aliases: { [kind]: param, vector: param },
    run(ctx, a: { object_id: string | number; duration?: number } & Record<`${K}_vector`, number[]>) {
      const o = ctx.object(a.object_id);
      const v = vec(a[param]);
      const status = `${kind}_applied`;
      if (a.duration === undefined) {
        ctx.world.setApplied(o, { [kind]: v });
        return { status, object_id: o.id, [kind]: v };
      }
      const steps = ctx.world.applyFor(o, { [kind]: v }, a.duration);
      return { status, object_id: o.id, [kind]: v, duration: steps * ctx.world.timestep };
    },
  });
}

export const applyForce = wrenchTool("force", { symbol: "f", unit: "N", where: "at the object's centre of mass" });

export const applyTorque = wrenchTool("torque", { symbol: "t", unit: "N·m", where: "to the object" });

export const getTorque = objectTool({
  name: "get_torque",
  description: "The torque (N·m, world frame) currently applied to the object by apply_torque (persistent part; [0, 0, 0] if none).",
  run(ctx, o) {
    return { torque: xyz(ctx.world.appliedWrench(o).torque) };
  },
});

export const computeForce = defineTool({
  name: "compute_force",
  description:
    "F = m·a (N, world frame) with the mass you give and the acceleration of the object's centre of mass estimated as in get_acceleration (velocity difference across the last simulator step; [0, 0, 0] before any step).",
  params: z.object({ object_id: ObjectId, mass: Mass }),
  run(ctx, a) {
    return xyz(scale(ctx.world.comAcceleration(ctx.object(a.object_id)), a.mass));
  },
});

export const getKineticEnergy = defineTool({
  name: "get_kinetic_energy",
  description: "Translational kinetic energy ½·m·v² (J) with the mass you give and the speed of the object's centre of mass.",
  params: z.object({ object_id: ObjectId, mass: Mass }),
  run(ctx, a) {
    const v = ctx.world.comVelocity(ctx.object(a.object_id));
    return { kinetic_energy: 0.5 * a.mass * dot(v, v) };
  },
});

export const getPotentialEnergy = defineTool({
  name: "get_potential_energy",
  description: "Gravitational potential energy m·g·h (J) with the mass and g you give and h = height (z) of the object's centre of mass above z = 0.",
  params: z.object({
    object_id: ObjectId,
    mass: Mass,
    gravity: z.number().optional().describe("g in m/s² (default: the scene's gravity, downward component)"),
  }),
  aliases: { g: "gravity" },
  defaultsIn: (scene) => ({ gravity: downwardGravity(scene.gravity) }),
  run(ctx, a) {
    const h = ctx.world.centerOfMass(ctx.object(a.object_id))[2];
    return { potential_energy: a.mass * (a.gravity ?? downwardGravity(ctx.world.gravity())) * h };
  },
});

export const getRotationalEnergy = defineTool({
  name: "get_rotational_energy",
  description: "Rotational kinetic energy ½·ωᵀ·I·ω (J) about the object's centre of mass, with the inertia tensor MuJoCo computed for it (the mass argument is accepted but not used).",
  params: z.object({ object_id: ObjectId, mass: UnusedMass }),
  run(ctx, a) {
    return { rotational_energy: ctx.world.rotationalEnergy(ctx.object(a.object_id)) };
  },
});

export const getMomentum = defineTool({
  name: "get_momentum",
  description: "Linear momentum p = m·v (kg·m/s, world frame) with the mass you give and the velocity of the object's centre of mass.",
  params: z.object({ object_id: ObjectId, mass: Mass }),
  run(ctx, a) {
    return { momentum: xyz(scale(ctx.world.comVelocity(ctx.object(a.object_id)), a.mass)) };
  },
});

export const getAngularMomentum = defineTool({
  name: "get_angular_momentum",
  description: "Spin angular momentum L = I·ω (kg·m²/s, world frame) about the object's centre of mass, with MuJoCo's inertia tensor (the mass argument is accepted but not used).",
  params: z.object({ object_id: ObjectId, mass: UnusedMass }),
  run(ctx, a) {
    return { angular_momentum: xyz(ctx.world.angularMomentum(ctx.object(a.object_id))) };
  },
});

export const getCenterOfMass = defineTool({
  name: "get_center_of_mass",
  description: "Centre of mass (m, world frame) of the whole scene (every body, hidden or not); of one object when object_id is given.",
  params: z.object({ object_id: ObjectId.optional().describe("optional: one object instead of the whole scene") }),
  run(ctx, a) {
    if (a.object_id === undefined) return { center_of_mass: xyz(ctx.world.sceneCenterOfMass()) };
    return { center_of_mass: xyz(ctx.world.centerOfMass(ctx.object(a.object_id))) };
  },
});

