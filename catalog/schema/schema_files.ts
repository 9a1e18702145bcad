// The JSON Schema files published in this folder, generated from the zod schemas of the
// formats they describe (`deno task schemas` writes them; a test keeps them current).
import { modelJsonSchemaFiles } from "../../engine/model/json_schema.ts";
import { problemJsonSchemaFiles } from "../../engine/compile/problem_json_schema.ts";

/** File name → schema text, in file-name order. */
export function jsonSchemaFiles(): Record<string, string> {
  return { ...modelJsonSchemaFiles(), ...problemJsonSchemaFiles() };
}
