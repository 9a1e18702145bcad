// PhysMent scoring on plain episode records (engine/physment/score): each episode's strict
// correctness (Eq. 4), graded C, E, G, V, R and the §5.4 regrade, then the run summaries
// with G′ and the Final Score — what `mech physment score` computes from transcripts.
import { AnswerValue, EpisodeRecord, type EpisodeScore, type Grade, gradeAnswer, GroundTruth, MatchOptionsInput, scoreEpisode, ScoreOptionsInput, summarize, type Summary, SummaryOptionsInput } from "../physment/score/mod.ts";
import { checked, checkedRows } from "./input.ts";

/** What scoreEpisodes returns: the per-episode scores and the run summaries. */
export interface PhysmentScores {
  /** One score per episode record, in the given order. */
  episodes: EpisodeScore[];
  /** Per model and variant: each budget and all budgets, all categories and each category. */
  summaries: Summary[];
}

/**
 * Scores episode records (the shape of EpisodeRecord, docs/physment.md "Scoring") and
 * summarizes them: per episode strict correctness (Eq. 4), graded C, E, G, V, R and the
 * §5.4 regrade; per model and variant, each budget and all budgets, all categories and each
 * category: accuracy, the dimension means, G′ and the Final Score (Eq. 6).
 *
 * @param records An array of episode records.
 * @param opts.score Matching and regrade options: `epsAbs`, `epsRel`, `containment`, `classes`, `trivialIntegerMax`.
 * @param opts.summary Summary options: `weights`, `heldOut`.
 * @returns The scores, one per record in the given order, and the summaries.
 * @throws {ScorerInputError} When a record or an option does not fit its shape (a scene outside Table 1 needs a `category`).
 *
 * @example An episode that answered 0.64 s where the truth is 0.639 s
 * ```ts
 * import { scoreEpisodes } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const episode = {
 *   scene_id: 7,
 *   model: "my-agent",
 *   budget: 5,
 *   turns: [
 *     { iteration: 1, reasoning: "Drop the ball and time its fall.", results: [{ tool: "step", parameters: { duration: 1 }, result: { time: 1 }, error: false, sim_time: 1 }] },
 *     { iteration: 2, reasoning: "It hit the floor at 0.64 s.", results: [{ tool: "answer", parameters: { answer: 0.64 }, result: null, error: false, sim_time: 1 }] },
 *   ],
 *   answer: 0.64,
 *   answer_iteration: 2,
 *   ground_truth: 0.639,
 * };
 * const { episodes, summaries } = scoreEpisodes([episode]);
 * assert.equal(episodes[0].correct, true);
 * assert.equal(episodes[0].E, 0.6); // 1 − 2/5: answered at iteration 2 of 5
 * const all = summaries.find((s) => s.budget === "all" && s.category === "all")!;
 * assert.equal(all.accuracy, 1);
 * ```
 */
export function scoreEpisodes(records: unknown, opts: { score?: ScoreOptionsInput; summary?: SummaryOptionsInput } = {}): PhysmentScores {
  const rows = checkedRows("episodes", records, EpisodeRecord, "episode records");
  const scoreOpts = checked("options.score", opts.score ?? {}, ScoreOptionsInput);
  const summaryOpts = checked("options.summary", opts.summary ?? {}, SummaryOptionsInput);
  const episodes = rows.map((r) => scoreEpisode(r, scoreOpts));
  return { episodes, summaries: summarize(episodes, summaryOpts) };
}

/**
 * Eq. 4 alone: one submitted answer (or null) against a ground truth, with the tolerances
 * ε_abs and ε_rel (defaults 1e-3 and 5 %).
 *
 * @param answer The submitted answer: a string, a number, an array of them, or null.
 * @param truth The ground truth: a number, a string or an array of them.
 * @param opts `epsAbs`, `epsRel` and `containment` ("substring" or "tokens").
 * @returns The grade: `correct`, the graded `C` and each part's match.
 * @throws {ScorerInputError} When the answer, the truth or an option does not fit its shape.
 *
 * @example
 * ```ts
 * import { gradePhysmentAnswer } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(gradePhysmentAnswer(9.81, 9.8).correct, true); // within 5 %
 * assert.equal(gradePhysmentAnswer("blue", "red").correct, false);
 * assert.equal(gradePhysmentAnswer(null, 9.8).C, 0);
 * ```
 */
export function gradePhysmentAnswer(answer: unknown, truth: unknown, opts: MatchOptionsInput = {}): Grade {
  return gradeAnswer(checked("answer", answer, AnswerValue.nullable()), checked("truth", truth, GroundTruth), checked("options", opts, MatchOptionsInput));
}
