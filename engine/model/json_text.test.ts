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
