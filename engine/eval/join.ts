// Each task of a benchmark beside its gold and what its component score needs (the
// candidate ids of a state-consistency task): the rows of tasks.jsonl and solutions.jsonl
// joined by task id. Pure, so items.ts (from a directory) and the portable scorer (from
// rows the user holds) make their items the same way.
import type { FamilyId, Level } from "../tasks/family.ts";
import type { SolutionRecord, TaskRecord } from "../tasks/records.ts";
import type { ScoreContext } from "./outcome.ts";

/** A task of a benchmark beside its gold answer: what a model run sends and judges. */
export interface EvalItem {
  /** The task's id (task_ and 16 hex digits). */
  task_id: string;
  /** Its family. */
  family: FamilyId;
  /** The built-in mechanism it is about. */
  mechanism: string;
  /** Its level, D1–D4. */
  level: Level;
  /** Its complexity (Table 2), computed without the gold. */
  complexity: number;
  /** The user message, exactly as sent. */
  prompt: string;
  /** The prompt's length in o200k_base tokens. */
  prompt_tokens: number;
  /** The gold answer payload. */
  gold: Record<string, unknown>;
  /** What the family's component score needs beside the gold. */
  context: ScoreContext;
}

/**
 * Validated task and solution rows joined by task id, in the tasks' order; `missing` throws
 * the error for a task without a solution (the caller knows where the rows came from).
 */
export function joinItems(tasks: readonly TaskRecord[], solutions: readonly SolutionRecord[], missing: (task: TaskRecord, index: number) => never): EvalItem[] {
  const byId = new Map(solutions.map((s) => [s.task_id, s]));
  return tasks.map((t, index) => {
    const s = byId.get(t.task_id);
    if (!s) return missing(t, index);
    const rows = (s.audit as { rows?: { id?: unknown }[] }).rows;
    const candidates = t.family === "state_consistency" && Array.isArray(rows) ? rows.map((r) => String(r.id)) : undefined;
    return {
      task_id: t.task_id,
      family: t.family,
      mechanism: t.mechanism,
      level: t.level,
      complexity: t.complexity,
      prompt: t.prompt,
      prompt_tokens: t.prompt_tokens,
      gold: s.answer,
      context: candidates ? { candidates } : {},
    };
  });
}

