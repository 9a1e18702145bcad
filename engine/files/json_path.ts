// Where in a JSON document a problem is: every validation message names its JSON path
// the same way ($.a.b[2]["odd key"]).

/** A path into a JSON document: property names and array indices, outermost first. */
export type JsonPath = (string | number)[];

/**
 * A path as `$`, `.name` for plain keys, `[i]` for indices and `["…"]` for any other key.
 *
 * @param path The keys, outermost first.
 * @returns The path as text.
 *
 * @example
 * ```ts
 * import { jsonPath } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * assert.equal(jsonPath(["components", 0, "a.b"]), '$.components[0]["a.b"]');
 * ```
 */
export function jsonPath(path: readonly PropertyKey[]): string {
  return "$" + path.map((p) =>
    typeof p === "number" ? `[${p}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(String(p)) ? `.${String(p)}` : `[${JSON.stringify(String(p))}]`
  ).join("");
}
