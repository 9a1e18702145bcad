// The run viewer for PhysMent runs, from a script and behind `mech view`.
import { z } from "zod";
import { physmentViewData } from "../physment/report/mod.ts";
import type { SceneKey } from "../physment/evaluate.ts";
import { SceneError } from "../physment/scene/load.ts";
import { OptionsError } from "../files/errors.ts";
import { checkOptions } from "./options.ts";
import { loadPhysmentTranscripts } from "./physment_score.ts";
import { sceneKey, UnknownSceneError } from "./physment_scenes.ts";
import { type RunView, runView } from "./view_kind.ts";

/**
 * The run viewer's page for PhysMent runs, as `mech view` writes it: a list of a row per
 * episode (scene, category, model, budget, correct, C, E, G, V, R, failure modes) that
 * filters and sorts; and each episode as a timeline: the prompt, then per iteration the
 * model's reply and reasoning, every tool call with its arguments and its result as
 * returned (failed calls marked), where the episode stopped and why, and the answer against
 * the truth with Eq. 4's band. Unfinished transcripts, damaged ones and ones of scenes that
 * cannot be read are shown marked with the reason.
 *
 * @param dirs Transcript directories of mech physment run (runPhysment).
 * @param options `scenesDir`: the directory of SceneN folders the runs played (default: the built-in scenes).
 * @returns The page, its row counts and the warnings.
 * @throws {RunError} When a directory cannot be read or holds no transcript.
 *
 * @example
 * ```ts
 * import { runPhysment, viewPhysmentRuns } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const out = await Deno.makeTempDir();
 * await runPhysment({ model: { reference: true }, scenes: [7], budgets: [5], out });
 * const view = viewPhysmentRuns([out]);
 * assert.deepEqual([view.rows, view.marked], [1, 0]);
 * await Deno.writeTextFile(`${out}/view.html`, view.html);
 * ```
 */
export function viewPhysmentRuns(dirs: readonly string[], options: { scenesDir?: string } = {}): RunView {
  const o = checkOptions("viewPhysmentRuns", z.object({ scenesDir: z.string().min(1).optional() }).strict(), options);
  if (!dirs.length) throw new OptionsError("viewPhysmentRuns: dirs: expected at least one run directory");
  const transcripts = dirs.flatMap((d) => loadPhysmentTranscripts(d));
  return runView(physmentViewData({
    transcripts,
    sceneKey: (n): SceneKey | string => {
      try {
        return sceneKey("viewPhysmentRuns", n, o.scenesDir);
      } catch (e) {
        // a scene that cannot be read marks its episodes; the others are shown
        if (e instanceof SceneError || e instanceof UnknownSceneError) return e.message;
        throw e;
      }
    },
    problems: [],
  }));
}
