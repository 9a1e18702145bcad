// The zod schema of a PhysMent scene's metadata file (sceneN.json). Permissive where the
// 105 published scenes vary: problem_type is free text (18 spellings occur), the object
// count is a string or a number, and the permission blocks hold whatever boolean flags a
// scene uses (geom_type or type, geom_size or size, hidden, spring_constant, ...).
import { z } from "zod";

const OBJECT_KEY = /^object_[0-9]+$/;
const PERMISSIONS_KEY = /^object_[0-9]+_permissions$/;

/** The schema of a scene file's metadata block: its name, the task text, the problem type and a description. */
export const SceneMetadata: z.ZodObject<
  { scene_name: z.ZodString; task: z.ZodString; problem_type: z.ZodString; description: z.ZodOptional<z.ZodString> },
  z.core.$loose
> = z.looseObject({
  scene_name: z.string(),
  task: z.string(),
  problem_type: z.string().describe("comparison, calculation, computation, observation, or a scene's own label"),
  description: z.string().optional(),
});

/** A scene's gold answer: a number, a text, or a list of them. */
export const SceneAnswer: z.ZodUnion<
  readonly [z.ZodNumber, z.ZodString, z.ZodArray<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>>]
> = z.union([z.number(), z.string(), z.array(z.union([z.number(), z.string()]))]);
/** A scene's gold answer. */
export type SceneAnswer = z.infer<typeof SceneAnswer>;

/** A whole number written as a JSON number or a string of digits. */
const Count = z.union([z.number().int().nonnegative(), z.string().regex(/^\s*[0-9]+\s*$/, "expected a whole number")]);

/** The schema of a scene file's object entry: its name and id. */
export const SceneObjectEntry: z.ZodObject<
  { name: z.ZodString; object_id: z.ZodUnion<readonly [z.ZodString, z.ZodNumber]> },
  z.core.$loose
> = z.looseObject({
  name: z.string(),
  object_id: z.union([z.string().regex(/^[0-9]+$/, "expected the object's number, e.g. \"3\""), z.number().int().nonnegative()]),
});

/** Per-object attribute flags; unknown flags are kept (and ignored by the tools). */
export const ObjectPermissions: z.ZodRecord<z.ZodString, z.ZodBoolean> = z.record(z.string(), z.boolean());
/** An object's permission flags (which attributes the tools may read or change, hidden). */
export type ObjectPermissions = z.infer<typeof ObjectPermissions>;

/** A scene's metadata file, sceneN.json, in PhysMent's format. */
export const SceneJson: z.ZodObject<
  {
    metadata: typeof SceneMetadata;
    answer: typeof SceneAnswer;
    expected_behavior: z.ZodString;
    reasoning: z.ZodString;
    number_of_objects: z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>;
    objects: z.ZodRecord<z.ZodString, typeof SceneObjectEntry>;
    object_permissions: z.ZodRecord<z.ZodString, typeof ObjectPermissions>;
  },
  z.core.$loose
> = z.looseObject({
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
/** A scene's metadata, as validated. */
export type SceneJson = z.infer<typeof SceneJson>;
