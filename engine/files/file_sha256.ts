// The SHA-256 of a benchmark file's text, through the runtime's own hash (node:crypto, in
// Node and Deno alike). Files run to hundreds of megabytes, which it digests several
// times faster than the TypeScript SHA-256 (sha256.ts), kept for task ids, keys and the
// portable scorer, which must run where no runtime module exists. Both give the same
// digest for the same text (tested).
import { createHash } from "node:crypto";

const utf8 = new TextEncoder();

/** The lower-case hexadecimal SHA-256 of a text's UTF-8 encoding (the same encoding as sha256()). */
export function fileSha256(text: string): string {
  return createHash("sha256").update(utf8.encode(text)).digest("hex");
}
