import { describe, expect, it } from "vitest";
import { compileCommand, parseProblems, runCommand, solveCommand, validateCommand } from "./commands.ts";
import { InputError } from "./io.ts";
import { fakeIo } from "./cli.test_support.ts";
import { MechanismError } from "../engine/model/issues.ts";
import { CompileError } from "../engine/compile/compile.ts";
import { MECHANISM_FILES } from "../catalog/mod.ts";


describe("mech solve / compile", () => {
  it("solve --json prints one object per composite state with the exact count", () => {
    const io = fakeIo();
    solveCommand({ mechanism: "thermal_two_masses", state: [], scenario: "mass1_hotter", json: true, limit: 2 }, io);
    expect(io.lines.length).toBe(27);
    const rows = io.lines.map((l) => JSON.parse(l));
    const consistent = rows.filter((r) => r.count !== "0");
    expect(consistent.map((r) => [r.state.mass1, r.state.mass2, r.state.conduction])).toEqual([["COOLING", "HEATING", "FORWARD_HEAT_FLOW"]]);
    expect(consistent[0].forced["conduction.d1__dT"]).toBe("negative");
    expect(consistent[0].interpretations.length).toBe(1);
    expect(Object.keys(consistent[0])).toEqual(["mechanism", "state", "scenario", "count", "forced", "supported", "interpretations", "components", "stats"]);
  });

  it("solve --json leaves out an inconsistent state's empty maps and keeps its cause", () => {
    const io = fakeIo();
    solveCommand({ mechanism: "thermal_two_masses", state: [], scenario: "mass1_hotter", json: true, limit: 2 }, io);
    const inconsistent = io.lines.map((l) => JSON.parse(l)).filter((r) => r.count === "0");
    expect(inconsistent).toHaveLength(26);
    for (const r of inconsistent) {
      expect(Object.keys(r)).toEqual(["mechanism", "state", "scenario", "count", "components", "stats", "empty"]);
      expect(r.empty.stage).toBe("gac");
    }
    expect(inconsistent[0].empty).toEqual({ stage: "gac", var: "conduction.Q_flow", law: "conduction.conduction" });
  });

  it("solve prints the consistent states in full and one line counting the rest", () => {
    const io = fakeIo();
    solveCommand({ mechanism: "thermal_two_masses", state: [], scenario: "mass1_hotter", json: false, limit: 1 }, io);
    expect(io.lines).toHaveLength(4);
    expect(io.lines[0]).toBe("COOLING|HEATING|FORWARD_HEAT_FLOW [mass1_hotter]: 1 interpretation");
    expect(io.lines[1]).toMatch(/^  forced \(39\): mass1\.C=positive, /);
    expect(io.lines[2]).toBe("  #1: (all values forced)");
    expect(io.lines[3]).toBe("1 of 27 composite states consistent; the other 26 have 0 interpretations (--json prints them with their causes)");
    const base = fakeIo();
    solveCommand({ mechanism: "thermal_two_masses", state: [], json: false, limit: 0 }, base);
    expect(base.lines.filter((l) => !l.startsWith(" "))).toEqual([
      "COOLING|HEATING|FORWARD_HEAT_FLOW [base]: 1 interpretation",
      "STEADY|STEADY|NO_HEAT_FLOW [base]: 1 interpretation",
      "HEATING|COOLING|REVERSE_HEAT_FLOW [base]: 1 interpretation",
      "3 of 27 composite states consistent; the other 24 have 0 interpretations (--json prints them with their causes)",
    ]);
    const all = fakeIo();
    solveCommand({ mechanism: "mechanics_accelerate", state: [], json: false, limit: 0 }, all);
    expect(all.lines.at(-1)).toBe("all 3 composite states consistent");
  });

  it("one inconsistent state alone is printed in full, with its cause; none consistent of several says so", () => {
    const one = fakeIo();
    solveCommand({ mechanism: "thermal_two_masses", state: ["mass1=COOLING", "mass2=COOLING", "conduction=NO_HEAT_FLOW"], json: false, limit: 1 }, one);
    expect(one.lines).toEqual([
      "COOLING|COOLING|NO_HEAT_FLOW [base]: 0 interpretations",
      `  empty: {"stage":"gac","var":"mass1.port.Q_flow","law":"connect(mass1.port, conduction.port_a, Tsensor1.port).Q_flow"}`,
    ]);
    const none = fakeIo();
    solveCommand({ mechanism: "thermal_two_masses", state: ["mass1=COOLING", "mass2=COOLING"], json: false, limit: 1 }, none);
    expect(none.lines).toEqual(["none of the 3 composite states is consistent (0 interpretations each; --json prints them with their causes)"]);
  });

  it("solve --problem summarizes the same way, counting problems", () => {
    const a = fakeIo();
    compileCommand({ mechanism: "thermal_two_masses", state: ["mass1=COOLING"], scenario: "mass1_hotter", json: true }, a);
    expect(a.lines).toHaveLength(9);
    const b = fakeIo({ "p.jsonl": a.lines.join("\n") + "\n" });
    solveCommand({ problem: "p.jsonl", state: [], json: false, limit: 1 }, b);
    expect(b.lines[0]).toBe("problem 9 (thermal_two_masses): 1 interpretation");
    expect(b.lines.at(-1)).toBe("1 of 9 problems consistent; the other 8 have 0 interpretations (--json prints them with their causes)");
    const c = fakeIo({ "p.jsonl": a.lines[0] + "\n" + a.lines[8] + "\n" });
    solveCommand({ problem: "p.jsonl", state: [], json: false, limit: 0 }, c);
    expect(c.lines.at(-1)).toBe("1 of 2 problems consistent; the other problem has 0 interpretations (--json prints it with its cause)");
  });

  it("--state fixes components; the rest range over their states", () => {
    const io = fakeIo();
    solveCommand({ mechanism: "thermal_two_masses", state: ["mass1=COOLING", "mass2=HEATING"], json: true, limit: 0 }, io);
    expect(io.lines.map((l) => JSON.parse(l).state.conduction)).toEqual(["REVERSE_HEAT_FLOW", "NO_HEAT_FLOW", "FORWARD_HEAT_FLOW"]);
  });

  it("compile --json output solves to the same counts through --problem", () => {
    const a = fakeIo();
    compileCommand({ mechanism: "thermal_two_masses", state: [], json: true }, a);
    const b = fakeIo({ "p.jsonl": a.lines.join("\n") + "\n" });
    solveCommand({ problem: "p.jsonl", state: [], json: true, limit: 0 }, b);
    const c = fakeIo();
    solveCommand({ mechanism: "thermal_two_masses", state: [], json: true, limit: 0 }, c);
    expect(b.lines.map((l) => JSON.parse(l).count)).toEqual(c.lines.map((l) => JSON.parse(l).count));
    const first = JSON.parse(a.lines[0]);
    expect(Object.keys(first)).toEqual(["mechanism", "state", "scenario", "variables", "confluences"]);
    expect(first.variables[0]).toEqual({ name: "mass1.C", cells: ["negative", "zero", "positive"], signs: [-1, 0, 1], domain: [2] });
  });

  it("solves a mechanism given as a file path", () => {
    const file = MECHANISM_FILES.find((f) => f.file.endsWith("thermal_two_masses.json"))!;
    const io = fakeIo({ "my/mech.json": JSON.stringify(file.data) });
    solveCommand({ mechanism: "my/mech.json", state: ["mass1=STEADY", "mass2=STEADY", "conduction=NO_HEAT_FLOW"], json: false, limit: 1 }, io);
    expect(io.lines[0]).toBe("STEADY|STEADY|NO_HEAT_FLOW [base]: 1 interpretation");
  });

  it("rejects bad input with clear errors", () => {
    expect(() => solveCommand({ mechanism: "nope", state: [], json: false, limit: 1 }, fakeIo())).toThrow(InputError);
    expect(() => solveCommand({ mechanism: "thermal_two_masses", state: ["mass1"], json: false, limit: 1 }, fakeIo())).toThrow(
      /--state expects COMPONENT=STATE, got "mass1"/,
    );
    expect(() => solveCommand({ mechanism: "thermal_two_masses", state: [], scenario: "nope", json: false, limit: 1 }, fakeIo())).toThrow(
      CompileError,
    );
    expect(() => solveCommand({ state: [], json: false, limit: 1 }, fakeIo())).toThrow(/either a MECHANISM or --problem/);
    expect(() => parseProblems('{"variables": [{"name": "x", "cells": ["a"], "signs": [0, 1], "domain": [0]}], "confluences": []}\n', "p.jsonl"))
      .toThrow(/p\.jsonl:1: at \$\.variables\[0\]\.signs: expected one sign per cell \(1\), got 2/);
    expect(() => parseProblems("\n{oops}\n", "p.jsonl")).toThrow(/p\.jsonl:2:2: at \$: invalid JSON/);
    expect(() => parseProblems('{"variables": [], "confluences": [{"id": "c", "terms": [{"coef": 2, "factors": []}]}]}', "p.jsonl"))
      .toThrow(/p\.jsonl:1: at \$\.confluences\[0\]\.terms\[0\]\.coef: Invalid option: expected one of -1\|1/);
    expect(() => parseProblems('{"variables": [], "confluences": [{"id": "c", "terms": [{"coef": 2, "factors": []}]}]}', "p.jsonl"))
      .toThrow(/p\.jsonl:1: at \$\.confluences\[0\]\.terms\[0\]\.coef: Invalid option: expected one of -1\|1/);
  });

  it("validate reports every problem of every file", () => {
    const good = JSON.stringify(MECHANISM_FILES[0].data);
    const bad = JSON.stringify({ ...(MECHANISM_FILES[0].data as object), components: [] });
    expect(good).not.toBe(bad);
    const io = fakeIo({ "good.json": good, "bad.json": bad });
    expect(() => validateCommand(["good.json", "bad.json"], io)).toThrow(MechanismError);
    expect(io.lines[0]).toMatch(/^good\.json: ok/);
  });
});

describe("mech run", () => {
  it("prints the catalog summary deterministically", () => {
    const a = fakeIo();
    const b = fakeIo();
    runCommand({ json: false }, a);
    runCommand({ json: false }, b);
    expect(a.lines).toEqual(b.lines);
    expect(a.lines).toContain("| thermal_two_masses | mass1_hotter | 5 | 39 | 27 | 1 | 1 |");
  });
});

describe("files with a UTF-8 byte-order mark", () => {
  it("a problem file and a mechanism file opening with a BOM are read as if it were not there", () => {
    const line = JSON.stringify({ variables: [{ name: "x", cells: ["negative", "zero", "positive"], signs: [-1, 0, 1], domain: [0, 1, 2] }], confluences: [] });
    expect(parseProblems(`\uFEFF${line}\n${line}\n`, "p.jsonl")).toHaveLength(2);
    const f = MECHANISM_FILES.find((m) => m.file.endsWith("thermal_two_masses.json"))!;
    const io = fakeIo({ "m.json": "\uFEFF" + JSON.stringify(f.data) });
    validateCommand(["m.json"], io);
    expect(io.lines.join("\n")).toMatch(/m\.json/);
    expect(io.lines.join("\n")).not.toMatch(/invalid JSON/);
  });
});
