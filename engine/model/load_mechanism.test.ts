import { describe, expect, it } from "vitest";
import { builtinLibrary, COMPONENT_FILES, MECHANISM_FILES } from "../../catalog/mod.ts";
import { loadMechanism } from "./load_mechanism.ts";
import { loadLibrary } from "./library.ts";
import { formatIssue, MechanismError } from "./issues.ts";
import { parseJsonText } from "./json_text.ts";

const base = () => structuredClone(MECHANISM_FILES.find((f) => f.file.endsWith("thermal_two_masses.json"))!.data) as Record<string, any>;

function issuesOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof MechanismError) return e.issues.map(formatIssue);
    throw e;
  }
  throw new Error("expected a MechanismError");
}

describe("loading mechanisms", () => {
  it("loads thermal_two_masses with instance-qualified variables, laws and connection laws", () => {
    const m = loadMechanism(base(), "m.json", builtinLibrary());
    expect(m.instances.map((i) => i.name)).toEqual(["mass1", "mass2", "conduction", "Tsensor1", "Tsensor2"]);
    expect(m.variableIndex.has("mass1.d1__port__Q_flow")).toBe(true);
    expect(m.variableIndex.has("conduction.d1__port_a__T")).toBe(true);
    expect(m.laws.map((l) => l.id)).toContain("conduction.conduction.d1");
    expect(m.laws.map((l) => l.id)).toContain("connect(mass1.port, conduction.port_a, Tsensor1.port).Q_flow");
    expect(m.laws.map((l) => l.id)).toContain("connect(mass1.port, conduction.port_a).d1__T");
    // the d1 form of Q_flow = G*dT treats the parameter G as constant
    const d1 = m.laws.find((l) => l.id === "conduction.conduction.d1")!;
    expect(d1.terms.map((t) => [t.coef, t.factors.map((f) => m.variables[f.var].name)])).toEqual([
      [1, ["conduction.d1__Q_flow"]],
      [-1, ["conduction.G", "conduction.d1__dT"]],
    ]);
  });

  it("reports an unknown component type with its JSON path", () => {
    const d = base();
    d.components[2].type = "thermal.Conductor";
    expect(issuesOf(() => loadMechanism(d, "bad.json", builtinLibrary()))[0]).toMatch(
      /^bad\.json: at \$\.components\[2\]\.type: unknown component type "thermal\.Conductor" \(expected one of .*"thermal\.ThermalConductor"/,
    );
  });

  it("reports every problem at once: unknown port, unconnected port, bad scenario cell", () => {
    const d = base();
    d.connections[0][1] = "conduction.port_x";
    d.scenarios[1].restrict = { "conduction.dT": ["hot"] };
    const issues = issuesOf(() => loadMechanism(d, "bad.json", builtinLibrary()));
    expect(issues).toContainEqual(expect.stringMatching(/at \$\.connections\[0\]\[1\]: unknown port "conduction\.port_x" \(expected one of "conduction\.port_a", "conduction\.port_b"\)/));
    expect(issues).toContainEqual(expect.stringMatching(/port "conduction\.port_a" is neither connected nor declared free/));
    expect(issues).toContainEqual(expect.stringMatching(/at \$\.scenarios\[1\]\.restrict\["conduction\.dT"\]\[0\]: "hot" is not a cell of conduction\.dT/));
  });

  it("reports shape errors from the schema with their path", () => {
    const d = base();
    d.components = "mass1";
    expect(issuesOf(() => loadMechanism(d, "bad.json", builtinLibrary()))[0]).toMatch(/^bad\.json: at \$\.components: .*expected array/i);
    const e = base();
    delete e.scenarios;
    expect(issuesOf(() => loadMechanism(e, "bad.json", builtinLibrary()))[0]).toMatch(/at \$\.scenarios: /);
  });

  it("rejects connecting ports of different physical domains", () => {
    const lib = loadLibrary([...COMPONENT_FILES, {
      file: "extra.json",
      data: { types: [{ id: "x.Pin", ports: [{ name: "p", domain: "electrical" }] }] },
    }]);
    const d = base();
    d.components.push({ name: "pin", type: "x.Pin" });
    d.connections[0].push("pin.p");
    expect(issuesOf(() => loadMechanism(d, "bad.json", lib))).toContainEqual(
      expect.stringMatching(/port "pin\.p" is electrical but "mass1\.port" is thermal/),
    );
  });

  it("rejects a port declared free that is also connected", () => {
    const d = base();
    d.free = ["mass1.port"];
    expect(issuesOf(() => loadMechanism(d, "bad.json", builtinLibrary()))).toContainEqual(
      expect.stringMatching(/at \$\.free\[0\]: port "mass1\.port" is declared free but is connected/),
    );
  });

  it("gives the line and column of a JSON syntax error", () => {
    expect(issuesOf(() => parseJsonText("{\n  \"components\": [,]\n}", "bad.json"))[0]).toMatch(/^bad\.json:2:18: at \$: invalid JSON/);
  });
});

describe("loading component libraries", () => {
  const lib = (types: unknown[]) => () => loadLibrary([{ file: "lib.json", data: { types } }]);
  it("reports a law naming an undeclared variable", () => {
    expect(issuesOf(lib([{ id: "t.A", variables: [{ name: "x" }], laws: [{ terms: ["+x", "-y"] }] }]))[0]).toBe(
      'lib.json: at $.types[0].laws[0].terms[1]: unknown variable "y" (expected one of "x")',
    );
  });
  it("reports a derivative form that needs an undeclared derivative", () => {
    expect(issuesOf(lib([{ id: "t.A", variables: [{ name: "x" }, { name: "y", derivatives: 1 }], laws: [{ terms: ["+x", "-y"], d1: true }] }]))[0])
      .toMatch(/at \$\.types\[0\]\.laws\[0\]\.d1: the derivative form needs d\/dt of "x"/);
  });
  it("reports unordered landmarks and transitions to unknown states", () => {
    const issues = issuesOf(lib([{
      id: "t.A",
      spaces: { q: { kind: "landmark", landmarks: [{ name: "hi", sign: "positive" }, { name: "lo", sign: "negative" }] } },
      variables: [{ name: "x", space: "q" }],
      states: [{ name: "ON" }, { name: "OFF" }],
      transitions: [{ from: "ON", to: "STANDBY" }],
    }]));
    expect(issues).toContainEqual(expect.stringMatching(/at \$\.types\[0\]\.spaces\.q: landmarks must be in increasing order/));
    expect(issues).toContainEqual('lib.json: at $.types[0].transitions[0].to: unknown state "STANDBY" (expected one of "ON", "OFF")');
  });
  it("reports a malformed term with the expected form", () => {
    expect(issuesOf(lib([{ id: "t.A", variables: [{ name: "x" }], laws: [{ terms: ["x +"] }] }]))[0]).toMatch(
      /at \$\.types\[0\]\.laws\[0\]\.terms\[0\]: /,
    );
  });
});

describe("JSON syntax errors", () => {
  const cases: [string, string][] = [
    ['{\n  "id": "x",\n  "components": [,]\n}', "bad.json:3:18: at $: invalid JSON: expected a value (object, array, string, number, true, false or null), found \",\""],
    ['{"a": 1', 'bad.json:1:8: at $: invalid JSON: expected "," or "}" after a property value'],
    ["{'a': 1}", 'bad.json:1:2: at $: invalid JSON: expected a property name in double quotes, found "\'"'],
    ['{"a": [1, 2}', 'bad.json:1:12: at $: invalid JSON: expected "," or "]" after an array element, found "}"'],
    ["", "bad.json:1:1: at $: invalid JSON: expected a value, found the end of the text"],
  ];
  it.each(cases)("%j", (text, expected) => {
    expect(issuesOf(() => parseJsonText(text, "bad.json"))).toEqual([expected]);
  });
});

describe("signal ports", () => {
  it("carry one value named after the port, connect by equality only, and stay free when unconnected", () => {
    const lib = loadLibrary([...COMPONENT_FILES, {
      file: "extra.json",
      data: { types: [{ id: "x.Gain", ports: [{ name: "u", domain: "signal" }, { name: "y", domain: "signal" }], laws: [{ id: "gain", terms: ["+y", "-u"], d1: true }] }] },
    }]);
    const m = loadMechanism({
      id: "signals",
      components: [{ name: "c", type: "blocks.Constant", parameters: { k: "negative" } }, { name: "g", type: "x.Gain" }],
      connections: [["c.y", "g.u"]],
      free: ["g.y"],
      scenarios: [{ id: "base" }],
    }, "s.json", lib);
    expect(m.variables.map((v) => v.name)).toEqual(["c.k", "c.y", "c.d1__y", "g.u", "g.d1__u", "g.y", "g.d1__y"]);
    expect(m.laws.filter((l) => l.origin === "connection").map((l) => l.id)).toEqual(["connect(c.y, g.u).value", "connect(c.y, g.u).d1__value"]);
    expect(m.restrictions.some((r) => r.source.startsWith("free port"))).toBe(false);
  });
});

describe("landmark spaces", () => {
  const lib = (landmarks: unknown[]) => () =>
    loadLibrary([{ file: "lib.json", data: { types: [{ id: "t.A", spaces: { q: { kind: "landmark", landmarks } }, variables: [{ name: "x", space: "q" }] }] } }]);
  it("rejects an unbounded end cell that would span zero", () => {
    expect(issuesOf(lib([{ name: "v0", sign: "positive" }]))).toEqual([
      'lib.json: at $.types[0].spaces.q: the interval (-inf,v0) spans zero; add a zero landmark below "v0"',
    ]);
    expect(issuesOf(lib([{ name: "vmin", sign: "negative" }]))[0]).toMatch(/\(vmin,\+inf\) spans zero/);
  });
  it("accepts a space whose every cell has a sign", () => {
    expect(() => lib([{ name: "vmin", sign: "negative" }, { name: "zero", sign: "zero" }, { name: "v0", sign: "positive" }])()).not.toThrow();
  });
});

describe("connections", () => {
  it("a port listed twice in one connection is rejected with the file and JSON path", () => {
    const d = base();
    const k = d.connections.findIndex((c: string[]) => c.includes("mass1.port"));
    d.connections[k] = ["mass1.port", "mass1.port"];
    expect(issuesOf(() => loadMechanism(d, "dup.json", builtinLibrary()))).toContainEqual(
      expect.stringMatching(new RegExp(`dup\\.json: at \\$\\.connections\\[${k}\\]\\[1\\]: port "mass1\\.port" is listed twice in this connection \\(also at index 0\\); list each port once`)),
    );
  });
});
