// A PhysMent viewer's data at the size of a large run (every built-in scene × budgets ×
// models), from synthetic transcripts, for the viewer's load-time tests.
import { sceneKey } from "../../api/physment_scenes.ts";
import { builtinSceneNumbers } from "../../../scenes/mod.ts";
import type { ViewerData } from "../../report/viewer.ts";
import { physmentViewData } from "./view.ts";
import { syntheticTranscript } from "./view.test_support.ts";

export function largePhysmentViewData(budgets: readonly number[], models: number): ViewerData {
  const transcripts = builtinSceneNumbers().flatMap((scene) =>
    budgets.flatMap((budget) =>
      Array.from({ length: models }, (_, m) => {
        const t = syntheticTranscript({ scene, model: `model-${m + 1}`, budget, iterations: Math.min(budget, 4 + ((scene + m) % 9)), calls: 2, answer: (scene + m) % 4 === 0 ? null : 1, replyChars: 700 });
        return { ...t, source: `run/${t.key}.jsonl` };
      })
    )
  );
  return physmentViewData({ transcripts, sceneKey: (n) => sceneKey("test", n, undefined), problems: [] });
}
