// What the run viewer shows of MechReasoner runs (`mech view`): a row per item, model and
// sample (family, mechanism, level, B1–B4 bin, outcome, partial score), and per item one
// entry: the prompt as sent, then the models' answers side by side (raw response, the
// extracted payload, the normalized answer, the outcome and why), then the gold and the
// evidence `mech tasks show` prints. Outcomes are the scores' (ScoredItem); the normalized
// answer is the judge's, so the viewer shows exactly what was scored.
import type { Tone, ViewerBlock, ViewerData, ViewerEntry, ViewerRow } from "../report/viewer.ts";
import { FAMILY_IDS } from "../tasks/family.ts";
import { analysisBins, BINS } from "./bins.ts";
import { extractAnswer } from "./extract.ts";
import type { EvalItem } from "./items.ts";
import { judge } from "./outcome.ts";
import type { ItemRecord } from "./run_records.ts";
import type { ScoredItem } from "./score.ts";

/** One model's run as the viewer reads it. */
export interface ViewRun {
  /** The model. */
  model: string;
  /** Where the run is (for the page's note). */
  dir: string;
  /** The items the run sends. */
  items: readonly EvalItem[];
  /** Latest record per task id, one map per sample. */
  bySample: readonly ReadonlyMap<string, ItemRecord>[];
  /** The run's judged records. */
  scored: readonly ScoredItem[];
}

const OUTCOME_TONE: Record<string, Tone> = { correct: "good", semantic: "bad", protocol: "bad", infrastructure: "warn", "no record": "warn" };

/** The canonical pretty JSON the report uses for payloads. */
const pretty = (v: unknown) => JSON.stringify(v, null, 1);

function paneBlocks(it: EvalItem, rec: ItemRecord | undefined, scored: ScoredItem | undefined): ViewerBlock[] {
  if (!rec || !scored) return [{ kind: "fields", rows: [["outcome", "no record: the run has not finished this item"]], tone: "warn" }];
  const tone = OUTCOME_TONE[scored.outcome];
  const head: [string, string][] = [["outcome", scored.outcome + (scored.reason ? ` (${scored.reason})` : "")], ["partial score", scored.component.toFixed(3)]];
  const timing: [string, string][] = [["attempts", String(rec.attempts.length)], ["latency", `${Math.round(rec.latency_ms)} ms`]];
  if (rec.type === "failure") {
    return [
      { kind: "fields", rows: [...head, ["failure class", rec.class], ["error", `${rec.error.kind}${rec.error.status === null ? "" : ` (HTTP ${rec.error.status})`}: ${rec.error.message}`], ...timing], tone },
    ];
  }
  const text = rec.content ?? "";
  const ex = extractAnswer(text);
  const j = judge(it.family, text, it.gold, it.context);
  const usage: [string, string][] = rec.usage ? [["tokens", `${rec.usage.prompt_tokens} prompt, ${rec.usage.completion_tokens} completion`]] : [];
  return [
    { kind: "fields", rows: [...head, ["finish reason", rec.finish_reason ?? "—"], ...usage, ...timing, ["from the cache", rec.cached ? "yes" : "no"]], tone },
    { kind: "text", label: "response", text: rec.content ?? "(null)", open: true },
    ...(rec.reasoning ? [{ kind: "text" as const, label: "reasoning (returned beside the response)", text: rec.reasoning }] : []),
    { kind: "text", label: "extracted answer", text: ex.ok ? `${pretty(ex.payload)}\n(read from: ${ex.via})` : `(none: ${ex.reason})`, tone: ex.ok ? undefined : "bad" },
    { kind: "text", label: "normalized answer", text: j.normalized ? pretty(j.normalized) : `(rejected: ${j.reason})`, tone },
  ];
}

/**
 * The viewer's data for runs of several models on one benchmark.
 *
 * @param p `runs`: the runs, in the order to show them; `all`: every item of the benchmark
 *   (the B1–B4 bins are the analysis's, over all of them); `evidence`: an item's evidence
 *   lines; `problems`: what reading the runs found (a cut-off last line).
 * @returns A row per item × run × sample in benchmark order, an entry per item.
 */
export function evalViewData(p: { runs: readonly ViewRun[]; all: readonly EvalItem[]; evidence: (taskId: string) => string[]; problems: readonly string[] }): ViewerData {
  const bins = analysisBins(p.all);
  const inRuns = new Set(p.runs.flatMap((r) => r.items.map((i) => i.task_id)));
  const items = p.all.filter((i) => inRuns.has(i.task_id));
  // one lookup per run: the judged record of a task and sample
  const judged = p.runs.map((r) => new Map(r.scored.map((s) => [`${s.task_id}/${s.sample ?? 0}`, s])));
  const sends = p.runs.map((r) => new Set(r.items.map((i) => i.task_id)));
  const entries: ViewerEntry[] = [];
  const rows: ViewerRow[] = [];
  for (const it of items) {
    const entry = entries.length;
    const bin = bins.get(it.task_id);
    const panes: NonNullable<ViewerEntry["panes"]> = [];
    p.runs.forEach((r, k) => {
      if (!sends[k].has(it.task_id)) return;
      r.bySample.forEach((latest, sample) => {
        const rec = latest.get(it.task_id), s = judged[k].get(`${it.task_id}/${sample}`);
        const label = r.bySample.length > 1 ? `${r.model} · sample ${sample}` : r.model;
        const outcome = s?.outcome ?? "no record";
        rows.push({ entry, pane: panes.length, cells: [it.task_id, it.family, it.mechanism, it.level, bin === undefined ? null : BINS[bin], label, outcome, s ? Math.round(s.component * 1000) / 1000 : null], tone: OUTCOME_TONE[outcome] });
        panes.push({ label, blocks: paneBlocks(it, rec, s) });
      });
    });
    const evidence = p.evidence(it.task_id);
    entries.push({
      id: it.task_id,
      title: `${it.task_id}: ${it.family}, ${it.mechanism}`,
      blocks: [
        { kind: "fields", rows: [["family", it.family], ["mechanism", it.mechanism], ["level", it.level], ["complexity", String(it.complexity)], ["bin", bin === undefined ? "—" : BINS[bin]], ["prompt tokens", String(it.prompt_tokens)]] },
        { kind: "text", label: "prompt (user message)", text: it.prompt },
      ],
      panes,
      after: [
        { kind: "text", label: "gold answer", text: pretty(it.gold), open: true },
        { kind: "text", label: "evidence", text: evidence.length ? evidence.join("\n") : "(no evidence recorded)" },
      ],
    });
  }
  const families = new Set(items.map((i) => i.family));
  return {
    title: "MechReasoner runs",
    note: `${items.length.toLocaleString("en-US")} items (${FAMILY_IDS.filter((f) => families.has(f)).join(", ")}) × ${p.runs.length} run${p.runs.length === 1 ? "" : "s"}: ${p.runs.map((r) => `${r.model} (${r.dir})`).join(", ")}.`,
    problems: [...p.problems],
    columns: [
      { label: "item", width: "9.5em" },
      { label: "family", facet: true },
      { label: "mechanism", facet: true },
      { label: "level", facet: true, width: "3.8em" },
      { label: "bin", facet: true, width: "3.2em" },
      { label: "model", facet: true },
      { label: "outcome", facet: true, width: "6.5em" },
      { label: "partial", numeric: true, width: "4.6em" },
    ],
    rows,
    entries,
  };
}
