// PhysMent's scene taxonomy (paper Table 1): 13 difficulty × modality categories over the
// consecutive scene ids 7–111, and the held-out split that Generalization (G′) is measured on.
import { z } from "zod";

/** Table 1's 13 categories: id, name, and the first and last of their consecutive scene ids. */
export const CATEGORIES = [
  { id: "easy_single_physics", name: "Easy Single Physics", first: 7, last: 15 },
  { id: "easy_single_object_creation", name: "Easy Single + Object Creation", first: 16, last: 20 },
  { id: "easy_single_hidden", name: "Easy Single + Hidden Objects", first: 21, last: 25 },
  { id: "hard_single_physics", name: "Hard Single Physics", first: 26, last: 40 },
  { id: "hard_single_object_creation", name: "Hard Single + Object Creation", first: 41, last: 45 },
  { id: "hard_single_hidden", name: "Hard Single + Hidden Objects", first: 46, last: 50 },
  { id: "easy_multi_physics", name: "Easy Multi-Physics", first: 51, last: 65 },
  { id: "easy_multi_object_creation", name: "Easy Multi + Object Creation", first: 66, last: 70 },
  { id: "easy_multi_hidden", name: "Easy Multi + Hidden Objects", first: 71, last: 75 },
  { id: "hard_multi_physics", name: "Hard Multi-Physics", first: 76, last: 90 },
  { id: "hard_multi_object_creation", name: "Hard Multi + Object Creation", first: 91, last: 95 },
  { id: "hard_multi_hidden", name: "Hard Multi + Hidden Objects", first: 96, last: 100 },
  { id: "create_delete_attach", name: "Create / Delete / Attach", first: 101, last: 111 },
] as const;

/** The categories' ids, as a schema. */
export const Category: z.ZodEnum<{ [K in CategoryId]: K }> = z.enum(CATEGORIES.map((c) => c.id) as [CategoryId, ...CategoryId[]]);
/** A category's id, e.g. "easy_single_physics". */
export type CategoryId = (typeof CATEGORIES)[number]["id"];
/** A Table 1 category (its id). */
export type Category = CategoryId;

/**
 * Position of a category in Table 1 (the deterministic ordering of summaries).
 *
 * @param c A category.
 * @returns Its position, from 0.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.categoryRank("easy_single_physics"), 0);
 * assert.equal(physment.categoryRank("create_delete_attach"), physment.CATEGORIES.length - 1);
 * ```
 */
export function categoryRank(c: Category): number {
  return CATEGORIES.findIndex((x) => x.id === c);
}

/**
 * The Table 1 category of an original scene id (7–111), or null outside that range.
 *
 * @param sceneId A scene id.
 * @returns Its category, or null.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.categoryOfScene(7), "easy_single_physics");
 * assert.equal(physment.categoryOfScene(3), null);
 * ```
 */
export function categoryOfScene(sceneId: number): Category | null {
  return CATEGORIES.find((c) => sceneId >= c.first && sceneId <= c.last)?.id ?? null;
}

/**
 * The default held-out categories for G′: every cell whose modality needs a tool the
 * prompt's worked examples (a dropped ball, a pushed box, a sphere on a ramp: paper App. E)
 * never demonstrate — object creation (create_objects), hidden objects (find_objects) and
 * scene manipulation (create/delete/attach_objects). 8 × 5 + 11 = 51 of the 105 scenes.
 */
export const DEFAULT_HELD_OUT: readonly Category[] = Object.freeze([
  "easy_single_object_creation",
  "easy_single_hidden",
  "hard_single_object_creation",
  "hard_single_hidden",
  "easy_multi_object_creation",
  "easy_multi_hidden",
  "hard_multi_object_creation",
  "hard_multi_hidden",
  "create_delete_attach",
]);
