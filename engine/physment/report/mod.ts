// The run report (`mech physment report`): Markdown tables, vega-lite charts rendered to SVG
// strings (no network, no browser) and one self-contained HTML page. Shapes follow the paper:
// Table 2 (accuracy per model and budget), Figure 2 (per-category heatmap), Figure 1 (accuracy
// vs I_max per category group), Tables 3 and 5 (six dimensions), plus failure-mode counts.
// docs/physment.md "## Report" defines each failure mode.
import { htmlPage, markdownPage, type ReportData, type Table } from "../../report/page.ts";
import { CATEGORIES, type Category, type EpisodeScore, type Summary } from "../score/mod.ts";
import { failureModes, runName } from "./episodes.ts";

export { episodeFailureModes, type FailureCounts, type FailureMode, failureModes, runName } from "./episodes.ts";
export { episodeLinkId, physmentViewData } from "./view.ts";

/**
 * Figure 2's colour buckets, lowest first: [lower bound in %, colour, label]. The dark green
 * is dark enough for white text (contrast 6.9:1); the red takes white text at 4.8:1.
 */
export const BUCKETS = [
  [0, "#d73027", "<20 %"],
  [20, "#fee08b", "20–39 %"],
  [40, "#d9ef8b", "40–59 %"],
  [60, "#66bd63", "60–79 %"],
  [80, "#006837", "≥80 %"],
] as const;

/**
 * The models' colours, in order (they repeat after the eighth model): blues, purples, a
 * brown, a pink and a grey, none of the buckets' reds, yellows and greens (each at least 40
 * CIELAB units from every bucket colour), so a model's line or bar never reads as a bucket.
 */
export const MODEL_COLOURS = ["#4c78a8", "#9c4f96", "#2ba5c2", "#7f4f24", "#393b79", "#e377c2", "#6b6b6b", "#a6a6e8"] as const;

/** WCAG 2 relative luminance of a "#rrggbb" colour. */
export function luminance(hex: string): number {
  const lin = (k: number) => {
    const c = parseInt(hex.slice(1 + 2 * k, 3 + 2 * k), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(0) + 0.7152 * lin(1) + 0.0722 * lin(2);
}

/** WCAG 2 contrast ratio of two "#rrggbb" colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [lo, hi] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever contrasts more with the fill: the colour of text on it. */
export const inkOn = (fill: string): "#000000" | "#ffffff" => (contrastRatio(fill, "#000000") >= contrastRatio(fill, "#ffffff") ? "#000000" : "#ffffff");

/** The bucket label of an accuracy in [0, 1]. */
export function bucketOf(accuracy: number): string {
  const pct = Math.round(accuracy * 1000) / 10;
  let label: string = BUCKETS[0][2];
  for (const [lo, , l] of BUCKETS) if (pct >= lo) label = l;
  return label;
}

/** Figure 1's category groups (the fifth, scene manipulation, is kept apart). */
export const GROUPS = ["Easy Single", "Hard Single", "Easy Multi", "Hard Multi", "Create / Delete / Attach"] as const;
export function groupOf(c: Category): (typeof GROUPS)[number] {
  if (c === "create_delete_attach") return "Create / Delete / Attach";
  const [d, m] = c.split("_");
  return `${d === "easy" ? "Easy" : "Hard"} ${m === "single" ? "Single" : "Multi"}` as (typeof GROUPS)[number];
}

const categoryName = (c: Category | "all") => (c === "all" ? "all" : CATEGORIES.find((x) => x.id === c)!.name);
const pct = (x: number) => `${(100 * x).toFixed(1)}`;
const fix = (x: number | null) => (x === null ? "—" : x.toFixed(3));

const modelColour = (k: number) => MODEL_COLOURS[k % MODEL_COLOURS.length];

export type { ReportData, Table };

export const markdownReport = (data: ReportData): string => markdownPage("PhysMent report", data);
export const htmlReport = (data: ReportData): Promise<string> => htmlPage("PhysMent report", data);

function runs(rows: readonly Summary[]): [string, string][] {
  return [...new Map(rows.map((r) => [JSON.stringify([r.model, r.variant]), [r.model, r.variant] as [string, string]])).values()];
}

/** Mean strict accuracy of a category group over a run's episodes at one budget. */
function groupAccuracy(scores: readonly EpisodeScore[]) {
  const out: { run: string; group: string; budget: number; accuracy: number; episodes: number }[] = [];
  const map = new Map<string, { run: string; group: string; budget: number; ok: number; n: number }>();
  for (const s of scores) {
    const run = runName(s.model, s.variant), group = groupOf(s.category);
    const key = JSON.stringify([run, group, s.budget]);
    const e = map.get(key) ?? { run, group, budget: s.budget, ok: 0, n: 0 };
    e.n++;
    if (s.correct) e.ok++;
    map.set(key, e);
  }
  for (const e of map.values()) out.push({ run: e.run, group: e.group, budget: e.budget, accuracy: e.ok / e.n, episodes: e.n });
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return out.sort((a, b) => GROUPS.indexOf(a.group as never) - GROUPS.indexOf(b.group as never) || cmp(a.run, b.run) || a.budget - b.budget);
}

/** The report's tables and chart specs from scored episodes and their summaries. */
export function buildReport(scores: readonly EpisodeScore[], summaries: readonly Summary[]): ReportData {
  const tables: Table[] = [];
  const rs = runs(summaries);
  const budgets = [...new Set(summaries.flatMap((r) => (r.budget === "all" ? [] : [r.budget])))].sort((a, b) => a - b);
  const find = (m: string, v: string, b: number | "all", c: Category | "all") =>
    summaries.find((r) => r.model === m && r.variant === v && r.budget === b && r.category === c);

  // Table 2
  tables.push({
    title: "Overall accuracy (%) per model and iteration budget (Table 2)",
    header: ["model", ...budgets.map((b) => `I_max = ${b}`), "all"],
    numeric: [false, ...budgets.map(() => true), true],
    rows: rs.map(([m, v]) => [runName(m, v), ...[...budgets, "all" as const].map((b) => {
      const r = find(m, v, b, "all");
      return r ? pct(r.accuracy) : "—";
    })]),
  });

  // Figure 2 as a table: categories × models, averaged over budgets (the "all" rows).
  const cats = CATEGORIES.map((c) => c.id).filter((c) => summaries.some((r) => r.category === c));
  const heat = cats.flatMap((c) => rs.flatMap(([m, v]) => {
    const r = find(m, v, "all", c);
    if (!r) return [];
    const bucket = bucketOf(r.accuracy);
    return [{ category: categoryName(c), run: runName(m, v), accuracy: 100 * r.accuracy, bucket, ink: inkOn(BUCKETS.find((b) => b[2] === bucket)![1]) }];
  }));
  tables.push({
    title: "Per-category accuracy (%) over all budgets (Figure 2)",
    header: ["category", ...rs.map(([m, v]) => runName(m, v))],
    numeric: [false, ...rs.map(() => true)],
    rows: cats.map((c) => [categoryName(c), ...rs.map(([m, v]) => {
      const r = find(m, v, "all", c);
      return r ? `${pct(r.accuracy)} (${bucketOf(r.accuracy)})` : "—";
    })]),
  });

  // Figure 1 as a table
  const groups = groupAccuracy(scores);
  tables.push({
    title: "Accuracy (%) vs I_max per category group (Figure 1)",
    header: ["group", "model", "I_max", "episodes", "accuracy"],
    numeric: [false, false, true, true, true],
    rows: groups.map((g) => [g.group, g.run, String(g.budget), String(g.episodes), pct(g.accuracy)]),
  });

  // Tables 3 and 5
  tables.push({
    title: "Six dimensions per model over all budgets (Tables 3 and 5)",
    header: ["model", "episodes", "accuracy (%)", "C", "E", "G", "V", "R", "G′", "Final Score"],
    numeric: [false, true, true, true, true, true, true, true, true, true],
    rows: rs.flatMap(([m, v]) => {
      const r = find(m, v, "all", "all");
      return r ? [[runName(m, v), String(r.episodes), pct(r.accuracy), fix(r.C), fix(r.E), fix(r.G), fix(r.V), fix(r.R), fix(r.G_prime), r.final_score.toFixed(1)]] : [];
    }),
  });

  // Failure modes
  tables.push({
    title: "Failure modes (episodes)",
    header: ["model", "I_max", "episodes", "premature answer", "budget exhausted", "invalid calls", "format mismatch"],
    numeric: [false, true, true, true, true, true, true],
    rows: failureModes(scores).map((f) => [runName(f.model, f.variant), String(f.budget), String(f.episodes), String(f.premature), String(f.exhausted), String(f.invalid_calls), String(f.format_mismatch)]),
  });

  // every chart colours the models alike, from MODEL_COLOURS
  const runNames = rs.map(([m, v]) => runName(m, v));
  const modelScale = { domain: runNames, range: runNames.map((_, k) => modelColour(k)) };
  const overall = rs.flatMap(([m, v]) => budgets.flatMap((b) => {
    const r = find(m, v, b, "all");
    return r ? [{ run: runName(m, v), budget: b, accuracy: 100 * r.accuracy }] : [];
  }));
  const specs: ReportData["specs"] = [
    {
      name: "overall",
      title: "Overall accuracy per model and budget",
      spec: {
        data: { values: overall },
        mark: "bar",
        encoding: {
          x: { field: "budget", type: "ordinal", title: "I_max", axis: { labelAngle: 0 } },
          xOffset: { field: "run" },
          y: { field: "accuracy", type: "quantitative", title: "accuracy (%)", scale: { domain: [0, 100] } },
          color: { field: "run", type: "nominal", title: "model", scale: modelScale },
        },
      },
    },
    {
      name: "heatmap",
      title: "Per-category accuracy (averaged over budgets)",
      spec: {
        data: { values: heat },
        layer: [
          {
            mark: "rect",
            encoding: {
              color: {
                field: "bucket",
                type: "nominal",
                title: "accuracy",
                scale: { domain: BUCKETS.map((b) => b[2]), range: BUCKETS.map((b) => b[1]) },
              },
            },
          },
          // black or white per cell, whichever contrasts more with the bucket's colour
          {
            mark: { type: "text", fontSize: 10 },
            encoding: { text: { field: "accuracy", type: "quantitative", format: ".0f" }, fill: { field: "ink", type: "nominal", scale: null, legend: null } },
          },
        ],
        // horizontal model names, each column as wide as its name (about 6.5 px a character)
        width: { step: Math.min(320, Math.max(60, Math.ceil(6.5 * Math.max(0, ...rs.map(([m, v]) => runName(m, v).length))))) },
        encoding: {
          x: { field: "run", type: "nominal", title: "model", axis: { labelAngle: 0, orient: "top" } },
          y: { field: "category", type: "nominal", title: null, sort: cats.map(categoryName) },
        },
      },
    },
    {
      name: "budget",
      title: "Accuracy (%) vs I_max per category group",
      // One SVG per group: the page lays the panels out in as many columns as the window
      // holds (a vega facet is one fixed-width picture, which a narrow window shrinks).
      panels: GROUPS.filter((g) => groups.some((x) => x.group === g)).map((g) => ({
        // centred over the whole panel, so a long group name does not widen it
        title: { text: g, frame: "bounds", fontSize: 11 },
        data: { values: groups.filter((x) => x.group === g).map((x) => ({ ...x, accuracy: 100 * x.accuracy })) },
        width: 190,
        height: 140,
        mark: { type: "line", point: true },
        encoding: {
          x: { field: "budget", type: "quantitative", title: "I_max", scale: { domain: [0, Math.max(0, ...budgets)] } },
          // the section's title names the y axis: no title beside each panel's axis
          y: { field: "accuracy", type: "quantitative", title: null, scale: { domain: [0, 100] } },
          color: { field: "run", type: "nominal", scale: modelScale, legend: null },
        },
      })),
      legend: { title: "model", entries: runNames.map((label, k) => ({ label, colour: modelColour(k) })) },
    },
  ];
  return { tables, specs };
}

