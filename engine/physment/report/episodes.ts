// Per-episode readings shared by the report and the viewer: a run's display name, and each
// episode's failure modes (docs/physment.md "## Report" defines each) with their counts.
import type { EpisodeScore } from "../score/mod.ts";

/** A run's name in tables and lists: the model, and its strategy/protocol in parentheses. */
export const runName = (model: string, variant: string): string => (variant ? `${model} (${variant})` : model);

export interface FailureCounts {
  model: string;
  variant: string;
  budget: number;
  episodes: number;
  /** Answered incorrectly (strict) in an iteration k < I_max/2. */
  premature: number;
  /** Never answered: the budget ran out. */
  exhausted: number;
  /** At least one rejected or unreadable call (V < 1). */
  invalid_calls: number;
  /** Strict fail regraded to pass by equivalence class 1 (names/ids) or 4 (format). */
  format_mismatch: number;
}

/** The failure modes an episode can show (docs/physment.md "## Report" defines each). */
export type FailureMode = "premature" | "exhausted" | "invalid_calls" | "format_mismatch";

/** The failure modes of one episode, in FailureCounts' order (none for a clean episode). */
export function episodeFailureModes(s: EpisodeScore): FailureMode[] {
  const out: FailureMode[] = [];
  if (s.answered && !s.correct && s.answer_iteration !== null && s.answer_iteration < s.budget / 2) out.push("premature");
  if (!s.answered) out.push("exhausted");
  if (s.V < 1) out.push("invalid_calls");
  if (!s.correct && s.regrade.regraded && s.regrade.classes.some((c) => c === 1 || c === 4)) out.push("format_mismatch");
  return out;
}

/** Failure-mode counts per model, variant and budget (ordered like the summaries). */
export function failureModes(scores: readonly EpisodeScore[]): FailureCounts[] {
  const map = new Map<string, FailureCounts>();
  for (const s of scores) {
    const key = JSON.stringify([s.model, s.variant, s.budget]);
    let f = map.get(key);
    if (!f) {
      f = { model: s.model, variant: s.variant, budget: s.budget, episodes: 0, premature: 0, exhausted: 0, invalid_calls: 0, format_mismatch: 0 };
      map.set(key, f);
    }
    f.episodes++;
    for (const mode of episodeFailureModes(s)) f[mode]++;
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...map.values()].sort((a, b) => cmp(a.model, b.model) || cmp(a.variant, b.variant) || a.budget - b.budget);
}
