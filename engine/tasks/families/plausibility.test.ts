// Plausibility's admission rule and construction on hand-built graphs (every label,
// certificate and refutation checked by brute force over an explicit universe), the
// checkpoint-consistency oracle against the enumerating reference solver, and Table 2's
// complexity on real candidates.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compile, stateLabel } from "../../compile/compile.ts";
import { referenceSolve } from "../../solve/reference.ts";
import { interpretations, solve } from "../../solve/solver.ts";
import { edgeRules, takes } from "../../episode/rules.ts";
import { type RuleProfile } from "../../episode/rule_names.ts";
import { Session } from "../../episode/session.ts";
import { mechanism } from "../generate.test_support.ts";
import { SemanticObjects } from "../semantic_objects.ts";
import { keyedRandom } from "../../files/random.ts";
import type { Fact, TaskGraph } from "./episode_common.ts";
import { UniverseFacts } from "./checkpoint_consistency.ts";
import { admitNegative, buildNarratives, type BuiltNarrative, type Certificate, graphFirst, LEVEL_SPEC, NARRATIVES, plausibility, PlausibilityAudit } from "./plausibility.ts";
import type { Level } from "../family.ts";

const NAMES = ["a", "b", "c", "d", "e", "f"];
const CELLS = ["negative", "zero", "positive"];
const [N, Z, P] = [0, 1, 2];

/** A graph over six sign variables from episode 0: exact-depth layers as reach() builds them. */
function handGraph(cells: number[][], edges: [number, number][], horizon: number): TaskGraph {
  const layers: TaskGraph["layers"] = [{ depth: 0, episodes: [0], edges: [] }];
  for (let d = 1; d <= horizon; d++) {
    const from = new Set(layers[d - 1].episodes);
    const ids = edges.map((e, id) => ({ e, id })).filter(({ e }) => from.has(e[0]));
    layers.push({ depth: d, episodes: [...new Set(ids.map(({ e }) => e[1]))], edges: ids.map(({ id }) => id) });
  }
  return {
    scenario: "base",
    rules: "sound",
    horizon,
    variables: NAMES.map((name) => ({ name, cells: [...CELLS] })),
    initial: [0],
    layers,
    episodes: cells.map((c) => ({ state: {}, cells: c })),
    edges: edges.map(([source, target]) => ({ source, target, cause: { kind: "intrastate" as const, events: [] } })),
  };
}

const f = (name: string, cell: number): Fact => ({ var: name, cell: CELLS[cell] });
const holds = (cells: readonly number[], facts: readonly Fact[]) => facts.every((x) => CELLS[cells[NAMES.indexOf(x.var)]] === x.cell);
/** The certifier over an explicit universe (a list of cell vectors that includes the graph's episodes). */
const certifyIn = (g: TaskGraph, universe: number[][]) => graphFirst(g, (facts) => {
  const u = universe.find((c) => holds(c, facts));
  return u ? { state: {}, cells: u } : null;
});
/** Every path of exactly H edges from episode 0, by plain enumeration. */
function paths(g: TaskGraph): number[][] {
  const out: number[][] = [];
  const walk = (p: number[]) => {
    if (p.length === g.horizon + 1) return void out.push(p);
    for (const e of g.edges) if (e.source === p.at(-1)) walk([...p, e.target]);
  };
  walk([0]);
  return out;
}
const brute = (g: TaskGraph, cps: Fact[][]) => paths(g).some((p) => cps.every((facts, k) => holds(g.episodes[p[k + 1]].cells, facts)));
const certificateCells = (g: TaskGraph, c: Certificate) => (typeof c === "number" ? g.episodes[c].cells : c.cells);

/** Everything a built set of narratives must satisfy, checked without the builder's code. */
function expectWellFormed(g: TaskGraph, universe: number[][], counts: number[], built: BuiltNarrative[]) {
  expect(built).toHaveLength(NARRATIVES);
  expect(new Set(built.map((n) => JSON.stringify(n.checkpoints))).size).toBe(NARRATIVES);
  expect(built.filter((n) => n.label === "P")).toHaveLength(NARRATIVES / 2);
  for (const n of built) {
    expect(n.checkpoints.map((c) => c.length)).toEqual(counts);
    expect(brute(g, n.checkpoints)).toBe(n.label === "P");
    if (n.label === "P") continue;
    expect(n.consistency).toHaveLength(g.horizon);
    n.checkpoints.forEach((facts, t) => {
      // consistent on its own: some universe episode satisfies every fact of the checkpoint, and the certificate is one
      expect(universe.some((c) => holds(c, facts))).toBe(true);
      const cells = certificateCells(g, n.consistency![t]);
      expect(holds(cells, facts) && universe.some((u) => u.join() === cells.join())).toBe(true);
    });
  }
}

describe("the admission rule for negatives, on a hand-built graph", () => {
  // x0 = all negative; one edge to y1 (all zero) and one to y2 (a, f positive); the universe also has u (all positive)
  const x0 = [N, N, N, N, N, N], y1 = [Z, Z, Z, Z, Z, Z], y2 = [P, Z, Z, Z, Z, P], u = [P, P, P, P, P, P];
  const g = handGraph([x0, y1, y2], [[0, 1], [0, 2]], 1);
  const certify = certifyIn(g, [x0, y1, y2, u]);

  it("an easy negative is refused: a checkpoint whose facts no episode satisfies (a=positive with b=negative)", () => {
    expect(brute(g, [[f("a", P), f("b", N)]])).toBe(false);
    expect(admitNegative(g, [[f("a", P), f("b", N)]], certify)).toBeNull();
  });

  it("a witnessed narrative is refused", () => {
    expect(admitNegative(g, [[f("a", P), f("f", P)]], certify)).toBeNull();
  });

  it("a negative consistent at its checkpoint but matching no episode of the layer is admitted, refuted by the layer", () => {
    // a=positive and b=positive hold only in u, outside the graph: the certificate is u itself
    expect(admitNegative(g, [[f("a", P), f("b", P)]], certify)).toEqual({ refutedBy: "layer", consistency: [{ state: {}, cells: u }] });
    // the initial episode's facts at t = 1: certified by the graph's episode 0
    expect(admitNegative(g, [[f("a", N), f("b", N)]], certify)).toEqual({ refutedBy: "layer", consistency: [0] });
  });

  it("with H = 2, checkpoints each matched in their layer but joined by no path are refuted by the path", () => {
    // x0 → p → r and x0 → q → s; t=1 matches p only, t=2 matches s only
    const p = [Z, N, N, N, N, N], q = [N, Z, N, N, N, N], r = [Z, N, Z, N, N, N], s = [N, Z, N, Z, N, N];
    const h = handGraph([x0, p, q, r, s], [[0, 1], [0, 2], [1, 3], [2, 4]], 2);
    const cps = [[f("a", Z), f("b", N)], [f("b", Z), f("d", Z)]];
    expect(brute(h, cps)).toBe(false);
    expect(admitNegative(h, cps, certifyIn(h, [x0, p, q, r, s]))).toEqual({ refutedBy: "path", consistency: [1, 4] });
    // a kind the caller refuses is not admitted
    expect(admitNegative(h, cps, certifyIn(h, [x0, p, q, r, s]), (kind) => kind !== "path")).toBeNull();
  });

  it("property: an admitted narrative is unwitnessed and consistent at every checkpoint; a refused unwitnessed one has a checkpoint no universe episode satisfies", () => {
    const factArb = fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2 })).map(([v, c]) => f(NAMES[v], c));
    const universe = [x0, y1, y2, u, [Z, P, N, Z, P, N]];
    const cert = certifyIn(g, universe);
    fc.assert(fc.property(fc.uniqueArray(factArb, { minLength: 1, maxLength: 4, selector: (x) => x.var }), (facts) => {
      const admitted = admitNegative(g, [facts], cert);
      const consistent = universe.some((c) => holds(c, facts));
      if (admitted) expect(!brute(g, [facts]) && consistent).toBe(true);
      else expect(brute(g, [facts]) || !consistent).toBe(true);
    }), { numRuns: 300 });
  });
});

describe("building 32 narratives on hand-built graphs", () => {
  it("H = 2: 16 P and 16 I, every narrative with the task's fact counts, every I consistent at each checkpoint and unwitnessed; both refutation kinds occur", () => {
    // a branching graph over six variables: x0 → three episodes → two successors each
    const cells = [[N, N, N, N, N, N], [Z, N, Z, N, Z, N], [N, Z, N, Z, N, Z], [Z, Z, N, N, Z, Z],
      [P, N, Z, N, P, N], [Z, N, P, Z, Z, N], [N, P, N, Z, N, P], [N, Z, Z, P, N, Z], [P, Z, N, N, P, Z], [Z, P, Z, N, Z, P]];
    const g = handGraph(cells, [[0, 1], [0, 2], [0, 3], [1, 4], [1, 5], [2, 6], [2, 7], [3, 8], [3, 9]], 2);
    const universe = [...cells, [P, P, P, P, P, P], [P, N, P, N, P, N]];
    const counts = [3, 4];
    const built = buildNarratives(g, [0, 1, 2, 3, 4, 5], counts, certifyIn(g, universe), keyedRandom("hand/h2"))!;
    expect(built).not.toBeNull();
    expectWellFormed(g, universe, counts, built);
    const kinds = built.filter((n) => n.label === "I").map((n) => (n.checkpoints.some((facts, k) => !g.layers[k + 1].episodes.some((y) => holds(g.episodes[y].cells, facts))) ? "layer" : "path"));
    expect(kinds).toContain("layer");
    expect(kinds).toContain("path");
  });

  it("a graph too small for 16 admissible negatives gives none (the cell stays short): one edge x0 → y differing in one variable, no other episode", () => {
    // every consistent, unwitnessed checkpoint states x0's cells and names `a`: only C(5, 2) = 10 such fact sets
    const x0 = [N, Z, Z, Z, Z, Z], y = [Z, Z, Z, Z, Z, Z];
    const g = handGraph([x0, y], [[0, 1]], 1);
    expect(buildNarratives(g, [0, 1, 2, 3, 4, 5], [3], certifyIn(g, [x0, y]), keyedRandom("hand/small"))).toBeNull();
    // with universe episodes one cell away from y elsewhere (outside the graph), negatives exist
    const universe = [x0, y, ...NAMES.map((_, v) => y.map((c, w) => (w === v ? P : c)))];
    const built = buildNarratives(g, [0, 1, 2, 3, 4, 5], [3], certifyIn(g, universe), keyedRandom("hand/small"));
    expect(built).not.toBeNull();
    expectWellFormed(g, universe, [3], built!);
  });

  it("property: on random small graphs and universes, whatever is built is well-formed", () => {
    const cellsArb = fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 6, maxLength: 6 });
    let builtRuns = 0;
    fc.assert(fc.property(
      fc.uniqueArray(cellsArb, { minLength: 3, maxLength: 8, selector: (c) => c.join() }),
      fc.array(cellsArb, { maxLength: 4 }),
      fc.integer({ min: 1, max: 2 }),
      fc.string(),
      (cells, extra, horizon, seed) => {
        // edges: each episode i > 0 is reached from an earlier one; a few more edges on top
        const edges: [number, number][] = cells.slice(1).map((_, k) => [k % 2 === 0 ? 0 : Math.floor(k / 2), k + 1]);
        for (let i = 1; i < cells.length; i++) edges.push([i, (i * 3) % cells.length]);
        const unique = [...new Map(edges.filter(([s, t]) => s !== t).map((e) => [e.join(), e])).values()];
        const g = handGraph(cells, unique, horizon);
        const universe = [...cells, ...extra];
        const counts = Array.from({ length: horizon }, (_, t) => 3 + ((seed.length + t) % 2));
        const built = buildNarratives(g, [0, 1, 2, 3, 4, 5], counts, certifyIn(g, universe), keyedRandom(`prop/${seed}`));
        if (built) expectWellFormed(g, universe, counts, built);
        if (built) builtRuns++;
      },
    ), { numRuns: 40 });
    // the property is not vacuous: many random graphs do give 32 narratives
    expect(builtRuns).toBeGreaterThan(10);
  });
});

describe("the checkpoint-consistency oracle is exact", () => {
  // independent path: each composite state compiled with the facts as restrictions and enumerated by the reference solver
  for (const [id, profile] of [["thermal_two_masses", "sound"], ["thermal_two_masses", "paper"], ["electrical_resistor", "sound"], ["electrical_resistor", "paper"]] as [string, RuleProfile][]) {
    it(`${id} under ${profile}: some episode satisfies the facts iff the oracle finds one; it finds the first such state in canonical order and one of its interpretations satisfying them`, () => {
      const m = mechanism(id);
      const z = new SemanticObjects(m, "", profile);
      const contextOnly = takes(edgeRules(profile), "context-universe");
      const outcomes = new Set<boolean>();
      for (const scenario of m.scenarios) {
        const session = new Session(m, scenario.id, { rules: edgeRules(profile) });
        const oracle = new UniverseFacts(session, z.states);
        const factArb = fc.tuple(fc.integer({ min: 0, max: m.variables.length - 1 }), fc.integer({ min: 0, max: 2 }));
        fc.assert(fc.property(fc.uniqueArray(factArb, { minLength: 1, maxLength: 3, selector: ([v]) => v }), (pairs) => {
          const facts = pairs.map(([v, cell]) => ({ var: v, cell: Math.min(cell, m.variables[v].cells.length - 1) }));
          let expected: { state: string; interpretations: string[] } | null = null;
          for (const s of z.states) {
            const r = referenceSolve(compile(m, s, scenario.id, facts.map((x) => ({ var: x.var, cells: [x.cell], source: "fact" })), { contextOnly }).problem);
            if (r.count > 0n) {
              expected = { state: stateLabel(m, s), interpretations: r.interpretations.map((a) => a.join()) };
              break;
            }
          }
          const got = oracle.witness(facts);
          expect(got === null).toBe(expected === null);
          outcomes.add(got === null);
          if (got && expected) {
            expect(stateLabel(m, got.state)).toBe(expected.state);
            expect(expected.interpretations).toContain(got.cells.join());
            // and it is the first of the state's interpretations, in the solver's enumeration order, that satisfies them
            const all = interpretations(solve(session.problemOf(got.state)));
            let first: number[] | undefined;
            for (const a of all) if (facts.every((x) => a[x.var] === x.cell)) {
              first = a;
              break;
            }
            expect(got.cells).toEqual(first);
          }
        }), { numRuns: id === "electrical_resistor" ? 8 : 40 });
      }
      // both answers occur, so neither branch is vacuous
      expect([...outcomes].sort()).toEqual([false, true]);
    });
  }

  it("thermal_two_masses under paper: in mass1_hotter every episode has dT > 0, so equilibrium facts hold in none; under sound they hold (the universe is the context)", () => {
    const m = mechanism("thermal_two_masses");
    const dT = m.variableIndex.get("conduction.dT")!;
    const zero = m.variables[dT].cells.indexOf("zero");
    const z = new SemanticObjects(m);
    expect(new UniverseFacts(new Session(m, "mass1_hotter", { rules: edgeRules("paper") }), z.states).witness([{ var: dT, cell: zero }])).toBeNull();
    expect(stateLabel(m, new UniverseFacts(new Session(m, "mass1_hotter", { rules: edgeRules("sound") }), z.states).witness([{ var: dT, cell: zero }])!.state)).toBe("STEADY|STEADY|NO_HEAT_FLOW");
  });
});

describe("candidates of real mechanisms", () => {
  it("Table 2's complexity is Σ_t |O_t| of one narrative; every narrative has the same counts; levelOf agrees and refuses any other scalar", () => {
    for (const id of ["thermal_three_node_chain", "thermal_two_masses"]) {
      const z = new SemanticObjects(mechanism(id), "test-seed");
      const seen = new Set<Level>();
      for (const c of plausibility.candidates(z, "test-seed", (l) => !seen.has(l))) {
        seen.add(c.level!);
        const gold = c.query();
        const audit = PlausibilityAudit.parse(gold.audit);
        const counts = audit.narratives[0].checkpoints.map((x) => x.length);
        expect(audit.narratives.every((n) => n.checkpoints.map((x) => x.length).join() === counts.join())).toBe(true);
        expect(c.complexity).toBe(counts.reduce((s, k) => s + k, 0));
        expect(counts).toHaveLength(LEVEL_SPEC[c.level!].horizon);
        expect(plausibility.levelOf(c.complexity, gold.audit)).toBe(c.level);
        expect(plausibility.levelOf(c.complexity + 1, gold.audit)).toBeNull();
        expect(plausibility.valid(gold, c.render())).toBeNull();
        expect(plausibility.recheck(z.model, gold.audit)).toEqual(gold.answer);
      }
      expect(seen.size).toBeGreaterThan(0);
    }
  });

  it("thermal_two_masses (hand-derived): one edge reaches equilibrium and equilibrium has no successor, so only horizon-1 tasks exist; their negatives state cells of an episode that is not the equilibrium", () => {
    const m = mechanism("thermal_two_masses");
    const z = new SemanticObjects(m, "test-seed");
    const levels = new Set<string>();
    for (const c of plausibility.candidates(z, "test-seed", () => true)) {
      levels.add(c.level!);
      const audit = PlausibilityAudit.parse(c.query().audit);
      expect(audit.graph.layers[1].episodes.map((y) => Object.values(audit.graph.episodes[y].state).join("|"))).toEqual(["STEADY|STEADY|NO_HEAT_FLOW"]);
      for (const n of audit.narratives.filter((x) => x.label === "I")) {
        expect(n.refuted_by).toBe("layer");
        const cells = certificateCells(audit.graph, n.consistency![0]);
        expect(cells.join()).not.toBe(audit.graph.episodes[audit.graph.layers[1].episodes[0]].cells.join());
      }
    }
    expect([...levels].sort()).toEqual(["D1", "D2"]);
  });

  it("recheck refuses an audit whose certificate does not satisfy its checkpoint", () => {
    const z = new SemanticObjects(mechanism("thermal_three_node_chain"), "test-seed");
    const c = plausibility.candidates(z, "test-seed", (l) => l === "D1")[Symbol.iterator]().next().value!;
    const audit = PlausibilityAudit.parse(c.query().audit);
    const bad = audit.narratives.find((n) => n.label === "I")!;
    const x0 = audit.graph.initial[0];
    // the certificate replaced by a cell vector that is no episode (every cell the first of its variable)
    bad.consistency = [{ ...audit.graph.episodes[x0], cells: audit.graph.episodes[x0].cells.map(() => 0) }];
    expect(() => plausibility.recheck(z.model, audit)).toThrow(/consistency certificate/);
  });
});
