// The shortcut measures of a benchmark (`mech tasks stats --quality`): per family the
// easy routes to its answers, by level, by mechanism and in all, and the goals they are
// held to. Each family's measure is its own module; this one assembles them.
import { z } from "zod";
import type { MechanismModel } from "../../model/model.ts";
import { Level } from "../family.ts";
import { StoreError } from "../../files/errors.ts";
import type { TaskRecords } from "./items.ts";
import { PlausibilityRow, plausibilityMeasures } from "./plausibility.ts";
import { FunctionalRecoveryRow, functionalRecoveryMeasures } from "./functional_recovery.ts";
import { TransitionRow, transitionMeasures } from "./transition.ts";
import { NecessityRow, necessityMeasures } from "./necessity.ts";
import { Universes } from "./universe.ts";

/** The schema of a measure's rows by level, by mechanism and in all (items.ts Grouped). */
export type GroupedRows<S extends z.ZodRawShape> = z.ZodObject<
  {
    levels: z.ZodArray<z.ZodObject<{ level: typeof Level } & S, z.core.$strict>>;
    mechanisms: z.ZodArray<z.ZodObject<{ mechanism: z.ZodString } & S, z.core.$strict>>;
    total: z.ZodObject<S>;
  },
  z.core.$strict
>;

/** A measure's rows (items.ts Grouped) as a schema. */
const groupedOf = <S extends z.ZodRawShape>(row: z.ZodObject<S>): GroupedRows<S> =>
  z.object({
    levels: z.array(z.object({ level: Level, ...row.shape }).strict()),
    mechanisms: z.array(z.object({ mechanism: z.string(), ...row.shape }).strict()),
    total: row,
  }).strict();

/** The schema of a shortcut goal and whether the benchmark meets it. */
export const QualityGoal: z.ZodObject<
  {
    id: z.ZodString;
    goal: z.ZodString;
    value: z.ZodNumber;
    unit: z.ZodEnum<{ count: "count"; share: "share" }>;
    met: z.ZodNullable<z.ZodBoolean>;
  },
  z.core.$strict
> = z.object({
  id: z.string(),
  goal: z.string(),
  value: z.number(),
  /** A count of tasks or labels, or a share in [0, 1]. */
  unit: z.enum(["count", "share"]),
  /** null: no task to judge, or not decidable from the benchmark alone. */
  met: z.boolean().nullable(),
}).strict();
/** A shortcut goal the benchmark is held to, its measured value and whether it is met. */
export type QualityGoal = z.infer<typeof QualityGoal>;

/** The shortcut measures of a benchmark (`mech tasks stats --quality`). */
export const QualityReport: z.ZodObject<
  {
    plausibility: GroupedRows<(typeof PlausibilityRow)["shape"]>;
    functional_recovery: GroupedRows<(typeof FunctionalRecoveryRow)["shape"]>;
    transition: GroupedRows<(typeof TransitionRow)["shape"]>;
    necessity: GroupedRows<(typeof NecessityRow)["shape"]>;
    goals: z.ZodArray<typeof QualityGoal>;
    solves: z.ZodInt;
  },
  z.core.$strict
> = z.object({
  plausibility: groupedOf(PlausibilityRow),
  functional_recovery: groupedOf(FunctionalRecoveryRow),
  transition: groupedOf(TransitionRow),
  necessity: groupedOf(NecessityRow),
  goals: z.array(QualityGoal),
  /** Exact solves the checkpoint-local check made (its cost; fact sets an audited episode meets need none). */
  solves: z.int().min(0),
}).strict();
/** The shortcut measures per family (by level, by mechanism and in all), the goals they are held to, and the exact solves the measures made. */
export type QualityReport = z.infer<typeof QualityReport>;

/** The thresholds the benchmark's families are held to (docs/benchmark.md, shortcut measures). */
export const GOALS = { plausibilityLocalShare: 0.2, outcomeOnlyShare: 1 / 3 } as const;

const share = (n: number, of: number) => (of ? n / of : 0);

export function qualityGoals(r: Omit<QualityReport, "goals" | "solves">): QualityGoal[] {
  const p = r.plausibility.total, f = r.functional_recovery, t = r.transition.total;
  const late = f.levels.filter((l) => l.level !== "D1");
  const lateTasks = late.reduce((n, l) => n + l.tasks, 0), lateEqual = late.reduce((n, l) => n + l.outcome_only_equal, 0);
  const localShare = share(p.local, p.implausible), outcomeShare = share(lateEqual, lateTasks);
  return [
    { id: "functional_recovery_vacuous", goal: "functional recovery: no vacuous fault", value: f.total.vacuous, unit: "count", met: f.total.tasks ? f.total.vacuous === 0 : null },
    {
      id: "plausibility_local_share",
      goal: `plausibility: at most ${GOALS.plausibilityLocalShare * 100} % of implausible labels detectable by checkpoint-local consistency`,
      value: localShare,
      unit: "share",
      met: p.implausible ? localShare <= GOALS.plausibilityLocalShare : null,
    },
    { id: "plausibility_solved_locally", goal: "plausibility: no task fully solved by checkpoint-local consistency", value: p.solved_locally, unit: "count", met: p.tasks ? p.solved_locally === 0 : null },
    {
      id: "functional_recovery_outcome_only",
      goal: "functional recovery: outcome-only labelling equals the gold in at most a third of D2-D4 tasks",
      value: outcomeShare,
      unit: "share",
      met: lateTasks ? outcomeShare <= GOALS.outcomeOnlyShare : null,
    },
    // whether another answer was available is not in the benchmark: a nonzero count is judged by hand
    { id: "transition_repeated", goal: "transition: no repeated answer within a mechanism where the candidates allow another", value: t.repeated, unit: "count", met: t.repeated === 0 ? true : null },
  ];
}

/** Every measure over a benchmark's tasks; `mechanism` gives the catalog model of an id (plausibility's local check needs it). */
export function qualityReport(records: TaskRecords, mechanism: (id: string) => MechanismModel | undefined): QualityReport {
  const models = new Map<string, MechanismModel>();
  const model = (id: string): MechanismModel => {
    let m = models.get(id);
    if (!m) {
      m = mechanism(id);
      if (!m) throw new StoreError(`the benchmark names mechanism ${id}, which the catalog does not have`);
      models.set(id, m);
    }
    return m;
  };
  const universes = new Universes();
  const measures = {
    plausibility: plausibilityMeasures(records, model, universes),
    functional_recovery: functionalRecoveryMeasures(records),
    transition: transitionMeasures(records),
    necessity: necessityMeasures(records),
  };
  return QualityReport.parse({ ...measures, goals: qualityGoals(measures), solves: universes.solves });
}
