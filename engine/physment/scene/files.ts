// A scene on disk in PhysMent's layout: a SceneN directory holding sceneN.json and
// sceneN.xml, or a sceneN.json file with its .xml beside it. Every problem, from a path
// that is not such a layout to a file that cannot be read, is a SceneError naming the path.
import { readFileSync } from "node:fs";
import { loadScene, type Scene, SceneError } from "./load.ts";

/** The two files of a scene and its number. */
export interface ScenePaths {
  /** The metadata file, sceneN.json. */
  json: string;
  /** The MJCF file beside it, sceneN.xml. */
  xml: string;
  /** N of SceneN. */
  number: number;
}

/**
 * Where a scene's files are: a SceneN directory (its sceneN.json and sceneN.xml) or a
 * sceneN.json file (its .xml beside it). Only the path is read, not the disk.
 *
 * @param path A SceneN directory or a sceneN.json file; a trailing slash is ignored.
 * @returns The two files' paths and the scene's number.
 * @throws {SceneError} (kind "files") When the path names neither.
 *
 * @example
 * ```ts
 * import { scenePaths } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(scenePaths("Scenes/Scene12/"), { json: "Scenes/Scene12/scene12.json", xml: "Scenes/Scene12/scene12.xml", number: 12 });
 * assert.equal(scenePaths("x/scene7.json").xml, "x/scene7.xml");
 * ```
 */
export function scenePaths(path: string): ScenePaths {
  const clean = path.replace(/\/+$/, "");
  const m = /(?:^|\/)[Ss]cene(\d+)(\.json)?$/.exec(clean);
  if (!m) throw new SceneError("files", path, "expected a scene directory named SceneN or a sceneN.json file");
  const n = Number(m[1]);
  const json = m[2] ? clean : `${clean}/scene${n}.json`;
  return { json, xml: json.replace(/\.json$/, ".xml"), number: n };
}

/** A scene file's text; a file that cannot be read is a SceneError saying why. */
export function readSceneFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why = code === "ENOENT" ? "no such file"
      : code === "EACCES" || code === "EPERM" ? "permission denied"
      : code === "EISDIR" ? "is a directory, expected a file"
      : null;
    if (why === null) throw e;
    throw new SceneError("files", path, why);
  }
}

/** The scene at `path` (see scenePaths), loaded and validated; any problem is a SceneError. */
export async function loadSceneFiles(path: string): Promise<Scene> {
  const p = scenePaths(path);
  const scene = await loadScene({ json: readSceneFile(p.json), xml: readSceneFile(p.xml), file: p.json });
  if (scene instanceof SceneError) throw scene;
  return scene;
}
