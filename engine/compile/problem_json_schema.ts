// The problem format's JSON Schema file (catalog/schema/problem.json), apart from the
// format itself so that reading problems does not load the schema generator.
import { jsonSchemaText } from "../model/json_schema.ts";
import { Problem } from "./problem.ts";

/** File name → schema text of the compiled problem format. */
export function problemJsonSchemaFiles(): Record<string, string> {
  return { "problem.json": jsonSchemaText(Problem, "Mechbench compiled problem (mech compile --json, one per line)") };
}
