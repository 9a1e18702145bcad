import { describe, expect, it } from "vitest";
import type { ToolResult } from "../protocol.ts";
import {
  actionValidity,
  efficiency,
  EpisodeRecord,
  type EpisodeTurn,
  groundedness,
  reasoningDiversity,
  scoreEpisode,
} from "./dimensions.ts";

const res = (tool: string, result: Record<string, unknown> | null, sim_time = 0, parameters: Record<string, unknown> = {}, error = false): ToolResult => ({
  tool,
  parameters,
  result,
  error,
  sim_time,
});
const turn = (iteration: number, reasoning: string, results: ToolResult[] = [], invalid_calls = 0): EpisodeTurn => ({
  iteration,
  reasoning,
  results,
  invalid_calls,
});

describe("E = 1 − k/I_max", () => {
  it("k = 1, k = I_max, never answered", () => {
    expect(efficiency(1, 5)).toBeCloseTo(0.8, 15);
    expect(efficiency(1, 20)).toBeCloseTo(0.95, 15);
    expect(efficiency(5, 5)).toBe(0);
    expect(efficiency(7, 10)).toBeCloseTo(0.3, 15);
    expect(efficiency(null, 5)).toBe(0);
  });
});

describe("V = valid calls / calls", () => {
  it("counts error results and unexecutable calls as invalid", () => {
    const turns = [
      turn(1, "", [res("get_velocity", { velocity: [0, 0, 0] }), res("get_position", { error: "unknown object 9" }, 0, { object_id: 9 }, true)]),
      turn(2, "", [res("step", { ok: true })], 1),
    ];
    expect(actionValidity(turns)).toEqual({ V: 0.5, calls: 4, valid: 2 });
  });
  it("is 1 when no call was made", () => {
    expect(actionValidity([turn(1, "thinking")])).toEqual({ V: 1, calls: 0, valid: 0 });
  });
});

describe("R = 1 − max bigram repetition", () => {
  it("a looping text", () => {
    // a b a b a b: bigrams ab ba ab ba ab, B = 5; "a b" 3 times → (3 − 1)/5 = 0.4.
    expect(reasoningDiversity(["a b a b a b"])).toEqual({ R: 0.6, bigrams: 5, top: { bigram: "a b", count: 3 } });
    // The same call phrasing every turn: 4 bigrams, each twice → 1 − 1/4.
    expect(reasoningDiversity(["Step the simulation.", "step the SIMULATION"]).R).toBe(0.75);
  });
  it("bigrams do not span two turns; short texts give 1", () => {
    expect(reasoningDiversity(["a b", "a b"])).toMatchObject({ R: 0.5, bigrams: 2 });
    expect(reasoningDiversity(["", "word"])).toEqual({ R: 1, bigrams: 0, top: null });
    expect(reasoningDiversity([]).R).toBe(1);
    expect(reasoningDiversity(["the ball falls freely"]).R).toBe(1);
  });
  it("numbers and contractions are single words", () => {
    // v is 2.84 and v is 2.84: 7 words, 6 bigrams; "v is" and "is 2.84" twice (ties: the
    // smaller bigram is reported) → R = 1 − 1/6.
    expect(reasoningDiversity(["v is 2.84 and v is 2.84"])).toEqual({ R: 1 - 1 / 6, bigrams: 6, top: { bigram: "is 2.84", count: 2 } });
    expect(reasoningDiversity(["Don't stop; don't stop"])).toEqual({ R: 1 - 1 / 3, bigrams: 3, top: { bigram: "don't stop", count: 2 } });
  });
});

describe("G: assertions matched by an EARLIER tool value", () => {
  it("an earlier result grounds, the same turn's or a later one does not", () => {
    const turns = [
      // Asserted before any measurement: ungrounded, though this turn's call returns it.
      turn(1, "I expect v = -4.905 m/s.", [res("get_velocity", { velocity: [0, 0, -4.90499] }, 0.5)]),
      turn(2, "The velocity is -4.91 m/s, so the kinetic energy is 24.06 J.", [res("get_kinetic_energy", { kinetic_energy: 36.1 }, 0.5)]),
    ];
    const g = groundedness(turns, "");
    expect(g.assertions.map((a) => [a.iteration, a.value, a.grounded])).toEqual([
      [1, -4.905, false],
      [2, -4.91, true],
      [2, 24.06, false],
    ]);
    expect(g.assertions[1].source).toEqual({ iteration: 1, tool: "get_velocity", value: -4.90499 });
    expect(g.G).toBeCloseTo(1 / 3, 15);
  });
  it("magnitudes match, sim_time is a tool value, tolerance is Eq. (4)'s", () => {
    const turns = [
      turn(1, "", [res("get_velocity", { velocity: [0, 0, -4.905] }, 0.75)]),
      turn(2, "Speed 4.9 after 0.75 s; 5.2 would be too much."),
    ];
    const g = groundedness(turns, "");
    expect(g.assertions.map((a) => [a.value, a.grounded])).toEqual([[4.9, true], [0.75, true], [5.2, false]]);
  });
  it("what is not an assertion: trivial integers, prompt numbers, own call parameters, identifiers", () => {
    const prompt = "A ball of mass 2.5 kg is dropped from 10 m. Objects: object_1 (ball).";
    const turns = [
      turn(1, "I'll apply 12.5 N to object_1 for 3 steps of the 20 allowed; mass 2.5 kg.", [res("apply_force", { ok: true }, 0, { object_id: 1, force: [12.5, 0, 0] })]),
      turn(2, "Iteration 2: v1 is what I need; 21 is not trivial."),
    ];
    const g = groundedness(turns, prompt);
    expect(g.assertions.map((a) => a.value)).toEqual([21]);
    expect(g.G).toBe(0);
  });
  it("a prompt number or an own input is an assertion when an earlier tool returned it, and then grounded", () => {
    const prompt = "Example: the ball's speed is 4.905 m/s after 0.5 s under g = 9.81 m/s²; it falls 1.2385 m.";
    const turns = [
      // 4.905 is in the prompt and no earlier tool returned it: not an assertion (yet)
      turn(1, "I expect 4.905 m/s after 0.5 s.", [
        res("step", null, 0.5, { duration: 0.5 }),
        res("get_velocity", { velocity: [0, 0, -4.905] }, 0.5),
        res("get_acceleration", { x: 0, y: 0, z: -9.81 }, 0.5),
      ]),
      // measured now: 0.5 (the prompt's and its own step's, returned as sim_time), 4.905 and 9.81
      // are grounded assertions; 1.2385 is only the prompt's and 1.5 only its own input
      turn(2, "After 0.5 s the speed is 4.905 m/s and a = 9.81 m/s²; not 1.2385 m of fall. Next, 1.5 s.", [
        res("step", null, 2, { duration: 1.5 }),
      ]),
    ];
    const g = groundedness(turns, prompt);
    expect(g.assertions.map((a) => [a.iteration, a.value, a.grounded])).toEqual([
      [2, 0.5, true],
      [2, 4.905, true],
      [2, 9.81, true],
    ]);
    expect(g.assertions[1].source).toEqual({ iteration: 1, tool: "get_velocity", value: -4.905 });
    expect(g.G).toBe(1);
  });
  it("error results and the answer call are not sources; no assertion gives null", () => {
    const turns = [
      turn(1, "", [res("get_position", { error: "object 7 is hidden, 3.25" }, 0, {}, true), res("answer", { answer: 3.75 })]),
      turn(2, "3.25 or 3.75?"),
    ];
    expect(groundedness(turns, "").G).toBe(0);
    expect(groundedness([turn(1, "Let me look."), turn(2, "object 2 is heavier")], "").G).toBeNull();
  });
});

const record = (over: Partial<EpisodeRecord> = {}): EpisodeRecord => ({
  scene_id: 89,
  model: "m",
  budget: 5,
  prompt: "Determine the period of oscillation for a simple pendulum with a length of 2 meters.",
  turns: [
    turn(1, "Displace the pendulum and time it.", [res("move_object", { ok: true }, 0, { object_id: 1, x: 0.3, y: 0, z: 1.7 }), res("step", { ok: true }, 1.42)]),
    turn(2, "Half a period took 1.42 s, so T is about 2.84 s.", [res("answer", { ok: true }, 1.42, { answer: 2.84 })]),
  ],
  answer: 2.84,
  answer_iteration: 2,
  ground_truth: 2.837,
  ...over,
});

describe("one episode", () => {
  it("all dimensions from a record", () => {
    const s = scoreEpisode(record());
    expect(s).toMatchObject({ scene_id: 89, category: "hard_multi_physics", answered: true, correct: true, C: 1, V: 1 });
    expect(s.E).toBeCloseTo(0.6, 15);
    // 1.42 is step's sim_time; 2.84 = 2 × 1.42 is derived, returned by no tool (the answer
    // call's parameter is not an input to exclude). 0.3 and 1.7 are move_object's parameters.
    expect(s.detail.assertions.map((a) => [a.value, a.grounded])).toEqual([[1.42, true], [2.84, false]]);
    expect(s.G).toBe(0.5);
    expect(s.R).toBe(1);
    expect(s.regrade).toEqual({ pass: true, regraded: false, C: 1, classes: [] });
  });
  it("never answered: incorrect, C = 0, E = 0", () => {
    const s = scoreEpisode(record({ answer: null, answer_iteration: null }));
    expect(s).toMatchObject({ answered: false, correct: false, C: 0, E: 0, regrade: { pass: false } });
  });
  it("rejects inconsistent records", () => {
    expect(EpisodeRecord.safeParse(record({ answer_iteration: null })).success).toBe(false);
    expect(EpisodeRecord.safeParse(record({ answer_iteration: 6 })).success).toBe(false);
    expect(EpisodeRecord.safeParse(record({ turns: [turn(2, ""), turn(1, "")] })).success).toBe(false);
    expect(EpisodeRecord.safeParse(record({ scene_id: 500 })).success).toBe(false);
    expect(EpisodeRecord.safeParse(record({ scene_id: 500, category: "create_delete_attach" })).success).toBe(true);
  });
});
