// Changing the scene: create_objects, delete_objects, attach_objects. Each rewrites the
// MJCF and recompiles; every other body keeps its position, velocity and applied forces.
import { z } from "zod";
import { defineTool, ObjectId, objectTool, Vec3Param } from "./tool.ts";

export const DEFAULT_SPHERE = { radius: 0.1, density: 1000, rgba: [0.5, 0.5, 0.5, 1] } as const;

export const createObjects = defineTool({
  name: "create_objects",
  description:
    "Adds a sphere with a free joint at pos (world frame): radius 0.1 m unless given, density in kg/m³ (default 1000), rgba colour. Its id is the name you give.",
  params: z.object({
    name: z.string().min(1).describe("new object's id (letters, digits, _ . -)"),
    pos: Vec3Param.describe("[x, y, z] in m"),
    density: z.number().positive().default(DEFAULT_SPHERE.density).describe("kg/m³"),
    rgba: z.array(z.number().min(0).max(1)).length(4).default([...DEFAULT_SPHERE.rgba]).describe("[r, g, b, a], each 0..1"),
    radius: z.number().positive().default(DEFAULT_SPHERE.radius).describe("m (default 0.1)"),
  }),
  aliases: { position: "pos", color: "rgba", colour: "rgba", size: "radius", object_id: "name" },
  prepare(args) {
    if (Array.isArray(args.radius) && args.radius.length === 1) return { ...args, radius: args.radius[0] };
    if (typeof args.name === "number") return { ...args, name: `object_${args.name}` };
    return args;
  },
  run(ctx, a) {
    const o = ctx.world.createSphere({ name: a.name, pos: a.pos, radius: a.radius, density: a.density, rgba: a.rgba });
    return { status: "object_created", name: o.id, position: ctx.world.position(o), density: a.density, rgba: a.rgba };
  },
});

export const deleteObjects = objectTool({
  name: "delete_objects",
  description: "Removes the object (with anything built into it) from the scene; the other bodies keep their state.",
  run(ctx, o) {
    ctx.world.deleteObject(o);
    return { status: "object_deleted", object_id: o.id };
  },
});

export const attachObjects = defineTool({
  name: "attach_objects",
  description: "Welds two objects together as they are now (a MuJoCo weld constraint); from then on they move as one rigid body.",
  params: z.object({ object1_id: ObjectId, object2_id: ObjectId }),
  aliases: { obj1_id: "object1_id", object_1: "object1_id", object_id_1: "object1_id", obj2_id: "object2_id", object_2: "object2_id", object_id_2: "object2_id" },
  run(ctx, a) {
    const [o1, o2] = ctx.pair(a.object1_id, "object1_id", a.object2_id, "object2_id");
    ctx.world.attach(o1, o2);
    return { status: "objects_attached" };
  },
});
