import { describe, expect, it } from "vitest";
import { describedCodes, phraseOccurs, conceptWords, printedDecimals, regrade, resolveObject, type SceneKey } from "./normalize.ts";
import { CONCEPT_LEGENDS } from "./scene_keys.ts";

// Keys here are hand-made (no scene's answer is written into the repository): where a scene
// id selects a legend, every code of the legend is exercised.
const OBJECTS = [
  { id: 1, name: "solid_sphere" },
  { id: 2, name: "hollow_sphere" },
  { id: 3, name: "Cylinder (Red)" },
  { id: 4, name: "rope_2" },
];
const objectKey = (answer: number): SceneKey => ({ answer, parts: ["object"], objects: OBJECTS });
const quantityKey = (answer: number | number[]): SceneKey => ({ answer, parts: Array.isArray(answer) ? answer.map(() => "quantity" as const) : ["quantity"] });

describe("strict passes are never touched, failures are only ever regraded to Pass", () => {
  it("a strict pass reports no class", () => {
    expect(regrade("2", objectKey(2))).toMatchObject({ pass: true, regraded: false, classes: [] });
    expect(regrade("20.2, 62.8", quantityKey([20.2, 62.8]))).toMatchObject({ pass: true, regraded: false, C: 1, classes: [] });
  });
  it("a failure outside every class stays a failure", () => {
    expect(regrade("object_1", objectKey(2))).toMatchObject({ pass: false, regraded: false, classes: [] });
    expect(regrade(null, objectKey(2))).toMatchObject({ pass: false, regraded: false, C: 0 });
  });
});

describe("class 1: equivalent object notation", () => {
  it("accepts the object under another notation or its name", () => {
    for (const a of ["object_2", "Object 2", "object2", "obj_2", "object #2", "#2", "id 2", "object id 2", "hollow sphere", "Hollow_Sphere", "the hollow sphere.", "hollow_sphere (object_2)", "object_2 (hollow sphere)"]) {
      expect([a, regrade(a, objectKey(2))]).toMatchObject([a, { pass: true, regraded: true, classes: [1] }]);
    }
    // A name's parenthesized remark may be left out.
    expect(regrade("cylinder", objectKey(3)).classes).toEqual([1]);
  });
  it("rejects another object, an ambiguous name, conflicting aliases, and non-object parts", () => {
    expect(regrade("solid sphere", objectKey(2)).pass).toBe(false);
    expect(resolveObject("sphere", OBJECTS)).toBeNull(); // two spheres
    expect(regrade("hollow_sphere (object_1)", objectKey(2)).pass).toBe(false);
    // rope_2 is object 4, whatever digit its name holds.
    expect(regrade("rope_2 (object_4)", objectKey(2)).pass).toBe(false);
    // An x-coordinate of 3 is not object 3.
    expect(regrade("object_3", quantityKey(3)).pass).toBe(false);
    // Disabled.
    expect(regrade("object_2", objectKey(2), { classes: [2, 3, 4] }).pass).toBe(false);
  });
  it("regrades one part of a mixed list; the answer passes when every part does", () => {
    const key: SceneKey = { answer: [2, 1.41], parts: ["object", "quantity"] };
    expect(regrade("object_2, 1.41", key)).toMatchObject({ pass: true, C: 1, classes: [1], strict: { correct: false, C: 0.5 } });
    const partly = regrade("object_2, 1.2", key);
    expect(partly).toMatchObject({ pass: false, regraded: false, C: 0.5, classes: [1], strict: { C: 0 } });
  });
});

describe("class 2: trivial rounding (rounds to a* at a*'s printed precision, at least tenths)", () => {
  it("printed precision", () => {
    expect([0.2, 0, 0.72, 2.837, 150, 1e-7, 1.5e-7].map(printedDecimals)).toEqual([1, 0, 2, 3, 0, 7, 8]);
  });
  it("a* = 0.2 (tenths): 0.18 and 0.25 round to it, 0.26 does not", () => {
    expect(regrade(0.18, quantityKey(0.2)).strict.correct).toBe(false); // 10 % off
    expect(regrade(0.18, quantityKey(0.2))).toMatchObject({ pass: true, classes: [2] });
    expect(regrade("0.25 m", quantityKey(0.2))).toMatchObject({ pass: true, classes: [2] }); // |0.05| = ½·10⁻¹
    expect(regrade(0.26, quantityKey(0.2)).pass).toBe(false);
    expect(regrade(0.14, quantityKey(0.2)).pass).toBe(false);
  });
  it("a* = 0 is read at tenths: 0.04 rounds to 0.0, 0.06 does not", () => {
    expect(regrade(0.04, quantityKey(0))).toMatchObject({ pass: true, classes: [2] });
    expect(regrade(-0.05, quantityKey(0))).toMatchObject({ pass: true, classes: [2] });
    expect(regrade(0.06, quantityKey(0)).pass).toBe(false);
  });
  it("a* = 0.05 (hundredths): 0.054 rounds to it though 8 % off; 0.056 does not", () => {
    expect(regrade(0.054, quantityKey(0.05))).toMatchObject({ pass: true, classes: [2] });
    expect(regrade(0.056, quantityKey(0.05)).pass).toBe(false);
  });
  it("never for large truths beyond the tolerance, nor for object ids", () => {
    expect(regrade(13.5, quantityKey(12.5)).pass).toBe(false);
    expect(regrade(2.04, objectKey(3)).pass).toBe(false);
  });
  it("per part in a list", () => {
    expect(regrade("1, 0.64, 0.04", quantityKey([1, 0.6, 0]))).toMatchObject({ pass: true, classes: [2] });
  });
});

describe("class 3: conceptual description (legend keywords, one code only, negation-aware)", () => {
  const key = (scene: number, code: number): SceneKey => ({ scene_id: scene, answer: code });
  it("scene 17 (light / heavy / equal accelerations): every code", () => {
    expect(regrade("The lighter block accelerates more", key(17, 1)).classes).toEqual([3]);
    expect(regrade("the heavy block has the greater acceleration", key(17, 2)).classes).toEqual([3]);
    expect(regrade("Their accelerations are equal", key(17, 3)).classes).toEqual([3]);
    expect(regrade("same acceleration, independent of mass", key(17, 3)).classes).toEqual([3]);
    // Negated, or describing two codes at once: no regrade.
    expect(regrade("their accelerations are not equal", key(17, 3)).pass).toBe(false);
    expect(regrade("the heavy block doesn't accelerate faster; both have the same acceleration", key(17, 3)).classes).toEqual([3]);
    expect(regrade("the light block accelerates more, or they are equal", key(17, 3)).pass).toBe(false);
    // The right description of another code.
    expect(regrade("Their accelerations are equal", key(17, 1)).pass).toBe(false);
  });
  it("scene 8 (elastic / inelastic) and scene 12 (oscillatory / not)", () => {
    expect(regrade("inelastic collision", key(8, 2)).classes).toEqual([3]);
    expect(regrade("elastic", key(8, 1)).classes).toEqual([3]);
    expect(regrade("It is not elastic: kinetic energy is not conserved", key(8, 2)).classes).toEqual([3]);
    expect(regrade("elastic", key(8, 2)).pass).toBe(false);
    expect(regrade("partially elastic", key(8, 1)).pass).toBe(false);
    expect(regrade("non-oscillatory", key(12, 2)).classes).toEqual([3]);
    expect(regrade("oscillatory motion around equilibrium", key(12, 1)).classes).toEqual([3]);
    expect(regrade("non-oscillatory", key(12, 1)).pass).toBe(false);
  });
  it("scene 52 (which side descends): word order within a phrase", () => {
    expect(regrade("the right side goes down and the left side rises", key(52, 2)).classes).toEqual([3]);
    expect(regrade("the left side descends", key(52, 1)).classes).toEqual([3]);
    expect(regrade("it stays balanced", key(52, 3)).classes).toEqual([3]);
    expect(regrade("it is not balanced; the left side descends", key(52, 3)).pass).toBe(false);
  });
  it("needs a legend and a code part: a quantity is never described", () => {
    expect(regrade("equal", quantityKey(3)).pass).toBe(false);
    expect(regrade("equal", { answer: 3, parts: ["code"] }).pass).toBe(false); // no scene, no legend
  });
  it("phrase machinery: stems, gaps, negation window", () => {
    const w = conceptWords("The lighter block's acceleration doesn't increase");
    expect(w).toEqual(["the", "lighter", "blocks", "acceleration", "doesnt", "increase"]);
    expect(phraseOccurs("light* ~ acceleration", w)).toBe(true);
    expect(phraseOccurs("increas*", w)).toBe(false); // negated by "doesnt"
    expect(phraseOccurs("light* ~ increase", w)).toBe(false); // negator inside the gap
    expect(describedCodes("upward", CONCEPT_LEGENDS[56][0])).toEqual(["1"]);
  });
});

describe("class 4: partial answer format", () => {
  it("a quantity inside text: any number within Eq. (4) tolerance", () => {
    expect(regrade("T = 2π√(L/g) ≈ 2.84 s", quantityKey(2.837))).toMatchObject({ pass: true, classes: [4] });
    expect(regrade("The period is approximately 2.84 seconds.", quantityKey(2.837)).classes).toEqual([4]);
    expect(regrade("2.84, measured over three swings", quantityKey(2.837)).classes).toEqual([4]);
    expect(regrade("about 9 m/s", quantityKey(2.837)).pass).toBe(false);
    // Identifier digits are not candidates.
    expect(regrade("v3 is the answer", quantityKey(3)).pass).toBe(false);
  });
  it("an object id inside text: the first candidate must be it", () => {
    expect(regrade("The hollow sphere is object 2", { answer: 2, parts: ["object"] })).toMatchObject({ pass: true, classes: [4] });
    expect(regrade("2, because it rolls slower", { answer: 2, parts: ["object"] }).classes).toEqual([4]);
    expect(regrade("object 1 is solid, object 2 is hollow", { answer: 2, parts: ["object"] }).pass).toBe(false);
  });
  it("a list read as the sequence of numbers in the text", () => {
    expect(regrade("v1 = 0.0 m/s and v2 = 2.0 m/s", quantityKey([0, 2]))).toMatchObject({ pass: true, C: 1, classes: [4], alignment: "sequence" });
    expect(regrade("v1_final = 0.0, v2_final = 2.0", quantityKey([0, 2]))).toMatchObject({ pass: true, classes: [4], alignment: "parts" });
    expect(regrade("0.0 and 2.0 and 3.0", quantityKey([0, 2])).pass).toBe(false);
    expect(regrade("heavier: object_2 with ratio 1.41", { answer: [2, 1.41], parts: ["object", "quantity"] }).classes).toEqual([4]);
  });
});
