import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { builtinMechanism } from "../../../catalog/mod.ts";
import { DEVIATIONS } from "../../episode/rule_names.ts";
import { edgeRules, PAPER, SOUND } from "../../episode/rules.ts";
import { contextLines, edgeRulesText } from "./episode_text.ts";

describe("the edge rules in words", () => {
  it("docs/benchmark.md shows both profiles' texts exactly as the prompts state them", () => {
    const doc = readFileSync(new URL("../../../docs/benchmark.md", import.meta.url), "utf8");
    for (const rules of [SOUND, PAPER]) expect(doc, rules.name).toContain(["```text", edgeRulesText(rules), "```"].join("\n"));
  });

  it("each deviation changes the words: no two readings give the same text", () => {
    const texts = new Set([SOUND, PAPER, ...DEVIATIONS.map((d) => edgeRules("sound", [d]))].map((r) => edgeRulesText(r).split("\n").slice(1).join("\n")));
    expect(texts.size).toBe(DEVIATIONS.length + 2);
  });

  it("the paper's universe lists the case restrictions every episode satisfies", () => {
    const m = builtinMechanism("thermal_two_masses")!;
    expect(contextLines(m, "mass1_hotter", SOUND)).toEqual(["Operating context: no restrictions beyond the persistent ones."]);
    expect(contextLines(m, "mass1_hotter", PAPER)).toEqual(["Operating context: no restrictions beyond the persistent ones.", "Case restrictions (hold in every episode): conduction.dT in {positive}."]);
    expect(contextLines(m, "base", PAPER)[1]).toBe("Case restrictions: none.");
  });
});
