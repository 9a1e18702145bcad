// The pure SHA-256 against the runtime's own (node:crypto, under Node and Deno alike):
// the NIST vectors, and random strings of every kind of character around the block
// boundaries where the padding changes shape.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hex, sha256, sha256Bytes, sha256Text } from "./sha256.ts";

const reference = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

describe("sha256", () => {
  it("matches the FIPS 180-4 example vectors", () => {
    expect(hex(sha256Text(""))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(hex(sha256Text("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hex(sha256Text("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))).toBe("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    expect(hex(sha256Text("a".repeat(1_000_000)))).toBe("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  });

  it("equals node:crypto on the same vectors and bytes", () => {
    for (const s of ["", "abc", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "a".repeat(1_000_000)]) expect(sha256(s)).toBe(reference(s));
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 37) & 255);
    for (let n = 0; n <= bytes.length; n++) expect(hex(sha256Bytes(bytes.subarray(0, n)))).toBe(reference(bytes.subarray(0, n)));
  });

  it("equals node:crypto on random strings, astral characters included, near the block boundaries", () => {
    const lengths = fc.constantFrom(0, 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 128);
    const text = fc.oneof(
      lengths.chain((n) => fc.string({ unit: "grapheme-ascii", minLength: n, maxLength: n })),
      lengths.chain((n) => fc.string({ unit: "binary", minLength: Math.floor(n / 4), maxLength: n })),
      fc.string({ unit: "binary", maxLength: 300 }),
    );
    fc.assert(fc.property(text, (s) => sha256(s) === reference(s)), { numRuns: 500 });
  });
});
