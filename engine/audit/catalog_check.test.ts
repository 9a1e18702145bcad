// The converter checks end to end: the real catalog passes them with the solver's own counts,
// and a mechanism that does not load fails the load check and skips the rest.
import { describe, expect, it } from "vitest";
import { builtinLibrary, MECHANISM_FILES } from "../../catalog/mod.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import { countCompositeStates } from "../compile/compile.ts";
import { summarizeScenarios } from "../solve/scenario_summary.ts";
import { checkSource, type MechanismReport } from "./catalog_check.ts";
import { CHECKS, formatFinding } from "./findings.ts";
import { check } from "./check_report.test_support.ts";
import { GOOD, library } from "./fixtures.test_support.ts";

describe("catalog checks on the real catalog", () => {
  const reports = new Map<string, MechanismReport>();
  const real = (id: string) => {
    const file = MECHANISM_FILES.find((f) => (f.data as { id: string }).id === id)!;
    if (!reports.has(id)) reports.set(id, checkSource(file, builtinLibrary()));
    return { file, r: reports.get(id)! };
  };
  for (const id of ["thermal_two_masses", "mechanics_damper"]) {
    it(`${id} passes every check, and the summary matches a direct solve`, () => {
      const { file, r } = real(id);
      expect(r.checks.filter((c) => c.status !== "passed").map((c) => [c.id, c.errors.map(formatFinding)])).toEqual([]);
      expect(r.ok).toBe(true);
      expect(r.passed).toBe(CHECKS.length);
      expect(r.failed).toBe(0);
      const model = loadMechanism(file.data, file.file, builtinLibrary());
      expect(r.compositeStates).toBe(countCompositeStates(model));
      expect(r.components).toBe(model.instances.length);
      // consistent states and exact interpretation totals, recounted without the checks' cached solves
      expect(r.scenarios).toEqual(summarizeScenarios(model));
    });
  }

  it("mechanics_damper: only mass1, braked by a damper alone, has transitions that never fire (warnings, not failures)", () => {
    // With v = 0 the damper force d·v_rel is zero, so m·a = 0: a mass held only by a
    // damper cannot start moving. mass2 and mass3 have springs that can push them.
    const { r } = real("mechanics_damper");
    for (const w of check("transitions", r).warnings) {
      expect(w.component).toBe("mass1");
      expect(w.message).toMatch(/^transition REST → MOVING_(POSITIVE|NEGATIVE) of mass1 \(translational\.Mass\) never fires in this mechanism/);
    }
  });
});

describe("catalog checks on hand-made mechanisms", () => {
  it("a well-formed two-tank mechanism passes, with hand-derived counts", () => {
    const r = checkSource(GOOD, library());
    expect(r.ok).toBe(true);
    expect(r.warnings).toBe(0);
    expect(r.checks.map((c) => c.status)).toEqual(CHECKS.map(() => "passed"));
    // consistent: (COOLING, HEATING), (STEADY, STEADY), (HEATING, COOLING), each with
    // every value forced; tank1 hotter leaves only the first.
    expect(r.scenarios).toEqual([
      { id: "base", consistent: 3, interpretations: "3" },
      { id: "hot1", consistent: 1, interpretations: "1" },
    ]);
    expect(r.compositeStates).toBe(9);
  });

  it("reports a mechanism that does not load as a failed load check, every problem with its path", () => {
    const data = { ...(GOOD.data as object), connections: [["tank1.port", "link.a"]] };
    const r = checkSource({ file: "test/broken.json", data }, library());
    expect(r.ok).toBe(false);
    expect(check("load", r).errors.map(formatFinding)).toEqual([
      'good: port "tank2.port" is neither connected nor declared free [test/broken.json at $.free]',
      'good: port "link.b" is neither connected nor declared free [test/broken.json at $.free]',
    ]);
    expect(r.checks.filter((c) => c.status === "skipped").length).toBe(CHECKS.length - 1);
    expect(r.components).toBeNull();
  });
});
