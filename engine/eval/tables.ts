// The scores as Markdown tables: per run the A.3 metrics by family, the paper's Table 5
// columns beside the majority/constant baseline, Table 6 across runs, and token use.
import { FAMILY_IDS, type FamilyId } from "../tasks/family.ts";
import type { Table } from "../report/page.ts";
import { type FamilyMetrics, type Metrics, type Price, costOf, type ScoredRun, type TokenTotals } from "./score.ts";
import type { FamilySampleScores } from "./samples.ts";

const pct = (x: number | null) => (x === null ? "—" : (100 * x).toFixed(1));

/** Per family and pooled: counts by outcome and every A.3 metric, in percent. */
export function metricsLines(rows: readonly FamilyMetrics[]): string[] {
  const out = [
    "| family | N | correct | semantic | protocol | infra. | coverage | compliance | semantic acc. | e2e acc. | e2e partial | semantic partial |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const { family, metrics: m } of rows) {
    out.push(`| ${family} | ${m.n} | ${m.correct} | ${m.semantic} | ${m.protocol} | ${m.infrastructure} | ${pct(m.coverage)} | ${pct(m.compliance)} | ${pct(m.semantic_accuracy)} | ${pct(m.e2e_accuracy)} | ${pct(m.partial_e2e)} | ${pct(m.partial_semantic)} |`);
  }
  return out;
}

/** Table 5's columns (without intervals): the majority/constant baseline, then the model. */
export function table5Lines(model: string, rows: readonly FamilyMetrics[], baseline: ReadonlyMap<FamilyId | "all", Metrics>): string[] {
  const out = [
    `| task family | majority acc. | majority partial | ${model} e2e acc. | e2e partial | semantic acc. | prot. | infra. |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const { family, metrics: m } of rows) {
    const b = baseline.get(family);
    out.push(`| ${family} | ${pct(b?.e2e_accuracy ?? null)} | ${pct(b?.partial_e2e ?? null)} | ${pct(m.e2e_accuracy)} | ${pct(m.partial_e2e)} | ${pct(m.semantic_accuracy)} | ${m.protocol} | ${m.infrastructure} |`);
  }
  return out;
}

/** Table 6: end-to-end accuracy by family (rows, Table 1 order, the pool last) and model (columns), protocol failures in parentheses. */
export function table6(runs: readonly { model: string; rows: readonly FamilyMetrics[] }[]): Table {
  const families: (FamilyId | "all")[] = [];
  for (const r of runs) for (const f of r.rows) if (!families.includes(f.family)) families.push(f.family);
  const rank = (f: FamilyId | "all") => (f === "all" ? FAMILY_IDS.length : FAMILY_IDS.indexOf(f));
  families.sort((a, b) => rank(a) - rank(b));
  return {
    title: "E2E accuracy (%) by task family and model, protocol failures in parentheses (Table 6)",
    header: ["task family", ...runs.map((r) => r.model)],
    numeric: [false, ...runs.map(() => true)],
    rows: families.map((f) => [f, ...runs.map((r) => {
      const m = r.rows.find((x) => x.family === f)?.metrics;
      return m ? `${pct(m.e2e_accuracy)} (${m.protocol})` : "—";
    })]),
  };
}

/** Table 6 as Markdown table lines (no heading). */
export function table6Lines(runs: readonly { model: string; rows: readonly FamilyMetrics[] }[]): string[] {
  const t = table6(runs);
  return [`| ${t.header.join(" | ")} |`, `|${t.numeric.map((n) => (n ? "---:" : "---")).join("|")}|`, ...t.rows.map((r) => `| ${r.join(" | ")} |`)];
}

/** Requests and tokens per run, and the cost where a price is known. */
export function tokenLines(runs: readonly { model: string; tokens: TokenTotals; price?: Price }[]): string[] {
  const anyPrice = runs.some((r) => r.price);
  const out = [
    `| model | requests | cached | input tokens | output tokens |${anyPrice ? " cost (USD) |" : ""}`,
    `|---|---:|---:|---:|---:|${anyPrice ? "---:|" : ""}`,
  ];
  for (const r of runs) {
    const cost = anyPrice ? ` ${r.price ? costOf(r.tokens, r.price).toFixed(4) : "—"} |` : "";
    out.push(`| ${r.model} | ${r.tokens.requests} | ${r.tokens.cached} | ${r.tokens.input} | ${r.tokens.output} |${cost}`);
  }
  return out;
}

/** A one-line account of a run's coverage: items (or, with several samples, records) judged, missing, and the source. */
export function runHeadline(run: ScoredRun, dir: string, samples = 1): string {
  const n = run.items.length;
  const unfinished = " (the run has not finished; resume it with the same mech eval command)";
  if (samples > 1) {
    const items = (n + run.missing) / samples;
    return `${run.model} (${dir}): ${items} item${items === 1 ? "" : "s"} × ${samples} samples, ${n} record${n === 1 ? "" : "s"} judged${run.missing ? `, ${run.missing} request${run.missing === 1 ? "" : "s"} without a record yet${unfinished}` : ""}`;
  }
  return `${run.model} (${dir}): ${n} item${n === 1 ? "" : "s"} judged${run.missing ? `, ${run.missing} without a record yet${unfinished}` : ""}`;
}

/** Repeated inference per family: items, mean accuracy over samples, majority-vote accuracy, pass@1 … pass@K, agreement (percent). */
export function sampleLines(rows: readonly FamilySampleScores[]): string[] {
  const k = rows[0]?.samples ?? 1;
  const passes = Array.from({ length: k }, (_, i) => `pass@${i + 1}`);
  const out = [
    `| family | items | mean acc. | majority-vote acc. | ${passes.join(" | ")} | agreement |`,
    `|---|---:|---:|---:|${passes.map(() => "---:|").join("")}---:|`,
  ];
  for (const r of rows) out.push(`| ${r.family} | ${r.items} | ${pct(r.mean)} | ${pct(r.majority)} | ${r.pass_at.map(pct).join(" | ")} | ${pct(r.agreement)} |`);
  return out;
}
