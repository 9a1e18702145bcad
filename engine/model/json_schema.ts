// JSON Schema documents for editors, generated from the zod schemas.
import { z } from "zod";
import { ComponentLibraryFile } from "./component_type.ts";
import { Mechanism } from "./mechanism.ts";
import { Problem } from "../compile/problem.ts";

const SCHEMAS: Record<string, { schema: z.ZodType; title: string }> = {
  "component-library.json": { schema: ComponentLibraryFile, title: "Mechbench component library file" },
  "mechanism.json": { schema: Mechanism, title: "Mechbench mechanism file" },
  "problem.json": { schema: Problem, title: "Mechbench compiled problem (mech compile --json, one per line)" },
};

/** File name → schema text, deterministic (stable key order, trailing newline). */
export function jsonSchemaFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, { schema, title }] of Object.entries(SCHEMAS)) {
    const doc = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    out[file] = JSON.stringify({ ...doc, title }, null, 2) + "\n";
  }
  return out;
}
