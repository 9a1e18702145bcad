// deno bench --allow-read --allow-env bench/samples_bench.ts
// Repeated inference at the paper's scale: 9 models × 1,320 items over 18 mechanisms and six
// families, K = 5 samples per item (synthetic outcomes: a model's chance of being right falls
// with the item's complexity; samples of an item disagree with that chance, so most items
// need inner draws). The analysis without the regression is measured at K = 1 (the
// baseline: one-level intervals only) and at K = 5 (one-level and two-level intervals for
// every slice's accuracy, the sample scores, the paired differences), 10,000 replicates
// each; then the two-level bootstrap alone (the target: under 3 s), and the
// regression over every sample's record.
import { analyze, regress } from "../engine/eval/analysis.ts";
import { analysisBins } from "../engine/eval/bins.ts";
import { clusterDraws, twoLevelReplicates } from "../engine/eval/bootstrap.ts";
import { BOOTSTRAP_REPLICATES } from "../engine/eval/defaults.ts";
import type { EvalItem } from "../engine/eval/join.ts";
import { recordsPerItem } from "../engine/eval/samples.ts";
import type { ScoredItem } from "../engine/eval/score.ts";
import { FAMILY_IDS } from "../engine/tasks/family.ts";

const ITEMS = 1_320, MODELS = 9, K = 5;
const MECHS = Array.from({ length: 18 }, (_, g) => `m${String(g).padStart(2, "0")}`);
let lcg = 12345;
const rnd = () => ((lcg = (lcg * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const items: EvalItem[] = Array.from({ length: ITEMS }, (_, k) => ({
  task_id: `task_${k.toString(16).padStart(16, "0")}`,
  family: FAMILY_IDS[k % 6],
  mechanism: MECHS[Math.floor(k / 6) % 18],
  level: "D1",
  complexity: Math.floor(rnd() * 200),
  prompt: "x".repeat(2_000 + Math.floor(rnd() * 20_000)),
  prompt_tokens: 1_000,
  gold: {},
  context: {},
}));

function runs(samples: number) {
  return Array.from({ length: MODELS }, (_, m) => ({
    model: `model-${m}`,
    items: items.flatMap((it) => {
      const pRight = Math.max(0.05, 0.85 - 0.06 * m - it.complexity / 600);
      return Array.from({ length: samples }, (_, s): ScoredItem => {
        const u = rnd();
        const outcome = u < pRight ? "correct" : u < pRight + 0.05 ? "protocol" : "semantic";
        return {
          model: `model-${m}`, task_id: it.task_id, family: it.family, mechanism: it.mechanism, level: it.level, complexity: it.complexity,
          outcome, component: outcome === "correct" ? 1 : outcome === "semantic" ? Math.round(4 * rnd()) / 4 : 0, reason: null,
          prompt_chars: it.prompt.length, answer_chars: 40 + (it.complexity % 50),
          ...(samples > 1 ? { sample: s, vote: outcome === "correct" ? "gold" : outcome === "semantic" ? `wrong-${Math.floor(3 * rnd())}` : null } : {}),
        };
      });
    }),
  }));
}
const one = runs(1), five = runs(K);

Deno.bench({
  name: `analysis at K = 1: ${BOOTSTRAP_REPLICATES.toLocaleString("en-US")}-replicate one-level bootstrap, ${MODELS} models × ${ITEMS.toLocaleString("en-US")} items, every slice`,
  group: "samples",
  baseline: true,
  n: 5,
  fn: () => {
    const a = analyze({ all: items, runs: one, regression: false, baseline: false });
    if (a.differences.length !== (MODELS * (MODELS - 1)) / 2) throw new Error("differences missing");
  },
});

Deno.bench({
  name: `analysis at K = ${K}: one-level + two-level bootstrap (${BOOTSTRAP_REPLICATES.toLocaleString("en-US")} replicates), sample scores, paired differences, ${MODELS} models × ${ITEMS.toLocaleString("en-US")} items × ${K} samples`,
  group: "samples",
  n: 5,
  fn: () => {
    const a = analyze({ all: items, runs: five, regression: false, baseline: false });
    if (!a.slices.every((s) => s.samples)) throw new Error("two-level intervals missing");
  },
});

// the two-level bootstrap alone: every model's items in their three slices (family, family × bin, all)
const bins = analysisBins(items);
const draws = clusterDraws(items.map((i) => i.mechanism));
const sampled = five.map((r) =>
  recordsPerItem(r.items).map((list) => {
    const f = FAMILY_IDS.indexOf(list[0].family);
    return { mechanism: list[0].mechanism, slices: [f, 6 + 4 * f + bins.get(list[0].task_id)!, 30], correct: list.map((s) => (s.outcome === "correct" ? 1 as const : 0 as const)) };
  })
);
Deno.bench({
  name: `two-level bootstrap alone: ${BOOTSTRAP_REPLICATES.toLocaleString("en-US")} replicates × 31 slices, ${MODELS} models × ${ITEMS.toLocaleString("en-US")} items × ${K} samples`,
  group: "samples",
  n: 5,
  fn: () => {
    for (const [m, list] of sampled.entries()) twoLevelReplicates(draws, list, 31, `bench/${m}`);
  },
});

Deno.bench({
  name: `regression over every sample's record: ${(MODELS * ITEMS * K).toLocaleString("en-US")} records (unadjusted + adjusted, CR1, wild test over 18 clusters)`,
  group: "regression",
  n: 3,
  fn: () => {
    const r = regress(five, bins);
    if (!r.adjusted) throw new Error(r.notes.join("; "));
  },
});
