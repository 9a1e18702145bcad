import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { envelope, groupThousands, normalizePrompt, SYSTEM_MESSAGE, taskId } from "./envelope.ts";
import { countTokens } from "./tokens.ts";
import { keyedRandom } from "../files/random.ts";

describe("envelope", () => {
  it("groups thousands without the locale", () => {
    expect([0, 999, 1000, 9380, 73866, 1234567].map(groupThousands)).toEqual(["0", "999", "1,000", "9,380", "73,866", "1,234,567"]);
  });

  it("the four header lines, a blank line, then the body; Prompt tokens is the exact o200k_base count of the whole message", () => {
    const body = "Audit complete composite-state consistency for this qualitative mechanism.\n\nS001: REST|REST";
    const e = envelope("state consistency", "state_consistency", "mechanics_first", body);
    expect(e.prompt).toBe(`Task family: state consistency\nMechanism id: mechanics_first\nTask id: ${e.taskId}\nPrompt tokens: ${groupThousands(e.promptTokens)}\n\n${body}`);
    expect(e.promptTokens).toBe(countTokens(e.prompt));
    expect(e.taskId).toMatch(/^task_[0-9a-f]{16}$/);
  });

  it("the stated count is exact across digit-count boundaries (a fixed point)", () => {
    for (const n of [50, 300, 990, 1000, 1010, 9990, 10_010]) {
      const e = envelope("trace faithfulness", "trace_faithfulness", "thermal_two_masses", "word ".repeat(n));
      expect(e.promptTokens).toBe(countTokens(e.prompt));
      expect(e.prompt).toContain(`Prompt tokens: ${groupThousands(e.promptTokens)}\n`);
    }
  });

  it("the count is exact for any body starting with a letter (header and body counted apart) and for any other body", () => {
    fc.assert(
      fc.property(fc.constantFrom("A", "x", "Z", " ", "\n", "{", "9"), fc.string({ unit: "grapheme", maxLength: 300 }), (first, rest) => {
        const e = envelope("necessity", "necessity", "m", first + rest);
        expect(e.promptTokens).toBe(countTokens(e.prompt));
      }),
      { numRuns: 400, seed: 7 },
    );
  });

  it("the task id depends on family, mechanism and the normalized body only", () => {
    const a = taskId("state_consistency", "m", "a  b\n\nc ");
    expect(taskId("state_consistency", "m", " a b c")).toBe(a);
    expect(taskId("state_consistency", "m", "a b d")).not.toBe(a);
    expect(taskId("trace_faithfulness", "m", "a b c")).not.toBe(a);
    expect(taskId("state_consistency", "n", "a b c")).not.toBe(a);
    expect(normalizePrompt(" x\t\ny  z \n")).toBe("x y z");
  });

  it("the fixed system message is the paper's", () => {
    expect(SYSTEM_MESSAGE).toBe("Answer qualitative mechanistic benchmark tasks as JSON. Return only the requested JSON object.");
  });
});

describe("keyed randomness", () => {
  it("the same key gives the same stream; another key another", () => {
    const draw = (k: string) => Array.from({ length: 8 }, ((r) => () => r.int(1000))(keyedRandom(k)));
    expect(draw("seed/a")).toEqual(draw("seed/a"));
    expect(draw("seed/a")).not.toEqual(draw("seed/b"));
  });
  it("int stays in range, shuffle permutes, between includes both ends", () => {
    const r = keyedRandom("x");
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const k = r.int(7);
      expect(k >= 0 && k < 7 && Number.isInteger(k)).toBe(true);
      seen.add(r.between(2, 4));
    }
    expect(seen).toEqual(new Set([2, 3, 4]));
    expect([...r.shuffle([1, 2, 3, 4, 5])].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
