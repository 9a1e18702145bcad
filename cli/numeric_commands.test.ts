import { describe, expect, it } from "vitest";
import { numericCheckCommand, pathCheckCommand, runNumericCheck } from "./numeric_commands.ts";
import { InputError } from "./io.ts";
import { fakeIo, fileIo, runMech } from "./cli.test_support.ts";
import { builtinMechanismIds } from "../catalog/mod.ts";

describe("mech catalog check --numeric", () => {
  it("prints the per-mechanism table and the Table-8 summary", async () => {
    const io = fakeIo();
    expect(await numericCheckCommand({ mechanisms: ["thermal_two_masses", "mechanics_damper"], json: false }, io)).toBe(0);
    const text = io.lines.join("\n");
    expect(text).toContain("| thermal_two_masses | 5 | 1205 | 1 | 0 | 1 | 0 | 0 | 0 |");
    expect(text).toContain("| scenario type | observed | direct | boundary | contradiction | inconclusive |");
    expect(text).toMatch(/\| Composite states \| \d+ \| \d+ \| \d+ \| 0 \| 0 \|/);
    expect(text).toContain("| mechanics_damper | 13 | 2813 | 26 | 12 | 35 | 3 | 0 | 0 |");
  });
  it("--json gives the table, the reports and the skipped mechanisms", async () => {
    const io = fakeIo();
    await numericCheckCommand({ mechanisms: ["thermal_two_masses"], json: true }, io);
    const j = JSON.parse(io.lines[0]);
    expect(j.table[0]).toEqual({ type: "Composite states", observed: 1, direct: 1, boundary: 0, contradiction: 0, inconclusive: 0 });
    expect(j.mechanisms[0].states[0].label).toBe("COOLING|HEATING|FORWARD_HEAT_FLOW");
  });
  it("rejects unknown ids", async () => {
    expect(() => runNumericCheck(["no_such_mechanism"], fakeIo())).toThrow(InputError);
  });
  it("over the whole catalog: at least 341 distinct observed scenarios, no contradiction, none inconclusive", async () => {
    const { mechanisms: reports, skipped } = await runNumericCheck([], fakeIo());
    expect(skipped).toEqual([]);
    expect(reports.map((r) => r.mechanism).sort()).toEqual(builtinMechanismIds().sort());
    const items = reports.flatMap((r) => [...r.states, ...r.transitions]);
    expect(items.length).toBeGreaterThanOrEqual(341);
    expect(items.filter((x) => x.disposition === "inconclusive")).toEqual([]);
    // A contradiction is a bug in the encoding (the one found, Mass.L of MSL
    // CompareBrakingForce, was fixed in the catalog): there must be none.
    expect(items.filter((x) => x.disposition === "contradiction")).toEqual([]);
  });
  it("checks a mechanism file given by path from the component types' equations alone", async () => {
    const io = fileIo();
    expect(await numericCheckCommand({ mechanisms: ["engine/numeric/fixtures/three_capacitor_ring.json"], json: false }, io)).toBe(0);
    expect(io.lines.join("\n")).toContain("| three_capacitor_ring | 7 | 1607 |");
  });
  it("rejects a bad numeric block naming the file and the JSON path, with exit 2", async () => {
    const io = fakeIo({ "bad.json": JSON.stringify({ id: "bad", components: [{ name: "c", type: "thermal.HeatCapacitor" }], free: ["c.port"], scenarios: [{ id: "base" }], numeric: { parameters: { "c.C": "ten" }, stopTime: 1 } }) });
    await expect(runNumericCheck(["bad.json"], io)).rejects.toThrow('bad.json: at $.numeric.parameters["c.C"]');
    const missing = fakeIo({ "m.json": JSON.stringify({ id: "m", components: [{ name: "c", type: "thermal.HeatCapacitor" }], free: ["c.port"], scenarios: [{ id: "base" }], numeric: { parameters: {}, stopTime: 1 } }) });
    await expect(runNumericCheck(["m.json"], missing)).rejects.toThrow("m.json: m: numeric.parameters has no value for c.C");
  });
  it("checks a mechanism file with a stick–slip brake (its modes) without contradictions", async () => {
    const io = fileIo();
    expect(await numericCheckCommand({ mechanisms: ["engine/numeric/fixtures/mass_on_brake.json"], json: false }, io)).toBe(0);
    const text = io.lines.join("\n");
    expect(text).toContain("| mass_on_brake |");
    expect(text).toMatch(/\| Total \| \d+ \| \d+ \| \d+ \| 0 \| 0 \|/);
  });
  it("is wired into the CLI", async () => {
    const r = runMech("catalog", "check", "--numeric", "thermal_two_masses");
    expect(r.code).toBe(0);
    expect(r.out).toContain("| Total | 1 | 1 | 0 | 0 | 0 |");
  });
});

describe("mech catalog check --paths", () => {
  it("prints a row per mechanism and the summary; exit 0 without violations", async () => {
    const io = fakeIo();
    expect(await pathCheckCommand({ mechanisms: ["thermal_two_masses", "thermal_three_node_chain"], json: false }, io)).toBe(0);
    const text = io.lines.join("\n");
    expect(text).toContain("| mechanism | samples | observed pairs | direct | boundary | violations | refined intervals | longest path |");
    expect(text).toMatch(/\| thermal_three_node_chain \| \d+ \| 3 \| 3 \| 0 \| 0 \| 0 \| 2 \|/);
    expect(text).toContain("3 observed pairs over 2 mechanisms: 3 joined by admissible paths, 0 boundary (noise within 1e-9 of a landmark), 0 violations");
  });
  it("--json gives the reports", async () => {
    const io = fakeIo();
    expect(await pathCheckCommand({ mechanisms: ["thermal_three_node_chain"], json: true }, io)).toBe(0);
    const j = JSON.parse(io.lines[0]);
    expect(j.mechanisms[0].violations).toEqual([]);
    expect(j.mechanisms[0].pairs).toHaveLength(3);
  });
  it("rejects --numeric together with --paths, and unknown mechanisms, with exit 2", async () => {
    const both = runMech("catalog", "check", "--numeric", "--paths", "thermal_two_masses");
    expect(both.code).toBe(2);
    expect(both.err).toContain("--numeric and --paths are separate checks");
    const unknown = runMech("catalog", "check", "--paths", "no_such_mechanism");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown mechanism "no_such_mechanism"');
  });
});
