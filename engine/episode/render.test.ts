import { describe, expect, it } from "vitest";
import { builtinMechanism } from "../../catalog/mod.ts";
import { Session } from "./session.ts";
import { reach } from "./reach.ts";
import { initialEpisodes, parseEpisodeSpec } from "./initial.ts";
import { cellChanges, componentChanges, firstDepths, graphDot, graphJson, graphText, transitionTriples } from "./render.ts";
import { GraphJson } from "./graph_json.ts";

function graphOf(id: string, scenario: string, horizon: number, first = false) {
  const model = builtinMechanism(id)!;
  const session = new Session(model, scenario);
  return { model, graph: reach(session, initialEpisodes(model, scenario, parseEpisodeSpec(model, ""), 1000, first), horizon) };
}

describe("transitionTriples (Definition 7)", () => {
  it("is every component change over A^{<=H}, once, sorted by component, source, target", () => {
    const { model, graph } = graphOf("thermal_branched_star", "hot_centre", 3);
    expect(graph.edges.length).toBeGreaterThan(5);
    const triples = transitionTriples(model, graph);
    expect(triples.length).toBeGreaterThan(3);
    const keys = triples.map((t) => `${t.component} ${t.source} ${t.target}`);
    expect(new Set(keys).size).toBe(keys.length);
    const sorted = [...triples].sort((a, b) =>
      a.component < b.component ? -1 : a.component > b.component ? 1 : a.source < b.source ? -1 : a.source > b.source ? 1 : a.target < b.target ? -1 : a.target > b.target ? 1 : 0
    );
    expect(triples).toEqual(sorted);
    const direct = new Set<string>();
    for (const e of graph.edges) {
      const x = graph.episodes[e.source], y = graph.episodes[e.target];
      for (const i of model.instances) if (x.state[i.name] !== y.state[i.name]) direct.add(`${i.name} ${x.state[i.name]} ${y.state[i.name]}`);
    }
    expect(new Set(keys)).toEqual(direct);
    expect(triples.every((t) => t.source !== t.target)).toBe(true);
  });

  it("is empty when nothing changes state (equal temperatures: no edge at all)", () => {
    const { model, graph } = graphOf("thermal_two_masses", "equal_temperatures", 3);
    expect(graph.edges).toEqual([]);
    expect(transitionTriples(model, graph)).toEqual([]);
  });
});

describe("graphJson", () => {
  it("validates, names every cell, and is byte-identical across fresh sessions", () => {
    const a = graphOf("mechanics_damper", "moving_toward_wall", 2, true);
    const b = graphOf("mechanics_damper", "moving_toward_wall", 2, true);
    const ja = graphJson(a.model, "moving_toward_wall", "sound", 2, a.graph);
    expect(GraphJson.parse(ja)).toEqual(ja);
    expect(JSON.stringify(graphJson(b.model, "moving_toward_wall", "sound", 2, b.graph))).toBe(JSON.stringify(ja));
    expect(ja.episodes[0].cells).toHaveLength(a.model.variables.length);
    expect(Object.keys(ja.episodes[0].state)).toEqual(ja.components);
    ja.edges.forEach((e, k) => {
      const { source, target } = a.graph.edges[k];
      expect(e.changes).toEqual(cellChanges(a.model, a.graph.episodes[source], a.graph.episodes[target]));
      expect(e.declarations.map((d) => d.component)).toEqual(componentChanges(a.model, a.graph.episodes[source], a.graph.episodes[target]).map((t) => t.component));
    });
  });

  it("the schema rejects dangling ids and misnumbered episodes", () => {
    const { model, graph } = graphOf("thermal_two_masses", "mass1_hotter", 1);
    const j = graphJson(model, "mass1_hotter", "sound", 1, graph);
    expect(GraphJson.safeParse({ ...j, edges: [{ ...j.edges[0], target: 7 }] }).success).toBe(false);
    expect(GraphJson.safeParse({ ...j, episodes: [...j.episodes].reverse() }).success).toBe(false);
    expect(GraphJson.safeParse({ ...j, extra: 1 }).success).toBe(false);
  });
});

describe("text and dot", () => {
  it("horizon 0: one layer, no edges, the initial episodes listed", () => {
    const { model, graph } = graphOf("thermal_two_masses", "mass1_hotter", 0);
    const lines = graphText(model, "mass1_hotter", "sound", 0, graph, { limit: 20 });
    expect(lines).toContain("| 0 | 1 | 0 |");
    expect(lines).toContain("edges (0): none");
    expect(lines).toContain("component transitions (0): none");
    expect(lines.at(-1)).toBe("  e0  COOLING|HEATING|FORWARD_HEAT_FLOW  (depth 0, initial)");
  });

  it("first depths follow the layers; dot has a node per episode and an edge per edge", () => {
    const { model, graph } = graphOf("mechanics_damper", "moving_toward_wall", 2, true);
    const depth = firstDepths(graph);
    expect(depth.slice(0, 3)).toEqual([0, 1, 2]);
    expect(depth.every((d) => d >= 0)).toBe(true);
    const dot = graphDot(model, "moving_toward_wall", "sound", 2, graph);
    expect(dot.filter((l) => /^ {2}e\d+ \[label=/.test(l))).toHaveLength(graph.episodes.length);
    expect(dot.filter((l) => l.includes(" -> "))).toHaveLength(graph.edges.length);
  });
});
