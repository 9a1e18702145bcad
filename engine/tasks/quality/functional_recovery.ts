// Functional recovery's shortcuts. A fault is vacuous when every episode of the
// fault-belief library still satisfies every lost restriction: the library is then the
// nominal belief and the fault changes nothing. A task is answerable from outcomes alone
// when labelling each plan from its outcomes, ignoring their successors, gives the gold
// (U if an outcome itself satisfies every unsafe atom, else D if an outcome itself fails
// a goal atom, else R). An outcome without successors is where the hold rule (the
// outcome is its own deadline episode) is exercised.
import { z } from "zod";
import { StoreError } from "../../files/errors.ts";
import { type Fact, FunctionalRecoveryRead } from "./audit_shapes.ts";
import { countOf, familyItems, grouped, type Item, sumOf, type TaskRecords } from "./items.ts";

export interface FunctionalRecoveryTask {
  vacuous: boolean;
  gold: string;
  outcomeOnly: string;
  /** Distinct outcome episodes the plans name, and those of them without a successor. */
  outcomes: number;
  withoutSuccessors: number;
}

/** The schema of functional recovery's shortcut measures over a set of tasks. */
export const FunctionalRecoveryRow: z.ZodObject<
  {
    tasks: z.ZodInt;
    vacuous: z.ZodInt;
    outcome_only_equal: z.ZodInt;
    plans: z.ZodInt;
    plans_decided_by_successors: z.ZodInt;
    outcomes: z.ZodInt;
    outcomes_without_successors: z.ZodInt;
    tasks_with_hold: z.ZodInt;
  },
  z.core.$strict
> = z.object({
  tasks: z.int().min(0),
  /** Tasks whose every library episode satisfies every lost restriction. */
  vacuous: z.int().min(0),
  /** Tasks whose outcome-only labelling equals the gold string. */
  outcome_only_equal: z.int().min(0),
  plans: z.int().min(0),
  /** Plans whose gold status differs from their outcome-only status. */
  plans_decided_by_successors: z.int().min(0),
  /** Distinct outcome episodes named by the plans of each task, summed over tasks. */
  outcomes: z.int().min(0),
  outcomes_without_successors: z.int().min(0),
  /** Tasks with at least one outcome without successors (the hold rule exercised). */
  tasks_with_hold: z.int().min(0),
}).strict();
/** Functional recovery's shortcut measures over a set of tasks: vacuous faults, outcome-only answers and the hold rule's use. */
export type FunctionalRecoveryRow = z.infer<typeof FunctionalRecoveryRow>;

export function measureFunctionalRecovery(item: Item<FunctionalRecoveryRead>): FunctionalRecoveryTask {
  const { answer, audit } = item.read;
  const g = audit.graph;
  const variable = new Map(g.variables.map((v, i) => [v.name, i]));
  const cellName = (id: number, name: string): string => {
    const v = variable.get(name);
    const e = g.episodes[id];
    if (v === undefined || !e) throw new StoreError(`${item.taskId} (functional_recovery): the audit has no ${e ? `variable ${name}` : `episode ${id}`}`);
    return g.variables[v].cells[e.cells[v]];
  };
  const holds = (id: number, f: Fact) => cellName(id, f.var) === f.cell;
  const library = g.layers[0].episodes;
  const vacuous = library.every((id) => audit.lost.every((r) => r.cells.includes(cellName(id, r.var))));
  const outcomeOnly = audit.policies.map((p) =>
    p.outcomes.some((o) => audit.unsafe.every((f) => holds(o, f))) ? "U" : p.outcomes.some((o) => !audit.goal.every((f) => holds(o, f))) ? "D" : "R"
  ).join("");
  if (outcomeOnly.length !== answer.plan_statuses.length) throw new StoreError(`${item.taskId} (functional_recovery): ${outcomeOnly.length} plans, ${answer.plan_statuses.length} statuses`);
  const named = [...new Set(audit.policies.flatMap((p) => p.outcomes))];
  const sources = new Set(g.edges.map((e) => e.source));
  return { vacuous, gold: answer.plan_statuses, outcomeOnly, outcomes: named.length, withoutSuccessors: countOf(named, (o) => !sources.has(o)) };
}

type Measured = Item<FunctionalRecoveryRead> & { m: FunctionalRecoveryTask };

function row(items: readonly Measured[]): FunctionalRecoveryRow {
  return {
    tasks: items.length,
    vacuous: countOf(items, (i) => i.m.vacuous),
    outcome_only_equal: countOf(items, (i) => i.m.outcomeOnly === i.m.gold),
    plans: sumOf(items, (i) => i.m.gold.length),
    plans_decided_by_successors: sumOf(items, (i) => [...i.m.gold].filter((s, k) => s !== i.m.outcomeOnly[k]).length),
    outcomes: sumOf(items, (i) => i.m.outcomes),
    outcomes_without_successors: sumOf(items, (i) => i.m.withoutSuccessors),
    tasks_with_hold: countOf(items, (i) => i.m.withoutSuccessors > 0),
  };
}

export function functionalRecoveryMeasures(records: TaskRecords) {
  const items = familyItems(records, "functional_recovery", FunctionalRecoveryRead).map((i) => ({ ...i, m: measureFunctionalRecovery(i) }));
  return grouped(items, row);
}
