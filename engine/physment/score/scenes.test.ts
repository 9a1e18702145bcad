// The original 105 scenes, read from the shared scene set beside the repository (skipped
// where it is absent): every ground truth scores as correct against itself, and the
// part-kind table agrees with the scene files. No answer is written into the repository.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_EPS_ABS, EPS_REL, gradeAnswer, GroundTruth, truthParts } from "./answer.ts";
import { categoryOfScene } from "./categories.ts";
import { printedDecimals, regrade } from "./normalize.ts";
import { CONCEPT_LEGENDS, partKinds, SCENE_PARTS } from "./scene_keys.ts";

const SCENES = new URL("../../../../shared/physment-scenes/Scenes/", import.meta.url);

interface SceneFile {
  id: number;
  answer: GroundTruth;
  problemType: string;
  objects: { id: number; name: string }[];
}

function loadScenes(): SceneFile[] {
  return readdirSync(SCENES)
    .map((d) => Number(/^Scene(\d+)$/.exec(d)?.[1]))
    .filter((id) => Number.isInteger(id))
    .sort((a, b) => a - b)
    .map((id) => {
      const j = JSON.parse(readFileSync(new URL(`Scene${id}/scene${id}.json`, SCENES), "utf8"));
      const objects = Object.values(j.objects as Record<string, { name: string; object_id: string }>).map((o) => ({ id: Number(o.object_id), name: o.name }));
      return { id, answer: GroundTruth.parse(j.answer), problemType: j.metadata.problem_type, objects };
    });
}

describe.skipIf(!existsSync(SCENES))("the 105 original scenes", () => {
  const scenes = existsSync(SCENES) ? loadScenes() : [];

  it("are scenes 7–111, each in a Table 1 category", () => {
    expect(scenes.map((s) => s.id)).toEqual(Array.from({ length: 105 }, (_, i) => i + 7));
    for (const s of scenes) expect([s.id, categoryOfScene(s.id)]).not.toEqual([s.id, null]);
  });

  it("every ground truth is correct against itself, in every form an answer can take", () => {
    for (const s of scenes) {
      const parts = truthParts(s.answer);
      const forms = [s.answer, parts.join(", "), `[${parts.join(", ")}]`, JSON.stringify(s.answer), parts.map(String)];
      for (const f of forms) {
        const g = gradeAnswer(f, s.answer);
        expect([s.id, f, g.correct, g.C]).toEqual([s.id, f, true, 1]);
        const r = regrade(f, { scene_id: s.id, answer: s.answer, objects: s.objects });
        expect([s.id, f, r.pass, r.regraded, r.classes]).toEqual([s.id, f, true, false, []]);
      }
    }
  });

  it("the part-kind table fits the scenes: lengths, object ids, legend codes", () => {
    for (const [id, kinds] of Object.entries(SCENE_PARTS)) {
      const s = scenes.find((x) => x.id === Number(id));
      expect(s, `scene ${id}`).toBeDefined();
      const parts = truthParts(s!.answer);
      expect([id, kinds.length]).toEqual([id, parts.length]);
      kinds.forEach((k, i) => {
        if (k === "object") {
          expect([id, i, s!.objects.some((o) => o.id === parts[i])]).toEqual([id, i, true]);
        }
        if (k === "code") {
          const legend = CONCEPT_LEGENDS[Number(id)]?.[i];
          expect([id, i, legend !== undefined && String(parts[i]) in legend]).toEqual([id, i, true]);
        }
      });
    }
    for (const id of Object.keys(CONCEPT_LEGENDS)) expect(SCENE_PARTS[Number(id)], `legend of scene ${id}`).toBeDefined();
    // Every comparison scene's answer is an object id or a code (or a list holding one first).
    for (const s of scenes.filter((x) => x.problemType === "comparison")) {
      expect([s.id, partKinds(s.id, truthParts(s.answer))[0]]).not.toEqual([s.id, "quantity"]);
    }
  });

  it("ε_abs: the finest printed place of any truth is 1e-3, and ε_abs is ≤ a tenth of the 5 % band of every non-zero part", () => {
    const numbers = scenes.flatMap((s) => truthParts(s.answer)).filter((x): x is number => typeof x === "number");
    expect(Math.max(...numbers.map(printedDecimals))).toBe(3);
    for (const a of numbers.filter((x) => x !== 0)) expect(DEFAULT_EPS_ABS).toBeLessThanOrEqual(0.1 * EPS_REL * Math.abs(a) + 1e-15);
  });
});
