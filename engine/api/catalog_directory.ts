// A catalog directory: mechanism files (composed ones, or a user's own) validated against
// the built-in component library, with the hash a benchmark generated from them records and,
// when `mech compose` wrote the directory, its composer.json.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { builtinLibrary, COMPONENT_FILES } from "../../catalog/mod.ts";
import { StoreError } from "../files/errors.ts";
import { fsMessage } from "../files/fs_reason.ts";
import { jsonPath } from "../files/json_path.ts";
import { sha256 } from "../files/sha256.ts";
import { COMPOSER_FILE, ComposerRecord } from "../model/composer_record.ts";
import { parseJsonText } from "../model/json_text.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import { MechanismError } from "../model/issues.ts";
import type { MechanismModel } from "../model/model.ts";

/** The mechanisms of a catalog directory, loaded and hashed. */
export interface CatalogDirectory {
  /** The directory. */
  dir: string;
  /** SHA-256 over the component library and every mechanism file's parsed JSON (by file name). */
  sha256: string;
  /** The mechanisms, by id. */
  mechanisms: MechanismModel[];
  /** composer.json, when `mech compose` wrote the directory. */
  composer?: ComposerRecord;
}

/**
 * Reads a catalog directory: every `*.json` file in it but composer.json is a mechanism file,
 * validated against the built-in component library. The hash covers the library's files and
 * the mechanism files, so a benchmark generated from the directory is bound to both.
 *
 * @param dir A directory of mechanism files (from `mech compose`, or written by hand).
 * @returns The mechanisms sorted by id, the hash and the composer's record when there is one.
 * @throws {StoreError} When the directory cannot be read, holds no mechanism file, two files share an id, or composer.json is malformed.
 * @throws {MechanismError} When a mechanism file does not validate (its file and JSON path named).
 *
 * @example
 * ```ts
 * import { loadCatalogDirectory } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/two_masses.json`, await Deno.readTextFile("catalog/mechanisms/thermal_two_masses.json"));
 * const catalog = loadCatalogDirectory(dir);
 * assert.deepEqual(catalog.mechanisms.map((m) => m.id), ["thermal_two_masses"]);
 * assert.match(catalog.sha256, /^[0-9a-f]{64}$/);
 * ```
 */
export function loadCatalogDirectory(dir: string): CatalogDirectory {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new StoreError(`${dir}: is not a directory (--catalog takes a directory of mechanism .json files)`);
    names = readdirSync(dir).filter((n) => n.endsWith(".json")).sort();
  } catch (e) {
    if (e instanceof StoreError) throw e;
    throw fsMessage(dir, e);
  }
  const read = (name: string) => {
    const path = join(dir, name);
    try {
      return { path, data: parseJsonText(readFileSync(path, "utf8"), path) };
    } catch (e) {
      if (e instanceof MechanismError) throw e;
      throw fsMessage(path, e);
    }
  };
  let composer: ComposerRecord | undefined;
  if (names.includes(COMPOSER_FILE)) {
    const { path, data } = read(COMPOSER_FILE);
    const r = ComposerRecord.safeParse(data);
    if (!r.success) throw new StoreError(`${path}: at ${jsonPath(r.error.issues[0].path)}: ${r.error.issues[0].message} (expected the record mech compose writes)`);
    composer = r.data;
  }
  const files = names.filter((n) => n !== COMPOSER_FILE).map((name) => ({ name, ...read(name) }));
  if (!files.length) throw new StoreError(`${dir}: holds no mechanism .json file`);
  const library = builtinLibrary();
  const byId = new Map<string, { model: MechanismModel; name: string }>();
  for (const f of files) {
    const model = loadMechanism(f.data, f.path, library);
    const twin = byId.get(model.id);
    if (twin) throw new StoreError(`${f.path}: mechanism id "${model.id}" is also the id in ${join(dir, twin.name)}; ids in a catalog are unique`);
    byId.set(model.id, { model, name: f.name });
  }
  const components = [...COMPONENT_FILES].sort((a, b) => (a.file < b.file ? -1 : 1)).map((f) => [f.file, f.data]);
  const hash = sha256(JSON.stringify([components, files.map((f) => [f.name, f.data])]));
  const mechanisms = [...byId.values()].map((x) => x.model).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { dir, sha256: hash, mechanisms, ...(composer ? { composer } : {}) };
}
