import { describe, expect, it } from "vitest";
import { builtinMechanism } from "../../catalog/mod.ts";
import { stateLabel } from "../compile/compile.ts";
import { Session } from "./session.ts";
import { explainEdge, isCause } from "./edge_ok.ts";
import { initialEpisodes, parseEpisodeSpec } from "./initial.ts";
import { optionalTerminations, terminationGroups } from "./causes.ts";
import { reach } from "./reach.ts";
import { DEVIATIONS } from "./rule_names.ts";
import { edgeRules, PAPER, SOUND } from "./rules.ts";
import { dampedMass, expectGeneratorMatchesClauses, SPRING_MASS_CYCLE, springMass, stateMoves, value } from "./episode.test_support.ts";

const layers = (g: ReturnType<typeof reach>) => g.layers.map((l) => [l.episodes.length, l.edges.length]);
const failing = (vs: ReturnType<typeof explainEdge>, kind: string) => vs.find((v) => v.cause.kind === kind)!.clauses.filter((c) => !c.ok).map((c) => c.clause);

describe("edge-rule profiles", () => {
  it("sound takes every deviation, paper none; --revert names what it dropped", () => {
    expect([...SOUND.deviations].sort()).toEqual([...DEVIATIONS].sort());
    expect(PAPER.deviations.size).toBe(0);
    const r = edgeRules("sound", ["cause-unions", "decl-changes"]);
    expect(r.name).toBe("sound-without-cause-unions,decl-changes");
    expect(r.deviations.has("cause-unions")).toBe(false);
    expect(r.deviations.size).toBe(DEVIATIONS.length - 2);
    expect(edgeRules("paper", ["cause-unions"]).name).toBe("paper"); // nothing to revert
  });
});

describe("hand-derived graphs under both profiles", () => {
  const thermal = builtinMechanism("thermal_two_masses")!;

  it("thermal_two_masses, mass1 hotter: both profiles reach equilibrium in one boundary edge from the base universe", () => {
    // dT, Q_flow and both port flows are tied by two-term laws once the sensors' zero
    // flows drop out (they are zero in every interpretation), so they reach zero
    // together: one termination group, hence one atomic cause; the capacitors'
    // COOLING→STEADY and HEATING→STEADY are keyed on port.Q_flow, an event of that cause
    const sound = new Session(thermal, "base");
    const [x] = initialEpisodes(thermal, "base", parseEpisodeSpec(thermal, "mass1=COOLING mass2=HEATING"), 10);
    const groups = terminationGroups(sound.table, optionalTerminations(sound.table, x), sound.source(x.state).classes);
    const flows = groups.find((g) => g.some((e) => thermal.variables[e.var].name === "conduction.dT"))!;
    expect(flows.map((e) => thermal.variables[e.var].name).sort()).toEqual(
      ["conduction.Q_flow", "conduction.dT", "conduction.port_a.Q_flow", "conduction.port_b.Q_flow", "mass1.port.Q_flow", "mass2.port.Q_flow"],
    );
    for (const rules of [SOUND, PAPER]) {
      const g = reach(new Session(thermal, "base", { rules }), [x], 2);
      expect(layers(g), rules.name).toEqual([[1, 0], [1, 1], [0, 0]]);
      const [e] = g.edges;
      expect(stateLabel(thermal, g.episodes[e.target].state)).toBe("STEADY|STEADY|NO_HEAT_FLOW");
      expect(e.edge.cause.events.map((q) => thermal.variables[q.var].name).sort()).toEqual(flows.map((q) => thermal.variables[q.var].name).sort());
    }
    // the intrastate cause cannot do it under the paper's rules: no event, no seed, and
    // the flows are integrated coordinates that only events move (E1)
    const paper = new Session(thermal, "base", { rules: PAPER });
    const [e] = reach(paper, [x], 1).edges;
    expect(failing(explainEdge(paper, x, e.edge.target), "intrastate")).toEqual(expect.arrayContaining(["E1", "E8"]));
  });

  it("thermal_two_masses under the paper's universe: the mass1_hotter case (dT > 0) holds in every episode, so nothing moves", () => {
    const [x] = initialEpisodes(thermal, "mass1_hotter", parseEpisodeSpec(thermal, ""), 10);
    expect(layers(reach(new Session(thermal, "mass1_hotter", { rules: edgeRules("sound", ["context-universe"]) }), [x], 2))).toEqual([[1, 0], [0, 0], [0, 0]]);
  });

  it("a damped mass: both profiles stop it in one boundary edge (velocity, damper force and flange forces reach zero as one group)", () => {
    const m = dampedMass();
    const x0 = initialEpisodes(m, "base", parseEpisodeSpec(m, "mass=MOVING_POSITIVE"), 100);
    for (const rules of [SOUND, PAPER]) {
      const s = new Session(m, "base", { rules });
      const g = reach(s, x0, 1);
      const stops = g.edges.filter((e) => g.episodes[e.target].state.mass === "REST");
      expect(stops.length, rules.name).toBeGreaterThan(0);
      for (const e of stops) {
        expect(e.edge.cause.kind).toBe("boundary");
        expect(value(m, g.episodes[e.target], "damper.f")).toBe("zero");
        expect(isCause(s, g.episodes[e.source], e.edge.cause)).toBe(true);
      }
      // and it never reverses: no episode moves backward
      expect(reach(s, x0, 3).episodes.some((y) => value(m, y, "mass.v") === "negative")).toBe(false);
    }
    // the paper's atomic causes never let a position reach its landmark on the stopping
    // edge: sound has the union (stop + position) edges, paper only the stop alone
    const soundEdges = reach(new Session(m, "base"), x0, 1).edges.length;
    const paperEdges = reach(new Session(m, "base", { rules: PAPER }), x0, 1).edges.length;
    expect(paperEdges).toBeLessThan(soundEdges);
    // coasting (v > 0 in the case): under the paper's universe no episode at rest exists
    const c0 = initialEpisodes(m, "coasting", parseEpisodeSpec(m, ""), 100);
    expect(reach(new Session(m, "coasting", { rules: PAPER }), c0, 3).episodes.every((y) => value(m, y, "mass.v") === "positive")).toBe(true);
  });

  it("a spring-mass: from rest under tension, both profiles give the same cycle of states; the paper's released case is frozen", () => {
    const m = springMass();
    const x0 = initialEpisodes(m, "base", parseEpisodeSpec(m, "mass=REST spring=POSITIVE_LOAD mass.v=zero"), 100);
    for (const rules of [SOUND, PAPER]) expect(stateMoves(m, reach(new Session(m, "base", { rules }), x0, 10)), rules.name).toEqual(SPRING_MASS_CYCLE);
    // released (v = 0, stretch > 0 in the case): the mandatory departure of v leaves the case
    const r0 = initialEpisodes(m, "released", parseEpisodeSpec(m, ""), 100);
    expect(layers(reach(new Session(m, "released", { rules: PAPER }), r0, 2))).toEqual([[r0.length, 0], [0, 0], [0, 0]]);
    expect(layers(reach(new Session(m, "released"), r0, 1))[1][1]).toBeGreaterThan(0);
  });

  it("under the paper's rules the intrastate cause changes no cell (it has no event to seed a causal path)", () => {
    const m = dampedMass();
    const s = new Session(m, "base", { rules: PAPER });
    const g = reach(s, initialEpisodes(m, "base", parseEpisodeSpec(m, "mass=MOVING_POSITIVE"), 100), 3);
    for (const e of g.edges.filter((e) => e.edge.cause.kind === "intrastate")) {
      expect(g.episodes[e.source].cells).toEqual(g.episodes[e.target].cells);
    }
  });
});

describe("the generator agrees with the clause checker under every reading", () => {
  const readings = [PAPER, ...DEVIATIONS.map((d) => edgeRules("sound", [d]))];
  it.each(readings.map((r) => [r.name, r] as const))("%s: thermal_two_masses and the spring-mass", (_name, rules) => {
    expectGeneratorMatchesClauses(builtinMechanism("thermal_two_masses")!, "mass1_hotter", rules);
    expectGeneratorMatchesClauses(springMass(), "base", rules);
  });
});
