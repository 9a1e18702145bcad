// Mechanisms for scripts: a built-in one by id, or a user's file (its text or its parsed
// object) validated against the built-in component library.
import { builtinLibrary, builtinMechanism, builtinMechanismIds, MECHANISM_FILES } from "../../catalog/mod.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import { parseJsonText } from "../model/json_text.ts";
import { MechanismError, oneOf } from "../model/issues.ts";
import type { SourceFile } from "../model/library.ts";
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

/** A mechanism file: the name it goes by in messages and its parsed JSON (not yet validated). */
export interface MechanismSource {
  /** The file's path or name (a built-in one's catalog path, e.g. "catalog/mechanisms/mechanics_damper.json"). */
  file: string;
  /** The parsed JSON. */
  data: unknown;
}

/** Reads a text file by path (e.g. `Deno.readTextFileSync`); throws when it cannot. */
export type ReadText = (path: string) => string;

/**
 * A reference names no built-in mechanism (and is not a path to a .json file). The message
 * lists the built-in ids.
 *
 * @example
 * ```ts
 * import { resolveMechanism, UnknownMechanismError } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => resolveMechanism("no_such_mechanism", Deno.readTextFileSync), UnknownMechanismError);
 * ```
 */
export class UnknownMechanismError extends Error {
  /** The error's name, for messages and logs. */
  override name = "UnknownMechanismError";
}

/** A reference that names a file rather than a built-in id: it ends in .json or holds a "/". */
const isPath = (ref: string) => ref.endsWith(".json") || ref.includes("/");

function builtinSource(ref: string): SourceFile {
  const f = MECHANISM_FILES.find((m) => (m.data as { id?: unknown }).id === ref);
  if (!f) throw new UnknownMechanismError(`unknown mechanism "${ref}" (expected a path to a .json file or ${oneOf(builtinMechanismIds(), 40)})`);
  return f;
}

/**
 * The mechanism file a reference names, as `mech` takes its MECHANISM argument: a path to
 * a .json file (a reference ending in .json or holding a "/"), read with `readText`, or a
 * built-in id.
 *
 * @param ref A catalog id or a path.
 * @param readText Reads a path's text (the library reads no files itself).
 * @returns The file's name and parsed JSON.
 * @throws {UnknownMechanismError} For an id no built-in mechanism has.
 * @throws {MechanismError} When the file is not valid JSON (naming the file, line and column).
 *
 * @example
 * ```ts
 * import { mechanismSource } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const builtin = mechanismSource("mechanics_damper", Deno.readTextFileSync);
 * assert.equal(builtin.file, "catalog/mechanisms/mechanics_damper.json");
 * const own = mechanismSource("my/damper.json", () => JSON.stringify(builtin.data));
 * assert.equal(own.file, "my/damper.json");
 * ```
 */
export function mechanismSource(ref: string, readText: ReadText): MechanismSource {
  return isPath(ref) ? { file: ref, data: parseJsonText(readText(ref), ref) } : builtinSource(ref);
}

/**
 * The mechanism files several references name (see mechanismSource), or every built-in
 * mechanism's file when there are none. All are read before any is returned, so a bad
 * reference fails before work on the others starts.
 *
 * @param refs Catalog ids or paths; empty: every built-in mechanism.
 * @param readText Reads a path's text.
 * @returns The files, in the order given (built-in ones in catalog order).
 * @throws {UnknownMechanismError} For an id no built-in mechanism has.
 * @throws {MechanismError} When a file is not valid JSON.
 *
 * @example
 * ```ts
 * import { mechanismIds, mechanismSources } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * assert.equal(mechanismSources([], Deno.readTextFileSync).length, mechanismIds().length);
 * ```
 */
export function mechanismSources(refs: readonly string[], readText: ReadText): MechanismSource[] {
  if (!refs.length) return MECHANISM_FILES;
  return refs.map((ref) => mechanismSource(ref, readText));
}

/**
 * The validated mechanism a reference names: a built-in id, or a path to a mechanism file
 * (read with `readText` and validated against the built-in component library).
 *
 * @param ref A catalog id or a path (ending in .json or holding a "/").
 * @param readText Reads a path's text.
 * @returns The validated model.
 * @throws {UnknownMechanismError} For an id no built-in mechanism has.
 * @throws {MechanismError} When the file is not valid JSON or not a valid mechanism.
 *
 * @example
 * ```ts
 * import { resolveMechanism } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * assert.equal(resolveMechanism("mechanics_damper", Deno.readTextFileSync).id, "mechanics_damper");
 * assert.throws(() => resolveMechanism("no_such_mechanism", Deno.readTextFileSync), /unknown mechanism "no_such_mechanism"/);
 * ```
 */
export function resolveMechanism(ref: string, readText: ReadText): MechanismModel {
  if (isPath(ref)) return parseMechanism(readText(ref), ref);
  builtinSource(ref); // throws for an unknown id
  return builtinMechanism(ref)!;
}
