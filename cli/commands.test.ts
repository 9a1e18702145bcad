import { describe, expect, it } from "vitest";
import { compileCommand, parseProblems, runCommand, solveCommand, validateCommand } from "./commands.ts";
import { InputError } from "./io.ts";
import { fakeIo } from "./test_support.ts";
import { ModelError } from "../engine/model/issues.ts";
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
    expect(() => validateCommand(["good.json", "bad.json"], io)).toThrow(ModelError);
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
