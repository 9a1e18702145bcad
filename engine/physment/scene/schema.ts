// The zod schema of a PhysMent scene's metadata file (sceneN.json). Permissive where the
// 105 published scenes vary: problem_type is free text (18 spellings occur), the object
// count is a string or a number, and the permission blocks hold whatever boolean flags a
// scene uses (geom_type or type, geom_size or size, hidden, spring_constant, ...).
import { z } from "zod";

const OBJECT_KEY = /^object_[0-9]+$/;
const PERMISSIONS_KEY = /^object_[0-9]+_permissions$/;

export const SceneMetadata = z.looseObject({
  scene_name: z.string(),
  task: z.string(),
  problem_type: z.string().describe("comparison, calculation, computation, observation, or a scene's own label"),
  description: z.string().optional(),
});

export const SceneAnswer = z.union([z.number(), z.string(), z.array(z.union([z.number(), z.string()]))]);
export type SceneAnswer = z.infer<typeof SceneAnswer>;

/** A whole number written as a JSON number or a string of digits. */
const Count = z.union([z.number().int().nonnegative(), z.string().regex(/^\s*[0-9]+\s*$/, "expected a whole number")]);

export const SceneObjectEntry = z.looseObject({
  name: z.string(),
  object_id: z.union([z.string().regex(/^[0-9]+$/, "expected the object's number, e.g. \"3\""), z.number().int().nonnegative()]),
});

/** Per-object attribute flags; unknown flags are kept (and ignored by the tools). */
export const ObjectPermissions = z.record(z.string(), z.boolean());
export type ObjectPermissions = z.infer<typeof ObjectPermissions>;

export const SceneJson = z.looseObject({
  metadata: SceneMetadata,
  answer: SceneAnswer,
  expected_behavior: z.string(),
  reasoning: z.string(),
  number_of_objects: Count,
  objects: z.record(z.string().regex(OBJECT_KEY, "object keys are written object_N"), SceneObjectEntry),
  object_permissions: z.record(
    z.string().regex(PERMISSIONS_KEY, "permission keys are written object_N_permissions"),
    ObjectPermissions,
  ),
}).superRefine((scene, ctx) => {
  for (const [key, entry] of Object.entries(scene.objects)) {
    if (`object_${entry.object_id}` !== key) {
      ctx.addIssue({ code: "custom", path: ["objects", key, "object_id"], message: `object_id ${JSON.stringify(entry.object_id)} does not match the key "${key}"` });
    }
  }
  for (const key of Object.keys(scene.object_permissions)) {
    const obj = key.slice(0, -"_permissions".length);
    if (!(obj in scene.objects)) {
      ctx.addIssue({ code: "custom", path: ["object_permissions", key], message: `permissions for "${obj}", which is not listed under "objects"` });
    }
  }
});
export type SceneJson = z.infer<typeof SceneJson>;
