// Content hashes: task ids, completion hashes and audit references are SHA-256 digests
// of exact text, so any change to what they bind changes the hash.
import { hex, sha256Text } from "./sha256.ts";

export function sha256(text: string): string {
  return hex(sha256Text(text));
}
