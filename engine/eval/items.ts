// The items of a model run: each task's prompt beside its gold and what its component
// score needs (the candidate ids of a state-consistency task), read from a benchmark
// directory and narrowed by the user's selection. The join itself is join.ts's.
import type { FamilyId } from "../tasks/family.ts";
import type { TaskSet } from "../tasks/store.ts";
import { type EvalItem, joinItems } from "./join.ts";
import { inShard, type Shard } from "../shard/shard.ts";

export type { EvalItem };

/**
 * A selection of items a benchmark cannot give: a family or mechanism it does not hold, or a
 * run on another benchmark.
 *
 * @example
 * ```ts
 * import { evaluate, generateBenchmark, SelectionError } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], families: ["necessity"], perLevel: 1 });
 * await assert.rejects(evaluate({ benchmark, model: { baseline: "replay" }, families: ["transition"] }), SelectionError);
 * ```
 */
export class SelectionError extends Error {
  /** The error's name, for messages and logs. */
  override name = "SelectionError";
}

/** Tasks joined with their solutions, in the benchmark's order. */
export function evalItems(set: Pick<TaskSet, "dir" | "tasks" | "solutions">): EvalItem[] {
  return joinItems(set.tasks, set.solutions, (t) => {
    throw new SelectionError(`${set.dir}: task ${t.task_id} has no solution in solutions.jsonl`);
  });
}

export interface Selection {
  families: FamilyId[] | null;
  mechanisms: string[] | null;
  /** At most this many items, the first in benchmark order after filtering. */
  limit: number | null;
  /** Only the items of this shard, after the filters and the limit (so the shards' union is the unsharded run). */
  shard?: Shard;
}

/** The selected items; a family or mechanism the benchmark does not hold is an error, not an empty run. */
export function selectItems(items: readonly EvalItem[], sel: Selection): EvalItem[] {
  for (const f of sel.families ?? []) {
    if (!items.some((i) => i.family === f)) throw new SelectionError(`--families: the benchmark has no ${f} task`);
  }
  for (const m of sel.mechanisms ?? []) {
    if (!items.some((i) => i.mechanism === m)) throw new SelectionError(`--mechanisms: the benchmark has no task on ${m}`);
  }
  const chosen = items.filter((i) => (sel.families?.includes(i.family) ?? true) && (sel.mechanisms?.includes(i.mechanism) ?? true));
  const limited = sel.limit === null ? chosen : chosen.slice(0, sel.limit);
  return sel.shard ? limited.filter((i) => inShard(i.task_id, sel.shard)) : limited;
}
