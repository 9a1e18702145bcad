// The four episode-graph families, each gold recomputed by a second, plain path over
// the audited graph: brute-force path search (plausibility), direct quantification over
// the edge list (necessity), edge projection (transitions), enumeration of outcomes and
// successors (functional recovery); and every audited graph rebuilt from the catalog.
import { describe, expect, it } from "vitest";
import { mechanism, smallBenchmark } from "../generate.test_support.ts";
import { SemanticObjects } from "../semantic_objects.ts";
import { keyedRandom } from "../../files/random.ts";
import { compile, stateLabel } from "../../compile/compile.ts";
import { admissible } from "../../solve/semantics.ts";
import { familyById } from "./mod.ts";
import { goldTriples } from "./transition.ts";
import { type TaskGraph, rebuildGraph } from "./episode_common.ts";
import { LEVEL_SPEC, NARRATIVES } from "./plausibility.ts";
import { PLANS } from "./functional_recovery.ts";
import type { Level } from "../family.ts";

type Fact = { var: string; cell: string };
const g = smallBenchmark();
const of = (family: string) => g.tasks.map((t, i) => ({ t, s: g.solutions[i] })).filter((x) => x.t.family === family);
const holds = (graph: TaskGraph, id: number, facts: Fact[]) =>
  facts.every((f) => {
    const v = graph.variables.findIndex((x) => x.name === f.var);
    return graph.variables[v].cells[graph.episodes[id].cells[v]] === f.cell;
  });

describe("episode-graph transitions", () => {
  it("hand-derived: thermal_two_masses from mass1 hotter, horizon 1 — both masses and the conductor reach equilibrium together", () => {
    const m = mechanism("thermal_two_masses");
    const z = new SemanticObjects(m);
    const x0 = z.drawInitialEpisode(keyedRandom("any"), "mass1_hotter")!;
    expect(stateLabel(m, x0.episode.state)).toBe("COOLING|HEATING|FORWARD_HEAT_FLOW");
    expect(goldTriples(m, z.graph(x0, 1)!)).toEqual([
      { component: "conduction", source_state: "FORWARD_HEAT_FLOW", target_state: "NO_HEAT_FLOW" },
      { component: "mass1", source_state: "COOLING", target_state: "STEADY" },
      { component: "mass2", source_state: "HEATING", target_state: "STEADY" },
    ]);
  });

  it("every gold is the projection of the audited edges' state changes, nonempty and sorted; the graph rebuilds from the catalog", () => {
    const tasks = of("transition");
    expect(tasks.length).toBeGreaterThan(0);
    for (const { t, s } of tasks) {
      const graph = (s.audit as { graph: TaskGraph }).graph;
      const seen = new Set<string>();
      for (const e of graph.edges) {
        const a = graph.episodes[e.source].state, b = graph.episodes[e.target].state;
        for (const c of Object.keys(a)) if (a[c] !== b[c]) seen.add(`${c}\u0000${a[c]}\u0000${b[c]}`);
      }
      const expected = [...seen].sort().map((k) => {
        const [component, source_state, target_state] = k.split("\u0000");
        return { component, source_state, target_state };
      });
      expect((s.answer as { admissible_component_state_transitions: unknown[] }).admissible_component_state_transitions).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
      expect(rebuildGraph(mechanism(t.mechanism), graph).edges.length).toBe(graph.edges.length);
    }
  });
});

describe("plausibility", () => {
  it("every label agrees with brute-force search over all paths of exactly H edges; witnesses are paths; 16 P and 16 I", () => {
    const tasks = of("plausibility");
    expect(tasks.length).toBeGreaterThan(0);
    for (const { t, s } of tasks) {
      const audit = s.audit as { graph: TaskGraph; narratives: { checkpoints: Fact[][]; witness: number[] | null }[] };
      const graph = audit.graph;
      const H = graph.horizon;
      expect(H).toBe(LEVEL_SPEC[t.level as Level].horizon);
      const paths: number[][] = [];
      const walk = (path: number[]) => {
        if (path.length === H + 1) return void paths.push(path);
        for (const e of graph.edges) if (e.source === path.at(-1)) walk([...path, e.target]);
      };
      walk([graph.initial[0]]);
      const labels = audit.narratives.map((n) => (paths.some((p) => n.checkpoints.every((facts, k) => holds(graph, p[k + 1], facts))) ? "P" : "I")).join("");
      expect((s.answer as { plausibility_labels: string }).plausibility_labels).toBe(labels);
      expect([...labels].filter((c) => c === "P")).toHaveLength(NARRATIVES / 2);
      for (const n of audit.narratives) {
        for (const facts of n.checkpoints) expect(facts.length >= LEVEL_SPEC[t.level as Level].facts[0] && facts.length <= LEVEL_SPEC[t.level as Level].facts[1]).toBe(true);
        if (n.witness) expect(paths.some((p) => p.slice(1).join() === n.witness!.join())).toBe(true);
      }
    }
  });

  it("Table 2's complexity is Σ_t |O_t| of one narrative (all share the counts); every I narrative is consistent at each checkpoint: its certificate is an episode of the universe satisfying the facts", () => {
    const tasks = of("plausibility");
    for (const { t, s } of tasks) {
      const audit = s.audit as { graph: TaskGraph; narratives: { label: string; checkpoints: Fact[][]; consistency: (number | { state: Record<string, string>; cells: number[] })[] | null }[] };
      const counts = audit.narratives[0].checkpoints.map((c) => c.length);
      expect(t.complexity).toBe(counts.reduce((a, k) => a + k, 0));
      const m = mechanism(t.mechanism);
      const contextOnly = audit.graph.rules === "sound";
      for (const n of audit.narratives) {
        expect(n.checkpoints.map((c) => c.length)).toEqual(counts);
        if (n.label === "P") continue;
        expect(n.consistency).toHaveLength(n.checkpoints.length);
        n.checkpoints.forEach((facts, k) => {
          const c = n.consistency![k];
          const x = typeof c === "number" ? audit.graph.episodes[c] : c;
          const state = Object.fromEntries(m.instances.map((i) => [i.name, x.state[i.name] ?? i.states[0]]));
          expect(admissible(compile(m, state, audit.graph.scenario, [], { contextOnly }).problem, x.cells)).toBe(true);
          expect(facts.every((f) => m.variables[m.variableIndex.get(f.var)!].cells[x.cells[m.variableIndex.get(f.var)!]] === f.cell)).toBe(true);
        });
      }
    }
  });
});

describe("necessity", () => {
  it("every label agrees with direct quantification over the edge list; two N, two U; claims are supported, N claims minimal, U claims refuted at the deepest source layer", () => {
    const tasks = of("necessity");
    expect(tasks.length).toBeGreaterThan(0);
    for (const { s } of tasks) {
      const audit = s.audit as { graph: TaskGraph; claims: { source: Fact[]; target: Fact[] }[] };
      const graph = audit.graph;
      const deepest = new Set(graph.layers[graph.horizon - 1].episodes);
      const ce = (source: Fact[], target: Fact[]) => graph.edges.filter((e) => holds(graph, e.source, source) && !target.some((f) => holds(graph, e.target, [f])));
      const labels = audit.claims.map((c) => {
        expect(graph.edges.some((e) => holds(graph, e.source, c.source))).toBe(true);
        expect(c.source.length >= 3 && c.source.length <= 4 && c.target.length >= 2 && c.target.length <= 3).toBe(true);
        const bad = ce(c.source, c.target);
        if (!bad.length) for (let j = 0; j < c.target.length; j++) expect(ce(c.source, c.target.filter((_, i) => i !== j)).length).toBeGreaterThan(0);
        else expect(bad.some((e) => deepest.has(e.source))).toBe(true);
        return bad.length ? "U" : "N";
      }).join("");
      expect((s.answer as { necessity_labels: string }).necessity_labels).toBe(labels);
      expect([...labels].filter((c) => c === "N")).toHaveLength(2);
    }
  });
});

describe("functional recovery", () => {
  it("every status agrees with enumerating each policy's outcomes and one-edge successors; plan counts per level; fifteen plans are five of each; no vacuous fault; above D1 the successors decide a plan", () => {
    const tasks = of("functional_recovery");
    expect(tasks.length).toBeGreaterThan(0);
    for (const { t, s } of tasks) {
      const audit = s.audit as { graph: TaskGraph; goal: Fact[]; unsafe: Fact[]; lost: { var: string; cells: string[] }[]; policies: { outcomes: number[] }[] };
      const graph = audit.graph;
      const succ = (o: number) => graph.edges.filter((e) => e.source === o).map((e) => e.target);
      const statuses = audit.policies.map((p) => {
        if (p.outcomes.some((o) => holds(graph, o, audit.unsafe) || succ(o).some((x) => holds(graph, x, audit.unsafe)))) return "U";
        if (p.outcomes.some((o) => (succ(o).length ? succ(o) : [o]).some((x) => !holds(graph, x, audit.goal)))) return "D";
        return "R";
      }).join("");
      expect((s.answer as { plan_statuses: string }).plan_statuses).toBe(statuses);
      expect(statuses).toHaveLength(PLANS[t.level as Level]);
      if (statuses.length === 15) for (const c of "UDR") expect([...statuses].filter((x) => x === c)).toHaveLength(5);
      expect(audit.policies.every((p) => p.outcomes.every((o) => graph.layers[0].episodes.includes(o)))).toBe(true);
      // every lost restriction is violated by some library episode
      for (const r of audit.lost) expect(graph.layers[0].episodes.some((o) => !r.cells.some((cell) => holds(graph, o, [{ var: r.var, cell }])))).toBe(true);
      // the outcomes alone (successors ignored) must get some displayed plan wrong above D1
      const alone = audit.policies.map((p) => (p.outcomes.some((o) => holds(graph, o, audit.unsafe)) ? "U" : p.outcomes.some((o) => !holds(graph, o, audit.goal)) ? "D" : "R")).join("");
      if (t.level !== "D1") expect(alone).not.toBe(statuses);
    }
  });
});

describe("verification of the episode families", () => {
  it("recheck, from the catalog alone, gives every gold", () => {
    for (const family of ["plausibility", "necessity", "transition", "functional_recovery"]) {
      for (const { t, s } of of(family).slice(0, 6)) expect(familyById(family)!.recheck(mechanism(t.mechanism), s.audit)).toEqual(s.answer);
    }
  });
});

describe("functional recovery's recheck of the library", () => {
  type Graph = TaskGraph & { initial: number[] };
  const first = () => of("functional_recovery")[0];
  const recheck = (mechanismId: string, audit: unknown) => familyById("functional_recovery")!.recheck(mechanism(mechanismId), audit);

  it("refuses a library that lacks an interpretation under the known restrictions", () => {
    const { t, s } = first();
    const audit = structuredClone(s.audit) as { graph: Graph; policies: { outcomes: number[] }[] };
    // the graph is rebuilt from its initial episodes (the library): drop one no policy names
    const drop = audit.graph.initial.find((id) => audit.policies.every((p) => !p.outcomes.includes(id)));
    expect(drop).toBeDefined();
    audit.graph.initial = audit.graph.initial.filter((id) => id !== drop);
    expect(() => recheck(t.mechanism, audit)).toThrow(/^the library has \d+ episodes, the catalog gives \d+ under the known restrictions$/);
  });

  it("refuses a library episode that is no interpretation of its state", () => {
    const { t, s } = first();
    const audit = structuredClone(s.audit) as { graph: Graph };
    const x = audit.graph.episodes[audit.graph.initial[0]] as { cells: number[] };
    // the first variable moved one cell: as many episodes as before, one of them no interpretation
    const v = 0;
    x.cells[v] = (x.cells[v] + 1) % audit.graph.variables[v].cells.length;
    expect(() => recheck(t.mechanism, audit)).toThrow(/^library episode .* is not an interpretation of its state under the known restrictions$/);
  });
});
