import { describe, expect, it } from "vitest";
import { builtinReference, builtinScene, builtinSceneNumbers } from "../../scenes/mod.ts";
import { goldMatches, verifyScene } from "./verify.ts";
import { playReference } from "./agent/play.test_support.ts";
import type { ReferenceProcedure } from "./reference.ts";

describe("built-in scenes", () => {
  it.each(builtinSceneNumbers())("scene %i: the gold is what the reference procedure measures, and every check passes", async (n) => {
    const v = await verifyScene(n, await builtinScene(n), builtinReference(n));
    expect(v.problems).toEqual([]);
  });

  it.each(builtinSceneNumbers())("scene %i: the scripted reference agent answers correctly through the full loop", async (n) => {
    expect(await playReference(await builtinScene(n), n, builtinReference(n)!)).toEqual({ answered: true, correct: true });
  });
});

describe("verify's checks", () => {
  it("gold matches only the measurement itself (procedures round their own results)", () => {
    expect(goldMatches(7.848, 7.848)).toBe(true);
    expect(goldMatches(7.848, 7.8484)).toBe(false);
    expect(goldMatches(0, 0.313)).toBe(false); // a placeholder gold never passes
    expect(goldMatches(2, 2)).toBe(true);
    expect(goldMatches([1.5, 3], [1.5, 3])).toBe(true);
    expect(goldMatches([1.5, 3], [1.52, 3])).toBe(false);
    expect(goldMatches([1, 2], [1])).toBe(false);
    expect(goldMatches("Slides", "slides")).toBe(true);
  });

  it("reports a wrong gold, a broken closed form and too many interventions for an Easy scene", async () => {
    const scene = await builtinScene(7);
    const greedy: ReferenceProcedure = {
      summary: "four steps",
      *run() {
        for (let i = 0; i < 4; i++) yield [{ tool: "step", parameters: { duration: 0.2 } }];
        return 1.5;
      },
      closedForm: { value: 7.848, tolerance: 0.01, formula: "g·t" },
    };
    const v = await verifyScene(7, scene, greedy);
    expect(v.problems).toEqual([
      "gold 7.848 differs from the measurement 1.5",
      "the measurement 1.5 disagrees with g·t = 7.848 beyond 1 %",
      "an Easy scene, but its reference uses 4 intervention steps (at most 3)",
    ]);
  });

  it("reports a failing reference procedure and a missing one", async () => {
    const scene = await builtinScene(7);
    const broken: ReferenceProcedure = {
      summary: "reads an object that does not exist",
      *run() {
        yield [{ tool: "get_position", parameters: { object_id: "object_9" } }];
        return 0;
      },
    };
    expect((await verifyScene(7, scene, broken)).problems[0]).toMatch(/^the reference procedure fails: get_position/);
    expect((await verifyScene(7, scene, undefined)).problems).toEqual(["no reference procedure"]);
  });
});
