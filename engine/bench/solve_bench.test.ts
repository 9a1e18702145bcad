// The solver benchmark's counts against direct solves, the reference's deadline, a
// disagreement reported as an error, and the workload specs.
import { describe, expect, it } from "vitest";
import { benchSolve, SolverMismatchError } from "./solve_bench.ts";
import { compileMechanism, flowingState, mechanismStates, parseSyntheticSpec, syntheticModel, WorkloadSpecError } from "./solve_workloads.ts";
import { SolveBenchResult } from "./schema.ts";
import { builtinMechanism } from "../../catalog/mod.ts";
import { compile } from "../compile/compile.ts";
import { solve } from "../solve/solver.ts";
import { referenceSolve, ReferenceTimeout } from "../solve/reference.ts";

describe("benchSolve", () => {
  it("counts a catalog mechanism's states as direct solves do, and the reference agrees", () => {
    const model = builtinMechanism("thermal_two_masses")!;
    const states = mechanismStates(model);
    const r = SolveBenchResult.parse(benchSolve({ label: model.id, model, states, scenario: "mass1_hotter" }, { runs: 2 }));
    const direct = states.map((s) => solve(compile(model, s, "mass1_hotter").problem));
    expect(r.counts.problems).toBe(27);
    expect(r.counts.interpretations).toBe(direct.reduce((a, s) => a + s.count, 0n).toString());
    expect(r.counts.consistent).toBe(direct.filter((s) => s.count > 0n).length);
    expect(r.counts.mddNodes).toBe(direct.reduce((a, s) => a + s.stats.mddNodes, 0));
    expect(r.scenario).toBe("mass1_hotter");
    expect(r.wasm.runs).toBe(2);
    expect(r.reference.status).toBe("finished");
    // a few milliseconds per run: warmed up for 250 ms, the reference's first run checking the counts
    expect(r.warmupRuns.wasm).toBeGreaterThan(1);
    expect(r.warmupRuns.reference).toBeGreaterThanOrEqual(1);
    if (r.reference.status === "finished") expect(r.reference.ratio).toBeCloseTo(r.reference.medianMs / r.wasm.medianMs);
  });

  it("counts chain:N's flowing state as a direct solve of the deno bench workload does", () => {
    const model = syntheticModel(parseSyntheticSpec("chain:5"));
    const r = benchSolve({ label: "chain:5", model, states: [flowingState(model)] }, { runs: 2 });
    const direct = solve(compileMechanism(model));
    expect(r.counts).toMatchObject({ problems: 1, interpretations: direct.count.toString(), mddNodes: direct.stats.mddNodes });
    expect(r.variables).toEqual({ min: direct.problem.variables.length, max: direct.problem.variables.length });
  });

  it("reports a reference that passes its limit as not finished, without waiting for it", () => {
    const model = syntheticModel({ kind: "chain", n: 10 });
    const t0 = performance.now();
    const r = benchSolve({ label: "chain:10", model, states: [flowingState(model)] }, { runs: 2, referenceTimeoutS: 0.005 });
    expect(r.reference).toEqual({ status: "did-not-finish", limitS: 0.005, run: "warm-up" });
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it("throws on a count the reference does not share", () => {
    const model = builtinMechanism("thermal_two_masses")!;
    const wrong: typeof referenceSolve = (p, o) => ({ ...referenceSolve(p, o), count: 7n });
    expect(() => benchSolve({ label: model.id, model, states: mechanismStates(model).slice(0, 2) }, { runs: 1, reference: wrong }))
      .toThrow(SolverMismatchError);
  });
});

describe("referenceSolve options", () => {
  it("stops with ReferenceTimeout past its deadline", () => {
    const p = compileMechanism(syntheticModel({ kind: "chain", n: 8 }));
    expect(() => referenceSolve(p, { deadline: performance.now() - 1 })).toThrow(ReferenceTimeout);
  });

  it("counts without keeping interpretations, with the same supported cells", () => {
    const p = compileMechanism(syntheticModel({ kind: "ladder", n: 2 }));
    const kept = referenceSolve(p);
    const counted = referenceSolve(p, { keepInterpretations: false });
    expect(counted.interpretations).toEqual([]);
    expect(counted.count).toBe(kept.count);
    expect(counted.supported).toEqual(kept.supported);
    expect(counted.forced).toEqual(kept.forced);
    expect(kept.interpretations).toHaveLength(Number(kept.count));
  });
});

describe("parseSyntheticSpec", () => {
  it("takes chain:N and ladder:N", () => {
    expect(parseSyntheticSpec("chain:12")).toEqual({ kind: "chain", n: 12 });
    expect(parseSyntheticSpec("ladder:1")).toEqual({ kind: "ladder", n: 1 });
  });
  it.each(["chain:0", "foo:3", "chain", "chain:-1", "chain:1.5", "ladder:20001", "Chain:3", ""])("refuses %j, saying what it expects", (s) => {
    expect(() => parseSyntheticSpec(s)).toThrow(WorkloadSpecError);
    expect(() => parseSyntheticSpec(s)).toThrow(/expects chain:N or ladder:N with N from 1 to 20000/);
  });
});
