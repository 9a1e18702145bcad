import { expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { jsonSchemaFiles } from "../../engine/api/schemas.ts";

it("the checked-in JSON Schemas are current (regenerate with `deno task schemas`)", () => {
  for (const [name, text] of Object.entries(jsonSchemaFiles())) {
    expect(readFileSync(new URL(`./${name}`, import.meta.url), "utf8"), name).toBe(text);
  }
});
