// Run summaries (paper §3.5, Eq. 5–6, Tables 2, 3, 5): per model × budget × category,
// per model × budget, and per model over all budgets — strict accuracy, the means of the
// dimensions, G′ and the Final Score; the §5.4 regraded accuracy beside them.
import { z } from "zod";
import { Category, categoryRank, DEFAULT_HELD_OUT } from "./categories.ts";
import type { EpisodeScore } from "./dimensions.ts";
import type { EquivalenceClass } from "./normalize.ts";

/** The scoring dimensions of the Final Score (paper §3.5), in Eq. (6)'s order. */
export const DIMENSIONS = ["C", "E", "G", "V", "R", "G_prime"] as const;
/** One of the scoring dimensions. */
export type Dimension = (typeof DIMENSIONS)[number];

/** The paper's weights (w_C, w_E, w_G, w_V, w_R, w_G′). */
export const DEFAULT_WEIGHTS: Readonly<Record<Dimension, number>> = Object.freeze({
  C: 0.40,
  E: 0.15,
  G: 0.15,
  V: 0.10,
  R: 0.10,
  G_prime: 0.10,
});

/** The schema of the Final Score's weights (Eq. 6): non-negative, summing to 1. */
export const Weights: z.ZodObject<
  { C: z.ZodNumber; E: z.ZodNumber; G: z.ZodNumber; V: z.ZodNumber; R: z.ZodNumber; G_prime: z.ZodNumber },
  z.core.$strict
> = z.object({
  C: z.number().min(0),
  E: z.number().min(0),
  G: z.number().min(0),
  V: z.number().min(0),
  R: z.number().min(0),
  G_prime: z.number().min(0),
}).strict().refine((w) => Math.abs(DIMENSIONS.reduce((s, d) => s + w[d], 0) - 1) < 1e-9, "weights must sum to 1");
/** The Final Score's weight of each dimension (Eq. 6): C, E, G, V, R and G′, summing to 1. */
export type Weights = z.infer<typeof Weights>;

/**
 * Final Score (Eq. 6): 100·Σ w_j·dim_j. A dimension that is undefined (null: no episode with
 * an assertion for G, no held-out episode for G′) is left out and the remaining weights are
 * renormalized to sum 1; `missing` lists what was left out.
 *
 * @param dims Each dimension's value, or null when undefined.
 * @param weights The weights (default DEFAULT_WEIGHTS).
 * @returns The score, 0–100, and the dimensions left out.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.finalScore({ C: 1, E: 1, G: 1, V: 1, R: 1, G_prime: 1 }), { score: 100, missing: [] });
 * assert.deepEqual(physment.finalScore({ C: 1, E: 0.5, G: null, V: 1, R: 1, G_prime: 1 }).missing, ["G"]);
 * ```
 */
export function finalScore(
  dims: Readonly<Record<Dimension, number | null>>,
  weights: Readonly<Record<Dimension, number>> = DEFAULT_WEIGHTS,
): { score: number; missing: Dimension[] } {
  let sum = 0;
  let wsum = 0;
  const missing: Dimension[] = [];
  for (const d of DIMENSIONS) {
    const v = dims[d];
    if (v === null) {
      missing.push(d);
      continue;
    }
    sum += weights[d] * v;
    wsum += weights[d];
  }
  return { score: wsum === 0 ? 0 : (100 * sum) / wsum, missing };
}

/** One row of a run's summary: a model (and variant) at a budget in a category, or over all of them. */
export interface Summary {
  /** The model. */
  model: string;
  /** What else tells its runs apart: strategy and protocol ("zero-shot/function"). */
  variant: string;
  /** I_max, or "all" for the model over every budget. */
  budget: number | "all";
  /** A Table 1 category, or "all". */
  category: Category | "all";
  /** The episodes the row averages. */
  episodes: number;
  /** Eq. (5): the fraction of episodes strictly correct. */
  accuracy: number;
  /** Mean graded correctness. */
  C: number;
  /** Mean efficiency, 1 − k/I_max. */
  E: number;
  /** Mean groundedness over the episodes whose G is defined; null when none is. */
  G: number | null;
  /** The episodes whose G is defined. */
  G_episodes: number;
  /** Mean action validity. */
  V: number;
  /** Mean reasoning diversity. */
  R: number;
  /** Strict accuracy over the run's held-out episodes (the run: this model and budget, every category). */
  G_prime: number | null;
  /** The held-out episodes G′ is measured on. */
  held_out_episodes: number;
  /** Eq. (6) on this row's means, 0–100. */
  final_score: number;
  /** Dimensions left out of final_score because undefined. */
  final_score_missing: Dimension[];
  /** Accuracy after the §5.4 regrade (strict passes plus regraded ones). */
  regraded_accuracy: number;
  /** Mean graded correctness after the regrade. */
  regraded_C: number;
  /** Episodes regraded Fail → Pass. */
  regraded_episodes: number;
  /** Regraded episodes per equivalence class (an episode regraded by two classes counts in both). */
  regrades_by_class: Record<EquivalenceClass, number>;
}

/** The schema of summarize's options. */
export const SummaryOptionsInput: z.ZodObject<
  { weights: z.ZodOptional<typeof Weights>; heldOut: z.ZodOptional<z.ZodArray<typeof Category>> },
  z.core.$strict
> = z.object({
  weights: Weights.optional(),
  /** The held-out categories of G′; default DEFAULT_HELD_OUT. */
  heldOut: z.array(Category).optional(),
}).strict();
/** summarize's options: the Final Score's weights and G′'s held-out categories (defaults DEFAULT_WEIGHTS and DEFAULT_HELD_OUT). */
export type SummaryOptionsInput = z.input<typeof SummaryOptionsInput>;

/** Mean of values summed in ascending order, so a summary does not depend on the episodes' order. */
const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : [...xs].sort((a, b) => a - b).reduce((s, x) => s + x, 0) / xs.length);

function row(
  model: string,
  variant: string,
  budget: number | "all",
  category: Category | "all",
  eps: readonly EpisodeScore[],
  run: readonly EpisodeScore[],
  heldOut: ReadonlySet<Category>,
  weights: Readonly<Record<Dimension, number>>,
): Summary {
  const gs = eps.flatMap((e) => (e.G === null ? [] : [e.G]));
  const held = run.filter((e) => heldOut.has(e.category));
  const dims = {
    C: mean(eps.map((e) => e.C)),
    E: mean(eps.map((e) => e.E)),
    G: gs.length === 0 ? null : mean(gs),
    V: mean(eps.map((e) => e.V)),
    R: mean(eps.map((e) => e.R)),
    G_prime: held.length === 0 ? null : mean(held.map((e) => (e.correct ? 1 : 0))),
  };
  const fs = finalScore(dims, weights);
  const regraded = eps.filter((e) => e.regrade.regraded);
  const byClass: Record<EquivalenceClass, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const e of regraded) for (const c of e.regrade.classes) byClass[c]++;
  return {
    model,
    variant,
    budget,
    category,
    episodes: eps.length,
    accuracy: mean(eps.map((e) => (e.correct ? 1 : 0))),
    C: dims.C,
    E: dims.E,
    G: dims.G,
    G_episodes: gs.length,
    V: dims.V,
    R: dims.R,
    G_prime: dims.G_prime,
    held_out_episodes: held.length,
    final_score: fs.score,
    final_score_missing: fs.missing,
    regraded_accuracy: mean(eps.map((e) => (e.regrade.pass ? 1 : 0))),
    regraded_C: mean(eps.map((e) => e.regrade.C)),
    regraded_episodes: regraded.length,
    regrades_by_class: byClass,
  };
}

const byCodepoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Summaries of scored episodes, in a deterministic order: runs by model, then variant (code
 * point order); for each, its budgets ascending and then "all"; for each budget, the "all" row
 * first and then the categories present in Table 1 order. Category rows carry their run's G′
 * (a run is one model and variant at one budget, or at all budgets for the "all" rows), so
 * their Final Score uses it.
 *
 * @param scores Episode scores (scoreEpisode).
 * @param opts The weights and G′'s held-out categories.
 * @returns One summary per model, variant, budget (and all) and category (and all).
 * @throws {ZodError} When an option does not fit SummaryOptionsInput.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const episode = { scene_id: 7, model: "my-agent", budget: 5, turns: [{ iteration: 1 }], answer_iteration: 1, ground_truth: 0.64 };
 * const scores = [physment.scoreEpisode({ ...episode, answer: 0.64 }), physment.scoreEpisode({ ...episode, answer: 1 })];
 * const all = physment.summarize(scores).find((s) => s.budget === "all" && s.category === "all")!;
 * assert.deepEqual([all.episodes, all.accuracy], [2, 0.5]);
 * ```
 */
export function summarize(scores: readonly EpisodeScore[], opts?: SummaryOptionsInput): Summary[] {
  const o = SummaryOptionsInput.parse(opts ?? {});
  const weights = o.weights ?? DEFAULT_WEIGHTS;
  const heldOut = new Set<Category>(o.heldOut ?? DEFAULT_HELD_OUT);
  const out: Summary[] = [];
  const keys = [...new Map(scores.map((s) => [JSON.stringify([s.model, s.variant]), [s.model, s.variant] as const])).values()]
    .sort((a, b) => byCodepoint(a[0], b[0]) || byCodepoint(a[1], b[1]));
  for (const [model, variant] of keys) {
    const ofRun = scores.filter((s) => s.model === model && s.variant === variant);
    const budgets: (number | "all")[] = [...new Set(ofRun.map((s) => s.budget))].sort((a, b) => a - b);
    budgets.push("all");
    for (const budget of budgets) {
      const run = budget === "all" ? ofRun : ofRun.filter((s) => s.budget === budget);
      out.push(row(model, variant, budget, "all", run, run, heldOut, weights));
      const cats = [...new Set(run.map((s) => s.category))].sort((a, b) => categoryRank(a) - categoryRank(b));
      for (const c of cats) out.push(row(model, variant, budget, c, run.filter((s) => s.category === c), run, heldOut, weights));
    }
  }
  return out;
}
