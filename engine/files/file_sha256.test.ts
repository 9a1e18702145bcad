// The runtime's SHA-256 of a file's text against the TypeScript one: the same digest.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fileSha256 } from "./file_sha256.ts";
import { sha256 } from "./sha256.ts";

describe("fileSha256", () => {
  it("equals sha256 on a large text and on random strings, lone surrogates included", () => {
    const big = "état ∑ 🙂 \ud800 {\"a\":[1,2]}\n".repeat(60_000); // 2 MB of UTF-8
    expect(fileSha256(big)).toBe(sha256(big));
    expect(fileSha256("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 300 }), (s) => fileSha256(s) === sha256(s)), { seed: 9, numRuns: 300 });
  });
});
