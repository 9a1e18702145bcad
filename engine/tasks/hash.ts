// Content hashes: task ids, completion hashes and audit references are SHA-256 digests
// of exact text, so any change to what they bind changes the hash.
import { createHash } from "node:crypto";

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
