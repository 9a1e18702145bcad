// The built-in PhysMent scenes: their files (embedded at install) and their reference
// procedures, by scene number.
import { REFERENCES, SCENE_TEXTS, VARIATIONS } from "./scenes.gen.ts";
import { loadScene, type Scene, SceneError } from "../engine/physment/scene/load.ts";
import type { ReferenceProcedure } from "../engine/physment/reference.ts";
import type { SceneVariation } from "../engine/physment/variation/declare.ts";

export function builtinSceneNumbers(): number[] {
  return Object.keys(SCENE_TEXTS).map(Number).sort((a, b) => a - b);
}

export function builtinSceneTexts(n: number): { json: string; xml: string; file: string } | undefined {
  const t = SCENE_TEXTS[n];
  return t ? { ...t, file: `scenes/Scene${n}/scene${n}.json` } : undefined;
}

/** A built-in scene, loaded and validated; throws SceneError when the files are broken. */
export async function builtinScene(n: number): Promise<Scene> {
  const t = builtinSceneTexts(n);
  if (!t) throw new Error(`no built-in scene ${n}`);
  const s = await loadScene(t);
  if (s instanceof SceneError) throw s;
  return s;
}

export function builtinReference(n: number): ReferenceProcedure | undefined {
  return REFERENCES[n];
}

/** What built-in scene n may vary (its declared parameters, edits and procedure), or undefined. */
export function builtinVariation(n: number): SceneVariation | undefined {
  return VARIATIONS[n];
}
