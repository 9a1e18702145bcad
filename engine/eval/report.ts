// The MechReasoner report (`mech eval report`): the analysis as tables and charts on the
// shared report page — Figure 2 (e2e accuracy by B1–B4 per family, a line per model, 95 %
// bootstrap error bars, bin sizes), Figure 3 (overall e2e accuracy per model, sorted, the
// majority/constant baseline marked), the benchmark's Tables 3 and 11, Table 5 (outcome-
// separated metrics with intervals beside the majority/constant baseline), Table 6, the
// paired differences between models, repeated inference when runs have several samples
// (the two-level interval beside the one-level one), the regression (Table 4's shape) and
// a drill-down of failures (prompt, response, normalized answer, gold, outcome).
import type { TopLevelSpec } from "vega-lite";
import type { Detail, ReportData, Table } from "../report/page.ts";
import { FAMILY_IDS, type FamilyId } from "../tasks/family.ts";
import type { Manifest } from "../tasks/records.ts";
import { type Analysis, MAJORITY, type SliceStats } from "./analysis.ts";
import { BINS } from "./bins.ts";
import type { Interval } from "./bootstrap.ts";
import { recordsPerItem } from "./samples.ts";
import type { EvalItem } from "./items.ts";
import { judge } from "./outcome.ts";
import type { Fit } from "./regression.ts";
import type { ItemRecord } from "./run_records.ts";
import type { ScoredItem } from "./score.ts";
import { table6 } from "./tables.ts";

const pct = (x: number | null | undefined) => (x === null || x === undefined ? "—" : (100 * x).toFixed(1));
const withCi = (iv: Interval) => (iv.estimate === null ? "—" : `${pct(iv.estimate)} [${pct(iv.lower)}, ${pct(iv.upper)}]`);
const num = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : "—");

export interface ReportRun {
  model: string;
  dir: string;
  /** Latest record per task id, one map per sample (one in a run of one sample). */
  bySample: readonly ReadonlyMap<string, ItemRecord>[];
  items: readonly EvalItem[];
  /** The run's judged records (scoreRecords), so failures are found without judging again. */
  scored: readonly ScoredItem[];
}

function slice(a: Analysis, model: string, family: FamilyId | "all", bin: number | null): SliceStats | undefined {
  return a.slices.find((s) => s.model === model && s.family === family && s.bin === bin);
}

export function benchmarkTables(m: Manifest): Table[] {
  return [
    {
      title: "The benchmark: items and contributing mechanisms per family (Table 3)",
      header: ["task family", "items", "mechanisms", "complete pools", "partial pools", "empty pools"],
      numeric: [false, true, true, true, true, true],
      rows: [
        ...m.families.map((f) => [f.family, String(f.items), String(f.mechanisms), String(f.pools.complete), String(f.pools.partial), String(f.pools.empty)]),
        ["total", String(m.retained), String(m.mechanisms.filter((x) => x.retained > 0).length), ...(["complete", "partial", "empty"] as const).map((k) => String(m.families.reduce((n, f) => n + f.pools[k], 0)))],
      ],
    },
    {
      title: "The benchmark per mechanism (Table 11)",
      header: ["mechanism", "families", "retained"],
      numeric: [false, false, true],
      rows: m.mechanisms.map((x) => [x.mechanism, x.families.join(", ") || "—", String(x.retained)]),
    },
  ];
}

function regressionTable(a: Analysis): Table {
  const fits: [string, Fit | null][] = [["unadjusted", a.regression.unadjusted], ["adjusted", a.regression.adjusted]];
  const rows: string[][] = [];
  for (const [label, fit] of fits) {
    if (!fit) {
      rows.push([label, "—", "—", "—", "—", "not fitted"]);
      continue;
    }
    for (const c of fit.coefficients) rows.push([label, c.name, num(c.estimate), num(c.se), (c.p < 1e-4 ? c.p.toExponential(1) : c.p.toFixed(4)), `${fit.observations} records, ${fit.informative} of ${fit.strata} strata informative, ${fit.clusters} clusters, ${fit.iterations} Newton steps, score ${fit.scoreNorm.toExponential(1)}, condition ${num(fit.condition, 1)}`]);
  }
  return {
    title: "Stacked conditional-logistic regression of e2e correctness on the complexity bin (Table 4's shape)",
    note: `${a.samples > 1 ? "Every sample's record is an observation (items repeat within their mechanism's strata and clusters). " : ""}Strata model × family × mechanism (strata without variation drop out); covariate the ${a.regression.covariate}; adjusted for log prompt and log expected-answer characters; CR1 standard errors clustered by mechanism; p from the fully enumerated wild-cluster (Rademacher) score test. Exploratory and associational.${a.regression.notes.length ? " " + a.regression.notes.join("; ") : ""}`,
    header: ["fit", "coefficient", "estimate (log-odds)", "CR1 SE", "wild p", "fit"],
    numeric: [false, false, true, true, true, false],
    rows,
  };
}

function figure2(a: Analysis): { table: Table; spec: TopLevelSpec } {
  const values: Record<string, unknown>[] = [];
  const rows: string[][] = [];
  for (const f of FAMILY_IDS) {
    const sizes = a.binSizes.get(f);
    if (!sizes) continue;
    for (const [b, name] of BINS.entries()) {
      const label = `${name} (n=${sizes[b]})`;
      const cells = a.models.map((m) => slice(a, m, f, b));
      rows.push([f, name, String(sizes[b]), ...cells.map((s) => (s ? withCi(s.accuracy) : "—"))]);
      for (const s of cells) {
        if (!s || s.accuracy.estimate === null) continue;
        values.push({ family: f, bin: label, order: b, model: s.model, accuracy: 100 * s.accuracy.estimate, lower: 100 * (s.accuracy.lower ?? s.accuracy.estimate), upper: 100 * (s.accuracy.upper ?? s.accuracy.estimate) });
      }
    }
  }
  const enc = { x: { field: "bin", type: "ordinal", title: null, sort: { field: "order" }, axis: { labelAngle: 0 } }, color: { field: "model", type: "nominal", title: "model" } };
  const spec = {
    data: { values },
    facet: { field: "family", type: "nominal", title: null, sort: [...FAMILY_IDS] },
    columns: 3,
    resolve: { scale: { x: "independent" } },
    spec: {
      width: 200,
      height: 150,
      layer: [
        { mark: { type: "line", point: true }, encoding: { ...enc, y: { field: "accuracy", type: "quantitative", title: "e2e accuracy (%)", scale: { domain: [0, 100] } } } },
        { mark: { type: "rule" }, encoding: { ...enc, y: { field: "lower", type: "quantitative" }, y2: { field: "upper" } } },
      ],
    },
  } as unknown as TopLevelSpec;
  return {
    spec,
    table: {
      title: "E2E accuracy (%) by complexity bin B1–B4 per family, 95 % cluster-bootstrap intervals (Figure 2)",
      note: `Bins by A.8's rule over the benchmark's items of each family; ${a.replicates.toLocaleString("en-US")} mechanism-level bootstrap replicates shared by all models.`,
      header: ["task family", "bin", "items", ...a.models],
      numeric: [false, false, true, ...a.models.map(() => true)],
      rows,
    },
  };
}

export function reportData(p: { analysis: Analysis; manifest: Manifest; runs: readonly ReportRun[]; maxDetails: number }): ReportData {
  const a = p.analysis;
  const tables: Table[] = [];
  const fig = figure2(a);
  const fig3 = figure3(a);
  // Table 5 per model: the baseline's columns beside the model's, with intervals
  for (const model of a.models.filter((m) => m !== MAJORITY)) {
    const k = slice(a, model, "all", null)?.samples?.scores?.samples ?? 1;
    tables.push({
      title: `Outcome-separated metrics for ${model} by task family (Table 5)`,
      note: "E2E accuracy and the e2e partial score with 95 % cluster-bootstrap intervals; semantic accuracy over accepted payloads; protocol and infrastructure failure counts; the majority/constant baseline fitted to the release." +
        (k > 1 ? ` ${k} samples per item: accuracy and partial are the means over samples with one-level intervals (mechanisms resampled, the samples fixed); the two-level interval of the accuracy resamples each item's samples as well; counts are over every sample's record.` : ""),
      header: ["task family", "majority acc.", "majority partial", "e2e accuracy [95 % CI]", ...(k > 1 ? ["two-level CI"] : []), "e2e partial [95 % CI]", "semantic acc.", "coverage", "compliance", "prot.", "infra."],
      numeric: [false, true, true, true, ...(k > 1 ? [true] : []), true, true, true, true, true, true],
      rows: [...FAMILY_IDS, "all" as const].flatMap((f) => {
        const s = slice(a, model, f, null);
        if (!s) return [];
        const b = slice(a, MAJORITY, f, null);
        const two = (iv: Interval | undefined) => (k > 1 ? [iv ? ciOnly(iv) : "—"] : []);
        return [[f, pct(b?.accuracy.estimate), pct(b?.partial.estimate), withCi(s.accuracy), ...two(s.samples?.accuracy), withCi(s.partial), pct(s.metrics.semantic_accuracy), pct(s.metrics.coverage), pct(s.metrics.compliance), String(s.metrics.protocol), String(s.metrics.infrastructure)]];
      }),
    });
  }
  tables.push(table6(a.models.map((model) => ({
    model,
    rows: a.slices.filter((x) => x.model === model && x.bin === null).map((x) => ({ family: x.family, metrics: x.metrics })),
  }))));
  if (a.samples > 1) tables.push(...repeatedInferenceTables(a));
  tables.push(fig3.table);
  if (a.differences.length) tables.push(differencesTable(a));
  tables.push(fig.table, regressionTable(a), ...sizeTables(p.manifest, p.runs), ...benchmarkTables(p.manifest));
  return {
    tables,
    specs: [
      { name: "complexity", title: "E2E accuracy by complexity bin per family (Figure 2)", spec: fig.spec },
      { name: "overall", title: "Overall e2e accuracy per model (Figure 3)", spec: fig3.spec },
    ],
    details: p.runs.map((r) => failureDetails(r, p.maxDetails)),
  };
}

const ciOnly = (iv: Interval) => (iv.lower === null ? "—" : `[${pct(iv.lower)}, ${pct(iv.upper)}]`);

/** What the two kinds of interval cover, in the report's words. */
const INTERVALS_NOTE = "The one-level interval resamples mechanisms and holds each item's recorded samples fixed: it covers which mechanisms the benchmark happened to contain. The two-level interval resamples mechanisms, then each item's samples with replacement: it covers that and the variability of repeated inference as well.";

/** Per model with several samples: the repeated-inference scores per family, both intervals beside the mean. */
function repeatedInferenceTables(a: Analysis): Table[] {
  return a.models.flatMap((model) => {
    const all = slice(a, model, "all", null);
    const k = all?.samples?.scores?.samples;
    if (!k) return [];
    const passes = Array.from({ length: k }, (_, i) => `pass@${i + 1}`);
    return [{
      title: `Repeated inference for ${model}: ${k} samples per item`,
      note: `Mean accuracy: each item's share of correct samples, averaged over items. Majority vote: the most frequent normalized answer among the samples whose answer was accepted; a tie at the top, or no accepted answer, counts wrong. pass@k: the unbiased estimator 1 − C(n−c, k)/C(n, k) averaged over items. Agreement: the share of an item's pairs of samples that gave the same answer (no accepted answer counts as one answer), averaged over items. ${INTERVALS_NOTE}`,
      header: ["task family", "items", "mean acc. [one-level 95 % CI]", "two-level 95 % CI", "majority-vote acc.", ...passes, "agreement"],
      numeric: [false, true, true, true, true, ...passes.map(() => true), true],
      rows: [...FAMILY_IDS, "all" as const].flatMap((f) => {
        const s = slice(a, model, f, null);
        const sc = s?.samples?.scores;
        if (!s || !sc) return [];
        return [[f, String(sc.items), withCi(s.accuracy), ciOnly(s.samples!.accuracy), pct(sc.majority), ...sc.pass_at.map(pct), pct(sc.agreement)]];
      }),
    }];
  });
}

/** Paired differences in overall e2e accuracy between every two models, under both schemes. */
function differencesTable(a: Analysis): Table {
  const two = a.samples > 1;
  return {
    title: "Paired differences in overall e2e accuracy (percentage points)",
    note: `Accuracy of the first model minus the second's, all families, with 95 % intervals from the same bootstrap replicates for both models (paired). An interval that excludes 0 says the difference is larger than ${two ? "what the scheme covers" : "the resampling of mechanisms covers"}. ${two ? INTERVALS_NOTE : "With one sample per item the two-level interval equals the one-level one; runs with --samples K > 1 add it."}`,
    header: ["model", "minus model", "difference", "one-level 95 % CI", ...(two ? ["two-level 95 % CI"] : [])],
    numeric: [false, false, true, true, ...(two ? [true] : [])],
    rows: a.differences.map((d) => [d.a, d.b, pp(d.oneLevel.estimate), ciPp(d.oneLevel), ...(two ? [ciPp(d.twoLevel)] : [])]),
  };
}

const pp = (x: number | null) => (x === null ? "—" : `${x >= 0 ? "+" : "−"}${Math.abs(100 * x).toFixed(1)}`);
const ciPp = (iv: Interval) => (iv.lower === null ? "—" : `[${pp(iv.lower)}, ${pp(iv.upper)}]`);

/** Figure 3: each model's overall e2e accuracy with its intervals, sorted, the baseline marked. */
function figure3(a: Analysis): { table: Table; spec: TopLevelSpec } {
  const two = a.samples > 1;
  const ONE = "one-level (mechanisms)", TWO = "two-level (mechanisms, samples)";
  const rows = a.models
    .map((model) => ({ model, s: slice(a, model, "all", null)! }))
    .filter((x) => x.s && x.s.accuracy.estimate !== null)
    // best first; equal accuracies by name, so the order is the same everywhere
    .sort((x, y) => y.s.accuracy.estimate! - x.s.accuracy.estimate! || (x.model < y.model ? -1 : x.model > y.model ? 1 : 0));
  const order = rows.map((r) => r.model);
  const values: Record<string, unknown>[] = [];
  for (const { model, s } of rows) {
    const kind = model === MAJORITY ? "majority/constant baseline" : "model";
    const add = (interval: string, iv: Interval) => values.push({ model, kind, interval, accuracy: 100 * iv.estimate!, lower: 100 * (iv.lower ?? iv.estimate!), upper: 100 * (iv.upper ?? iv.estimate!) });
    add(ONE, s.accuracy);
    // a run of one sample has no inference variability to add: its two-level interval is its one-level one
    if (two) add(TWO, s.samples?.accuracy ?? s.accuracy);
  }
  const baseline = rows.find((r) => r.model === MAJORITY)?.s.accuracy.estimate;
  const y = { field: "model", type: "nominal", title: null, sort: order };
  const offset = two ? { yOffset: { field: "interval", type: "nominal", sort: [ONE, TWO] } } : {};
  const spec = {
    width: 420,
    height: { step: two ? 34 : 24 },
    layer: [
      ...(baseline === undefined || baseline === null ? [] : [{ data: { values: [{ accuracy: 100 * baseline }] }, mark: { type: "rule", strokeDash: [4, 3], color: "#888" }, encoding: { x: { field: "accuracy", type: "quantitative" } } }]),
      {
        data: { values },
        layer: [
          { mark: { type: "rule", strokeWidth: 2 }, encoding: { y, ...offset, x: { field: "lower", type: "quantitative", title: "overall e2e accuracy (%)", scale: { domain: [0, 100] } }, x2: { field: "upper" }, color: { field: "interval", type: "nominal", title: "95 % interval", sort: [ONE, TWO] } } },
          { mark: { type: "point", filled: true, size: 60 }, encoding: { y, ...offset, x: { field: "accuracy", type: "quantitative" }, shape: { field: "kind", type: "nominal", title: null }, color: { field: "interval", type: "nominal", sort: [ONE, TWO] } } },
        ],
      },
    ],
  } as unknown as TopLevelSpec;
  return {
    spec,
    table: {
      title: "Overall e2e accuracy (%) per model, sorted, 95 % cluster-bootstrap intervals (Figure 3)",
      note: `All families pooled; ${a.replicates.toLocaleString("en-US")} mechanism-level replicates shared by all models; the majority/constant baseline marked (the dashed line in the chart).${two ? ` Runs of several samples: the mean over samples, with the two-level interval beside the one-level one. ${INTERVALS_NOTE}` : ""}`,
      header: ["model", "items", "e2e accuracy [95 % CI]", ...(two ? ["two-level 95 % CI"] : [])],
      numeric: [false, true, true, ...(two ? [true] : [])],
      rows: rows.map(({ model, s }) => [model === MAJORITY ? `${model} (baseline)` : model, String(s.samples?.scores?.items ?? s.metrics.n), withCi(s.accuracy), ...(two ? [ciOnly(s.samples?.accuracy ?? s.accuracy)] : [])]),
    },
  };
}

/** Size bands of the slices: components, then model variables (lower bounds, inclusive). */
const COMPONENT_BANDS = [1, 6, 10, 15, 21];
const VARIABLE_BANDS = [0, 50, 100, 200, 400];

const bandOf = (bands: readonly number[], x: number) => bands.findLastIndex((b) => x >= b);
const bandName = (bands: readonly number[], i: number) => (i === bands.length - 1 ? `${bands[i]}+` : `${bands[i]}–${bands[i + 1] - 1}`);

/**
 * E2E accuracy by mechanism size, beside the complexity bins: items grouped by their
 * mechanism's components and, separately, its model's variables (from the manifest). Point
 * estimates over all items of a band, every family together; a missing answer counts wrong.
 */
function sizeTables(m: Manifest, runs: readonly ReportRun[]): Table[] {
  const sizes = new Map(m.mechanisms.flatMap((x) => (x.components === undefined || x.variables === undefined ? [] : [[x.mechanism, { components: x.components, variables: x.variables }] as const])));
  if (!runs.length || sizes.size < m.mechanisms.length) return [];
  const models = runs.map((r) => r.model);
  const by = (what: "components" | "variables", bands: readonly number[]): Table => {
    const rows: string[][] = [];
    bands.forEach((_, band) => {
      const inBand = (mechanism: string) => bandOf(bands, sizes.get(mechanism)![what]) === band;
      const mechanisms = [...sizes.keys()].filter(inBand);
      if (!mechanisms.length) return;
      const cells = runs.map((r) => {
        const items = r.items.filter((it) => inBand(it.mechanism));
        // an item's share of correct samples (its one record's outcome with one sample)
        const share = new Map(recordsPerItem(r.scored).map((list) => [list[0].task_id, list.filter((x) => x.outcome === "correct").length / list.length]));
        return { n: items.length, acc: items.length ? items.reduce((a, it) => a + (share.get(it.task_id) ?? 0), 0) / items.length : null };
      });
      rows.push([bandName(bands, band), String(mechanisms.length), String(cells[0].n), ...cells.map((c) => pct(c.acc))]);
    });
    return {
      title: `E2E accuracy (%) by mechanism size: ${what === "components" ? "components" : "model variables"}`,
      note: `Every family together, items grouped by their mechanism's number of ${what === "components" ? "components" : "variables in its qualitative model"}; point estimates (the mechanisms of a band are few, so read them beside Figure 2's intervals).`,
      header: [what, "mechanisms", "items", ...models],
      numeric: [false, true, true, ...models.map(() => true)],
      rows,
    };
  };
  return [by("components", COMPONENT_BANDS), by("variables", VARIABLE_BANDS)];
}

/** Failures of a run (Table 1 order, then task id), at most `max`, each with what it takes to read it. */
function failureDetails(r: ReportRun, max: number): NonNullable<ReportData["details"]>[number] {
  const byId = new Map(r.items.map((it) => [it.task_id, it]));
  const failures = r.scored
    .filter((s) => s.outcome !== "correct")
    .sort((x, y) => FAMILY_IDS.indexOf(x.family) - FAMILY_IDS.indexOf(y.family) || (x.task_id < y.task_id ? -1 : x.task_id > y.task_id ? 1 : (x.sample ?? 0) - (y.sample ?? 0)));
  const total = failures.length;
  // only the shown failures are judged again, for their normalized answers
  const failed: Detail[] = failures.slice(0, max).map((s) => {
    const it = byId.get(s.task_id)!, rec = r.bySample[s.sample ?? 0].get(s.task_id)!;
    const gold = JSON.stringify(it.gold, null, 1);
    const id = s.sample === undefined ? it.task_id : `${it.task_id} (sample ${s.sample})`;
    if (rec.type === "failure") {
      return { summary: `${id} · ${it.family} · ${it.mechanism} · infrastructure failure (${rec.class})`, blocks: [{ label: "error", text: rec.error.message }, { label: "gold", text: gold }, { label: "prompt", text: it.prompt }] };
    }
    const j = judge(it.family, rec.content ?? "", it.gold, it.context);
    return {
      summary: `${id} · ${it.family} · ${it.mechanism} · ${j.outcome === "protocol" ? `protocol failure: ${j.reason}` : `semantic failure (partial ${j.component.toFixed(2)})`}`,
      blocks: [
        { label: "response", text: rec.content ?? "(null)" },
        { label: "normalized answer", text: j.normalized ? JSON.stringify(j.normalized, null, 1) : `(rejected: ${j.reason})` },
        { label: "gold", text: gold },
        { label: "prompt", text: it.prompt },
      ],
    };
  });
  return {
    title: `Failures of ${r.model} (${r.dir})`,
    note: total > failed.length ? `The first ${failed.length} of ${total} failures (raise --max-details to see more).` : `${total} failure${total === 1 ? "" : "s"}.`,
    items: failed,
  };
}
