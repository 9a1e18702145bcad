// The tasks of one family with their persisted answer and audit, read through a
// measure's own shape, and the grouping every measure reports by: level, mechanism, all.
import type { z } from "zod";
import { jsonPath } from "../../files/json_path.ts";
import { LEVELS, type FamilyId, type Level } from "../family.ts";
import type { SolutionRecord, TaskRecord } from "../records.ts";
import { StoreError } from "../../files/errors.ts";

/** A benchmark's tasks and solutions, as read from tasks.jsonl and solutions.jsonl. */
export interface TaskRecords {
  tasks: readonly TaskRecord[];
  solutions: readonly SolutionRecord[];
}

export interface Item<T> {
  taskId: string;
  mechanism: string;
  level: Level;
  read: T;
}

/** The family's tasks in file order, each with its solution parsed by `shape`; throws a StoreError naming the task when one does not fit. */
export function familyItems<T>(records: TaskRecords, family: FamilyId, shape: z.ZodType<T>): Item<T>[] {
  const solutions = new Map(records.solutions.map((s) => [s.task_id, s]));
  return records.tasks.filter((t) => t.family === family).map((t) => {
    const s = solutions.get(t.task_id);
    if (!s) throw new StoreError(`${t.task_id} (${family}): no solution in solutions.jsonl`);
    const r = shape.safeParse({ answer: s.answer, audit: s.audit });
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new StoreError(`${t.task_id} (${family}): at ${jsonPath(issue.path)}: ${issue.message}`);
    }
    return { taskId: t.task_id, mechanism: t.mechanism, level: t.level, read: r.data };
  });
}

/** A measure's rows: one per level (all four, empty ones too), one per mechanism with tasks, and all tasks. */
export interface Grouped<R> {
  levels: (R & { level: Level })[];
  mechanisms: (R & { mechanism: string })[];
  total: R;
}

export function grouped<I extends { mechanism: string; level: Level }, R>(items: readonly I[], row: (items: readonly I[]) => R): Grouped<R> {
  const mechanisms = [...new Set(items.map((i) => i.mechanism))].sort();
  return {
    levels: LEVELS.map((level) => ({ level, ...row(items.filter((i) => i.level === level)) })),
    mechanisms: mechanisms.map((mechanism) => ({ mechanism, ...row(items.filter((i) => i.mechanism === mechanism)) })),
    total: row(items),
  };
}

/** How many items satisfy `p`. */
export const countOf = <I>(items: readonly I[], p: (i: I) => boolean): number => items.reduce((n, i) => n + (p(i) ? 1 : 0), 0);

/** The sum of `f` over the items. */
export const sumOf = <I>(items: readonly I[], f: (i: I) => number): number => items.reduce((n, i) => n + f(i), 0);
