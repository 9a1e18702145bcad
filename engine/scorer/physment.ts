// PhysMent scoring on plain episode records (engine/physment/score): each episode's strict
// correctness (Eq. 4), graded C, E, G, V, R and the §5.4 regrade, then the run summaries
// with G′ and the Final Score — what `mech physment score` computes from transcripts.
import { AnswerValue, EpisodeRecord, type EpisodeScore, type Grade, gradeAnswer, GroundTruth, MatchOptionsInput, scoreEpisode, ScoreOptionsInput, summarize, type Summary, SummaryOptionsInput } from "../physment/score/mod.ts";
import { checked, checkedRows } from "./input.ts";

export interface PhysmentScores {
  /** One score per episode record, in the given order. */
  episodes: EpisodeScore[];
  /** Per model and variant: each budget and all budgets, all categories and each category. */
  summaries: Summary[];
}

/** Scores episode records (the shape of EpisodeRecord, docs/physment.md "Scoring") and summarizes them. */
export function scoreEpisodes(records: unknown, opts: { score?: ScoreOptionsInput; summary?: SummaryOptionsInput } = {}): PhysmentScores {
  const rows = checkedRows("episodes", records, EpisodeRecord, "episode records");
  const scoreOpts = checked("options.score", opts.score ?? {}, ScoreOptionsInput);
  const summaryOpts = checked("options.summary", opts.summary ?? {}, SummaryOptionsInput);
  const episodes = rows.map((r) => scoreEpisode(r, scoreOpts));
  return { episodes, summaries: summarize(episodes, summaryOpts) };
}

/** Eq. 4 alone: one submitted answer (or null) against a ground truth, with the tolerances ε_abs and ε_rel. */
export function gradePhysmentAnswer(answer: unknown, truth: unknown, opts: MatchOptionsInput = {}): Grade {
  return gradeAnswer(checked("answer", answer, AnswerValue.nullable()), checked("truth", truth, GroundTruth), checked("options", opts, MatchOptionsInput));
}
