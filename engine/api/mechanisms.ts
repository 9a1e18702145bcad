// Mechanisms for scripts: a built-in one by id, or a user's file (its text or its parsed
// object) validated against the built-in component library.
import { builtinLibrary, builtinMechanism, builtinMechanismIds, MECHANISM_FILES } from "../../catalog/mod.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import { parseJsonText } from "../model/json_text.ts";
import { MechanismError, oneOf } from "../model/issues.ts";
import type { MechanismModel } from "../model/model.ts";

/**
 * A mechanism validated against the built-in component library, from its JSON text or an
 * object already parsed (the mechanism file format, docs/catalog.md).
 *
 * @param source The file's text, or the parsed object.
 * @param file The name used in error messages (default "mechanism.json").
 * @returns The validated model: instances, variables, laws, scenarios.
 * @throws {MechanismError} Naming the file, the line (for text) or JSON path, and what was expected.
 *
 * @example Parse a user's mechanism file
 * ```ts
 * import { mechanismFile, parseMechanism } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * // any mechanism file's text; here a built-in file under a new id
 * const file = JSON.parse(mechanismFile("mechanics_damper"));
 * file.id = "my_damper";
 * const model = parseMechanism(JSON.stringify(file), "my_damper.json");
 * assert.equal(model.id, "my_damper");
 *
 * // a bad file gets an error naming the file, the place and what was expected
 * assert.throws(() => parseMechanism("{ \"id\": 1 }", "bad.json"), /bad\.json/);
 * ```
 */
export function parseMechanism(source: string | object, file = "mechanism.json"): MechanismModel {
  if (typeof source !== "string" && (typeof source !== "object" || source === null)) {
    throw new MechanismError([{ file, path: [], message: `expected a mechanism file's text or its parsed object, got ${source === null ? "null" : typeof source}` }]);
  }
  const data = typeof source === "string" ? parseJsonText(source, file) : source;
  return loadMechanism(data, file, builtinLibrary());
}

/**
 * A built-in mechanism by its catalog id.
 *
 * @param id A catalog id (see builtinMechanismIds).
 * @returns The validated model.
 * @throws {MechanismError} When no built-in mechanism has this id (the message lists the ids).
 *
 * @example
 * ```ts
 * import { mechanism } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const model = mechanism("mechanics_damper");
 * assert.ok(model.instances.length > 0);
 * ```
 */
export function mechanism(id: string): MechanismModel {
  const m = typeof id === "string" ? builtinMechanism(id) : undefined;
  if (!m) throw new MechanismError([{ file: "catalog", path: [], message: `no built-in mechanism "${String(id)}" (expected ${oneOf(builtinMechanismIds(), 40)})` }]);
  return m;
}

/**
 * The ids of the built-in mechanisms, in catalog order.
 *
 * @example
 * ```ts
 * import { mechanismIds } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * assert.ok(mechanismIds().includes("mechanics_damper"));
 * ```
 */
export function mechanismIds(): string[] {
  return builtinMechanismIds();
}

/**
 * A built-in mechanism's file as JSON text (two-space indented): a starting point for a
 * mechanism of one's own.
 *
 * @param id A catalog id (see mechanismIds).
 * @throws {MechanismError} When no built-in mechanism has this id.
 *
 * @example
 * ```ts
 * import { mechanismFile } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * assert.equal(JSON.parse(mechanismFile("mechanics_damper")).id, "mechanics_damper");
 * ```
 */
export function mechanismFile(id: string): string {
  const f = MECHANISM_FILES.find((m) => (m.data as { id?: unknown }).id === id);
  if (!f) mechanism(id); // throws the error that lists the ids
  return JSON.stringify(f!.data, null, 2) + "\n";
}
