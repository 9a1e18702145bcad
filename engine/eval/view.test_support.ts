// A MechReasoner viewer's data at the size of a large run, for the viewer's load-time
// tests: `items` items made from the small benchmark's (new task ids, prompts padded to the
// default benchmark's mean length) answered by `models` models with responses of a real
// model's length (prose, then the JSON answer: the gold, a wrong one or none).
import { writeSmallBenchmark } from "./eval.test_support.ts";
import type { EvalItem } from "./items.ts";
import { latestBySample } from "./record_kinds.ts";
import type { ItemRecord } from "./run_records.ts";
import { scoreSampleRecords } from "./score.ts";
import { evalViewData, type ViewRun } from "./view.ts";
import type { ViewerData } from "../report/viewer.ts";

/** The default benchmark's mean prompt length in characters (1,581 prompts, 39 MB). */
export const MEAN_PROMPT_CHARS = 24_700;

export function largeEvalViewData(n: number, models: number): ViewerData {
  const { items: small } = writeSmallBenchmark();
  const items: EvalItem[] = Array.from({ length: n }, (_, k) => {
    const it = small[k % small.length];
    const pad = "\nThe mechanism's components, their parameters and the quantities asked about, stated once more for reference.";
    return { ...it, task_id: `task_${k.toString(16).padStart(16, "0")}`, mechanism: `${it.mechanism}_${k % 40}`, prompt: it.prompt + pad.repeat(Math.max(0, Math.ceil((MEAN_PROMPT_CHARS - it.prompt.length) / pad.length))) };
  });
  const prose = "First I list the components and the quantities each one relates; then I follow the sign of every derivative through the chain. ";
  const runs: ViewRun[] = Array.from({ length: models }, (_, m) => {
    const model = `model-${m + 1}`;
    const records: ItemRecord[] = items.map((it, k) => ({
      type: "response",
      task_id: it.task_id,
      family: it.family,
      mechanism: it.mechanism,
      request_sha256: "0".repeat(64),
      attempts: [{ started: "2026-12-04T00:00:00.000Z", latency_ms: 800, error: null }],
      latency_ms: 800,
      finished: "2026-12-04T00:00:00.000Z",
      content: `${prose.repeat(12)}\n${(k + m) % 3 === 0 ? JSON.stringify({ answer: it.gold }) : (k + m) % 3 === 1 ? '{"answer": {}}' : "I cannot tell."}`,
      finish_reason: "stop",
      usage: { prompt_tokens: 6000, completion_tokens: 400, total_tokens: 6400 },
      cached: false,
    }));
    const bySample = latestBySample(records);
    return { model, dir: `runs/${model}`, items, bySample, scored: scoreSampleRecords(model, items, bySample).items };
  });
  const evidence = Array.from({ length: 24 }, (_, i) => `state S${i}: every derivative's sign follows from the one before it`);
  return evalViewData({ runs, all: items, evidence: () => evidence, problems: [] });
}
