// deno bench --allow-read --allow-env bench/eval_bench.ts
// Judging responses (extraction, normalization, comparison, component score) at the
// scale of the paper's stacked analysis: 10,080 model–item records (9 models × 1,120
// items). Items are the golds of a generated benchmark (two mechanisms, all six
// families), cycled; the responses are, in turn, the gold as a whole JSON response, the
// gold with an unrelated field inside a fenced block in prose (correct after projection),
// and prose around a truncated object (a protocol failure).
import { builtinMechanism } from "../catalog/mod.ts";
import { generate } from "../engine/tasks/generate.ts";
import { FAMILIES } from "../engine/tasks/families/mod.ts";
import { judge } from "../engine/eval/outcome.ts";

const g = generate({
  mechanisms: ["thermal_three_node_chain", "mechanics_accelerate"].map((id) => builtinMechanism(id)!),
  families: FAMILIES,
  seed: "bench",
  perLevel: 2,
  maxPromptTokens: 80_000,
});
const items = g.tasks.map((t, i) => ({
  family: t.family,
  gold: g.solutions[i].answer,
  candidates: ((g.solutions[i].audit as { rows?: { id: string }[] }).rows ?? []).map((r) => r.id),
}));
const RECORDS = 10_080;
const records = Array.from({ length: RECORDS }, (_, k) => {
  const it = items[k % items.length];
  const text = k % 3 === 0
    ? JSON.stringify({ answer: it.gold, rationale: "" })
    : k % 3 === 1
    ? "Here is my answer:\n```json\n" + JSON.stringify({ answer: { ...it.gold, extra: 1 } }) + "\n```"
    : `I think {"answer": ${JSON.stringify(it.gold).slice(0, -1)}`;
  return { ...it, text };
});

Deno.bench({
  name: `judge ${RECORDS.toLocaleString("en-US")} model–item records (${items.length} distinct items, all six families)`,
  n: 10,
  fn: () => {
    let correct = 0;
    for (const r of records) if (judge(r.family, r.text, r.gold, { candidates: r.candidates }).outcome === "correct") correct++;
    if (correct < RECORDS / 3) throw new Error("unexpected judgements");
  },
});
