import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { findJsonSyntaxError } from "./json_text.ts";

const parses = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

describe("the JSON syntax scanner agrees with JSON.parse", () => {
  it("accepts every valid JSON text", () => {
    fc.assert(fc.property(fc.json(), (s) => findJsonSyntaxError(s) === null), { numRuns: 1000, seed: 1 });
  });
  it("finds an error exactly when JSON.parse fails, on damaged JSON", () => {
    const damaged = fc.tuple(fc.json(), fc.nat(), fc.constantFrom("", ",", "}", "]", '"', "{", "'", "x", ":", "\\")).map(
      ([s, at, ins]) => s.slice(0, at % (s.length + 1)) + ins + s.slice((at % (s.length + 1)) + (ins === "" ? 1 : 0)),
    );
    fc.assert(fc.property(damaged, (s) => (findJsonSyntaxError(s) === null) === parses(s)), { numRuns: 2000, seed: 2 });
  });
});

describe("JSON text errors", () => {
  it("invalid JSON nested 5,000 (and 200,000) deep gets a real location, not a stack overflow", async () => {
    const { parseJsonText } = await import("./json_text.ts");
    for (const depth of [5_000, 200_000]) {
      // [[[…1]]…] closed one bracket short, then a brace: the outermost array meets "}"
      const text = "[".repeat(depth) + "1" + "]".repeat(depth - 1) + "}";
      expect(findJsonSyntaxError(text)).toEqual({ offset: 2 * depth, expected: '"," or "]" after an array element' });
      expect(() => parseJsonText(text, "deep.json")).toThrow(new RegExp(`^deep\\.json:1:${2 * depth + 1}: .*invalid JSON: expected "," or "\\]" after an array element, found "\\}"$`));
    }
    const objects = '{"a":'.repeat(5_000) + "1" + "}".repeat(4_999) + ",";
    // one closing brace short and a comma: the outermost object wants another property
    expect(findJsonSyntaxError(objects)).toEqual({ offset: objects.length, expected: "a property name in double quotes" });
  });

  it("a UTF-8 byte-order mark opening a file is skipped; elsewhere it is an error", async () => {
    const { parseJsonText } = await import("./json_text.ts");
    expect(parseJsonText('\uFEFF{"a": 1}', "bom.json")).toEqual({ a: 1 });
    expect(() => parseJsonText('{"a": \uFEFF1}', "mid.json")).toThrow(/mid\.json:1:7: .*invalid JSON: expected a value/);
  });
});
