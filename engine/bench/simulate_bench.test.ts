// The episode-graph benchmark's layer sizes against a direct build, and its starts.
import { describe, expect, it } from "vitest";
import { benchSimulate, caseStart, syntheticStart } from "./simulate_bench.ts";
import { SimulateBenchResult } from "./schema.ts";
import { builtinMechanism } from "../../catalog/mod.ts";
import { Session } from "../episode/session.ts";
import { reach } from "../episode/reach.ts";

describe("benchSimulate", () => {
  it("reports the layers and totals of a direct build (thermal_two_masses, start case)", () => {
    const model = builtinMechanism("thermal_two_masses")!;
    const w = caseStart(model);
    const r = SimulateBenchResult.parse(benchSimulate(w, 2, { runs: 2 }));
    const g = reach(new Session(model, w.scenario), w.initial, 2);
    expect(r.scenario).toBe("mass1_hotter");
    expect(r.layers).toEqual(g.layers.map((l) => ({ depth: l.depth, episodes: l.episodes.length, edges: l.edges.length })));
    // the hand-derived graph: one episode, one edge to equilibrium, nothing after it
    expect(r.layers.map((l) => [l.episodes, l.edges])).toEqual([[1, 0], [1, 1], [0, 0]]);
    expect([r.episodes, r.edges, r.initial, r.time.runs]).toEqual([2, 1, 1, 2]);
    expect(r.warmupRuns).toBeGreaterThan(1); // a 5 ms build is repeated for 250 ms
    expect(r.episodesPerSecond).toBeCloseTo((2 * 1000) / r.time.medianMs);
  });

  it("starts a synthetic chain from the first episode of its flowing state", () => {
    const w = syntheticStart({ kind: "chain", n: 3 });
    const r = benchSimulate(w, 1, { runs: 1 });
    const g = reach(new Session(w.model, "base"), w.initial, 1);
    expect(r.label).toBe("thermal chain 3");
    expect([r.episodes, r.edges]).toEqual([g.episodes.length, g.edges.length]);
  });
});
