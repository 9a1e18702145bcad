// The shortcut measures as Markdown tables: one section per family, rows by level, then
// by mechanism, then all tasks; and the goals.
import type { Grouped } from "./items.ts";
import type { QualityReport } from "./report.ts";

const pct = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)} %` : "—");

function table<R>(g: Grouped<R>, head: string[], cells: (r: R) => (string | number)[]): string[] {
  const line = (first: string, r: R) => `| ${[first, ...cells(r)].join(" | ")} |`;
  return [
    `| level / mechanism | ${head.join(" | ")} |`,
    `|---|${head.map(() => "---:|").join("")}`,
    ...g.levels.map((r) => line(r.level, r)),
    ...g.mechanisms.map((r) => line(r.mechanism, r)),
    line("all", g.total),
  ];
}

/**
 * The shortcut measures as Markdown lines, as `mech tasks stats --quality` prints them.
 *
 * @param q The measures (benchmarkQuality).
 * @returns The lines, without line ends.
 *
 * @example
 * ```ts
 * import { benchmarkQuality, generateBenchmark, qualityLines } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], families: ["transition"], perLevel: 1 });
 * const lines = qualityLines(benchmarkQuality(benchmark));
 * assert.ok(lines.includes("| goal | value | met |"));
 * ```
 */
export function qualityLines(q: QualityReport): string[] {
  return [
    "Shortcut measures",
    "",
    "plausibility: implausible (I) labels by the cheapest check that finds them (local: one checkpoint contradicts every episode of the universe; layer: a checkpoint matches no episode of its layer; path: no path joins the checkpoints)",
    ...table(q.plausibility, ["tasks", "I labels", "local", "local share", "layer", "path", "witnessed", "tasks solved locally"], (r) =>
      [r.tasks, r.implausible, r.local, pct(r.local, r.implausible), r.layer, r.path, r.witnessed, `${r.solved_locally} of ${r.tasks}`]),
    "",
    "functional recovery: vacuous faults (the library satisfies every lost restriction), outcome-only labelling (successors ignored) against the gold, outcomes without successors (the hold rule)",
    ...table(q.functional_recovery, ["tasks", "vacuous faults", "outcome-only = gold", "plans", "plans decided by successors", "outcomes", "without successors", "tasks with a hold"], (r) =>
      [r.tasks, r.vacuous, `${r.outcome_only_equal} of ${r.tasks}`, r.plans, r.plans_decided_by_successors, r.outcomes, r.outcomes_without_successors, r.tasks_with_hold]),
    "",
    "transition: answers repeated within a mechanism",
    ...table(q.transition, ["tasks", "distinct answers", "repeated", "shared across levels"], (r) => [r.tasks, r.distinct_answers, r.repeated, r.shared_across_levels]),
    "",
    "necessity: gold label strings (tasks per string) and the share the most common one answers",
    ...table(q.necessity, ["tasks", "patterns", "most common share"], (r) =>
      [r.tasks, r.patterns.map((p) => `${p.labels} ${p.tasks}`).join(", ") || "—", r.tasks ? `${Math.round(100 * r.most_common_share)} %` : "—"]),
    "",
    "| goal | value | met |",
    "|---|---:|---|",
    ...q.goals.map((g) => `| ${g.goal} | ${g.unit === "share" ? `${Math.round(100 * g.value)} %` : g.value} | ${g.met === null ? "—" : g.met ? "yes" : "no"} |`),
  ];
}
