// Writes catalog/schema/*.json from the zod schemas, or with --check fails when stale.
import { jsonSchemaFiles } from "../engine/api/solver.ts";

const dir = new URL("../catalog/schema/", import.meta.url);
const check = Deno.args.includes("--check");
let stale = 0;
for (const [name, text] of Object.entries(jsonSchemaFiles())) {
  const url = new URL(name, dir);
  let current = "";
  try {
    current = Deno.readTextFileSync(url);
  } catch {
    // missing counts as stale
  }
  if (current === text) continue;
  if (check) {
    console.error(`catalog/schema/${name} is out of date; run \`deno task schemas\``);
    stale++;
  } else {
    Deno.writeTextFileSync(url, text);
    console.log(`wrote catalog/schema/${name}`);
  }
}
Deno.exit(stale ? 1 : 0);
