// deno bench --allow-read --allow-write --allow-net --allow-env bench/eval_bench.ts
// The evaluator at the paper's scale.
// 1. Scoring: 10,080 model–item records (9 models × 1,120 items) judged (extraction,
//    normalization, comparison, component score) and summed into the A.3 metrics per
//    family. Items are the golds of a generated benchmark (two mechanisms, all six
//    families), cycled; the responses are, in turn, the gold as a whole JSON response,
//    the gold with an unrelated field inside a fenced block in prose (correct after
//    projection), and prose around a truncated object (a protocol failure).
// 2. The request runner's own cost: the same 400 requests to a loopback OpenAI-compatible
//    server at concurrency 20, once straight through the client and once through the
//    runner (records appended to a run directory, responses written to the file cache).
//    The difference of the two means, per request, is the runner's overhead.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchTasks } from "./bench_tasks.ts";
import { familyMetrics, type ScoredItem, scoreRecords } from "../engine/eval/score.ts";
import { analyze, regress } from "../engine/eval/analysis.ts";
import { analysisBins } from "../engine/eval/bins.ts";
import { BOOTSTRAP_REPLICATES } from "../engine/eval/defaults.ts";
import { type EvalItem, evalItems } from "../engine/eval/items.ts";
import type { ItemRecord } from "../engine/eval/run_records.ts";
import { OpenAIModelClient } from "../engine/llm/openai_client.ts";
import { promisePool } from "../engine/parallel/pool.ts";
import { completion, startLoopback } from "../engine/llm/loopback.test_support.ts";
import { requestMessages, runEval } from "../engine/eval/runner.ts";
import { FileResponseCache } from "../engine/eval/cache.ts";
import { EVAL_RUN_FORMAT } from "../engine/eval/run_records.ts";
import { openRun } from "../engine/eval/run_store.ts";

const g = benchTasks();
const base: EvalItem[] = evalItems({ dir: "bench", tasks: g.tasks, solutions: g.solutions });
const ITEMS = 1_120, MODELS = 9;
// 1,120 distinct task ids over the generated items, cycled
const items: EvalItem[] = Array.from({ length: ITEMS }, (_, k) => ({ ...base[k % base.length], task_id: `task_${k.toString(16).padStart(16, "0")}` }));
const runs = Array.from({ length: MODELS }, (_, m) => {
  const latest = new Map<string, ItemRecord>();
  items.forEach((it, k) => {
    const j = (k + m) % 3;
    const content = j === 0
      ? JSON.stringify({ answer: it.gold, rationale: "" })
      : j === 1
      ? "Here is my answer:\n```json\n" + JSON.stringify({ answer: { ...it.gold, extra: 1 } }) + "\n```"
      : `I think {"answer": ${JSON.stringify(it.gold).slice(0, -1)}`;
    latest.set(it.task_id, {
      type: "response", task_id: it.task_id, family: it.family, mechanism: it.mechanism, request_sha256: "0".repeat(64),
      attempts: [], latency_ms: 1, finished: "2026-12-01T00:00:00.000Z", content, finish_reason: "stop", usage: null, cached: false,
    });
  });
  return latest;
});

Deno.bench({
  name: `score ${(ITEMS * MODELS).toLocaleString("en-US")} model–item records (${MODELS} models × ${ITEMS.toLocaleString("en-US")} items, all six families): judge + A.3 metrics`,
  n: 10,
  fn: () => {
    let correct = 0;
    for (const [m, latest] of runs.entries()) {
      const scored = scoreRecords(`model-${m}`, items, latest);
      correct += familyMetrics(scored.items).at(-1)!.metrics.correct;
    }
    if (correct < (ITEMS * MODELS) / 3) throw new Error("unexpected judgements");
  },
});

const REQUESTS = 400, CONCURRENCY = 20;
const server = await startLoopback(() => completion({ content: '{"answer": {"unfaithful_step_count": 0}}' }));
const client = new OpenAIModelClient({ model: "loopback-model", baseURL: server.baseURL, apiKey: "unused" });
const requestItems = Array.from({ length: REQUESTS }, (_, k) => ({ ...items[k % items.length], task_id: `task_${k.toString(16).padStart(16, "0")}`, prompt: `${items[k % items.length].prompt}\n#${k}` }));

Deno.bench({
  name: `${REQUESTS} requests at concurrency ${CONCURRENCY}, client alone`,
  group: "runner",
  baseline: true,
  n: 8,
  fn: async () => {
    await promisePool(requestItems, CONCURRENCY, async (it) => {
      await client.chat(requestMessages(it.prompt));
    });
  },
});

const config = {
  format: EVAL_RUN_FORMAT, model: "loopback-model", endpoint: server.baseURL, api_key_env: null,
  tasks: { dir: "bench", completion_sha256: "0".repeat(64), retained: REQUESTS },
  selection: { families: null, mechanisms: null, limit: null },
  settings: { max_output_tokens: 20_000, temperature: 0, reasoning_effort: null, json_object: false },
  request: {}, system_message: "bench", items: REQUESTS, created: "2026-12-01T00:00:00.000Z",
} as const;
Deno.bench({
  name: `${REQUESTS} requests at concurrency ${CONCURRENCY}, through the runner (records + file cache)`,
  group: "runner",
  n: 8,
  fn: async (b) => {
    const dir = mkdtempSync(join(tmpdir(), "mech-bench-run-"));
    const run = await openRun(join(dir, "run"), { ...config, selection: { ...config.selection } });
    b.start();
    const s = await runEval({ items: requestItems, client, endpoint: server.baseURL, controls: {}, cache: new FileResponseCache(join(dir, "cache")), existing: [], append: run.append, concurrency: CONCURRENCY });
    b.end();
    run.close();
    rmSync(dir, { recursive: true, force: true });
    if (s.sent !== REQUESTS) throw new Error("requests lost");
  },
});

globalThis.addEventListener("unload", () => void server.close());

// 3. The analysis at the paper's scale: 9 models × 1,120 items over 18 mechanisms and six
//    families (synthetic outcomes: a model's chance of being right falls with the item's
//    complexity; some protocol failures). Bins and the 10,000-replicate paired bootstrap
//    for every slice (per family, per family and bin, all), then the regression alone.
const MECHS = Array.from({ length: 18 }, (_, g) => `m${String(g).padStart(2, "0")}`);
const FAMS = ["state_consistency", "plausibility", "necessity", "transition", "functional_recovery", "trace_faithfulness"] as const;
let lcg = 12345;
const rnd = () => ((lcg = (lcg * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const synthetic: EvalItem[] = Array.from({ length: ITEMS }, (_, k) => ({
  ...base[0],
  task_id: `task_${k.toString(16).padStart(16, "0")}`,
  family: FAMS[k % 6],
  mechanism: MECHS[Math.floor(k / 6) % 18],
  complexity: Math.floor(rnd() * 200),
  prompt: "x".repeat(2_000 + Math.floor(rnd() * 20_000)),
}));
const syntheticRuns = Array.from({ length: MODELS }, (_, m) => ({
  model: `model-${m}`,
  items: synthetic.map((it): ScoredItem => {
    const u = rnd(), pRight = 0.85 - 0.06 * m - it.complexity / 600;
    const outcome = u < pRight ? "correct" : u < pRight + 0.05 ? "protocol" : "semantic";
    return { model: `model-${m}`, task_id: it.task_id, family: it.family, mechanism: it.mechanism, level: it.level, complexity: it.complexity, outcome, component: outcome === "correct" ? 1 : outcome === "semantic" ? rnd() : 0, reason: null, prompt_chars: it.prompt.length, answer_chars: 40 + (it.complexity % 50) };
  }),
}));

Deno.bench({
  name: `analysis: B1–B4 bins + ${BOOTSTRAP_REPLICATES.toLocaleString("en-US")}-replicate paired cluster bootstrap, ${MODELS} models × ${ITEMS.toLocaleString("en-US")} items, every slice`,
  group: "analysis",
  n: 5,
  fn: () => {
    const a = analyze({ all: synthetic, runs: syntheticRuns, regression: false, baseline: false });
    if (a.slices.length < MODELS * 31) throw new Error("slices missing");
  },
});

const syntheticBins = analysisBins(synthetic);
Deno.bench({
  name: `analysis: stacked conditional-logistic regression (unadjusted + adjusted, CR1, wild test over 18 clusters), ${(MODELS * ITEMS).toLocaleString("en-US")} records`,
  group: "analysis",
  n: 5,
  fn: () => {
    const r = regress(syntheticRuns, syntheticBins);
    if (!r.adjusted) throw new Error(r.notes.join("; "));
  },
});
