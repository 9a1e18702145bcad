// The solver-backed checks on hand-made mechanisms: dead and unreachable transitions,
// unsatisfiable scenarios, no consistent composite state.
import { describe, expect, it } from "vitest";
import { formatFinding } from "./findings.ts";
import { checkSource } from "./catalog_check.ts";
import { check, errors, warnings } from "./check_report.test_support.ts";
import { DEAD_TRANSITION, library, LONELY, NO_CONSISTENT, PROBE, RATE_KEYED } from "./fixtures.test_support.ts";

describe("solver-backed checks on hand-made mechanisms", () => {
  it("reports a transition whose guard contradicts its own source state as dead, with the type's file and path", () => {
    const r = checkSource(DEAD_TRANSITION, library());
    expect(r.ok).toBe(false);
    expect(check("transitions", r).status).toBe("failed");
    const [f, ...rest] = check("transitions", r).errors;
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      check: "transitions", severity: "error", mechanism: "dead_transition", component: "tank1", transition: "COOLING → STEADY", state: "COOLING",
      file: "test/lib.json", path: "$.types[1].transitions[1]",
    });
    expect(f.message).toBe(
      "transition COOLING → STEADY of tank1 (t.BadTank) is dead: in state COOLING the component's own laws and restrictions " +
        "exclude its source guard H− d1__T > 0, so it can never fire in any mechanism",
    );
    expect(formatFinding(f)).toMatch(/^dead_transition: transition COOLING → STEADY .* \[test\/lib\.json at \$\.types\[1\]\.transitions\[1\]\]$/);
    // tank2 (the good type) is fine; the other checks pass
    expect(r.checks.filter((c) => c.status === "failed").map((c) => c.id)).toEqual(["transitions"]);
  });

  it("warns about transitions that cannot happen in this mechanism although the component allows them", () => {
    const r = checkSource(LONELY, library());
    expect(r.ok).toBe(true);
    expect(r.scenarios).toEqual([{ id: "base", consistent: 1, interpretations: "1" }]); // STEADY only
    expect(warnings("transitions", r)).toEqual([
      "transition HEATING → STEADY of tank (t.Tank) never fires in this mechanism (without scenario restrictions): its source guard H− d1__T > 0 " +
      "is satisfiable for the component alone, but tank is in HEATING in no consistent composite state",
      "transition COOLING → STEADY of tank (t.Tank) never fires in this mechanism (without scenario restrictions): its source guard H− d1__T < 0 " +
      "is satisfiable for the component alone, but tank is in COOLING in no consistent composite state",
    ]);
  });

  it("warns about a transition keyed on a variable with no derivative (never an event: dead under the paper's Decl)", () => {
    const r = checkSource(RATE_KEYED, library());
    expect(r.ok).toBe(true);
    expect(warnings("transitions", r)).toEqual([
      "transition HEATING → STEADY of tank1 (t.RateKeyedTank) is keyed on d1__T, which has no derivative variable and so is never an event of a cause: " +
      "under the paper's edge rules (--rules paper) it never fires; key it on a quantity with a derivative",
      "transition COOLING → STEADY of tank1 (t.RateKeyedTank) is keyed on d1__T, which has no derivative variable and so is never an event of a cause: " +
      "under the paper's edge rules (--rules paper) it never fires; key it on a quantity with a derivative",
    ]);
  });

  it("decides a guard on two variables exactly, not per variable", () => {
    // probe.a = probe.b = src.y: with probe in LOW each of a > 0 and b < 0 is
    // possible (so the per-variable test passes), never both (the exact solve says so).
    const r = checkSource(PROBE, library());
    expect(warnings("transitions", r)).toEqual([
      "transition LOW → HIGH of probe (t.Probe) never fires in this mechanism (without scenario restrictions): its source guard H− a > 0, b < 0 " +
      "is satisfiable for the component alone, but in the only consistent composite state with probe in LOW, no interpretation satisfies all of a > 0, b < 0 at once",
    ]);
  });

  it("reports unsatisfiable scenarios: an emptied domain, a joint contradiction, a value no consistent state takes", () => {
    const r = checkSource(PROBE, library());
    // base: 2 states × src.y (3) × src.d1__y (3) × c.d1__y (3); c.y = k > 0
    expect(r.scenarios).toEqual([
      { id: "base", consistent: 2, interpretations: "54" },
      { id: "contradiction", consistent: 0, interpretations: "0" },
      { id: "joint", consistent: 0, interpretations: "0" },
      { id: "negative_constant", consistent: 0, interpretations: "0" },
      { id: "fine", consistent: 2, interpretations: "36" },
    ]);
    expect(errors("scenarios", r)).toEqual([
      "scenario contradiction leaves src.y no value: scenario contradiction context allows > 0; scenario contradiction restrict allows < 0",
      "scenario joint admits no consistent composite state although 2 are consistent without its restrictions: " +
      "each restricted variable can take its cells, but not all together",
      "scenario negative_constant admits no consistent composite state although 2 are consistent without its restrictions: " +
      "no consistent state has c.y < 0 (in the 2 consistent states it is only > 0)",
    ]);
    expect(check("scenarios", r).errors.map((f) => [f.scenario, f.file, f.path])).toEqual([
      ["contradiction", "test/probe.json", '$.scenarios[1].context["src.y"]'],
      ["joint", "test/probe.json", "$.scenarios[2]"],
      ["negative_constant", "test/probe.json", "$.scenarios[3]"],
    ]);
    expect(errors("consistent_states", r)).toEqual([
      "no composite state (of 2) has a nonempty relation under scenario contradiction",
      "no composite state (of 2) has a nonempty relation under scenario joint",
      "no composite state (of 2) has a nonempty relation under scenario negative_constant",
    ]);
    expect(r.failed).toBe(2);
  });

  it("reports a mechanism with no consistent composite state at all", () => {
    const r = checkSource(NO_CONSISTENT, library());
    expect(r.scenarios).toEqual([{ id: "base", consistent: 0, interpretations: "0" }]);
    expect(errors("consistent_states", r)).toEqual([
      "no composite state (of 1) has a nonempty relation under scenario base; none has one even without scenario restrictions",
    ]);
    expect(check("consistent_states", r).errors[0]).toMatchObject({ scenario: "base", file: "test/no_consistent.json", path: "$.scenarios[0]" });
    expect(errors("scenarios", r)).toEqual([]); // base has no restrictions to blame
  });
});
