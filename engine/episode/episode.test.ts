import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { builtinMechanism } from "../../catalog/mod.ts";
import type { MechanismModel } from "../model/model.ts";
import { stateLabel } from "../compile/compile.ts";
import { loadSynthetic, thermalChainMechanism, thermalLadderMechanism } from "../synthetic/mechanisms.ts";
import { Session } from "./session.ts";
import { causes } from "./causes.ts";
import { explainEdge } from "./edge_ok.ts";
import type { Episode } from "./episode.ts";
import { EpisodeSpecError, initialEpisodes, parseEpisodeSpec } from "./initial.ts";
import { expectGeneratorMatchesClauses, SPRING_MASS_CYCLE, springMass, stateMoves, value } from "./episode.test_support.ts";
import { reach } from "./reach.ts";
import { importSpecifiers } from "../layering.test_support.ts";

const mech = (id: string): MechanismModel => builtinMechanism(id)!;

describe("episode graph: hand-derived graphs", () => {
  it("thermal_two_masses: heat flows hot to cold, both masses reach equilibrium in one edge, then nothing moves", () => {
    const m = mech("thermal_two_masses");
    const session = new Session(m, "mass1_hotter");
    const x0 = initialEpisodes(m, "mass1_hotter", parseEpisodeSpec(m, ""), 10);
    expect(x0).toHaveLength(1);
    expect(stateLabel(m, x0[0].state)).toBe("COOLING|HEATING|FORWARD_HEAT_FLOW");
    const g = reach(session, x0, 3);
    expect(g.layers.map((l) => [l.episodes.length, l.edges.length])).toEqual([[1, 0], [1, 1], [0, 0], [0, 0]]);
    const [e] = g.edges;
    expect(stateLabel(m, g.episodes[e.target].state)).toBe("STEADY|STEADY|NO_HEAT_FLOW");
    expect(e.edge.cause.kind).toBe("boundary");
    // dT, the conductor's flow and both ports' flows reach zero together: one coincidence group
    expect(e.edge.cause.events.map((v) => m.variables[v.var].name)).toEqual(expect.arrayContaining(["conduction.dT", "conduction.Q_flow", "mass1.port.Q_flow", "mass2.port.Q_flow"]));
    expect(e.edge.declarations.map((d) => `${d.instance}:${m.transitions[d.transition].from}->${m.transitions[d.transition].to}`)).toEqual([
      "mass1:COOLING->STEADY", "mass2:HEATING->STEADY", "conduction:FORWARD_HEAT_FLOW->NO_HEAT_FLOW",
    ]);
    expect(value(m, g.episodes[e.target], "mass1.d1__T")).toBe("zero");
    expect(session.successors(g.episodes[e.target])).toEqual([]); // equilibrium: nothing drifts
  });

  it("mechanics_damper: the damped-only mass decelerates to rest and never reverses", () => {
    const m = mech("mechanics_damper");
    const session = new Session(m, "moving_toward_wall");
    const x0 = initialEpisodes(m, "moving_toward_wall", parseEpisodeSpec(m, ""), 10, true);
    const g = reach(session, x0, 4);
    const v1 = g.episodes.map((x) => value(m, x, "mass1.v"));
    expect(v1).toContain("zero");
    expect(v1).not.toContain("negative");
    // every edge that stops mass1 is a boundary edge on its velocity group, declared by MOVING_POSITIVE -> REST
    const stops = g.edges.filter((e) => g.episodes[e.source].state.mass1 !== g.episodes[e.target].state.mass1);
    expect(stops.length).toBeGreaterThan(0);
    for (const e of stops) {
      expect(`${g.episodes[e.source].state.mass1}->${g.episodes[e.target].state.mass1}`).toBe("MOVING_POSITIVE->REST");
      expect(e.edge.cause.events.some((v) => m.variables[v.var].name === "mass1.v")).toBe(true);
      expect(value(m, g.episodes[e.target], "mass1.a")).toBe("zero"); // the damper force vanishes with v
    }
    // at rest, mass1 stays at rest
    for (const x of g.episodes.filter((y) => y.state.mass1 === "REST")) {
      for (const e of session.successors(x)) expect(e.target.state.mass1).toBe("REST");
    }
  });

  it("a spring-mass oscillates through exactly the expected cycle of states", () => {
    const m = springMass();
    const session = new Session(m, "released");
    const x0 = initialEpisodes(m, "released", parseEpisodeSpec(m, ""), 100);
    expect(new Set(x0.map((x) => stateLabel(m, x.state)))).toEqual(new Set(["REST|POSITIVE_LOAD"]));
    const g = reach(session, x0, 10);
    expect(stateMoves(m, g)).toEqual(SPRING_MASS_CYCLE);
    // released from rest under tension, the first edge is the mandatory departure of v (a > 0)
    for (const e of g.layers[1].edges.map((id) => g.edges[id].edge)) {
      expect(e.cause.kind).toBe("mandatory");
      expect(value(m, e.target, "mass.v")).toBe("positive");
    }
  });

  it("mechanics_accelerate: constant acceleration from rest departs once and then only drifts", () => {
    const m = mech("mechanics_accelerate");
    const session = new Session(m, "msl_start");
    const x0 = initialEpisodes(m, "msl_start", parseEpisodeSpec(m, ""), 10);
    const g = reach(session, x0, 3);
    expect(stateMoves(m, g)).toEqual(["REST -> MOVING_POSITIVE"]);
    const velocities = new Set(g.episodes.map((x) => value(m, x, "mass.v")));
    expect([...velocities].sort()).toEqual(["positive", "zero"]);
    expect(g.layers[1].edges.every((id) => g.edges[id].edge.cause.kind === "mandatory")).toBe(true);
  });
});

describe("episode graph: the generator agrees with the clause checker on all of V_r", () => {
  it.each([
    ["thermal_two_masses", "base"],
    ["thermal_three_node_chain", "base"],
    ["mechanics_accelerate", "base"],
  ])("%s (%s)", (id, scenario) => {
    expect(expectGeneratorMatchesClauses(mech(id), scenario)).toBeGreaterThan(0);
  });

  it("the spring-mass", () => {
    expect(expectGeneratorMatchesClauses(springMass(), "base")).toBeGreaterThan(0);
  });

  it("the checker and the definitions it shares with the generator import definitions only", () => {
    // an oracle that imported the generator would share its mistakes (edge_ok.ts's header)
    const definitions = ["./coordinates.ts", "./causes.ts", "./declarations.ts", "./edge_definitions.ts", "./episode.ts", "./rules.ts"];
    for (const file of ["./edge_ok.ts", "./edge_definitions.ts"]) {
      const local = importSpecifiers(readFileSync(new URL(file, import.meta.url), "utf8")).filter((s) => s.startsWith("./"));
      expect(local.filter((s) => !definitions.includes(s)), file).toEqual([]);
    }
  });

  it("property: synthetic thermal chains and ladders", () => {
    fc.assert(
      // ladders beyond one rung have 10^4 episodes: too many for the all-pairs oracle
      fc.property(fc.oneof(fc.record({ kind: fc.constant("chain"), n: fc.integer({ min: 1, max: 4 }) }), fc.constant({ kind: "ladder", n: 1 })), ({ kind, n }) => {
        const m = loadSynthetic(kind === "chain" ? thermalChainMechanism(n) : thermalLadderMechanism(n));
        expectGeneratorMatchesClauses(m, m.scenarios[0].id);
      }),
      { numRuns: 6, seed: 7 },
    );
  });
});

describe("episode graph: clauses and evidence", () => {
  const m = mech("thermal_two_masses");
  const session = new Session(m, "mass1_hotter");
  const [x] = initialEpisodes(m, "mass1_hotter", parseEpisodeSpec(m, ""), 10);

  it("explains the admitted edge with the facts of every clause", () => {
    const [e] = session.successors(x);
    const verdicts = explainEdge(session, x, e.target);
    const ok = verdicts.filter((v) => v.admitted);
    expect(ok).toHaveLength(1);
    expect(ok[0].clauses.map((c) => c.clause)).toEqual(["cause", "E1", "E2", "E3", "E5", "E6", "E7", "E4", "E8", "Decl"]);
    expect(ok[0].clauses.find((c) => c.clause === "Decl")!.facts).toContain("conduction: FORWARD_HEAT_FLOW→NO_HEAT_FLOW on conduction.Q_flow");
  });

  it("rejects a reversal of the heat flow: no event (E1), the laws (E5), continuity (E6), no declaration", () => {
    const y: Episode = { state: { ...x.state, conduction: "REVERSE_HEAT_FLOW" }, cells: [...x.cells] };
    const q = m.variableIndex.get("conduction.Q_flow")!;
    y.cells = x.cells.map((c, v) => (v === q ? m.variables[q].cells.indexOf("negative") : c));
    const verdicts = explainEdge(session, x, y);
    expect(verdicts.every((v) => !v.admitted)).toBe(true);
    const intrastate = verdicts.find((v) => v.cause.kind === "intrastate")!;
    const failed = intrastate.clauses.filter((c) => !c.ok).map((c) => c.clause);
    // Q_flow does fall (E7 holds) but skips zero, without an event, against the laws
    expect(failed).toEqual(["E1", "E5", "E6", "Decl"]);
    expect(intrastate.clauses.find((c) => c.clause === "E5")!.facts).toContain("law conduction.conduction is violated");
    expect(intrastate.clauses.find((c) => c.clause === "E6")!.facts).toEqual(["conduction.Q_flow jumps positive→negative"]);
    expect(intrastate.clauses.find((c) => c.clause === "Decl")!.facts[0]).toBe("conduction: FORWARD_HEAT_FLOW→REVERSE_HEAT_FLOW is not declared");
  });

  it("an instant has exactly one cause, the mandatory departures", () => {
    const sm = springMass();
    const s2 = new Session(sm, "released");
    const [r] = initialEpisodes(sm, "released", parseEpisodeSpec(sm, ""), 100, true);
    const cs = [...causes(s2.table, r, s2.source(r.state).classes)];
    expect(cs).toHaveLength(1);
    expect(cs[0].kind).toBe("mandatory");
    expect(cs[0].events.map((e) => sm.variables[e.var].name)).toEqual(expect.arrayContaining(["mass.v"]));
  });
});

describe("episode specs", () => {
  const m = mech("thermal_two_masses");
  it("parses components, variables and alternative cells", () => {
    const spec = parseEpisodeSpec(m, "mass1=COOLING, conduction.dT=positive|zero");
    expect(spec.states).toEqual({ mass1: "COOLING" });
    expect(spec.cells).toEqual([{ var: m.variableIndex.get("conduction.dT"), cells: [2, 1], source: "episode spec conduction.dT=positive|zero" }]);
  });
  it.each([
    ["mass1", /expected NAME=VALUE/],
    ["mass1=HOT", /component mass1 has no state "HOT" \(expected one of "COOLING", "STEADY", "HEATING"\)/],
    ["massX.T=positive", /has no component or variable "massX.T"/],
    ["mass1.T=warm", /"warm" is not a cell of mass1.T \(expected one of "negative", "zero", "positive"\)/],
    ["mass1=COOLING mass1=HEATING", /mass1 is already given state COOLING/],
  ])("rejects %s", (text, message) => {
    expect(() => parseEpisodeSpec(m, text)).toThrow(message);
  });
  it("says when nothing matches or too much does", () => {
    expect(() => initialEpisodes(m, "mass1_hotter", parseEpisodeSpec(m, "mass1=HEATING"), 10)).toThrow(EpisodeSpecError);
    expect(() => initialEpisodes(m, "base", parseEpisodeSpec(m, ""), 1)).toThrow(/more than 1 initial episodes match/);
  });
});
