// Necessity's shortcut: answer patterns. Every task has two necessary and two
// unnecessary claims, so six label strings are possible; when one of them dominates a
// level, answering it always scores that share without reading a claim.
import { z } from "zod";
import { NecessityRead } from "./audit_shapes.ts";
import { familyItems, grouped, type Item, type TaskRecords } from "./items.ts";

/** The schema of necessity's shortcut measure over a set of tasks. */
export const NecessityRow: z.ZodObject<
  {
    tasks: z.ZodInt;
    patterns: z.ZodArray<z.ZodObject<{ labels: z.ZodString; tasks: z.ZodInt }, z.core.$strict>>;
    most_common_share: z.ZodNumber;
  },
  z.core.$strict
> = z.object({
  tasks: z.int().min(0),
  /** Tasks per gold label string, most frequent first (ties in string order). */
  patterns: z.array(z.object({ labels: z.string(), tasks: z.int().min(1) }).strict()),
  /** The share of these tasks the most frequent string answers exactly (0 without tasks). */
  most_common_share: z.number().min(0).max(1),
}).strict();
/** Necessity's shortcut measure over a set of tasks: the gold label strings and how much the most frequent one answers. */
export type NecessityRow = z.infer<typeof NecessityRow>;

function row(items: readonly Item<NecessityRead>[]): NecessityRow {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i.read.answer.necessity_labels, (counts.get(i.read.answer.necessity_labels) ?? 0) + 1);
  const patterns = [...counts].map(([labels, tasks]) => ({ labels, tasks })).sort((a, b) => b.tasks - a.tasks || (a.labels < b.labels ? -1 : 1));
  return { tasks: items.length, patterns, most_common_share: items.length ? patterns[0].tasks / items.length : 0 };
}

export function necessityMeasures(records: TaskRecords) {
  return grouped(familyItems(records, "necessity", NecessityRead), row);
}
