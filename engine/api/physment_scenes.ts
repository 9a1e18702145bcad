// PhysMent's scenes for scripts: the built-in set (by number) or a directory in PhysMent's
// layout, tool calls against a fresh simulation of one, the verification of the built-in
// scenes, and what scoring reads of a scene.
import { z } from "zod";
import { type Scene, SceneError } from "../physment/scene/load.ts";
import { loadSceneFiles, readSceneFile, scenePaths } from "../physment/scene/files.ts";
import { SceneJson } from "../physment/scene/schema.ts";
import { World } from "../physment/sim/world.ts";
import { makeToolBox } from "../physment/tools/toolbox.ts";
import { ToolCall, type ToolResult } from "../physment/protocol.ts";
import type { SceneKey } from "../physment/evaluate.ts";
import { categoryCounts, type SceneVerdict, verifyScene } from "../physment/verify.ts";
import { builtinReference, builtinScene, builtinSceneNumbers, builtinSceneTexts } from "../../scenes/mod.ts";
import { parseJsonText } from "../model/json_text.ts";
import { jsonPath } from "../files/json_path.ts";
import { OptionsError } from "../files/errors.ts";
import { checkOptions } from "./options.ts";

/**
 * A scene number the built-in set does not hold (its numbers are 7–111, Table 1's); name a
 * directory of scenes in PhysMent's layout to use other scenes.
 *
 * @example
 * ```ts
 * import { loadPhysmentScene, UnknownSceneError } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * await assert.rejects(loadPhysmentScene(5), UnknownSceneError);
 * ```
 */
export class UnknownSceneError extends OptionsError {
  /** The error's name, for messages and logs. */
  override name = "UnknownSceneError";
  /**
   * An unknown scene asked of a function.
   *
   * @param fn The library function that was asked for the scene.
   * @param scene The scene number asked for.
   */
  constructor(fn: string, readonly scene: number) {
    super(`${fn}: no built-in scene ${scene} (built-in: ${builtinRange()}); give the directory that holds it as scenesDir`);
  }
}

/** The built-in numbers as "first…last, N scenes". */
function builtinRange(): string {
  const all = builtinSceneNumbers();
  return all.length ? `${all[0]}…${all.at(-1)}, ${all.length} scenes` : "none";
}

/**
 * The numbers of the built-in scenes (7–111, Table 1's numbering), ascending.
 *
 * @returns The scene numbers.
 *
 * @example
 * ```ts
 * import { physmentSceneNumbers } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const numbers = physmentSceneNumbers();
 * assert.equal(numbers[0], 7);
 * assert.equal(numbers.length, 105);
 * ```
 */
export function physmentSceneNumbers(): number[] {
  return builtinSceneNumbers();
}

/** Where loadPhysmentScene looks for a scene given by number. */
export interface LoadPhysmentSceneOptions {
  /** A directory of SceneN folders (PhysMent's layout); absent: the built-in scenes. */
  scenesDir?: string;
}

/**
 * Loads and validates one scene: a number names a built-in scene (or scene N of
 * `scenesDir`), a string a SceneN directory or a sceneN.json file with its .xml beside it.
 * The MJCF is compiled once in MuJoCo to check it.
 *
 * @param scene A scene number, or the path of a scene's directory or metadata file.
 * @param options `scenesDir`: where numbered scenes are, instead of the built-in set.
 * @returns The scene: its metadata, objects, gold answer and MJCF.
 * @throws {UnknownSceneError} For a number the built-in set does not hold.
 * @throws {SceneError} When the files cannot be read, or break the scene format (the message names the file and JSON path or MJCF element).
 *
 * @example
 * ```ts
 * import { loadPhysmentScene } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const scene = await loadPhysmentScene(7);
 * assert.equal(scene.number, 7);
 * console.log(scene.metadata.task, scene.objects.map((o) => o.name));
 * ```
 */
export async function loadPhysmentScene(scene: number | string, options: LoadPhysmentSceneOptions = {}): Promise<Scene> {
  const o = checkOptions("loadPhysmentScene", z.object({ scenesDir: z.string().min(1).optional() }).strict(), options);
  if (typeof scene === "string") return await loadSceneFiles(scene);
  if (!Number.isInteger(scene) || scene < 1) throw new OptionsError(`loadPhysmentScene: scene: expected a scene number or a path, got ${JSON.stringify(scene)}`);
  return await sceneByNumber("loadPhysmentScene", scene, o.scenesDir);
}

/** Scene `n` of `scenesDir`, or the built-in one when it is absent. */
export async function sceneByNumber(fn: string, n: number, scenesDir: string | undefined): Promise<Scene> {
  if (scenesDir !== undefined) return await loadSceneFiles(`${scenesDir}/Scene${n}`);
  if (!builtinSceneTexts(n)) throw new UnknownSceneError(fn, n);
  return await builtinScene(n);
}

/**
 * What scoring reads of scene `n` (its metadata file only; the MJCF is not compiled): the
 * gold answer, the objects, the task and the file's name.
 */
export function sceneKey(fn: string, n: number, scenesDir: string | undefined): SceneKey {
  let text: string, file: string;
  if (scenesDir === undefined) {
    const t = builtinSceneTexts(n);
    if (!t) throw new UnknownSceneError(fn, n);
    ({ json: text, file } = t);
  } else {
    file = scenePaths(`${scenesDir}/Scene${n}`).json;
    text = readSceneFile(file);
  }
  const r = SceneJson.safeParse(parseJsonText(text, file));
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new SceneError("schema", file, `at ${jsonPath(issue.path)}: ${issue.message}`);
  }
  const d = r.data;
  return {
    truth: { sceneId: n, answer: d.answer, objects: Object.values(d.objects).map((o) => ({ id: Number(o.object_id), name: o.name })) },
    task: d.metadata.task,
    file,
  };
}

/** A tool call: the tool's name and its parameters (default none). */
export interface PhysmentToolCall {
  /** One of the 26 tools, e.g. "step", "get_velocity". */
  tool: string;
  /** The tool's parameters, e.g. {"object_id": "object_1"}. */
  parameters?: Record<string, unknown>;
}

/**
 * Runs tool calls against a fresh simulation of a scene, without a model: what an agent's
 * calls would return. A call the tools reject (unknown tool, bad parameters, a hidden
 * object) comes back with `error: true` and does not stop the others.
 *
 * @param scene A scene from loadPhysmentScene.
 * @param calls The calls, in order.
 * @returns One result per call: the tool, its parameters, its result object and the simulated time after it.
 * @throws {OptionsError} When a call is not {tool, parameters?}.
 *
 * @example Drop the ball of scene 7 for 0.5 s and read its velocity
 * ```ts
 * import { execToolCalls, loadPhysmentScene } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const scene = await loadPhysmentScene(7);
 * const results = await execToolCalls(scene, [
 *   { tool: "step", parameters: { duration: 0.5 } },
 *   { tool: "get_velocity", parameters: { object_id: "object_1" } },
 * ]);
 * assert.equal(results.length, 2);
 * assert.ok(results.every((r) => !r.error));
 * console.log(results[1].result);
 * ```
 */
export async function execToolCalls(scene: Scene, calls: readonly PhysmentToolCall[]): Promise<ToolResult[]> {
  const checked = checkOptions("execToolCalls", z.object({ calls: z.array(ToolCall) }), { calls });
  const world = await World.create(scene);
  try {
    const box = makeToolBox(world);
    return checked.calls.map((c) => box.call(c));
  } finally {
    world.dispose();
  }
}

/** Which built-in scenes verifyPhysmentScenes replays. */
export interface VerifyPhysmentOptions {
  /** Only these built-in scenes; then the category counts are not checked. Default: all. */
  scenes?: readonly number[];
}

/** A category's scene count against Table 1's. */
export interface CategoryCount {
  /** The category's name, as Table 1 writes it. */
  category: string;
  /** Table 1's count. */
  want: number;
  /** The built-in scenes in it. */
  have: number;
}

/** The verification of the built-in scenes. */
export interface PhysmentVerification {
  /** One verdict per scene, in the order asked. */
  scenes: SceneVerdict[];
  /** Every category's count against Table 1's (empty when only some scenes were verified). */
  categories: CategoryCount[];
  /** True when no scene has a problem and every count is Table 1's. */
  ok: boolean;
}

/**
 * Replays each built-in scene's reference procedure on a fresh simulation, as
 * `mech physment verify` does: the gold answer must be what it measures, agree with its
 * closed form, need its category's interventions and not be readable off the scene's static
 * attributes; with every scene verified, each category must have Table 1's count.
 *
 * @param options `scenes`: only these built-in scenes (default all 105).
 * @returns Each scene's verdict, the category counts, and whether all passed.
 * @throws {UnknownSceneError} For a scene number the built-in set does not hold.
 *
 * @example
 * ```ts
 * import { verifyPhysmentScenes } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const v = await verifyPhysmentScenes({ scenes: [7] });
 * assert.deepEqual(v.scenes[0].problems, []);
 * assert.ok(v.ok);
 * ```
 */
export async function verifyPhysmentScenes(options: VerifyPhysmentOptions = {}): Promise<PhysmentVerification> {
  const o = checkOptions("verifyPhysmentScenes", z.object({ scenes: z.array(z.int().positive()).optional() }).strict(), options);
  const all = builtinSceneNumbers();
  const picked = o.scenes ?? all;
  const missing = picked.find((n) => !all.includes(n));
  if (missing !== undefined) throw new UnknownSceneError("verifyPhysmentScenes", missing);
  const scenes: SceneVerdict[] = [];
  for (const n of picked) scenes.push(await verifyScene(n, await builtinScene(n), builtinReference(n)));
  const categories = o.scenes ? [] : categoryCounts(all);
  return { scenes, categories, ok: scenes.every((v) => !v.problems.length) && categories.every((c) => c.have === c.want) };
}
