// A MechReasoner viewer's data at the size of a large run, for the viewer's load-time
// tests: `items` items made from the small benchmark's (new task ids, prompts padded to the
// default benchmark's mean length and as compressible as its prompts) answered by
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
import { keyedRandom } from "../files/random.ts";

/** The default benchmark's mean prompt length in characters (1,581 prompts, 39 MB). */
export const MEAN_PROMPT_CHARS = 24_700;
/** Distinct lines in a mechanism's pool. */
const POOL_LINES = 60;

export function largeEvalViewData(n: number, models: number): ViewerData {
  const { items: small } = writeSmallBenchmark();
  const items: EvalItem[] = Array.from({ length: n }, (_, k) => {
    const it = small[k % small.length];
    // the benchmark's prompts are lists: states, variables, episodes, one line each, with
    // the same kinds of line again and again (they deflate elevenfold, 40.5 MB of the
    // default benchmark's first 1,320 prompts to 3.6 MB); these repeat lines of their
    // mechanism's pool as often, plus a tenth of lines of their own
    const missing = Math.max(0, MEAN_PROMPT_CHARS - it.prompt.length);
    const pick = keyedRandom(`viewer-prompt/${k}`);
    const lines: string[] = [];
    for (let size = 0; size < missing;) {
      const line = pick.next() < 0.1 ? prose(`item/${k}/${lines.length}`, 90) : prose(`mechanism/${k % 40}/${pick.int(POOL_LINES)}`, 90);
      lines.push(line);
      size += line.length + 1;
    }
    const prompt = `${it.prompt}\n${lines.join("\n")}`;
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
      content: `${prose(`response/${m}/${k}`, 1500)}\n${(k + m) % 3 === 0 ? JSON.stringify({ answer: it.gold }) : (k + m) % 3 === 1 ? '{"answer": {}}' : "I cannot tell."}`,
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
