import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formProblems, packProblems, ProblemCaseError } from "./problem_file.ts";
import { ProblemLine, type ProblemRecord } from "./records.ts";
import { sha256 } from "../files/sha256.ts";

// problems in the exchange format's shape, small enough to write by hand
const variable = (name: string, domain: number[]) => ({ name, cells: ["negative", "zero", "positive"], signs: [-1, 0, 1], domain });
const confluences = [{ id: "law", terms: [{ coef: 1, factors: [{ var: 0, exp: 1 }] }, { coef: -1, factors: [{ var: 1, exp: 1 }] }] }];
const problem = (mechanism: string, state: Record<string, string>, domains: number[][], laws = confluences) => ({
  mechanism,
  state,
  variables: domains.map((d, i) => variable(`x${i}`, d)),
  confluences: laws,
});
const record = (p: Record<string, unknown>): ProblemRecord => ({ ref: sha256(JSON.stringify(p)), problem: p });
const where = (line: number, place: string) => `problems.jsonl:${line + 1}: at ${place}`;

describe("packProblems", () => {
  it("writes a problem that differs only in state and domains as a case of the first", () => {
    const a = record(problem("m", { heater: "ON" }, [[0, 1, 2], [2]]));
    const b = record(problem("m", { heater: "OFF" }, [[0, 1, 2], [0, 1]]));
    const c = record(problem("m", { heater: "ON" }, [[1], [2]]));
    const lines = packProblems([a, b, c]);
    expect(lines).toEqual([{
      ref: a.ref,
      problem: a.problem,
      cases: [
        { ref: b.ref, state: { heater: "OFF" }, domains: [{ var: 1, cells: [0, 1] }] },
        { ref: c.ref, domains: [{ var: 0, cells: [1] }] },
      ],
    }]);
    for (const line of lines) expect(ProblemLine.safeParse(JSON.parse(JSON.stringify(line))).success).toBe(true);
  });

  it("starts a line for another mechanism, other variables or other confluences", () => {
    const a = record(problem("m", { s: "A" }, [[0], [1]]));
    const other = [
      record(problem("n", { s: "A" }, [[0], [1]])),
      record(problem("m", { s: "A" }, [[0], [1], [2]])),
      record(problem("m", { s: "A" }, [[0], [1]], [])),
    ];
    const lines = packProblems([a, ...other]);
    expect(lines.map((l) => l.ref)).toEqual([a, ...other].map((r) => r.ref));
    expect(lines.every((l) => l.cases === undefined)).toBe(true);
  });

  it("forms every case back to the text its ref hashes (property)", () => {
    const domain = fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }).map((d) => d.sort((x, y) => x - y));
    const one = fc.record({
      mechanism: fc.constantFrom("m", "n"),
      state: fc.record({ a: fc.constantFrom("ON", "OFF"), b: fc.constantFrom("X", "Y", "Z") }),
      domains: fc.array(domain, { minLength: 2, maxLength: 2 }),
    });
    fc.assert(fc.property(fc.array(one, { minLength: 1, maxLength: 30 }), (drawn) => {
      const byRef = new Map<string, ProblemRecord>();
      for (const d of drawn) {
        const r = record(problem(d.mechanism, d.state, d.domains));
        byRef.set(r.ref, r);
      }
      const text = packProblems([...byRef.values()]).map((l) => JSON.stringify(l)).join("\n");
      const back = formProblems(text.split("\n").map((l) => ProblemLine.parse(JSON.parse(l))), where);
      expect(back.length).toBe(byRef.size);
      for (const r of back) {
        expect(sha256(JSON.stringify(r.problem))).toBe(r.ref);
        expect(JSON.stringify(r.problem)).toBe(JSON.stringify(byRef.get(r.ref)!.problem));
      }
    }), { seed: 7, numRuns: 200 });
  });
});

describe("formProblems", () => {
  it("names the line and the JSON path of a case's unknown variable", () => {
    const a = record(problem("m", { s: "A" }, [[0], [1]]));
    const line = { ref: a.ref, problem: a.problem, cases: [{ ref: a.ref, domains: [{ var: 0, cells: [1] }, { var: 5, cells: [0] }] }] };
    expect(() => formProblems([line], where)).toThrow(ProblemCaseError);
    expect(() => formProblems([line], where)).toThrow("problems.jsonl:1: at $.cases[0].domains[1].var: variable 5, but the line's problem has 2");
  });

  it("refuses cases beside a problem without variables", () => {
    const line = { ref: "0".repeat(64), problem: { mechanism: "m" }, cases: [{ ref: "1".repeat(64), domains: [] }] };
    expect(() => formProblems([line], where)).toThrow("problems.jsonl:1: at $.problem: a line with cases needs a problem with a state and variables");
  });
});
