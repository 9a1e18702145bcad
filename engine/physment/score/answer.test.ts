import { describe, expect, it } from "vitest";
import {
  contained,
  DEFAULT_EPS_ABS,
  gradeAnswer,
  numberMentions,
  parseAnswer,
  parsePart,
  parseStrictNumber,
  withinTolerance,
} from "./answer.ts";

const tol0 = { epsAbs: 0, epsRel: 0.05 };

describe("Eq. (4): |â − a*| ≤ ε_abs + 0.05·|a*|", () => {
  it("at a* = 0 only the absolute floor ε_abs = 1e-3 applies", () => {
    expect(DEFAULT_EPS_ABS).toBe(1e-3);
    expect(withinTolerance(0, 0)).toBe(true);
    expect(withinTolerance(0.001, 0)).toBe(true); // on the floor: inclusive
    expect(withinTolerance(-0.001, 0)).toBe(true);
    expect(withinTolerance(0.0011, 0)).toBe(false);
    expect(withinTolerance(-0.002, 0)).toBe(false);
    // ε_abs is a parameter.
    expect(withinTolerance(0.009, 0, { epsAbs: 0.01, epsRel: 0.05 })).toBe(true);
    expect(withinTolerance(0.011, 0, { epsAbs: 0.01, epsRel: 0.05 })).toBe(false);
    // Pure relative tolerance would reject everything but an exact zero.
    expect(withinTolerance(1e-12, 0, tol0)).toBe(false);
    expect(withinTolerance(0, 0, tol0)).toBe(true);
  });

  it("the 5 % boundary, inside and outside, on both sides (a* = 100: band 5.001)", () => {
    expect(withinTolerance(105, 100)).toBe(true);
    expect(withinTolerance(105.001, 100)).toBe(true); // exactly on the band
    expect(withinTolerance(105.0011, 100)).toBe(false);
    expect(withinTolerance(95, 100)).toBe(true);
    expect(withinTolerance(94.999, 100)).toBe(true);
    expect(withinTolerance(94.9989, 100)).toBe(false);
  });

  it("the relative band scales with |a*|, also for a negative truth", () => {
    // a* = 2.837, ε_abs = 0: band 0.14185.
    expect(withinTolerance(2.97885, 2.837, tol0)).toBe(true);
    expect(withinTolerance(2.979, 2.837, tol0)).toBe(false);
    expect(withinTolerance(2.69515, 2.837, tol0)).toBe(true);
    expect(withinTolerance(2.695, 2.837, tol0)).toBe(false);
    // a* = −4.905: band 0.001 + 0.24525; the sign matters.
    expect(withinTolerance(-5.15, -4.905)).toBe(true);
    expect(withinTolerance(-5.16, -4.905)).toBe(false);
    expect(withinTolerance(4.905, -4.905)).toBe(false);
    expect(withinTolerance(Number.NaN, 1)).toBe(false);
  });
});

describe("parsing answers", () => {
  it("reads numbers with units, exponents and × 10^k", () => {
    const cases: [string, number, string | null][] = [
      ["2.84", 2.84, null],
      ["2.84 s", 2.84, "s"],
      ["2.84s", 2.84, "s"],
      ["-4.905 m/s", -4.905, "m/s"],
      ["−4.905 m/s", -4.905, "m/s"], // Unicode minus
      ["9.81 m/s^2", 9.81, "m/s^2"],
      ["26.667 rad/s²", 26.667, "rad/s²"],
      ["12.5 J", 12.5, "J"],
      ["63.4°", 63.4, "°"],
      ["63.4 degrees", 63.4, "degrees"],
      ["0.72 kg*m^2", 0.72, "kg*m^2"],
      ["10 N·m", 10, "N·m"],
      ["146.3 kg·m/s", 146.3, "kg·m/s"],
      ["1.2e-3", 0.0012, null],
      ["1.2 × 10^3 J", 1200, "J"],
      ["3.27 m/s^2.", 3.27, "m/s^2"],
      ['"2.5"', 2.5, null],
      [".5", 0.5, null],
      ["+2", 2, null],
    ];
    for (const [s, v, u] of cases) expect([s, parseStrictNumber(s)]).toEqual([s, { value: v, unit: u }]);
  });

  it("anything beyond one number and a unit is text", () => {
    for (const s of ["2 and 3", "≈ 2.8", "T = 2.84 s", "2.84 apples", "about 3", "2 or 3", "1/2", "object_2", ""]) {
      expect([s, parseStrictNumber(s)]).toEqual([s, null]);
    }
  });

  it("recognizes object references as their own kind", () => {
    expect(parsePart("object_2")).toEqual({ kind: "object", id: 2, raw: "object_2" });
    expect(parsePart("Object 2")).toMatchObject({ kind: "object", id: 2 });
    expect(parsePart("obj-3")).toMatchObject({ kind: "object", id: 3 });
    expect(parsePart("the hollow sphere")).toEqual({ kind: "text", text: "the hollow sphere", raw: "the hollow sphere" });
    expect(parsePart(2)).toEqual({ kind: "number", value: 2, unit: null, raw: "2" });
  });

  it("splits multi-part answers at top-level commas, semicolons and newlines", () => {
    expect(parseAnswer("20.2, 62.8").parts.map((p) => p.raw)).toEqual(["20.2", "62.8"]);
    expect(parseAnswer("[20.2; 62.8]").parts.map((p) => p.raw)).toEqual(["20.2", "62.8"]);
    expect(parseAnswer("2 (heavier, 4 kg), 1.41").parts.map((p) => p.raw)).toEqual(["2 (heavier, 4 kg)", "1.41"]);
    expect(parseAnswer([2, "3.27 m/s^2"]).parts.map((p) => p.kind)).toEqual(["number", "number"]);
    expect(parseAnswer("").parts).toEqual([]);
    expect(parseAnswer(null).whole).toBeNull();
  });

  it("long pathological answers are parsed quickly", () => {
    const t0 = Date.now();
    for (const s of ["2" + " ".repeat(50_000) + "x", "object" + " ".repeat(50_000) + "x", "object ".repeat(20_000) + "2"]) {
      expect(parseStrictNumber(s)).toBeNull();
      expect(parsePart(s).kind).toBe("text");
      numberMentions(s, { objectRefs: true });
      gradeAnswer(s, [1, 2]);
    }
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it("finds the numbers in free text, skipping identifiers", () => {
    const m = numberMentions("v1 = 0.0 m/s, v2=-2.0 and T_2 = 3; object_2 moved 1.5e-3 m", { objectRefs: true });
    expect(m.map((x) => x.value)).toEqual([0, -2, 3, 2, 0.0015]);
    expect(numberMentions("object_2 and x2").map((x) => x.value)).toEqual([]);
    expect(numberMentions("3 steps of 0.5 s").map((x) => [x.value, x.integer])).toEqual([[3, true], [0.5, false]]);
  });
});

describe("strict grading", () => {
  it("accepts numbers and numeric strings with units within tolerance", () => {
    expect(gradeAnswer(2.84, 2.837).correct).toBe(true);
    expect(gradeAnswer("2.84 s", 2.837).correct).toBe(true);
    expect(gradeAnswer("3.0 s", 2.837).correct).toBe(false); // 5.7 % off
    expect(gradeAnswer("2", 2).correct).toBe(true);
    expect(gradeAnswer(2, 2)).toMatchObject({ correct: true, C: 1 });
  });

  it("does not rescue a wrong number by the digits it shares with the truth", () => {
    // "5" is a substring of "0.524" but both are numbers: the tolerance alone decides.
    expect(gradeAnswer("5", 0.524).correct).toBe(false);
    expect(gradeAnswer("-", -4.905).correct).toBe(false);
    expect(gradeAnswer("", 0).correct).toBe(false);
  });

  it("an object reference is not strictly the bare id (that is regrade class 1)", () => {
    expect(gradeAnswer("object_2", 2).correct).toBe(false);
  });

  it("categorical answers: normalized containment of the prediction in the truth", () => {
    expect(gradeAnswer("Elastic", "elastic collision").correct).toBe(true);
    expect(gradeAnswer("  ELASTIC   Collision ", "elastic collision").correct).toBe(true);
    expect(gradeAnswer("elastic collision!", "elastic collision").correct).toBe(false);
    expect(gradeAnswer("2", "object_2").correct).toBe(true);
    // The paper's substring rule finds "elastic" in "inelastic"; the token mode does not.
    expect(contained("elastic", "inelastic")).toBe(true);
    expect(gradeAnswer("elastic", "inelastic", { containment: "tokens" }).correct).toBe(false);
    expect(gradeAnswer("elastic", "elastic collision", { containment: "tokens" }).correct).toBe(true);
  });

  it("multi-part answers: C is the fraction of parts within tolerance, strict needs all", () => {
    expect(gradeAnswer("20.2, 62.8", [20.2, 62.8])).toMatchObject({ correct: true, C: 1 });
    expect(gradeAnswer("[20.2, 62.8]", [20.2, 62.8])).toMatchObject({ correct: true, C: 1 });
    expect(gradeAnswer([20.2, "62.8 m/s"], [20.2, 62.8])).toMatchObject({ correct: true, C: 1 });
    expect(gradeAnswer("20.2, 70", [20.2, 62.8])).toMatchObject({ correct: false, C: 0.5 });
    expect(gradeAnswer("12.6, 25.2, 18.9, 50", [12.6, 25.2, 18.9, 56.7])).toMatchObject({ correct: false, C: 0.75 });
    // Missing and extra parts: C = correct / max(#truth, #answer).
    expect(gradeAnswer("20.2", [20.2, 62.8])).toMatchObject({ correct: false, C: 0.5 });
    expect(gradeAnswer("20.2, 62.8, 5", [20.2, 62.8]).C).toBeCloseTo(2 / 3, 12);
    expect(gradeAnswer("20.2, 62.8, 5", [20.2, 62.8]).correct).toBe(false);
  });

  it("a one-part truth is compared with the whole answer, so its C is 0 or 1", () => {
    expect(gradeAnswer("2.84, 0.35", 2.837)).toMatchObject({ correct: false, C: 0 });
    expect(gradeAnswer([2.84], 2.837)).toMatchObject({ correct: true, C: 1 });
    expect(gradeAnswer(["[2.84 s]"], 2.837)).toMatchObject({ correct: true, C: 1 });
    expect(gradeAnswer("(2.84)", 2.837)).toMatchObject({ correct: true, C: 1 });
    expect(gradeAnswer(null, 2.837)).toMatchObject({ correct: false, C: 0 });
  });
});
