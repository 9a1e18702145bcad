// The run viewer for MechReasoner runs, from a script and behind `mech view`.
import { z } from "zod";
import { readRunConfig } from "../eval/run_store.ts";
import { evalViewData } from "../eval/view.ts";
import { taskEvidence } from "../tasks/lookup.ts";
import { readTaskSet } from "../tasks/store.ts";
import { OptionsError } from "../files/errors.ts";
import { checkOptions } from "./options.ts";
import { type BenchmarkSource, judgedRun, loadEvaluations } from "./evaluate.ts";
import { type RunView, runView } from "./view_kind.ts";

const Options = z.object({
  benchmark: z.union([z.string().min(1), z.object({ dir: z.string(), manifest: z.object({}).loose(), tasks: z.array(z.unknown()), solutions: z.array(z.unknown()) }).loose()], { error: "expected a benchmark (generateBenchmark, loadBenchmark) or a benchmark directory" }).optional(),
}).strict();

/**
 * The run viewer's page for MechReasoner runs on one benchmark, as `mech view` writes it:
 * a list of a row per item and model (family, mechanism, level, B1–B4 bin, outcome, partial
 * score) that filters by each column and by text and sorts by any; and each item on its
 * own: the prompt, two models' responses side by side with the extracted and normalized
 * answers, the gold and the evidence `mech tasks show` prints. `#task_…` links open an
 * item; keys move between items.
 *
 * @param dirs Run directories of mech eval (evaluate), one per model.
 * @param options `benchmark`: the runs' benchmark, when not at the directory their run.json names.
 * @returns The page, its row counts and the warnings (a cut-off last record line).
 * @throws {RunError} When a directory holds no run, cannot be read, or holds a malformed record.
 * @throws {OptionsError} When the runs used different benchmarks or a model appears twice.
 *
 * @example
 * ```ts
 * import { evaluate, generateBenchmark, viewEvaluations } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const out = await Deno.makeTempDir();
 * await evaluate({ benchmark, model: { baseline: "replay" }, out });
 * const view = viewEvaluations([out], { benchmark });
 * assert.equal(view.rows, benchmark.tasks.length);
 * assert.match(view.html, /^<!DOCTYPE html>/);
 * await Deno.writeTextFile(`${out}/view.html`, view.html);
 * ```
 */
export function viewEvaluations(dirs: readonly string[], options: { benchmark?: BenchmarkSource } = {}): RunView {
  const o = checkOptions("viewEvaluations", Options, options);
  if (!dirs.length) throw new OptionsError("viewEvaluations: dirs: expected at least one run directory");
  const configs = dirs.map(readRunConfig);
  const hashes = new Set(configs.map((c) => c.tasks.completion_sha256));
  if (hashes.size > 1) throw new OptionsError(`viewEvaluations: dirs: the runs used different benchmarks (${dirs.map((d, i) => `${d}: ${configs[i].tasks.completion_sha256.slice(0, 12)}…`).join(", ")}); view each benchmark's runs on a page of its own`);
  const models = configs.map((c) => c.model);
  const twice = models.find((m, i) => models.indexOf(m) !== i);
  if (twice) throw new OptionsError(`viewEvaluations: dirs: two runs of ${twice}; the viewer shows each model once`);
  // the benchmark read once: its solutions give the evidence
  const source = (o.benchmark as BenchmarkSource | undefined) ?? configs[0].tasks.dir;
  const set = typeof source === "string" ? readTaskSet(source) : source;
  const problems: string[] = [];
  const runs = loadEvaluations(dirs, { benchmark: set, onWarning: (w) => problems.push(w) });
  const solutions = new Map(set.solutions.map((s) => [s.task_id, s]));
  const families = new Map(set.tasks.map((t) => [t.task_id, t.family]));
  return runView(evalViewData({
    runs: runs.map((r) => {
      const j = judgedRun(r);
      return { model: r.config.model, dir: r.dir ?? "(memory)", items: r.items, bySample: j.bySample, scored: j.scored.items };
    }),
    all: runs[0].all,
    evidence: (id) => {
      const s = solutions.get(id), family = families.get(id);
      return s && family ? taskEvidence(family, s) : [];
    },
    problems,
  }));
}
