// `mech simulate` and `mech explain-edge`, end to end through the real CLI (runMech) and
// through the command functions. Hand-derived case: thermal_two_masses, scenario
// mass1_hotter. mass1 is hotter, so heat flows mass1 → mass2 through the conductor
// (conduction.Q_flow = G·dT > 0; mass1's port flow, the heat going into mass1, < 0):
// COOLING|HEATING|FORWARD_HEAT_FLOW. The temperature difference shrinks toward zero;
// dT, the conductor's flows and both port flows are tied by the linear laws, so they
// reach zero at one instant: a single boundary edge to thermal equilibrium,
// STEADY|STEADY|NO_HEAT_FLOW, where nothing drifts any more (no edge at depth 2).
import { describe, expect, it } from "vitest";
import { explainEdgeCommand, simulateCommand } from "./episode_commands.ts";
import { InputError } from "./io.ts";
import { fakeIo, runMech } from "./cli.test_support.ts";
import { EdgeExplanationJson, GraphJson } from "../engine/episode/graph_json.ts";
import { builtinMechanism, builtinMechanismIds } from "../catalog/mod.ts";

const THERMAL = ["thermal_two_masses", "--scenario", "mass1_hotter"];
const SOURCE = "COOLING|HEATING|FORWARD_HEAT_FLOW";
const TARGET = "STEADY|STEADY|NO_HEAT_FLOW";
const TRIPLES = [
  { component: "conduction", source: "FORWARD_HEAT_FLOW", target: "NO_HEAT_FLOW" },
  { component: "mass1", source: "COOLING", target: "STEADY" },
  { component: "mass2", source: "HEATING", target: "STEADY" },
];

const simulateArgs = { first: false, maxInitial: 1000, json: false, limit: 20 };
/** The thermal graph as JSON, through the command function. */
function thermalGraph(horizon = 2): GraphJson {
  const io = fakeIo();
  simulateCommand({ ...simulateArgs, mechanism: "thermal_two_masses", scenario: "mass1_hotter", horizon, json: true }, io);
  expect(io.lines).toHaveLength(1);
  return GraphJson.parse(JSON.parse(io.lines[0]));
}
const label = (g: GraphJson, id: number) => g.components.map((c) => g.episodes[id].state[c]).join("|");
const cellOf = (g: GraphJson, id: number, v: string) => g.episodes[id].cells[g.variables.indexOf(v)];
/** The --to spec that turns the source of edge k into its target. */
const toSpec = (g: GraphJson, k: number) => {
  const e = g.edges[k];
  return [...Object.entries(g.episodes[e.target].state).map(([c, s]) => `${c}=${s}`), ...e.changes.map((c) => `${c.var}=${c.to}`)].join(" ");
};

describe("mech simulate", () => {
  it("text: header, layer sizes 1, 1, 0, totals, the three component transitions, the edge and its episodes", () => {
    const r = runMech("simulate", ...THERMAL, "--horizon", "2");
    expect(r.err).toBe("");
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split("\n");
    expect(lines[0]).toBe("mechanism thermal_two_masses, scenario mass1_hotter, edge rules sound, horizon 2, |X0| = 1");
    expect(r.out).toContain("| depth | episodes R_d | edges A^(d) |\n|---|---|---|\n| 0 | 1 | 0 |\n| 1 | 1 | 1 |\n| 2 | 0 | 0 |\n");
    expect(lines).toContain("total: 2 distinct episodes, 1 distinct edge");
    expect(r.out).toContain(
      "component transitions (3):\n  conduction FORWARD_HEAT_FLOW → NO_HEAT_FLOW\n  mass1 COOLING → STEADY\n  mass2 HEATING → STEADY\n",
    );
    const edge = lines.find((l) => l.startsWith("  edge 0: "))!;
    expect(edge).toMatch(/^ {2}edge 0: e0 → e1 {2}boundary \[.*\+\d+ more\] {2}mass1 COOLING→STEADY, mass2 HEATING→STEADY, conduction FORWARD_HEAT_FLOW→NO_HEAT_FLOW; 22 coordinates change$/);
    expect(lines).toContain(`  e0  ${SOURCE}  (depth 0, initial)`);
    expect(lines).toContain(`  e1  ${TARGET}  (depth 1)`);
  });

  it("json: validates against the schema; one boundary edge to equilibrium with the hand-derived facts", () => {
    const r = runMech("simulate", ...THERMAL, "--horizon", "2", "--json");
    expect(r.code, r.err).toBe(0);
    const g = GraphJson.parse(JSON.parse(r.out));
    expect(r.out.trim().split("\n")).toHaveLength(1);
    expect([g.mechanism, g.scenario, g.horizon]).toEqual(["thermal_two_masses", "mass1_hotter", 2]);
    expect(g.components).toEqual(["mass1", "mass2", "conduction"]);
    expect(g.initial).toEqual([0]);
    expect(g.layers.map((l) => [l.depth, l.episodes.length, l.edges.length])).toEqual([[0, 1, 0], [1, 1, 1], [2, 0, 0]]);
    expect(g.episodes.map((_, id) => label(g, id))).toEqual([SOURCE, TARGET]);
    // heat flows from the hotter mass1 into mass2
    expect(["conduction.dT", "conduction.Q_flow", "mass1.port.Q_flow", "mass2.port.Q_flow", "mass1.d1__T", "mass2.d1__T"].map((v) => cellOf(g, 0, v)))
      .toEqual(["positive", "positive", "negative", "positive", "negative", "positive"]);
    expect(g.edges).toHaveLength(1);
    const e = g.edges[0];
    expect([e.source, e.target, e.cause.kind]).toEqual([0, 1, "boundary"]);
    // the coincident flows reach zero together; temperatures stay positive (absolute temperatures)
    expect(e.cause.events).toContainEqual({ var: "conduction.dT", from: "positive", to: "zero" });
    expect(e.cause.events).toContainEqual({ var: "conduction.Q_flow", from: "positive", to: "zero" });
    expect(e.cause.events).toContainEqual({ var: "mass1.port.Q_flow", from: "negative", to: "zero" });
    expect(e.cause.events).toContainEqual({ var: "mass2.port.Q_flow", from: "positive", to: "zero" });
    expect(e.cause.events.some((x) => x.var.endsWith(".T"))).toBe(false);
    expect(cellOf(g, 1, "mass1.T")).toBe("positive");
    expect(cellOf(g, 1, "mass2.T")).toBe("positive");
    expect(e.declarations).toEqual([
      { component: "mass1", from: "COOLING", to: "STEADY", event: "mass1.port.Q_flow" },
      { component: "mass2", from: "HEATING", to: "STEADY", event: "mass2.port.Q_flow" },
      { component: "conduction", from: "FORWARD_HEAT_FLOW", to: "NO_HEAT_FLOW", event: "conduction.Q_flow" },
    ]);
    expect(e.propagation).toContainEqual({ var: "mass1.d1__T", from: "mass1.port.Q_flow", via: "mass1.energy_balance" });
    expect(e.propagation).toContainEqual({ var: "conduction.d1__dT", from: "conduction.dT", via: "derivative" });
    expect(e.changes).toHaveLength(22);
    expect(e.changes.every((c) => c.to === "zero")).toBe(true);
    expect(g.transitions).toEqual(TRIPLES);
  });

  it("json is deterministic and --format json is the same as --json", () => {
    const a = fakeIo(), b = fakeIo();
    simulateCommand({ ...simulateArgs, mechanism: "thermal_two_masses", scenario: "mass1_hotter", horizon: 2, json: true }, a);
    simulateCommand({ ...simulateArgs, mechanism: "thermal_two_masses", scenario: "mass1_hotter", horizon: 2, format: "json" }, b);
    expect(a.lines).toEqual(b.lines);
    expect(JSON.stringify(thermalGraph())).toBe(a.lines[0]);
  });

  it("dot: a digraph with labelled nodes and the boundary edge", () => {
    const r = runMech("simulate", ...THERMAL, "--horizon", "2", "--format", "dot");
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trim().split("\n");
    expect(lines[0]).toBe('digraph "thermal_two_masses mass1_hotter sound H=2" {');
    expect(lines.at(-1)).toBe("}");
    expect(lines).toContain(`  e0 [label="e0: ${SOURCE}\\ndepth 0", peripheries=2];`);
    expect(lines).toContain(`  e1 [label="e1: ${TARGET}\\ndepth 1"];`);
    expect(lines).toContain(
      '  e0 -> e1 [label="boundary\\nmass1 COOLING→STEADY\\nmass2 HEATING→STEADY\\nconduction FORWARD_HEAT_FLOW→NO_HEAT_FLOW"];',
    );
  });

  it("dot dashes interpretation-only edges (mechanics_damper: intrastate edges that change no component)", () => {
    const io = fakeIo();
    simulateCommand({ ...simulateArgs, mechanism: "mechanics_damper", scenario: "moving_toward_wall", first: true, horizon: 2, format: "dot" }, io);
    const edges = io.lines.filter((l) => l.includes(" -> "));
    expect(edges).toHaveLength(23);
    expect(edges[0]).toBe('  e0 -> e1 [label="mandatory\\nspring2 UNLOADED→NEGATIVE_LOAD"];');
    expect(edges.some((l) => /^ {2}e\d+ -> e\d+ \[label="intrastate", style=dashed\];$/.test(l))).toBe(true);
    expect(edges.filter((l) => l.includes("mass1 MOVING_POSITIVE→REST")).every((l) => !l.includes("dashed"))).toBe(true);
  });

  it("--limit caps the listed edges and says how many were left out", () => {
    const io = fakeIo();
    simulateCommand({ ...simulateArgs, mechanism: "mechanics_damper", scenario: "moving_toward_wall", first: true, horizon: 2, limit: 3 }, io);
    expect(io.lines.filter((l) => /^ {2}edge \d+: /.test(l))).toHaveLength(3);
    expect(io.lines).toContain("  … 20 more left out (raise --limit)");
    expect(io.lines).toContain("episodes (4 of 24 listed):");
  });

  it("--initial restricts X0 further; horizon 0 gives R_0 only", () => {
    const io = fakeIo();
    simulateCommand({ ...simulateArgs, mechanism: "thermal_two_masses", scenario: "base", initial: "mass1=COOLING", horizon: 0, json: true }, io);
    const g = GraphJson.parse(JSON.parse(io.lines[0]));
    expect(g.layers).toHaveLength(1);
    expect(g.episodes.map((_, id) => label(g, id))).toEqual([SOURCE]);
    expect(g.edges).toEqual([]);
  });

  it("bad input: clear message, exit 2, no stack trace", () => {
    const cases: [string[], RegExp][] = [
      [["--initial", "mass1=FOO"], /^mech: --initial: "mass1=FOO": component mass1 has no state "FOO" \(expected one of "COOLING", "STEADY", "HEATING"\)$/],
      [["--initial", "mass1.T"], /^mech: --initial: "mass1.T": expected NAME=VALUE/],
      [["--initial", "mass1.T=zero"], /^mech: --initial: no episode of thermal_two_masses matches the initial spec under this scenario$/],
      [["--json", "--format", "dot"], /^mech: --json conflicts with --format dot$/],
    ];
    for (const [extra, message] of cases) {
      const r = runMech("simulate", ...THERMAL, ...extra);
      expect(r.code, extra.join(" ")).toBe(2);
      expect(r.err.trim()).toMatch(message);
      expect(r.err).not.toContain("    at ");
    }
    const many = runMech("simulate", "thermal_two_masses", "--scenario", "base", "--max-initial", "2");
    expect(many.code, many.err).toBe(2);
    expect(many.err.trim()).toBe(
      "mech: initial episodes: more than 2 initial episodes match; give more cells in the initial spec, raise the limit, or take the first one (--initial SPEC, --max-initial N, --first)",
    );
    const horizon = runMech("simulate", ...THERMAL, "--horizon", "51");
    expect(horizon.code, horizon.err).toBe(2);
    expect(horizon.err).toContain("less than or equal to 50");
  });
});

// `mech simulate MECHANISM` with no other flag must answer on every catalog mechanism:
// the start case (the first scenario with case restrictions), horizon 3 while the graph
// holds at most 250 episodes, at most 250 initial episodes (else the first), the layers
// printed as they finish, and a note naming the flags that go on or narrow.
describe("mech simulate defaults", () => {
  const defaults = (mechanism: string, extra: Partial<Parameters<typeof simulateCommand>[0]> = {}) => {
    const io = fakeIo();
    simulateCommand({ mechanism, first: false, json: false, limit: 20, ...extra }, io);
    return io.lines;
  };
  const rows = (lines: string[]) => lines.filter((l) => /^\| \d+ \|/.test(l));

  it("thermal_two_masses: base declares no case, so the start case is mass1_hotter; horizon 3, every layer, no note", () => {
    const lines = defaults("thermal_two_masses");
    expect(lines[0]).toBe("mechanism thermal_two_masses, scenario mass1_hotter (default: the start case), edge rules sound, horizon 3 (default), |X0| = 1");
    // the one boundary edge to equilibrium (above), then nothing drifts
    expect(rows(lines)).toEqual(["| 0 | 1 | 0 |", "| 1 | 1 | 1 |", "| 2 | 0 | 0 |", "| 3 | 0 | 0 |"]);
    expect(lines.some((l) => l.startsWith("note"))).toBe(false);
    expect(lines).toContain("total: 2 distinct episodes, 1 distinct edge");
    // the same graph as the explicit flags give
    const explicit = fakeIo();
    simulateCommand({ ...simulateArgs, mechanism: "thermal_two_masses", scenario: "mass1_hotter", horizon: 3 }, explicit);
    expect(lines.slice(1)).toEqual(explicit.lines.slice(1));
  });

  it("mechanics_damper: its start case holds 54,621 episodes, more than 250, so the run starts from the first and says how to take more or narrow", () => {
    const lines = defaults("mechanics_damper");
    expect(lines[0]).toBe("mechanism mechanics_damper, scenario moving_toward_wall (default: the start case), edge rules sound, horizon 3 (default), |X0| = 1");
    expect(lines[1]).toBe(
      "note: more than 250 episodes match the scenario's case; starting from the first (as --first does). Narrow the start with --initial NAME=VALUE…, or take every match with --max-initial N",
    );
    // the same graph as --first --horizon 3 (the golden graph's first two layers, then one more)
    const first = fakeIo();
    simulateCommand({ ...simulateArgs, mechanism: "mechanics_damper", scenario: "moving_toward_wall", first: true, horizon: 3 }, first);
    expect(rows(lines)).toEqual(rows(first.lines));
    expect(rows(lines).slice(0, 3)).toEqual(["| 0 | 1 | 0 |", "| 1 | 1 | 1 |", "| 2 | 22 | 22 |"]);
    // beside a machine format the notes go to stderr and stdout is one JSON object
    const io = fakeIo();
    simulateCommand({ mechanism: "mechanics_damper", first: false, json: true, limit: 20 }, io);
    expect(io.lines[0]).toMatch(/^ERR note: more than 250 episodes match/);
    const g = GraphJson.parse(JSON.parse(io.lines.find((l) => !l.startsWith("ERR "))!));
    expect([g.scenario, g.horizon, g.initial.length]).toEqual(["moving_toward_wall", 3, 1]);
  });

  it("mechanics_compare_braking_torque: 81 starting episodes fan out to more than 250, so the default stops before depth 2; rows stream between progress bars", () => {
    const events: string[] = [];
    const io = { ...fakeIo(), out: (t: string) => void events.push(t), status: (t: string | null) => void events.push(t === null ? "STATUS CLEAR" : `STATUS ${t}`) };
    simulateCommand({ mechanism: "mechanics_compare_braking_torque", first: false, json: false, limit: 20 }, io);
    expect(events[0]).toBe("mechanism mechanics_compare_braking_torque, scenario msl_start (default: the start case), edge rules sound, horizon 3 (default), |X0| = 81");
    const row0 = events.indexOf("| 0 | 81 | 0 |");
    const row1 = events.findIndex((l) => l.startsWith("| 1 | "));
    expect(rows(events)).toHaveLength(2);
    // depth 1 is computed after its row 0 is printed, with a bar that ends at 81/81 and is cleared before row 1
    const bars = events.slice(row0 + 1, row1);
    expect(bars.length).toBeGreaterThanOrEqual(2);
    expect(bars.at(-2)).toBe("STATUS depth 1 [##############################] 81/81 sources expanded");
    expect(bars.at(-1)).toBe("STATUS CLEAR");
    expect(events[row1 + 1]).toMatch(
      /^note: stopped before depth 2 of the default 3: the graph holds [\d,]+ episodes, more than the 250 a default run expands\. Go deeper with --horizon 2 \(or 3\); narrow the start with --initial NAME=VALUE… or --first$/,
    );
    expect(events[row1 + 2]).toBe("");
    expect(events[row1 + 3]).toMatch(/^total: /);
    // JSON names the depth reached
    const j = fakeIo();
    simulateCommand({ mechanism: "mechanics_compare_braking_torque", first: false, json: true, limit: 20 }, j);
    const g = GraphJson.parse(JSON.parse(j.lines.find((l) => !l.startsWith("ERR "))!));
    expect([g.horizon, g.layers.length]).toEqual([1, 2]);
    expect(j.lines.filter((l) => l.startsWith("ERR note: stopped before depth 2"))).toHaveLength(1);
  });

  it("explicit limits still hold: --horizon has no budget (a note says a layer is large), --max-initial refuses", () => {
    const lines = defaults("mechanics_compare_braking_torque", { first: true, horizon: 2 });
    expect(lines[0]).toBe("mechanism mechanics_compare_braking_torque, scenario msl_start (default: the start case), edge rules sound, horizon 2, |X0| = 1");
    // after depth 1 the graph holds 256 episodes: a default run would stop, --horizon 2 goes on
    expect(rows(lines).map((l) => l.split(" | ")[0])).toEqual(["| 0", "| 1", "| 2"]);
    expect(rows(lines)[1]).toBe("| 1 | 255 | 255 |");
    // one starting episode: nothing to narrow but the horizon
    expect(lines).toContain(`note: R_2 holds ${rows(lines)[2].split(" | ")[1]} episodes; fewer with a lower --horizon`);
    expect(() => defaults("mechanics_damper", { maxInitial: 100 })).toThrow(
      new InputError("initial episodes: more than 100 initial episodes match; give more cells in the initial spec, raise the limit, or take the first one (--initial SPEC, --max-initial N, --first)"),
    );
  });

  it("every catalog mechanism but mechanics_branched_three_mass (about 11 s alone; measured separately) answers with its start case and at least one edge", () => {
    for (const id of builtinMechanismIds().filter((m) => m !== "mechanics_branched_three_mass")) {
      const start = builtinMechanism(id)!.scenarios.find((sc) => sc.restrict.length > 0)!.id;
      const lines = defaults(id);
      expect(lines[0], id).toMatch(new RegExp(`^mechanism ${id}, scenario ${start} \\(default: the start case\\), edge rules sound, horizon 3 \\(default\\), \\|X0\\| = \\d+$`));
      expect(rows(lines).length, id).toBeGreaterThanOrEqual(2);
      expect(lines.find((l) => l.startsWith("total: ")), id).toMatch(/^total: \d+ distinct episodes, \d+ distinct edges?$/);
      expect(lines.find((l) => l.startsWith("total: ")), id).not.toMatch(/, 0 distinct edges$/);
    }
  });

  it("the help states the defaults", () => {
    const help = runMech("simulate", "--help");
    expect(help.out).toMatch(/--scenario ID +Scenario id \(default: the start case, the mechanism's first scenario with case restrictions\)\./);
    expect(help.out).toMatch(/--horizon H +Follow edges to depth H, at most 50 \(default 3, computing a layer only while the graph holds at most 250 episodes; a note says where it stopped\)\./);
    expect(help.out).toMatch(/--max-initial N +Start from every matching episode, refusing more than N \(default: every one up to 250, else the first one, with a note\)\./);
  });
});

describe("mech explain-edge", () => {
  it("admits the equilibrium edge: ADMITTED under its boundary cause, with every clause's facts", () => {
    const g = thermalGraph(1);
    const r = runMech("explain-edge", ...THERMAL, "--from", "mass1=COOLING", "--to", toSpec(g, 0));
    expect(r.err).toBe("");
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split("\n");
    expect(lines.slice(0, 3)).toEqual(["mechanism thermal_two_masses, scenario mass1_hotter, edge rules sound", `from: ${SOURCE}`, `to:   ${TARGET}`]);
    expect(lines).toContain("component changes: mass1 COOLING→STEADY, mass2 HEATING→STEADY, conduction FORWARD_HEAT_FLOW→NO_HEAT_FLOW");
    const admitted = lines.filter((l) => l.startsWith("ADMITTED under "));
    expect(admitted).toHaveLength(1);
    expect(admitted[0]).toContain("conduction.dT positive→zero");
    // the admitted cause comes first and shows every clause as evidence
    const at = lines.indexOf(admitted[0]);
    const clauses = lines.slice(at + 1).filter((l) => /^ {2}\S/.test(l)).slice(0, 10).map((l) => l.trim().split(" ")[0]);
    expect(clauses).toEqual(["cause", "E1", "E2", "E3", "E5", "E6", "E7", "E4", "E8", "Decl"]);
    expect(lines).toContain("    mass1: COOLING→STEADY on mass1.port.Q_flow");
    expect(lines).toContain("    conduction: FORWARD_HEAT_FLOW→NO_HEAT_FLOW on conduction.Q_flow");
    // the intrastate cause is shown rejected too; the other 2 causes are counted, not listed
    expect(lines.filter((l) => l.startsWith("REJECTED under "))).toEqual(["REJECTED under intrastate"]);
    expect(lines).toContain("the source has 4 causes; shown: the one the candidate implies and the intrastate cause");
    expect(lines.at(-2)).toMatch(/^ADMITTED: the edge exists/);
  });

  it("rejects a reversal of the heat flow: E5, E6 and Decl name the reasons; exit 1", () => {
    const r = runMech("explain-edge", ...THERMAL, "--from", "mass1=COOLING", "--to", "conduction=REVERSE_HEAT_FLOW conduction.Q_flow=negative");
    expect(r.code, r.err).toBe(1);
    const lines = r.out.split("\n");
    expect(lines.some((l) => l.startsWith("ADMITTED"))).toBe(false);
    // the candidate performs no termination, so the intrastate cause is the one it implies
    expect(lines.filter((l) => l.startsWith("REJECTED under "))).toEqual(["REJECTED under intrastate"]);
    expect(lines).toContain("  E5 fails:");
    expect(lines).toContain("    law conduction.conduction is violated");
    expect(lines).toContain("  E6 fails:");
    expect(lines).toContain("    conduction.Q_flow jumps positive→negative");
    expect(lines).toContain("  Decl fails:");
    expect(lines).toContain("    conduction: FORWARD_HEAT_FLOW→REVERSE_HEAT_FLOW is not declared");
    expect(lines.at(-2)).toBe("REJECTED by every cause: no such edge");
  });

  it("--json validates against its schema", () => {
    const g = thermalGraph(1);
    const io = fakeIo();
    expect(explainEdgeCommand({ mechanism: "thermal_two_masses", scenario: "mass1_hotter", from: "mass1=COOLING", first: false, to: toSpec(g, 0), json: true }, io)).toBe(0);
    const j = EdgeExplanationJson.parse(JSON.parse(io.lines[0]));
    // two termination groups (mass1's temperatures; the six heat flows, one coincidence
    // class): 2^2 causes, two of them listed (the boundary cause and the intrastate cause)
    expect([j.admitted, j.distinct, j.sourceInCase, j.unchecked]).toEqual([true, true, true, 2]);
    expect(j.verdicts).toHaveLength(2);
    expect(j.verdicts.filter((v) => v.admitted).map((v) => v.cause.kind)).toEqual(["boundary"]);
    expect(j.changes).toEqual(g.edges[0].changes);
    expect(j.target.cells).toEqual(g.episodes[1].cells);
  });

  it("a candidate equal to the source is said so (exit 1)", () => {
    const io = fakeIo();
    expect(explainEdgeCommand({ mechanism: "thermal_two_masses", scenario: "mass1_hotter", from: "mass1=COOLING", first: false, to: "mass1=COOLING", json: false }, io)).toBe(1);
    expect(io.lines.at(-1)).toBe("the candidate equals the source episode: an edge needs x ≠ x′, so none exists");
  });

  it("a source outside the scenario's case is found in its context and flagged", () => {
    const io = fakeIo();
    expect(explainEdgeCommand({ mechanism: "thermal_two_masses", scenario: "mass1_hotter", from: "mass1=STEADY", first: false, to: "mass1.T=zero", json: false }, io)).toBe(1);
    expect(io.lines[1]).toMatch(/^\(no episode of the scenario's case matches the source spec/);
    expect(io.lines).toContain("  E7 fails:");
  });

  it("an ambiguous --from says how many match and what still varies; --first takes the first", () => {
    const r = runMech("explain-edge", "thermal_two_masses", "--scenario", "base", "--from", "", "--to", "");
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(/^mech: --from: 3 episodes of the scenario's case match; still varying: mass1 \(COOLING\|STEADY\|HEATING\), mass2 \(COOLING\|STEADY\|HEATING\), conduction \(REVERSE_HEAT_FLOW\|NO_HEAT_FLOW\|FORWARD_HEAT_FLOW\), /);
    expect(r.err).toContain("--first");
    const io = fakeIo();
    expect(explainEdgeCommand({ mechanism: "thermal_two_masses", scenario: "base", from: "", first: true, to: "", json: false }, io)).toBe(1);
    expect(io.lines.at(-1)).toMatch(/^the candidate equals the source/);
  });

  it("defaults to the start case, as simulate does: one episode of mass1_hotter matches an empty --from", () => {
    const io = fakeIo();
    expect(explainEdgeCommand({ mechanism: "thermal_two_masses", from: "", first: false, to: "", json: false }, io)).toBe(1);
    expect(io.lines[0]).toBe("mechanism thermal_two_masses, scenario mass1_hotter, edge rules sound");
    expect(io.lines[1]).toBe("from: COOLING|HEATING|FORWARD_HEAT_FLOW");
  });

  it("bad --to: one cell per variable, known names; exit 2", () => {
    const r = runMech("explain-edge", ...THERMAL, "--from", "mass1=COOLING", "--to", "mass1.T=zero|positive");
    expect(r.code, r.err).toBe(2);
    expect(r.err.trim()).toBe("mech: --to: mass1.T: give exactly one cell for the target, got zero|positive");
    expect(() =>
      explainEdgeCommand({ mechanism: "thermal_two_masses", scenario: "mass1_hotter", from: "mass1=COOLING", first: false, to: "nosuch=1", json: false }, fakeIo())
    ).toThrow(InputError);
    const missing = runMech("explain-edge", ...THERMAL, "--to", "mass1=STEADY");
    expect(missing.code, missing.err).toBe(2);
  });
});

describe("edge-rule profiles on the command line", () => {
  it("simulate --rules paper: the mass1_hotter case (dT > 0) is the universe, so equilibrium is out of reach; the header names the rules", () => {
    const r = runMech("simulate", ...THERMAL, "--horizon", "2", "--rules", "paper");
    expect(r.code, r.err).toBe(0);
    expect(r.out.split("\n")[0]).toBe("mechanism thermal_two_masses, scenario mass1_hotter, edge rules paper, horizon 2, |X0| = 1");
    expect(r.out).toContain("| 0 | 1 | 0 |\n| 1 | 0 | 0 |\n| 2 | 0 | 0 |\n");
    const j = GraphJson.parse(JSON.parse(runMech("simulate", ...THERMAL, "--json", "--revert", "context-universe").out));
    expect(j.rules).toBe("sound-without-context-universe");
    expect(j.edges).toHaveLength(0);
  });

  it("explain-edge --rules paper: the equilibrium target leaves the case, E5 says so (exit 1)", () => {
    const g = thermalGraph(1);
    const r = runMech("explain-edge", ...THERMAL, "--from", "mass1=COOLING", "--to", toSpec(g, 0), "--rules", "paper", "--json");
    expect(r.code, r.err).toBe(1);
    const j = EdgeExplanationJson.parse(JSON.parse(r.out));
    expect(j.rules).toBe("paper");
    const boundary = j.verdicts.find((v) => v.cause.kind === "boundary")!;
    const e5 = boundary.clauses.find((c) => c.clause === "E5")!;
    expect(e5.ok).toBe(false);
    expect(e5.facts).toContain("conduction.dT=zero is outside its domain in mass1=STEADY mass2=STEADY conduction=NO_HEAT_FLOW");
  });

  it("catalog edges counts A^{<=H} per profile; --rules without --paths is refused; an unknown profile lists the choices", () => {
    const sound = JSON.parse(runMech("catalog", "edges", "thermal_two_masses", "mechanics_accelerate", "--json").out);
    const paper = JSON.parse(runMech("catalog", "edges", "thermal_two_masses", "mechanics_accelerate", "--rules", "paper", "--json").out);
    expect(sound.rules).toBe("sound");
    expect(sound.mechanisms.map((m: { mechanism: string; edges: number[] }) => [m.mechanism, m.edges])).toEqual([["thermal_two_masses", [1, 1, 1]], ["mechanics_accelerate", [2, 4, 6]]]);
    expect(paper.totals[2]).toBeLessThan(sound.totals[2]);
    const refused = runMech("catalog", "check", "--rules", "paper");
    expect(refused.code).toBe(2);
    expect(refused.err.trim()).toBe("mech: --rules and --revert apply to the episode graph: give them with --paths");
    const noSuch = runMech("catalog", "edges", "no_such");
    expect(noSuch.code).toBe(2);
    expect(noSuch.err).toMatch(/^mech: unknown mechanism "no_such" \(expected a path to a \.json file or one of /);
    const deep = runMech("catalog", "edges", "thermal_two_masses", "--horizon", "11");
    expect(deep.code).toBe(2);
    expect(deep.err).toContain("less than or equal to 10");
    const unknown = runMech("simulate", ...THERMAL, "--rules", "literal");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/sound.*paper/);
    expect(unknown.err).not.toContain("    at ");
  });
});
