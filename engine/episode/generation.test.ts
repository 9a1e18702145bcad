// The two ways Session.generate reaches its candidates give the same edges in the same
// order; reach's expansion budget and callbacks; the start case.
import { describe, expect, it } from "vitest";
import { builtinMechanism } from "../../catalog/mod.ts";
import type { MechanismModel } from "../model/model.ts";
import { Session } from "./session.ts";
import { initialEpisodes, matchingEpisodes, parseEpisodeSpec, startScenario } from "./initial.ts";
import { reach } from "./reach.ts";
import { graphJson } from "./render.ts";
import type { Episode } from "./episode.ts";
import { edgeRules } from "./rules.ts";

const mech = (id: string): MechanismModel => builtinMechanism(id)!;
const first = (m: MechanismModel, scenario: string, n = 1): Episode[] => [...matchingEpisodes(m, scenario, parseEpisodeSpec(m, ""))].slice(0, n);

describe("exact target states and the relaxed enumeration agree", () => {
  // exactPerTarget 0 solves the target states exactly wherever the relaxation has an
  // interpretation; Infinity checks every relaxed interpretation (docs/semantics.md §13.7)
  const cases: [string, string, number, number][] = [
    // the relaxation holds 20,510 and 61,530 interpretations here, about 0.5 % of them admissible
    ["mechanics_branched_three_mass", "start_at_rest", 2, 1],
    ["mechanics_first", "msl_start", 2, 2],
    ["mechanics_compare_braking_force", "msl_start", 1, 3],
    ["electrical_electrothermal_resistor_parallel", "switched_on_cold", 2, 3],
    ["thermal_three_node_chain", "base", 3, 2],
  ];
  for (const [id, scenario, n, horizon] of cases) {
    it(`${id} ${scenario}: the same graph, byte for byte, under both profiles`, () => {
      const m = mech(id);
      for (const profile of ["sound", "paper"] as const) {
        const rules = edgeRules(profile, []);
        const graph = (exactPerTarget: number) => {
          const session = new Session(m, scenario, { rules, exactPerTarget });
          const json = JSON.stringify(graphJson(m, scenario, profile, horizon, reach(session, first(m, scenario, n), horizon)));
          return { json, stats: session.stats };
        };
        const relaxed = graph(Infinity), exact = graph(0);
        expect(exact.json, profile).toBe(relaxed.json);
        // the exact path was taken: more solves, fewer candidates
        if (relaxed.stats.candidates > 0) expect(exact.stats.solves, profile).toBeGreaterThan(relaxed.stats.solves);
        expect(exact.stats.candidates, profile).toBeLessThanOrEqual(relaxed.stats.candidates);
        const relaxedJson = relaxed.json;
        // (under the paper profile the case is the universe and several of these graphs are empty)
        if (profile === "sound") expect(JSON.parse(relaxedJson).edges.length).toBeGreaterThan(0);
      }
    });
  }
});

describe("reach: expansion budget and callbacks", () => {
  // mechanics_compare_braking_torque from the first episode of msl_start: R_1 has 255
  // episodes, so after depth 1 the graph holds 256
  const m = mech("mechanics_compare_braking_torque");
  const x0 = initialEpisodes(m, "msl_start", parseEpisodeSpec(m, ""), 1, true);

  it("a layer is computed only while the graph holds at most the budget", () => {
    const full = reach(new Session(m, "msl_start"), x0, 2);
    expect(full.layers.map((l) => l.episodes.length).slice(0, 2)).toEqual([1, 255]);
    expect(full.stopped).toBeUndefined();
    const cut = reach(new Session(m, "msl_start"), x0, 3, { expansionBudget: 255 });
    expect(cut.layers).toHaveLength(2);
    expect(cut.stopped).toEqual({ depth: 2, episodes: 256 });
    const pairs = (g: typeof full, ids: number[]) => ids.map((id) => `${g.edges[id].source}>${g.edges[id].target}`);
    expect(pairs(cut, cut.layers[1].edges)).toEqual(pairs(full, full.layers[1].edges));
    const on = reach(new Session(m, "msl_start"), x0, 2, { expansionBudget: 256 });
    expect(on.layers).toHaveLength(3);
    expect(on.stopped).toBeUndefined();
    // nothing to stop when the horizon is reached first
    expect(reach(new Session(m, "msl_start"), x0, 0, { expansionBudget: 0 }).stopped).toBeUndefined();
    expect(reach(new Session(m, "msl_start"), x0, 1, { expansionBudget: 0 }).stopped).toEqual({ depth: 1, episodes: 1 });
  });

  it("onLayer sees each layer when it is complete, onSource each expanded source", () => {
    const seen: string[] = [];
    reach(new Session(m, "msl_start"), x0, 2, {
      onLayer: (l, g) => void seen.push(`layer ${l.depth}: ${l.episodes.length} of ${g.episodes.length}`),
      onSource: (done, total, depth) => {
        if (done === 1 || done === total) seen.push(`source ${done}/${total} at ${depth}`);
      },
    });
    expect(seen.slice(0, 4)).toEqual(["layer 0: 1 of 1", "source 1/1 at 1", "layer 1: 255 of 256", "source 1/255 at 2"]);
    expect(seen[4]).toBe("source 255/255 at 2");
    expect(seen[5]).toMatch(/^layer 2: \d+ of \d+$/);
    expect(seen).toHaveLength(6);
  });
});

describe("the start case", () => {
  it("is the first scenario with case restrictions, else the first scenario", () => {
    // the catalog declares base first; the start of its numerical run is the first case
    expect(startScenario(mech("thermal_two_masses")).id).toBe("mass1_hotter");
    expect(startScenario(mech("mechanics_branched_three_mass")).id).toBe("start_at_rest");
    expect(startScenario(mech("electrical_electrothermal_resistor_ladder")).id).toBe("switched_on_cold"); // switched_on has a context only
    const m = mech("thermal_two_masses");
    expect(startScenario({ ...m, scenarios: m.scenarios.filter((s) => !s.restrict.length) }).id).toBe("base");
  });
});
