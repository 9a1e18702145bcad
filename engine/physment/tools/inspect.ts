// Looking at the scene: get_parameters (only what the scene permits), detect_collision (which
// also applies its elastic response on a contact), quat_to_rot_matrix, find_objects.
import { z } from "zod";
import { norm, quatNormalize, quatToMat, scale, sub } from "../sim/math.ts";
import type { Quat, Vec3 } from "../sim/math.ts";
import type { World, WorldObject } from "../sim/world.ts";
import { defineTool, ObjectId, objectTool, ToolError } from "./tool.ts";

/** get_parameters attributes and the permission flags (as the scenes spell them) that grant each. */
export const PARAMETER_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  mass: ["body_mass", "mass"],
  bounding_box: ["geom_size", "size"],
  type: ["geom_type", "type"],
  size: ["geom_size", "size"],
  radius: ["geom_radius", "radius"],
  density: ["geom_density", "density"],
  position: ["body_pos", "pos", "position"],
  quaternion: ["body_quat", "quat", "quaternion"],
  spring_constant: ["spring_constant"],
  displacement: ["displacement"],
};

export function permitted(o: WorldObject, attribute: string): boolean {
  const p = o.permissions;
  if (p === "all") return true;
  if (!p) return false;
  return (PARAMETER_PERMISSIONS[attribute] ?? []).some((flag) => p[flag] === true);
}

/** The permitted attributes of an object, in a fixed order. */
export function parametersOf(world: World, o: WorldObject): Record<string, unknown> {
  const out: Record<string, unknown> = { object_id: o.id };
  const geoms = () => world.geoms(o);
  for (const attribute of Object.keys(PARAMETER_PERMISSIONS)) {
    if (!permitted(o, attribute)) continue;
    switch (attribute) {
      case "mass":
        out.mass = world.mass(o);
        break;
      case "bounding_box":
        out.bounding_box = world.boundingBox(o);
        break;
      case "type": {
        const types = [...new Set(geoms().map((g) => g.type))];
        out.type = types.length === 0 ? null : types.length === 1 ? types[0] : types;
        break;
      }
      case "size": {
        const g = geoms();
        out.size = g.length === 0 ? null : g.length === 1 ? g[0].size : g.map((x) => x.size);
        break;
      }
      case "radius": {
        const g = geoms().find((x) => x.type === "sphere" || x.type === "capsule" || x.type === "cylinder");
        out.radius = g ? g.size[0] : null;
        break;
      }
      case "density": {
        const g = geoms();
        const volume = g.reduce((s, x) => s + (x.volume ?? 0), 0);
        const mass = world.mass(o);
        out.density = g.length > 0 && g.every((x) => x.volume !== null) && volume > 0 && mass > 0 ? mass / volume : null;
        break;
      }
      case "position":
        out.position = world.position(o);
        break;
      case "quaternion":
        out.quaternion = world.quaternion(o);
        break;
      case "spring_constant":
        out.spring_constant = world.springConstant(o);
        break;
      case "displacement":
        out.displacement = norm(sub(world.position(o), o.initialPosition));
        break;
    }
  }
  return out;
}

/**
 * The object's permission flags that are granted, each with the value of the attribute it
 * grants as get_parameters reports it now (geom_size: size; flags that grant no attribute
 * are left out). The prompt shows these at t = 0, as the published prompt shows its
 * permitted attributes with their values.
 */
export function permittedValues(world: World, o: WorldObject): Record<string, unknown> {
  const p = o.permissions;
  if (!p || p === "all") return {};
  const params = parametersOf(world, o);
  const out: Record<string, unknown> = {};
  for (const [flag, granted] of Object.entries(p)) {
    if (granted !== true) continue;
    const attribute = Object.keys(PARAMETER_PERMISSIONS).find((a) => a !== "bounding_box" && PARAMETER_PERMISSIONS[a].includes(flag));
    if (attribute !== undefined && attribute in params) out[flag] = params[attribute];
  }
  return out;
}

export const getParameters = objectTool({
  name: "get_parameters",
  description:
    "The object's attributes the scene permits: mass (kg), bounding_box (world-frame {min, max}, m), type (geom type), and where permitted size, radius, density (kg/m³), position, quaternion, spring_constant, displacement.",
  run(ctx, o) {
    return parametersOf(ctx.world, o);
  },
});

export const detectCollision = defineTool({
  name: "detect_collision",
  description:
    "Whether the two objects are in contact now or touched during the last step call. When they are in contact now it also applies an elastic response: each object's applied force (as set by apply_force, acting in every later step until changed) is replaced by a force pushing it away from the other along the contact normal, 1 N per metre of overlap (1 mm gives 0.001 N); force_applied is the force on obj2 (obj1 gets the opposite).",
  params: z.object({ obj1_id: ObjectId, obj2_id: ObjectId }),
  aliases: { object1_id: "obj1_id", object_1: "obj1_id", object_id_1: "obj1_id", object2_id: "obj2_id", object_2: "obj2_id", object_id_2: "obj2_id" },
  run(ctx, a) {
    const [o1, o2] = ctx.pair(a.obj1_id, "obj1_id", a.obj2_id, "obj2_id");
    const contact = ctx.world.contactBetween(o1, o2);
    if (!contact) return { collision_detected: ctx.world.touchedDuringLastStep(o1, o2) };
    // −d·n with d the signed distance (negative when overlapping) and n the normal from obj1 to obj2
    const onSecond = scale(contact.normal, -contact.dist).map((x) => x + 0) as Vec3;
    ctx.world.setApplied(o1, { force: onSecond.map((x) => -x + 0) as Vec3 });
    ctx.world.setApplied(o2, { force: onSecond });
    return { collision_detected: true, force_applied: onSecond };
  },
});

export const quatToRotMatrix = defineTool({
  name: "quat_to_rot_matrix",
  description: "The 3×3 rotation matrix (rows) of a quaternion q = [w, x, y, z] (normalised first).",
  params: z.object({ q: z.array(z.number()).length(4).describe("[w, x, y, z]") }),
  aliases: { quat: "q", quaternion: "q" },
  run(_ctx, a) {
    const q = quatNormalize(a.q as Quat);
    if (!q) throw new ToolError("q must be a non-zero quaternion [w, x, y, z]");
    return { rotation_matrix: quatToMat(q) };
  },
});

export const findObjects = defineTool({
  name: "find_objects",
  description: "Reveals the scene's hidden objects so the other tools can address them; the status names them.",
  params: z.object({}),
  run(ctx) {
    const newly = ctx.world.reveal();
    if (newly.length === 0) return { status: "no hidden objects; every object is already visible" };
    const names = newly.map((id) => {
      const o = ctx.world.resolve(id);
      return o?.listedName ? `${id} (${o.listedName})` : id;
    });
    return { status: `found ${newly.length} hidden object${newly.length === 1 ? "" : "s"}: ${names.join(", ")}` };
  },
});
