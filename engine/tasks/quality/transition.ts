// Transition's shortcut: answers that repeat. When retained tasks of one mechanism share
// an answer, a model that remembers the mechanism's answers scores without building any
// graph. Answers are compared as sets of (component, source state, target state) triples.
import { z } from "zod";
import { TransitionRead } from "./audit_shapes.ts";
import { countOf, familyItems, grouped, type Item, type TaskRecords } from "./items.ts";

/** The schema of transition's shortcut measures over a set of tasks. */
export const TransitionRow: z.ZodObject<
  { tasks: z.ZodInt; distinct_answers: z.ZodInt; repeated: z.ZodInt; shared_across_levels: z.ZodInt },
  z.core.$strict
> = z.object({
  tasks: z.int().min(0),
  /** Distinct (mechanism, answer) pairs among these tasks. */
  distinct_answers: z.int().min(0),
  /** Tasks whose answer equals another retained task's of the same mechanism (any level). */
  repeated: z.int().min(0),
  /** Tasks whose answer equals a retained task's of the same mechanism at another level. */
  shared_across_levels: z.int().min(0),
}).strict();
/** Transition's shortcut measures over a set of tasks: answers that repeat within a mechanism. */
export type TransitionRow = z.infer<typeof TransitionRow>;

/** An answer's key: its triples, sorted, as text (the order a model lists them in does not matter). */
export function answerKey(read: TransitionRead): string {
  return JSON.stringify(read.answer.admissible_component_state_transitions.map((t) => [t.component, t.source_state, t.target_state]).sort((a, b) => {
    for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
  }));
}

interface Measured extends Item<TransitionRead> {
  key: string;
  repeated: boolean;
  acrossLevels: boolean;
}

/** Each task with whether its answer recurs within its mechanism, at any level and at another level. */
export function measureTransitions(items: readonly Item<TransitionRead>[]): Measured[] {
  const keyed = items.map((i) => ({ ...i, key: answerKey(i.read) }));
  return keyed.map((i) => {
    const same = keyed.filter((o) => o !== i && o.mechanism === i.mechanism && o.key === i.key);
    return { ...i, repeated: same.length > 0, acrossLevels: same.some((o) => o.level !== i.level) };
  });
}

function row(items: readonly Measured[]): TransitionRow {
  return {
    tasks: items.length,
    distinct_answers: new Set(items.map((i) => `${i.mechanism}|${i.key}`)).size,
    repeated: countOf(items, (i) => i.repeated),
    shared_across_levels: countOf(items, (i) => i.acrossLevels),
  };
}

export function transitionMeasures(records: TaskRecords) {
  return grouped(measureTransitions(familyItems(records, "transition", TransitionRead)), row);
}
