// The memorization gap: one model's accuracy on the published scenes beside its accuracy
// on fresh variants of the same scenes, per category, with a 95 % interval for the
// difference from the cluster bootstrap by scene (a drawn scene brings its episodes of both
// runs, so the two accuracies of a replicate are paired).
import type { Category, EpisodeScore } from "../physment/score/mod.ts";
import { CATEGORIES } from "../physment/score/mod.ts";
import { BOOTSTRAP_REPLICATES } from "../eval/defaults.ts";
import { clusterDraws, clusterTotals, type Interval, intervalOf, replicateValues } from "../eval/bootstrap.ts";
import type { Table } from "../report/page.ts";

/** One model's accuracies on originals and variants in one category (or all). */
export interface GapRow {
  model: string;
  /** Strategy and protocol. */
  variant: string;
  category: Category | "all";
  /** Scenes with episodes in both runs. */
  scenes: number;
  originals: { episodes: number; accuracy: number };
  variants: { episodes: number; accuracy: number };
  /** Accuracy on originals minus on variants, with its 95 % interval. */
  gap: Interval;
}

/**
 * The gap per model, strategy/protocol and category, over the scenes both runs played
 * (every budget's episodes; a scene's episodes form one cluster).
 */
export function memorizationGap(originals: readonly EpisodeScore[], variants: readonly EpisodeScore[], replicates = BOOTSTRAP_REPLICATES): GapRow[] {
  const runKey = (s: EpisodeScore) => JSON.stringify([s.model, s.variant]);
  const runs = [...new Set([...originals, ...variants].map(runKey))].sort();
  const out: GapRow[] = [];
  for (const run of runs) {
    const [model, variant] = JSON.parse(run) as [string, string];
    const a = originals.filter((s) => runKey(s) === run), b = variants.filter((s) => runKey(s) === run);
    const both = new Set(a.map((s) => s.scene_id).filter((n) => b.some((s) => s.scene_id === n)));
    for (const category of ["all" as const, ...CATEGORIES.map((c) => c.id)]) {
      const inCat = (s: EpisodeScore) => both.has(s.scene_id) && (category === "all" || s.category === category);
      const x = a.filter(inCat), y = b.filter(inCat);
      if (!x.length || !y.length) continue;
      const scenes = [...new Set(x.map((s) => String(s.scene_id)))];
      const draws = clusterDraws(scenes, replicates);
      const items = (ss: EpisodeScore[]) => ss.map((s) => ({ mechanism: String(s.scene_id), value: s.correct ? 1 : 0 }));
      const rx = replicateValues(draws, clusterTotals(draws, items(x)));
      const ry = replicateValues(draws, clusterTotals(draws, items(y)));
      const accX = x.filter((s) => s.correct).length / x.length, accY = y.filter((s) => s.correct).length / y.length;
      out.push({
        model,
        variant,
        category,
        scenes: scenes.length,
        originals: { episodes: x.length, accuracy: accX },
        variants: { episodes: y.length, accuracy: accY },
        gap: intervalOf(accX - accY, rx.map((v, r) => v - ry[r])),
      });
    }
  }
  return out;
}

const pct = (x: number | null) => (x === null ? "—" : (100 * x).toFixed(1));

/** The gap as a report table. */
export function gapTable(rows: readonly GapRow[]): Table {
  const name = (c: GapRow["category"]) => (c === "all" ? "all" : CATEGORIES.find((k) => k.id === c)!.name);
  return {
    title: "Originals and fresh variants: accuracy (%) per category (the memorization gap)",
    note: "Accuracy on the published scenes and on variants drawn with mech physment vary, over the scenes both runs played; gap = originals − variants, with its 95 % interval from the cluster bootstrap by scene (a drawn scene brings its episodes of both runs).",
    header: ["model", "category", "scenes", "originals", "variants", "gap", "95 % interval"],
    numeric: [false, false, true, true, true, true, false],
    rows: rows.map((r) => [
      `${r.model} (${r.variant})`,
      name(r.category),
      String(r.scenes),
      pct(r.originals.accuracy),
      pct(r.variants.accuracy),
      pct(r.gap.estimate),
      r.gap.lower === null ? "—" : `[${pct(r.gap.lower)}, ${pct(r.gap.upper)}]`,
    ]),
  };
}
