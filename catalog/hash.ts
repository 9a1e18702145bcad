// The catalog's content hash (benchmark manifests bind it), apart from the catalog
// itself: hashing loads node:crypto, which commands that only read the catalog skip.
import { COMPONENT_FILES, MECHANISM_FILES } from "./mod.ts";
import { sha256 } from "../engine/tasks/hash.ts";

let catalogHash: string | undefined;

/**
 * SHA-256 over every component and mechanism file (their parsed JSON, files sorted by
 * path): a generated benchmark records it, so a catalog change is detected.
 */
export function catalogSha256(): string {
  const files = [...COMPONENT_FILES, ...MECHANISM_FILES].sort((a, b) => (a.file < b.file ? -1 : 1));
  return (catalogHash ??= sha256(JSON.stringify(files.map((f) => [f.file, f.data]))));
}
