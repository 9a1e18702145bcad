// A custom analysis from run values: end-to-end accuracy per mechanism and per complexity
// bin B1–B4 (paper A.8: each family's items split at tie-block boundaries of C(i)), as a
// Markdown table, or as a small SVG bar chart with --svg; then the report's own analysis of
// the same run (per family and bin, with 95 % cluster-bootstrap intervals) for comparison.
// Bins come from the scorer's analysisBins and judgements from its scoreRecords, so the
// numbers are the ones `mech eval report` gives.
//
// The run here is made in memory by a stand-in model whose chance of being right falls with
// the task's generation level (90 % at D1 down to 30 % at D4). For a run `mech eval` wrote,
// take `loadEvaluation(RUN_DIR)` instead (and add --allow-read for its directory and its
// benchmark's).
//
// Run:         deno run examples/custom_analysis.ts [--svg]
// Permissions: none
//   It reads and writes no file and opens no connection. With --svg it prints an SVG
//   document instead of the Markdown tables: deno run examples/custom_analysis.ts --svg > accuracy.svg
import { type Evaluation, evaluate, evaluationReport, generateBenchmark, LEVELS, type ModelRequest } from "@mechbench/mechbench/mechreasoner";
import { analysisBins, BINS, latestByTask, metrics, type ScoredItem, scoreRecords } from "@mechbench/mechbench/scorer";

const svg = Deno.args.includes("--svg");

const benchmark = await generateBenchmark({ mechanisms: ["electrical_resistor", "mechanics_accelerate", "thermal_two_masses"], perLevel: 2 });
const gold = new Map(benchmark.solutions.map((s) => [s.task_id, s.answer]));
/** A deterministic number in [0, 1) from a string (FNV-1a). */
function unit(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h / 2 ** 32;
}
function harderWithLevel(req: ModelRequest): string {
  const id = String(req.task!.task_id);
  const p = 0.9 - 0.2 * LEVELS.indexOf(req.task!.level as (typeof LEVELS)[number]);
  return unit(id) < p ? JSON.stringify({ answer: gold.get(id) }) : '{"answer": {}}';
}
const run: Evaluation = await evaluate({ benchmark, model: { id: "harder-with-level", function: harderWithLevel } });

// ---- accuracy per mechanism × bin, from the run's records -----------------------------
const bins = analysisBins(run.all); // task id → 0..3, each family binned over the whole benchmark
const scored = scoreRecords(run.config.model, run.items, latestByTask(run.records)).items;
const mechanisms = [...new Set(scored.map((s) => s.mechanism))];
const cell = (mechanism: string | null, bin: number | null): ScoredItem[] =>
  scored.filter((s) => (mechanism === null || s.mechanism === mechanism) && (bin === null || bins.get(s.task_id) === bin));
const accuracy = (items: ScoredItem[]) => metrics(items).e2e_accuracy;

if (svg) {
  console.log(barChart());
} else {
  console.log(`## ${run.config.model}: e2e accuracy per mechanism and bin (items)\n`);
  console.log(`| mechanism | ${BINS.join(" | ")} | all |`);
  console.log(`|---|${BINS.map(() => "---:|").join("")}---:|`);
  for (const m of [...mechanisms, null]) {
    const cells = [...BINS.map((_, b) => cell(m, b)), cell(m, null)].map((items) => `${fmt(accuracy(items))} (${items.length})`);
    console.log(`| ${m ?? "all"} | ${cells.join(" | ")} |`);
  }

  // ---- the report's analysis of the same run: per family and bin, with intervals --------
  const { analysis } = await evaluationReport([run], { replicates: 500 });
  console.log(`\n## The report's analysis: e2e accuracy per family and bin [95 % interval, ${analysis.replicates} replicates]\n`);
  console.log(`| family | ${BINS.join(" | ")} |`);
  console.log(`|---|${BINS.map(() => "---|").join("")}`);
  const slices = analysis.slices.filter((s) => s.model === run.config.model && s.family !== "all" && s.bin !== null);
  for (const family of new Set(slices.map((s) => s.family))) {
    const row = BINS.map((_, b) => slices.find((s) => s.family === family && s.bin === b)).map((s) => s ? `${fmt(s.accuracy.estimate)} [${fmt(s.accuracy.lower)}, ${fmt(s.accuracy.upper)}]` : "—");
    console.log(`| ${family} | ${row.join(" | ")} |`);
  }
  // the report's point estimates are the accuracies of the same judged items
  for (const s of slices) {
    const mine = accuracy(scored.filter((x) => x.family === s.family && bins.get(x.task_id) === s.bin));
    if (mine !== s.accuracy.estimate) throw new Error(`${s.family} ${BINS[s.bin!]}: ${mine} here, ${s.accuracy.estimate} in the report`);
  }
  console.log(`\nThe ${slices.length} family × bin estimates of the report equal the accuracies computed here.`);
}

function fmt(x: number | null): string {
  return x === null ? "—" : x.toFixed(2);
}

/** Accuracy per bin, one bar per mechanism, as an SVG document. */
function barChart(): string {
  const W = 520, H = 240, left = 40, bottom = 30, top = 30, groupW = (W - left - 140) / BINS.length, barW = groupW / (mechanisms.length + 1);
  const colors = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948"];
  const y = (v: number) => top + (1 - v) * (H - top - bottom);
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">`];
  parts.push(`<text x="${left}" y="16" font-size="13">${run.config.model}: e2e accuracy per bin</text>`);
  for (const v of [0, 0.5, 1]) parts.push(`<line x1="${left}" x2="${W - 140}" y1="${y(v)}" y2="${y(v)}" stroke="#ccc"/><text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v}</text>`);
  BINS.forEach((name, b) => {
    const x0 = left + b * groupW + barW / 2;
    mechanisms.forEach((m, k) => {
      const a = accuracy(cell(m, b)) ?? 0;
      parts.push(`<rect x="${(x0 + k * barW).toFixed(1)}" y="${y(a).toFixed(1)}" width="${(barW - 2).toFixed(1)}" height="${(y(0) - y(a)).toFixed(1)}" fill="${colors[k % colors.length]}"><title>${m} ${name}: ${fmt(a)}</title></rect>`);
    });
    parts.push(`<text x="${(left + (b + 0.5) * groupW).toFixed(1)}" y="${H - 10}" text-anchor="middle">${name}</text>`);
  });
  mechanisms.forEach((m, k) => parts.push(`<rect x="${W - 130}" y="${top + k * 18}" width="10" height="10" fill="${colors[k % colors.length]}"/><text x="${W - 115}" y="${top + k * 18 + 9}">${m}</text>`));
  parts.push("</svg>");
  return parts.join("\n");
}
