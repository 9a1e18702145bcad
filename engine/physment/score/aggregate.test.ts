import { describe, expect, it } from "vitest";
import { DEFAULT_WEIGHTS, finalScore, summarize, Weights } from "./aggregate.ts";
import { DEFAULT_HELD_OUT } from "./categories.ts";
import { type EpisodeRecord, scoreEpisode } from "./dimensions.ts";

describe("Final Score = 100·Σ w_j·dim_j", () => {
  it("the paper's weights", () => {
    expect(DEFAULT_WEIGHTS).toEqual({ C: 0.4, E: 0.15, G: 0.15, V: 0.1, R: 0.1, G_prime: 0.1 });
    expect(Weights.safeParse(DEFAULT_WEIGHTS).success).toBe(true);
    expect(Weights.safeParse({ ...DEFAULT_WEIGHTS, C: 0.5 }).success).toBe(false);
  });
  it("hand arithmetic: 0.4·0.5 + 0.15·0.4 + 0.15·0.6 + 0.1·1 + 0.1·0.7 + 0.1·0.3 = 0.55", () => {
    const fs = finalScore({ C: 0.5, E: 0.4, G: 0.6, V: 1, R: 0.7, G_prime: 0.3 });
    expect(fs.score).toBeCloseTo(55, 12);
    expect(fs.missing).toEqual([]);
    expect(finalScore({ C: 1, E: 1, G: 1, V: 1, R: 1, G_prime: 1 }).score).toBeCloseTo(100, 12);
    expect(finalScore({ C: 0, E: 0, G: 0, V: 0, R: 0, G_prime: 0 }).score).toBe(0);
  });
  it("reproduces the Final Scores of the paper's Table 5 from its dimension columns", () => {
    const table5: [string, number, number, number, number, number, number, number][] = [
      ["GPT-5.5", 0.583, 0.537, 0.729, 1.000, 0.701, 0.476, 64.1],
      ["Gemini 3.1 Pro", 0.555, 0.420, 0.598, 1.000, 0.657, 0.437, 58.4],
      ["Claude Opus 4.7", 0.503, 0.655, 0.544, 0.999, 0.613, 0.580, 60.0],
      ["DeepSeek R1", 0.480, 0.418, 0.514, 1.000, 0.633, 0.588, 55.4],
      ["GLM-5", 0.351, 0.238, 0.744, 1.000, 0.700, 0.426, 50.0],
      ["Kimi K-2.5", 0.308, 0.201, 0.702, 0.999, 0.708, 0.381, 46.7],
      ["Qwen 3.5", 0.224, 0.280, 0.712, 1.000, 0.678, 0.432, 44.9],
    ];
    for (const [model, C, E, G, V, R, G_prime, fs] of table5) {
      expect([model, Math.round(finalScore({ C, E, G, V, R, G_prime }).score * 10) / 10]).toEqual([model, fs]);
    }
  });
  it("an undefined dimension is left out and the other weights renormalized", () => {
    // Without G: (0.4·0.5 + 0.15·0.4 + 0.1·1 + 0.1·0.7 + 0.1·0.3)/0.85 = 0.46/0.85.
    const fs = finalScore({ C: 0.5, E: 0.4, G: null, V: 1, R: 0.7, G_prime: 0.3 });
    expect(fs.score).toBeCloseTo((100 * 0.46) / 0.85, 12);
    expect(fs.missing).toEqual(["G"]);
  });
});

const ep = (model: string, budget: number, scene_id: number, answer: number | string | null, k: number | null, truth: number, reasoning = ""): EpisodeRecord => ({
  scene_id,
  model,
  budget,
  turns: [{ iteration: 1, reasoning, results: [{ tool: "get_velocity", parameters: {}, result: { v: 1.5 }, error: false, sim_time: 0 }], invalid_calls: 0 }],
  answer,
  answer_iteration: k,
  ground_truth: truth,
});

describe("summaries", () => {
  // Scenes 7 (easy single physics) and 16 (easy single + object creation, held out); truths
  // are made up for the test.
  const episodes = [
    ep("beta", 10, 7, 2, 1, 2),
    ep("beta", 10, 16, "object_2", 5, 2), // strict fail, class-1 regrade (scene 16 answers an object id)
    ep("alpha", 5, 16, 1, 5, 1),
    ep("alpha", 5, 7, null, null, 3),
    ep("alpha", 10, 7, 3, 2, 3),
    ep("alpha", 10, 16, 2, 10, 1),
  ].map((r) => scoreEpisode(r));
  const rows = summarize(episodes);
  const find = (model: string, budget: number | "all", category: string) =>
    rows.find((r) => r.model === model && r.budget === budget && r.category === category)!;

  it("deterministic order: model, budget ascending then all, all-categories row first then Table 1 order", () => {
    expect(rows.map((r) => `${r.model}/${r.budget}/${r.category}`)).toEqual([
      "alpha/5/all",
      "alpha/5/easy_single_physics",
      "alpha/5/easy_single_object_creation",
      "alpha/10/all",
      "alpha/10/easy_single_physics",
      "alpha/10/easy_single_object_creation",
      "alpha/all/all",
      "alpha/all/easy_single_physics",
      "alpha/all/easy_single_object_creation",
      "beta/10/all",
      "beta/10/easy_single_physics",
      "beta/10/easy_single_object_creation",
      "beta/all/all",
      "beta/all/easy_single_physics",
      "beta/all/easy_single_object_creation",
    ]);
    // The same episodes in another order give the same summaries.
    expect(summarize([...episodes].reverse())).toEqual(rows);
  });

  it("accuracy (Eq. 5), mean E, and G′ over the run's held-out episodes", () => {
    expect(DEFAULT_HELD_OUT).toContain("easy_single_object_creation");
    const a5 = find("alpha", 5, "all");
    expect(a5).toMatchObject({ episodes: 2, accuracy: 0.5, C: 0.5, E: 0, G_prime: 1, held_out_episodes: 1 });
    const a10 = find("alpha", 10, "all");
    expect(a10).toMatchObject({ accuracy: 0.5, G_prime: 0 });
    expect(a10.E).toBeCloseTo((0.8 + 0) / 2, 15);
    // Over all budgets: held-out episodes are alpha/5/16 (pass) and alpha/10/16 (fail).
    expect(find("alpha", "all", "all")).toMatchObject({ episodes: 4, accuracy: 0.5, G_prime: 0.5, held_out_episodes: 2 });
    // Category rows carry the run's G′.
    expect(find("alpha", 5, "easy_single_physics")).toMatchObject({ episodes: 1, accuracy: 0, G_prime: 1 });
  });

  it("the Final Score of a row is Eq. (6) on its means; G with no assertion is left out", () => {
    const b = find("beta", 10, "all");
    // C = (1 + 0)/2, E = (0.9 + 0.5)/2, V = 1, R = 1, G′ = 0 (scene 16 failed strictly); no
    // assertion anywhere, so G is left out: (0.4·0.5 + 0.15·0.7 + 0.1 + 0.1 + 0)/0.85.
    expect(b).toMatchObject({ C: 0.5, G: null, G_episodes: 0, V: 1, R: 1, G_prime: 0, final_score_missing: ["G"] });
    expect(b.E).toBeCloseTo(0.7, 15);
    expect(b.final_score).toBeCloseTo((100 * (0.2 + 0.105 + 0.2)) / 0.85, 10);
  });

  it("the regraded accuracy is reported beside the strict one", () => {
    expect(find("beta", 10, "all")).toMatchObject({
      accuracy: 0.5,
      regraded_accuracy: 1,
      regraded_C: 1,
      regraded_episodes: 1,
      regrades_by_class: { 1: 1, 2: 0, 3: 0, 4: 0 },
    });
    expect(find("alpha", "all", "all")).toMatchObject({ regraded_accuracy: 0.5, regraded_episodes: 0 });
  });

  it("G is the mean over episodes with assertions", () => {
    const twoTurns = (scene_id: number, said: string): EpisodeRecord => ({
      ...ep("m", 5, scene_id, 2, 2, 2),
      turns: [
        { iteration: 1, reasoning: "", results: [{ tool: "get_velocity", parameters: {}, result: { v: 1.5 }, error: false, sim_time: 0 }], invalid_calls: 0 },
        { iteration: 2, reasoning: said, results: [], invalid_calls: 0 },
      ],
    });
    const scores = [twoTurns(7, "v = 1.5 m/s"), twoTurns(8, "v = 1.5 or 3.5 m/s"), twoTurns(9, "no numbers")].map((r) => scoreEpisode(r));
    expect(scores.map((x) => x.G)).toEqual([1, 0.5, null]);
    expect(summarize(scores)[0]).toMatchObject({ G: 0.75, G_episodes: 2, episodes: 3 });
  });

  it("runs are told apart by variant", () => {
    const v = [ep("m", 5, 7, 2, 1, 2), { ...ep("m", 5, 7, 3, 1, 2), variant: "few_shot/text" }].map((r) => scoreEpisode(r));
    expect(summarize(v).filter((r) => r.budget === 5 && r.category === "all").map((r) => [r.variant, r.accuracy])).toEqual([["", 1], ["few_shot/text", 0]]);
  });

  it("custom held-out split and weights", () => {
    const r = summarize(episodes, { heldOut: ["easy_single_physics"], weights: { C: 1, E: 0, G: 0, V: 0, R: 0, G_prime: 0 } });
    expect(r[0]).toMatchObject({ model: "alpha", budget: 5, G_prime: 0, final_score: 50 });
  });
});
