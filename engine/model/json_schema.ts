// JSON Schema documents for editors, generated from the zod schemas: the model's files
// here; later stages publish their own formats' schemas through jsonSchemaText.
import { z } from "zod";
import { ComponentLibraryFile } from "./component_type.ts";
import { Mechanism } from "./mechanism.ts";

/** A schema's JSON Schema text under `title`, deterministic (stable key order, trailing newline). */
export function jsonSchemaText(schema: z.ZodType, title: string): string {
  const doc = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return JSON.stringify({ ...doc, title }, null, 2) + "\n";
}

/** File name → schema text of the component library and mechanism file formats. */
export function modelJsonSchemaFiles(): Record<string, string> {
  return {
    "component-library.json": jsonSchemaText(ComponentLibraryFile, "Mechbench component library file"),
    "mechanism.json": jsonSchemaText(Mechanism, "Mechbench mechanism file"),
  };
}
