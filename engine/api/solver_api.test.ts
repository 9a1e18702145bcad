// The solver entry against the CLI it stands under: the values a script gets equal what
// `mech solve`, `mech simulate` and `mech explain-edge` print, and its errors say where.
import { describe, expect, it } from "vitest";
import { runMech } from "../../cli/cli.test_support.ts";
import {
  compileStates,
  explainEdge,
  interpretations,
  mechanism,
  mechanismFile,
  MechanismError,
  parseMechanism,
  parseProblems,
  RULE_PROFILES,
  simulate,
  solutionJson,
  solveProblem,
  solveStates,
} from "./solver.ts";

const jsonLines = (text: string) => text.trim().split("\n").map((l) => JSON.parse(l));

describe("solveStates", () => {
  it("gives every state the count and forced facts `mech solve --json` prints", () => {
    const r = runMech("solve", "thermal_two_masses", "--json", "--limit", "0");
    expect(r.code).toBe(0);
    const cli = jsonLines(r.out);
    const api = [...solveStates(mechanism("thermal_two_masses"))];
    expect(api.map((s) => s.state)).toEqual(cli.map((c) => c.state));
    expect(api.map((s) => s.count.toString())).toEqual(cli.map((c) => c.count));
    // the CLI leaves out the (empty) forced cells of an inconsistent state
    expect(api.map((s) => s.forced)).toEqual(cli.map((c) => c.forced ?? {}));
    expect(api.filter((s) => s.count > 0n).length).toBeGreaterThan(0);
  });

  it("forces what the physics forces: with both masses steady, no heat flows", () => {
    const [s] = solveStates(mechanism("thermal_two_masses"), { state: { mass1: "STEADY", mass2: "STEADY", conduction: "NO_HEAT_FLOW" } });
    expect(s.count).toBe(1n);
    expect(s.forced["conduction.Q_flow"]).toBe("zero");
    // forced means one supported cell
    for (const [name, cell] of Object.entries(s.forced)) expect(s.supported[name]).toEqual([cell]);
  });

  it("fixes a state and a scenario as `mech solve --state --scenario` does", () => {
    const args = ["--state", "mass1=COOLING", "--scenario", "mass1_hotter"];
    const cli = jsonLines(runMech("solve", "thermal_two_masses", ...args, "--json", "--limit", "3").out);
    const api = [...solveStates(mechanism("thermal_two_masses"), { state: { mass1: "COOLING" }, scenario: "mass1_hotter" })];
    // the CLI's line of an inconsistent state leaves out its (empty) cells and interpretations
    const line = (d: ReturnType<typeof solutionJson>) => {
      if (d.count !== "0") return d;
      const { forced: _f, supported: _s, interpretations: _i, ...rest } = d;
      return rest;
    };
    expect(api.map((s) => line(solutionJson(s, 3)))).toEqual(cli);
    expect(api.some((s) => s.count > 0n)).toBe(true);
  });
});

describe("interpretations", () => {
  it("iterates exactly `count` distinct rows, each assigning every variable a supported cell", () => {
    const s = [...solveStates(mechanism("electrical_resistor"))].find((x) => x.count > 1n && x.count < 100n)!;
    expect(s).toBeDefined();
    const cli = jsonLines(runMech("solve", "electrical_resistor", "--json", "--limit", "0").out);
    expect(cli.find((c) => JSON.stringify(c.state) === JSON.stringify(s.state))!.count).toBe(s.count.toString());
    const rows = [...interpretations(s)];
    expect(BigInt(rows.length)).toBe(s.count);
    expect(new Set(rows.map((r) => JSON.stringify(r))).size).toBe(rows.length);
    const names = s.problem.variables.map((v) => v.name);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([...names].sort());
      for (const [name, cell] of Object.entries(row)) expect(s.supported[name]).toContain(cell);
    }
  });

  it("of a problem read back from `mech compile --json` lines: the same count", () => {
    const r = runMech("compile", "thermal_two_masses", "--state", "mass1=COOLING", "--json");
    const problems = parseProblems(r.out, "problems.jsonl");
    const compiled = [...compileStates(mechanism("thermal_two_masses"), { state: { mass1: "COOLING" } })];
    expect(problems).toEqual(compiled.map((c) => c.problem));
    for (const p of problems) {
      const solved = solveProblem(p);
      let n = 0n;
      for (const _ of interpretations(solved)) n++;
      expect(n).toBe(solved.count);
    }
  });
});

describe("parseMechanism", () => {
  it("names the file and the line and column of invalid JSON", () => {
    const text = '{\n  "id": "x",\n  "components": [,]\n}';
    expect(() => parseMechanism(text, "mine.json")).toThrow(/^mine\.json:3:18: at \$: invalid JSON/);
  });

  it("names the file and the JSON path of each invalid value", () => {
    const file = JSON.parse(mechanismFile("mechanics_damper"));
    file.components[1].type = "no.SuchType";
    try {
      parseMechanism(JSON.stringify(file), "damper.json");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(MechanismError);
      const issues = (e as MechanismError).issues;
      expect(issues.some((i) => i.file === "damper.json" && i.path.join(".") === "components.1.type")).toBe(true);
      expect((e as Error).message).toMatch(/^damper\.json: at \$\.components\[1\]\.type: /m);
    }
  });

  it("takes a parsed object as well as text", () => {
    const data = JSON.parse(mechanismFile("thermal_two_masses"));
    expect(parseMechanism(data, "t.json").variables.length).toBe(parseMechanism(JSON.stringify(data)).variables.length);
  });
});

describe("simulate", () => {
  it.each(RULE_PROFILES)("under the %s rules gives the graph `mech simulate --json` prints", (rules) => {
    const r = runMech("simulate", "thermal_two_masses", "--horizon", "2", "--rules", rules, "--json");
    expect(r.code).toBe(0);
    const g = simulate(mechanism("thermal_two_masses"), { horizon: 2, rules });
    expect(g.json).toEqual(JSON.parse(r.out));
    expect(g.json.rules).toBe(rules);
  });

  it("starts as `mech simulate` does, and its notes name the library's options", () => {
    const r = runMech("simulate", "mechanics_damper", "--horizon", "0", "--json");
    const g = simulate(mechanism("mechanics_damper"), { horizon: 0 });
    expect(g.json).toEqual(JSON.parse(r.out));
    // more than 250 episodes match the start case: the first is taken, with a note
    expect(g.start.initial).toBe(1);
    expect(r.err).toContain("--max-initial N");
    expect(g.start.notes.join("\n")).toContain("take every match with maxInitial N");
  });
});

describe("explainEdge", () => {
  const edge = { scenario: "mass1_hotter", from: "mass1=COOLING", to: "conduction=REVERSE_HEAT_FLOW conduction.Q_flow=negative" };

  it.each(RULE_PROFILES)("under the %s rules equals `mech explain-edge --json`, exit code included", (rules) => {
    const r = runMech("explain-edge", "thermal_two_masses", "--scenario", edge.scenario, "--from", edge.from, "--to", edge.to, "--rules", rules, "--json");
    const api = explainEdge(mechanism("thermal_two_masses"), { ...edge, rules });
    expect(api.json).toEqual(JSON.parse(r.out));
    expect(r.code).toBe(api.admitted ? 0 : 1);
    expect(api.admitted).toBe(false);
  });

  it("its text equals `mech explain-edge`'s", () => {
    const r = runMech("explain-edge", "thermal_two_masses", "--scenario", edge.scenario, "--from", edge.from, "--to", edge.to);
    expect(explainEdge(mechanism("thermal_two_masses"), edge).text.join("\n") + "\n").toBe(r.out);
  });
});
