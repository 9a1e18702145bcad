// The memorization gap on hand-made scores: accuracies per run and category, the gap, its
// interval from the bootstrap by scene (paired: a scene's episodes of both runs go together).
import { describe, expect, it } from "vitest";
import type { EpisodeScore } from "../physment/score/mod.ts";
import { gapTable, memorizationGap } from "./physment_gap.ts";

const score = (scene_id: number, category: EpisodeScore["category"], correct: boolean, model = "m"): EpisodeScore =>
  ({ scene_id, category, model, variant: "zero-shot/function", budget: 10, correct } as EpisodeScore);

describe("memorizationGap", () => {
  it("originals 4 of 4, variants 2 of 4 over the same four scenes: gap 50 points, the interval around it and inside [0, 1]", () => {
    const cat = "easy_single_physics" as EpisodeScore["category"];
    const originals = [7, 8, 9, 10].map((n) => score(n, cat, true));
    const variants = [7, 8, 9, 10].map((n) => score(n, cat, n % 2 === 0));
    const rows = memorizationGap(originals, variants, 2000);
    const all = rows.find((r) => r.category === "all")!;
    expect(all).toMatchObject({ scenes: 4, originals: { episodes: 4, accuracy: 1 }, variants: { episodes: 4, accuracy: 0.5 } });
    expect(all.gap.estimate).toBe(0.5);
    expect(all.gap.lower!).toBeGreaterThanOrEqual(0);
    expect(all.gap.upper!).toBeLessThanOrEqual(1);
    expect(all.gap.lower!).toBeLessThan(0.5);
    expect(all.gap.upper!).toBeGreaterThan(0.5);
    expect(rows.map((r) => r.category)).toEqual(["all", cat]);
  });

  it("identical runs have gap 0 with the interval [0, 0] (paired draws); scenes only one run played are left out", () => {
    const cat = "easy_single_physics" as EpisodeScore["category"];
    const a = [7, 8, 9].map((n) => score(n, cat, n !== 8));
    const rows = memorizationGap(a, [...a, score(11, cat, false)], 500);
    expect(rows[0]).toMatchObject({ scenes: 3, gap: { estimate: 0, lower: 0, upper: 0 } });
    expect(gapTable(rows).rows[0]).toEqual(["m (zero-shot/function)", "all", "3", "66.7", "66.7", "0.0", "[0.0, 0.0]"]);
  });
});
