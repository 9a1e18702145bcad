// Loads one PhysMent scene from its two texts (sceneN.json, sceneN.xml) into a typed
// Scene, or explains why it cannot: a SceneError names the file and the JSON path, or,
// for MJCF problems, carries MuJoCo's own message and the element it names.
import { jsonPath } from "../../files/json_path.ts";
import { compileModel, MjcfError, mujoco, OBJ } from "../sim/mujoco.ts";
import { SceneJson } from "./schema.ts";
import type { ObjectPermissions, SceneAnswer } from "./schema.ts";
import { attr, child, descendants, parseXml, XmlSyntaxError } from "./xml.ts";
import type { XmlElement } from "./xml.ts";

/** Simulator step used when the MJCF does not set <option timestep> (the paper: 0.005 s). */
export const DEFAULT_TIMESTEP = 0.005;

/** An object the scene's metadata lists. */
export interface SceneObject {
  /** Canonical id, "object_N". */
  key: string;
  /** N of object_N. */
  number: number;
  /** The name the metadata gives the object (e.g. "solid_sphere"). */
  name: string;
  /** The object's permission flags, or null when the scene lists none for it. */
  permissions: Readonly<ObjectPermissions> | null;
  /** permission hidden = true: unknown to the tools until find_objects. */
  hidden: boolean;
}

/** A loaded, validated scene: its metadata, objects, gold answer and MJCF. */
export interface Scene {
  /** Where the scene came from (used in messages). */
  file: string;
  /** N of sceneN, when the file name says it. */
  number: number | null;
  /** The scene's name, its task (the question the agent answers), the kind of problem and a description. */
  metadata: { scene_name: string; task: string; problem_type: string; description?: string };
  /** The gold answer. */
  answer: SceneAnswer;
  /** How the answer is found by experiment, in words. */
  expectedBehavior: string;
  /** Why the answer is what it is, in words. */
  reasoning: string;
  /** The object count the metadata states. */
  numberOfObjects: number;
  /** Listed objects, by number. */
  objects: SceneObject[];
  /** Bodies named object_N in the MJCF that the metadata does not list (hidden until find_objects). */
  unlisted: string[];
  /** The MJCF text. */
  xml: string;
  /** Simulator step, seconds: the MJCF's <option timestep> when it sets one, else DEFAULT_TIMESTEP. */
  timestep: number;
  /** Whether the MJCF sets the timestep. */
  timestepFromMjcf: boolean;
  /** The validated metadata as written. */
  json: SceneJson;
}

/**
 * What is wrong with a scene: its files cannot be found or read (files), the metadata is not
 * JSON (json) or breaks the scene schema (schema), MuJoCo rejects the MJCF (mjcf), or the two
 * files disagree (consistency).
 */
export type SceneErrorKind = "files" | "json" | "schema" | "mjcf" | "consistency";

function where(path?: string, element?: string, line?: number): string {
  if (path) return ` at ${path}`;
  if (element !== undefined) return ` (element ${element || "(unnamed)"}${line ? `, line ${line}` : ""})`;
  return line ? ` (line ${line})` : "";
}

/**
 * A scene that cannot be loaded: the message names the file and the JSON path, or the MJCF
 * element MuJoCo names.
 *
 * @example
 * ```ts
 * import { loadPhysmentScene, SceneError } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * await assert.rejects(loadPhysmentScene("no/such/Scene7"), (e) => e instanceof SceneError && e.kind === "files" && /no such file/.test(e.message));
 * ```
 */
export class SceneError extends Error {
  /** The error's name, for messages and logs. */
  override name = "SceneError";
  /**
   * A scene problem.
   *
   * @param kind What kind of problem it is.
   * @param file The file (or path) it is in.
   * @param detail What is wrong.
   * @param path The JSON path, for metadata problems.
   * @param element The MJCF element, for MJCF problems.
   * @param line The MJCF line, when known.
   */
  constructor(
    /** What kind of problem it is. */
    readonly kind: SceneErrorKind,
    /** The file (or path) it is in. */
    readonly file: string,
    /** What is wrong, without the place. */
    readonly detail: string,
    /** JSON path ("$.objects.object_2.object_id") for metadata problems. */
    readonly path?: string,
    /** The MJCF element MuJoCo (or the reader) names, for MJCF problems. */
    readonly element?: string,
    /** The MJCF line, when known. */
    readonly line?: number,
  ) {
    super(`${file}${where(path, element, line)}: ${detail}`);
  }
}

export interface SceneInput {
  /** sceneN.json: its text, or the already parsed value. */
  json: string | unknown;
  /** sceneN.xml text. */
  xml: string;
  /** Name for messages, e.g. "Scenes/Scene7/scene7.json". */
  file?: string;
}

/** Validates the metadata and compiles the MJCF once in MuJoCo. Never throws for bad input. */
export async function loadScene(input: SceneInput): Promise<Scene | SceneError> {
  const file = input.file ?? "scene.json";
  const xmlFile = file.replace(/\.json$/, ".xml");
  let raw: unknown = input.json;
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch (e) {
      return new SceneError("json", file, `not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const parsed = SceneJson.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const first = issues[0];
    const detail = issues.map((i) => `${jsonPath(i.path.map((p) => (typeof p === "symbol" ? String(p) : p)))}: ${i.message}`).join("; ");
    return new SceneError("schema", file, detail, jsonPath(first.path.map((p) => (typeof p === "symbol" ? String(p) : p))));
  }
  const json = parsed.data;

  let root: XmlElement;
  try {
    root = parseXml(input.xml);
  } catch (e) {
    if (e instanceof XmlSyntaxError) return new SceneError("mjcf", xmlFile, e.message, undefined, undefined, e.line);
    throw e;
  }
  if (root.tag !== "mujoco") return new SceneError("mjcf", xmlFile, `the root element is <${root.tag}>, expected <mujoco>`, undefined, root.tag, root.line);

  const mj = await mujoco();
  let bodyNames: Set<string>;
  try {
    const model = compileModel(mj, input.xml);
    bodyNames = new Set();
    for (let b = 1; b < model.nbody; b++) {
      const name = mj.mj_id2name(model, OBJ.BODY, b);
      if (typeof name === "string" && mj.mj_name2id(model, OBJ.BODY, name) === b) bodyNames.add(name);
    }
    model.delete();
  } catch (e) {
    if (e instanceof MjcfError) return new SceneError("mjcf", xmlFile, `MuJoCo: ${e.message}`, undefined, e.element ?? "", e.line);
    throw e;
  }

  const objects: SceneObject[] = [];
  for (const [key, entry] of Object.entries(json.objects)) {
    if (!bodyNames.has(key)) {
      return new SceneError("consistency", file, `no <body name="${key}"> in ${xmlFile}`, jsonPath(["objects", key]));
    }
    const permissions = json.object_permissions[`${key}_permissions`] ?? null;
    objects.push({ key, number: Number(entry.object_id), name: entry.name, permissions, hidden: permissions?.hidden === true });
  }
  objects.sort((a, b) => a.number - b.number);
  const unlisted = [...bodyNames].filter((n) => /^object_[0-9]+$/.test(n) && !(n in json.objects)).sort();

  const option = child(root, "option") ?? descendants(root).find((e) => e.tag === "option");
  const stepText = option ? attr(option, "timestep") : undefined;
  const mjcfStep = stepText !== undefined ? Number(stepText.trim()) : NaN;
  const timestepFromMjcf = Number.isFinite(mjcfStep) && mjcfStep > 0;

  const m = /scene(\d+)\.json$/i.exec(file);
  return {
    file,
    number: m ? Number(m[1]) : null,
    metadata: json.metadata,
    answer: json.answer,
    expectedBehavior: json.expected_behavior,
    reasoning: json.reasoning,
    numberOfObjects: Number(String(json.number_of_objects).trim()),
    objects,
    unlisted,
    xml: input.xml,
    timestep: timestepFromMjcf ? mjcfStep : DEFAULT_TIMESTEP,
    timestepFromMjcf,
    json,
  };
}

export function isSceneError(x: Scene | SceneError): x is SceneError {
  return x instanceof SceneError;
}
