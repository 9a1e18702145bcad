// Self-consistency: a function model that asks an inner model k times per item and answers
// with the majority (plurality) of the k answers, compared in one script with the inner
// model asked once. Both runs go through the same runner and are scored the same way.
//
// The inner model here is a stand-in for a sampled LLM so that the script runs offline and
// gives the same numbers every time: for each sample it gives the gold answer with
// probability 0.5, otherwise the gold of another task of the same family (a plausible wrong
// answer). For a real model, make `inner` a function that calls your endpoint or SDK with a
// temperature above 0 (examples/few_shot.ts has one that calls a Chat Completions
// endpoint); the voting wrapper does not change.
//
// Run:         deno run examples/self_consistency.ts [K]
// Permissions: none
//   It reads and writes no file and opens no connection.
// K: samples per item (default 5).
import { evaluate, generateBenchmark, type ModelFunction, type ModelRequest, scoreEvaluation } from "@mechbench/mechbench/mechreasoner";
import { extractAnswer } from "@mechbench/mechbench/scorer";

const k = Number(Deno.args[0] ?? 5);
if (!Number.isInteger(k) || k < 1) throw new Error(`K: expected a positive whole number, got ${Deno.args[0]}`);

const benchmark = await generateBenchmark({ mechanisms: ["electrical_resistor", "mechanics_accelerate"], perLevel: 2 });

// ---- the stand-in sampler (replace with your model) -------------------------------------
const gold = new Map(benchmark.solutions.map((s) => [s.task_id, s.answer]));
const sameFamily = (family: unknown) => benchmark.tasks.filter((t) => t.family === family).map((t) => t.task_id);
/** A deterministic number in [0, 1) from a string (FNV-1a). */
function unit(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h / 2 ** 32;
}
const inner: ModelFunction = (req: ModelRequest) => {
  const id = String(req.task!.task_id);
  if (unit(`${id}/${req.sample}/right`) < 0.5) return JSON.stringify({ answer: gold.get(id) });
  const others = sameFamily(req.task!.family).filter((t) => t !== id);
  const pick = others[Math.floor(unit(`${id}/${req.sample}/wrong`) * others.length)] ?? id;
  return JSON.stringify({ answer: gold.get(pick) });
};

// ---- the voting wrapper -------------------------------------------------------------------
/** JSON with object keys sorted, so equal answers written differently compare equal. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object") return `{${Object.keys(v).sort().map((key) => `${JSON.stringify(key)}:${canonical((v as Record<string, unknown>)[key])}`).join(",")}}`;
  return JSON.stringify(v);
}

/** A model that asks `model` k times (samples 0 … k-1, in parallel) and returns the most frequent answer. */
function majorityOf(model: ModelFunction, k: number): ModelFunction {
  return async (req) => {
    const replies = await Promise.all(Array.from({ length: k }, (_, j) => model({ ...req, sample: j })));
    const texts = replies.map((r) => (typeof r === "string" ? r : r.content ?? ""));
    const keys = texts.map((t) => {
      const e = extractAnswer(t);
      return e.ok ? canonical(e.payload) : "(no answer)";
    });
    const votes = new Map<string, number>();
    for (const key of keys) votes.set(key, (votes.get(key) ?? 0) + 1);
    // the first sample whose answer has the most votes (ties go to the earlier sample)
    const best = Math.max(...votes.values());
    const winner = keys.findIndex((key) => votes.get(key) === best);
    let prompt = 0, completion = 0;
    for (const r of replies) if (typeof r !== "string" && r.usage) (prompt += r.usage.prompt_tokens), (completion += r.usage.completion_tokens);
    return { content: texts[winner], usage: prompt || completion ? { prompt_tokens: prompt, completion_tokens: completion } : null };
  };
}

// ---- both runs, scored --------------------------------------------------------------------
const once = await evaluate({ benchmark, model: { id: "sampler", function: inner } });
const voted = await evaluate({ benchmark, model: { id: `sampler+majority-of-${k}`, function: majorityOf(inner, k) } });

const a = scoreEvaluation(once).families, b = scoreEvaluation(voted).families;
const pct = (x: number | null) => (x === null ? "—" : `${(100 * x).toFixed(1)} %`);
console.log(`${benchmark.tasks.length} items; e2e accuracy with one sample and with the majority of ${k}`);
console.log(`${"family".padEnd(22)} ${"one sample".padStart(10)} ${`majority of ${k}`.padStart(14)}`);
for (const [i, row] of a.entries()) console.log(`${row.family.padEnd(22)} ${pct(row.e2e_accuracy).padStart(10)} ${pct(b[i].e2e_accuracy).padStart(14)}`);
