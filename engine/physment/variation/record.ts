// The files a variant set carries beside the scene files: each SceneN folder's variant.json
// (which scene, which draw, the values, the measured gold) and the directory's variants.json
// (the settings and every variant; written, not read back). The seed itself is never
// written, only its SHA-256, so a published set does not give away a private seed's sets.
import { z } from "zod";
import { SceneAnswer } from "../scene/schema.ts";
import { jsonPath } from "../../files/json_path.ts";

/** variant.json's format. */
export const VARIANT_FORMAT = "mechbench-physment-variant/1";
/** variants.json's format. */
export const VARIANTS_FORMAT = "mechbench-physment-variants/1";

const Rejected = z.record(z.string(), z.int().nonnegative());

/** SceneN/variant.json. */
export interface VariantRecord {
  /** VARIANT_FORMAT. */
  format: "mechbench-physment-variant/1";
  /** The built-in scene varied. */
  scene: number;
  /** The variant set (1…count). */
  set: number;
  /** SHA-256 of the seed (the seed itself is never written). */
  seed_sha256: string;
  /** The draw kept (0-based). */
  draw: number;
  /** The drawn value of each parameter. */
  values: Record<string, number>;
  /** The gold, as measured. */
  answer: number | string | (number | string)[];
  /** Draws rejected before this one, by reason. */
  rejected: Record<string, number>;
}

/** One variant in variants.json. */
export interface VariantEntry {
  /** The built-in scene varied. */
  scene: number;
  /** The variant set. */
  set: number;
  /** The draw kept. */
  draw: number;
  /** The drawn values. */
  values: Record<string, number>;
  /** The measured gold. */
  answer: number | string | (number | string)[];
}

/** variants.json. */
export interface VariantsRecord {
  /** VARIANTS_FORMAT. */
  format: "mechbench-physment-variants/1";
  /** SHA-256 of the seed. */
  seed_sha256: string;
  /** Variants per scene. */
  count: number;
  /** The scenes varied. */
  scenes: number[];
  /** Draws tried per variant at most. */
  max_draws: number;
  /** Rejected draws over every variant, by reason. */
  rejected: Record<string, number>;
  /** Every kept variant, by scene then set. */
  variants: VariantEntry[];
}

/** SceneN/variant.json: one kept variant (written last, so its presence means the scene files are complete). */
const VariantRecordSchema = z.object({
  format: z.literal(VARIANT_FORMAT),
  scene: z.int().positive(),
  set: z.int().positive(),
  seed_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  draw: z.int().nonnegative(),
  values: z.record(z.string(), z.number()),
  answer: SceneAnswer,
  /** Draws rejected before this one, by reason. */
  rejected: Rejected,
}).strict();

/** A variant.json's content, or what is wrong with it (the first problem, at its JSON path). */
export function checkVariantRecord(value: unknown): { record: VariantRecord } | { problem: string } {
  const r = VariantRecordSchema.safeParse(value);
  if (r.success) return { record: r.data };
  const issue = r.error.issues[0];
  return { problem: `at ${jsonPath(issue.path as (string | number)[])}: ${issue.message}` };
}
