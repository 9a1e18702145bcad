import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { catalogCheckCommand, catalogListCommand, catalogShowCommand, checkTargets } from "./catalog_commands.ts";
import { InputError } from "./io.ts";
import { fakeIo, runMech } from "./cli.test_support.ts";
import { builtinMechanism, builtinMechanismIds, MECHANISM_FILES } from "../catalog/mod.ts";
import { countCompositeStates } from "../engine/compile/compile.ts";
import { MechanismError } from "../engine/model/issues.ts";
import { CHECKS } from "../engine/audit/findings.ts";


// Built on the types of thermal_two_masses; the scenario contradicts itself.
const contradictory = JSON.stringify({
  id: "cold_pair",
  components: [{ name: "m1", type: "thermal.HeatCapacitor" }, { name: "m2", type: "thermal.HeatCapacitor" }],
  connections: [["m1.port", "m2.port"]],
  scenarios: [{ id: "base" }, { id: "frozen", context: { "m1.T": ["positive"] }, restrict: { "m1.T": ["negative"] } }],
});
// m2.port is neither connected nor free: the loader rejects it.
const unconnected = JSON.stringify({
  id: "unconnected",
  components: [{ name: "m1", type: "thermal.HeatCapacitor" }, { name: "m2", type: "thermal.HeatCapacitor" }],
  free: ["m1.port"],
  scenarios: [{ id: "base" }],
});

describe("mech catalog check", () => {
  const ids = ["thermal_two_masses", "mechanics_damper"];

  it("passes on thermal_two_masses and mechanics_damper: exit 0, a line per mechanism and the summary table", () => {
    const io = fakeIo();
    expect(catalogCheckCommand({ mechanisms: ids, json: false }, io)).toBe(0);
    expect(io.lines[0]).toMatch(new RegExp(`^thermal_two_masses: ${CHECKS.length} checks passed`));
    expect(io.lines.find((l) => l.startsWith("mechanics_damper: "))).toMatch(new RegExp(`^mechanics_damper: ${CHECKS.length} checks passed`));
    expect(io.lines.some((l) => l.startsWith("  FAIL"))).toBe(false);
    expect(io.lines).toContain(
      "| mechanism | components | variables | composite states | consistent per scenario | interpretations per scenario | passed | failed | warnings |",
    );
    for (const id of ids) {
      const m = builtinMechanism(id)!;
      const row = io.lines.find((l) => l.startsWith(`| ${id} |`))!;
      const cells = row.split(" | ");
      expect(cells.slice(1, 4)).toEqual([String(m.instances.length), String(m.variables.length), String(countCompositeStates(m))]);
      expect(cells[4].split(", ").map((x) => x.split(" ")[0])).toEqual(m.scenarios.map((s) => s.id));
      expect(cells[6]).toBe(String(CHECKS.length));
      expect(cells[7]).toBe("0");
    }
    expect(io.lines.at(-1)).toMatch(/^all 2 mechanisms pass every check/);
  });

  it("--json prints one object per mechanism", () => {
    const io = fakeIo();
    expect(catalogCheckCommand({ mechanisms: ids, json: true }, io)).toBe(0);
    const rows = io.lines.map((l) => JSON.parse(l));
    expect(rows.map((r) => r.mechanism)).toEqual(ids);
    for (const r of rows) {
      expect(r.ok).toBe(true);
      expect(r.checks.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual(CHECKS.map((c) => [c.id, "passed"]));
      expect(r.scenarios.map((s: { id: string }) => s.id)).toEqual(builtinMechanism(r.mechanism)!.scenarios.map((s) => s.id));
      expect(typeof r.scenarios[0].interpretations).toBe("string");
    }
    const thermal = rows[0].scenarios.find((s: { id: string }) => s.id === "mass1_hotter");
    expect(thermal).toEqual({ id: "mass1_hotter", consistent: 1, interpretations: "1" }); // COOLING|HEATING|FORWARD_HEAT_FLOW, all forced
  });

  it("prints every failure and exits 1 when a check fails", () => {
    const io = fakeIo({ "my/cold_pair.json": contradictory });
    expect(catalogCheckCommand({ mechanisms: ["my/cold_pair.json"], json: false }, io)).toBe(1);
    expect(io.lines[0]).toMatch(/^cold_pair: 2 checks failed \(scenarios, consistent_states\), 7 passed/);
    expect(io.lines).toContain(
      "  FAIL [scenarios] cold_pair: scenario frozen leaves m1.T no value: type thermal.HeatCapacitor allows > 0; " +
        'scenario frozen context allows > 0; scenario frozen restrict allows < 0 [my/cold_pair.json at $.scenarios[1].context["m1.T"]]',
    );
    expect(io.lines).toContain(
      "  FAIL [consistent_states] cold_pair: no composite state (of 9) has a nonempty relation under scenario frozen [my/cold_pair.json at $.scenarios[1]]",
    );
    expect(io.lines.find((l) => l.startsWith("| cold_pair |"))).toMatch(/\| 7 \| 2 \| \d+ \|$/);
    expect(io.lines.at(-1)).toBe("cold_pair fails a check (2 failures)");
    const json = fakeIo({ "my/cold_pair.json": contradictory });
    expect(catalogCheckCommand({ mechanisms: ["my/cold_pair.json"], json: true }, json)).toBe(1);
    expect(JSON.parse(json.lines[0])).toMatchObject({ mechanism: "cold_pair", ok: false, failed: 2 });
  });

  it("reports a mechanism that does not load as a failed load check (exit 1), the other checks skipped", () => {
    const io = fakeIo({ "my/unconnected.json": unconnected, "my/cold_pair.json": contradictory });
    expect(catalogCheckCommand({ mechanisms: ["my/unconnected.json", "thermal_two_masses", "my/cold_pair.json"], json: false }, io)).toBe(1);
    expect(io.lines).toContain('  FAIL [load] unconnected: port "m2.port" is neither connected nor declared free [my/unconnected.json at $.free]');
    expect(io.lines).toContain("  skipped [ports]: the mechanism does not load");
    expect(io.lines).toContain("| unconnected | — | — | — | — | — | 0 | 1 | 0 |");
    expect(io.lines.at(-1)).toBe("2 of 3 mechanisms fail a check (3 failures): unconnected, cold_pair");
  });

  it("rejects bad input (exit 2 in the CLI): unknown ids, missing files, invalid JSON", () => {
    expect(() => catalogCheckCommand({ mechanisms: ["nope"], json: false }, fakeIo())).toThrow(InputError);
    expect(() => catalogCheckCommand({ mechanisms: ["nope"], json: false }, fakeIo())).toThrow(/unknown mechanism "nope"/);
    expect(() => catalogCheckCommand({ mechanisms: ["missing.json"], json: false }, fakeIo())).toThrow(/missing\.json: no such file/);
    expect(() => catalogCheckCommand({ mechanisms: ["x.json"], json: false }, fakeIo({ "x.json": "{oops" }))).toThrow(MechanismError);
  });

  it("checks every built-in mechanism when none is named", () => {
    expect(checkTargets([], fakeIo())).toBe(MECHANISM_FILES);
    expect(checkTargets(["thermal_two_masses"], fakeIo()).map((f) => f.file)).toEqual(["catalog/mechanisms/thermal_two_masses.json"]);
  });
});

describe("mech catalog show / list", () => {
  it("show describes a mechanism", () => {
    const io = fakeIo();
    catalogShowCommand({ mechanism: "thermal_two_masses" }, io);
    expect(io.lines[0]).toMatch(/^thermal_two_masses — /);
    expect(io.lines).toContain("  file: catalog/mechanisms/thermal_two_masses.json");
    for (const heading of ["Components", "Scenarios"]) expect(io.lines).toContain(heading);
    expect(io.lines.some((l) => l.startsWith("  mass1: thermal.HeatCapacitor"))).toBe(true);
    expect(io.lines.some((l) => /^ {6}mass1\.\w+: .* = 0$/.test(l))).toBe(true); // a law in algebraic notation
    expect(io.lines.some((l) => /^ {2}node 1 \(thermal\): /.test(l))).toBe(true);
    expect(io.lines.some((l) => l.startsWith("  mass1_hotter"))).toBe(true);
  });

  it("show reads a mechanism file and rejects unknown ids", () => {
    const io = fakeIo({ "my/cold_pair.json": contradictory });
    catalogShowCommand({ mechanism: "my/cold_pair.json" }, io);
    expect(io.lines[0]).toBe("cold_pair");
    expect(io.lines).toContain("    restrict: m1.T < 0");
    expect(() => catalogShowCommand({ mechanism: "nope" }, fakeIo())).toThrow(InputError);
  });

  it("list prints id, provenance, components, composite states and scenarios of every built-in mechanism", () => {
    const io = fakeIo();
    catalogListCommand(io);
    expect(io.lines[0]).toBe("| mechanism | provenance | components | composite states | scenarios |");
    expect(io.lines.length).toBe(2 + builtinMechanismIds().length);
    const m = builtinMechanism("thermal_two_masses")!;
    expect(io.lines).toContain(
      `| thermal_two_masses | ${m.provenance} | ${m.instances.length} | ${countCompositeStates(m)} | ${m.scenarios.map((s) => s.id).join(", ")} |`,
    );
  });
});

describe("mech catalog (end to end)", () => {
  const mech = runMech;

  it("exit codes: 0 when checks pass, 1 when one fails, 2 for bad input", () => {
    const ok = mech("catalog", "check", "thermal_two_masses");
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^thermal_two_masses: \d+ checks passed/);
    const dir = mkdtempSync(join(tmpdir(), "mech-catalog-"));
    const file = join(dir, "cold_pair.json");
    writeFileSync(file, contradictory);
    const bad = mech("catalog", "check", "--json", file);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toMatchObject({ mechanism: "cold_pair", ok: false });
    const unknown = mech("catalog", "check", "nope");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^mech: unknown mechanism "nope"/);
    expect(mech("catalog", "show").code).toBe(2);
  });

  it("show and list run, and mech list still works", () => {
    const show = mech("catalog", "show", "thermal_two_masses");
    expect(show.code).toBe(0);
    expect(show.out).toMatch(/^thermal_two_masses — /);
    const list = mech("catalog", "list");
    expect(list.code).toBe(0);
    expect(list.out).toContain("| thermal_two_masses |");
    const old = mech("list");
    expect(old.code).toBe(0);
    expect(old.out).toMatch(/^thermal_two_masses\t/m);
  });
});
