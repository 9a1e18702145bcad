// The JSON Schema files published in catalog/schema/, generated from the zod schemas of the
// formats they describe (`deno task schemas` writes them; a test keeps them current).
import { modelJsonSchemaFiles } from "../model/json_schema.ts";
import { problemJsonSchemaFiles } from "../compile/problem_json_schema.ts";

/**
 * The JSON Schema files of the mechanism, component library and problem formats, generated
 * from the schemas the library validates with (the files in catalog/schema/).
 *
 * @returns File name → schema text (two-space indented JSON), in file-name order.
 *
 * @example
 * ```ts
 * import { jsonSchemaFiles } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const files = jsonSchemaFiles();
 * assert.ok("mechanism.json" in files && "problem.json" in files);
 * assert.equal(typeof JSON.parse(files["problem.json"]), "object");
 * ```
 */
export function jsonSchemaFiles(): Record<string, string> {
  return { ...modelJsonSchemaFiles(), ...problemJsonSchemaFiles() };
}
