// A MechReasoner viewer's data at the size of a large run, for the viewer's load-time
// tests: `items` items made from the small benchmark's (new task ids, prompts padded to the
// default benchmark's mean length, most of it shared by a mechanism's items) answered by
// `models` models with responses of a real model's length (prose that compresses as prose
// does, then the JSON answer: the gold, a wrong one or none).
import { writeSmallBenchmark } from "./eval.test_support.ts";
import type { EvalItem } from "./items.ts";
import { latestBySample } from "./record_kinds.ts";
import type { ItemRecord } from "./run_records.ts";
import { scoreSampleRecords } from "./score.ts";
import { evalViewData, type ViewRun } from "./view.ts";
import type { ViewerData } from "../report/viewer.ts";
import { prose } from "../report/viewer.test_support.ts";

/** The default benchmark's mean prompt length in characters (1,581 prompts, 39 MB). */
export const MEAN_PROMPT_CHARS = 24_700;

export function largeEvalViewData(n: number, models: number): ViewerData {
  const { items: small } = writeSmallBenchmark();
  const items: EvalItem[] = Array.from({ length: n }, (_, k) => {
    const it = small[k % small.length];
    // a mechanism's items share most of their prompt (its description), as the benchmark's do
    const missing = Math.max(0, MEAN_PROMPT_CHARS - it.prompt.length);
    const prompt = `${it.prompt}\n${prose(k % 40, Math.round(missing * 0.85))}\n${prose(1000 + k, Math.round(missing * 0.15))}`;
    return { ...it, task_id: `task_${k.toString(16).padStart(16, "0")}`, mechanism: `${it.mechanism}_${k % 40}`, prompt };
  });
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
      content: `${prose(100_000 + m * n + k, 1500)}\n${(k + m) % 3 === 0 ? JSON.stringify({ answer: it.gold }) : (k + m) % 3 === 1 ? '{"answer": {}}' : "I cannot tell."}`,
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
