// `mech bench solve` and `mech bench simulate` through the command functions (fake Io),
// and once through the real CLI.
import { describe, expect, it } from "vitest";
import { benchSimulateCommand, benchSolveCommand, formatMs } from "./bench_commands.ts";
import { InputError } from "./io.ts";
import { fakeIo, runMech } from "./cli.test_support.ts";
import { BenchSimulateJson, BenchSolveJson } from "../engine/bench/schema.ts";
import { builtinMechanism } from "../catalog/mod.ts";
import { compile, compositeStates } from "../engine/compile/compile.ts";
import { solve } from "../engine/solve/solver.ts";
import { compileMechanism, syntheticModel } from "../engine/bench/solve_workloads.ts";

const solveArgs = { state: [] as string[], runs: 2, json: true };

function solveJson(args: Parameters<typeof benchSolveCommand>[0]) {
  const io = fakeIo();
  expect(benchSolveCommand(args, io)).toBe(0);
  expect(io.lines).toHaveLength(1);
  return BenchSolveJson.parse(JSON.parse(io.lines[0]));
}

describe("mech bench solve", () => {
  it("--json: one object whose counts are a direct solve's (thermal_two_masses with --state)", () => {
    const j = solveJson({ ...solveArgs, mechanism: "thermal_two_masses", state: ["mass1=COOLING"] });
    const model = builtinMechanism("thermal_two_masses")!;
    const direct = [...compositeStates(model, { mass1: "COOLING" })].map((s) => solve(compile(model, s).problem));
    expect(j.counts.problems).toBe(9);
    expect(j.counts.interpretations).toBe(direct.reduce((a, s) => a + s.count, 0n).toString());
    expect(j.reference.status).toBe("finished");
  });

  it("--synthetic chain:N: the flowing state's count and MDD nodes", () => {
    const j = solveJson({ ...solveArgs, synthetic: "chain:6" });
    const direct = solve(compileMechanism(syntheticModel({ kind: "chain", n: 6 })));
    expect(j).toMatchObject({ label: "chain:6", mechanism: "thermal_chain_6", counts: { problems: 1, interpretations: direct.count.toString(), mddNodes: direct.stats.mddNodes } });
  });

  it("text: an aligned table, and the reference's limit when it does not finish", () => {
    const io = fakeIo();
    benchSolveCommand({ ...solveArgs, json: false, synthetic: "chain:10", referenceTimeout: 0.005 }, io);
    expect(io.lines[0]).toBe("bench solve chain:10 [base]: 1 problem (the flowing state), 187 variables each");
    expect(io.lines[1]).toMatch(/^runs: warm-up for at least 250 ms \(compile \d+, WASM \d+, reference 0 runs, excluded\), then 2 timed; p95 by nearest rank/);
    const table = io.lines.slice(3, 6);
    expect(table[0]).toMatch(/^ +median +p95 +throughput$/);
    expect(table.map((l) => l.length)).toEqual([table[0].length, table[0].length, table[0].length]);
    expect(io.lines).toContain("solve, reference: did not finish within 0.005 s (warm-up); not timed");
    expect(io.lines.find((l) => l.startsWith("counts:"))).toMatch(/^counts: 1 of 1 consistent, 1 interpretation; per run \d+ MDD nodes/);
  });

  it.each([
    [{ synthetic: "chain:0" }, /--synthetic expects chain:N or ladder:N with N from 1 to 20000.*"chain:0"/],
    [{ synthetic: "foo:3" }, /--synthetic expects chain:N or ladder:N.*"foo:3"/],
    [{ mechanism: "no_such_mechanism" }, /unknown mechanism "no_such_mechanism"/],
    [{}, /give either a MECHANISM .* or --synthetic/],
    [{ mechanism: "thermal_two_masses", synthetic: "chain:3" }, /give either/],
    [{ mechanism: "thermal_two_masses", runs: 0 }, /--runs must be a positive integer/],
    [{ mechanism: "thermal_two_masses", referenceTimeout: 0 }, /--reference-timeout must be a positive number/],
  ])("refuses %j as bad input", (extra, message) => {
    expect(() => benchSolveCommand({ ...solveArgs, ...extra }, fakeIo())).toThrow(InputError);
    expect(() => benchSolveCommand({ ...solveArgs, ...extra }, fakeIo())).toThrow(message);
  });
});

describe("mech bench simulate", () => {
  it("--json: layers of the start case's graph", () => {
    const io = fakeIo();
    expect(benchSimulateCommand({ mechanism: "thermal_two_masses", horizon: 2, runs: 2, json: true }, io)).toBe(0);
    const j = BenchSimulateJson.parse(JSON.parse(io.lines[0]));
    expect(j).toMatchObject({ scenario: "mass1_hotter", rules: "sound", horizon: 2, episodes: 2, edges: 1 });
    expect(j.layers.map((l) => l.edges)).toEqual([0, 1, 0]);
  });

  it("text: the layer table and the timing row", () => {
    const io = fakeIo();
    benchSimulateCommand({ synthetic: "chain:3", horizon: 1, runs: 1, json: false, rules: "paper" }, io);
    expect(io.lines[0]).toBe("bench simulate thermal chain 3 [base], rules paper, H = 1: X0 = the first episode of the flowing state");
    expect(io.lines.some((l) => /^graph \(distinct\) +\d+ +\d+$/.test(l))).toBe(true);
    expect(io.lines.some((l) => /^build A\^\{<=H\} .* episodes\/s, .* edges\/s$/.test(l))).toBe(true);
  });

  it.each([
    [{ synthetic: "ladder:0" }, /--synthetic expects/],
    [{ synthetic: "chain:3", scenario: "base" }, /--scenario does not apply to --synthetic/],
    [{ mechanism: "thermal_two_masses", horizon: 51 }, /--horizon must be an integer from 0 to 50/],
  ])("refuses %j as bad input", (extra, message) => {
    expect(() => benchSimulateCommand({ runs: 1, json: true, ...extra }, fakeIo())).toThrow(message);
  });
});

describe("formatMs", () => {
  it("µs below a millisecond, s from a second", () => {
    expect([formatMs(0.0425), formatMs(3.14159), formatMs(42.04), formatMs(1234)]).toEqual(["42.5 µs", "3.14 ms", "42.0 ms", "1.23 s"]);
  });
});

describe("the real CLI", () => {
  it("runs mech bench solve and exits 2 on a bad --synthetic spec", () => {
    const ok = runMech("bench", "solve", "thermal_two_masses", "--runs", "2", "--json");
    expect(ok.code).toBe(0);
    expect(BenchSolveJson.parse(JSON.parse(ok.out)).counts.problems).toBe(27);
    const bad = runMech("bench", "solve", "--synthetic", "foo:3");
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/mech: --synthetic expects chain:N or ladder:N/);
  });
});
