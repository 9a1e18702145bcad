// One variant of a scene: draw values from the scene's declared ranges (a stream of its
// own per scene, set and draw), carry them into the files, measure the gold with the
// reference procedure on the varied world, write the gold in, and keep the variant only
// if the written files pass `mech physment verify`'s checks. A draw that fails is counted
// by reason and the next is drawn, up to a bound.
import { keyedRandom } from "../../files/random.ts";
import { loadScene, SceneError } from "../scene/load.ts";
import type { SceneJson } from "../scene/schema.ts";
import { World } from "../sim/world.ts";
import { makeToolBox } from "../tools/toolbox.ts";
import { type Answer, runProcedure } from "../reference.ts";
import { checkScene, type ProblemKind } from "../verify.ts";
import { type Parameter, type SceneVariation, drawValues, fmt, type Values } from "./declare.ts";
import { applyVariation } from "./apply.ts";

/** Why a draw was not kept: its declared constraint, files MuJoCo refuses, or a failed check. */
export type RejectionReason = "constraint" | "files" | ProblemKind;

/** Every rejection reason, in the order reports list them. */
export const REJECTION_REASONS: readonly RejectionReason[] = ["constraint", "files", "procedure", "gold", "closed-form", "interventions", "static", "category"];

/** Draws tried per variant before the scene is given up. */
export const MAX_DRAWS = 25;

/** A kept variant: its draw and its files (the gold measured). */
export interface Variant {
  /** The built-in scene varied. */
  scene: number;
  /** Which variant set it belongs to (1…count). */
  set: number;
  /** The draw that was kept (0-based; the ones before were rejected). */
  draw: number;
  /** The drawn value of each parameter. */
  values: Values;
  /** The gold, as the reference procedure measured it. */
  answer: Answer;
  /** sceneN.json as written. */
  json: string;
  /** sceneN.xml as written. */
  xml: string;
}

/** The outcome of drawing one variant. */
export interface VariantAttempt {
  /** The kept variant, or null when every draw was rejected. */
  variant: Variant | null;
  /** Rejected draws by reason (a draw with several problems counts under its first). */
  rejected: Partial<Record<RejectionReason, number>>;
  /** The last rejected draw's problems, in words. */
  last: string[];
}

/** "k = 50 N/m, m = 0.5 kg" */
function valuesText(v: SceneVariation, p: Values): string {
  return Object.entries<Parameter>(v.parameters).map(([k, d]) => `${k} = ${fmt(p[k])}${d.unit ? ` ${d.unit}` : ""}`).join(", ");
}

/** The stream of scene n's variant `set`, draw `draw` under `seed`. */
export const drawKey = (seed: string, n: number, set: number, draw: number) => `${seed}/physment/vary/${n}/${set}/${draw}`;

/**
 * Variant `set` of scene `n`: the first of up to `maxDraws` draws whose files pass the
 * checks. Deterministic in (seed, n, set). A declaration that does not fit the scene's
 * files throws a VariationError (that is a bug of the declaration, not a bad draw).
 */
export async function drawVariant(
  n: number,
  published: { json: SceneJson; xml: string },
  v: SceneVariation,
  seed: string,
  set: number,
  maxDraws = MAX_DRAWS,
): Promise<VariantAttempt> {
  const rejected: Partial<Record<RejectionReason, number>> = {};
  let last: string[] = [];
  const reject = (reason: RejectionReason, problems: string[]) => {
    rejected[reason] = (rejected[reason] ?? 0) + 1;
    last = problems;
  };
  for (let draw = 0; draw < maxDraws; draw++) {
    const p = drawValues(v, keyedRandom(drawKey(seed, n, set, draw)));
    const why = v.constraint?.(p) ?? null;
    if (why !== null) {
      reject("constraint", [why]);
      continue;
    }
    const files = applyVariation(published, v, p);
    const proc = v.procedure(p);
    const first = await loadScene({ json: files.json, xml: files.xml, file: `scene${n}.json` });
    if (first instanceof SceneError) {
      reject("files", [first.message]);
      continue;
    }
    // the gold: what the reference procedure measures on the varied world
    let answer: Answer;
    const world = await World.create(first);
    try {
      answer = runProcedure(proc, makeToolBox(world)).answer;
    } catch (e) {
      reject("procedure", [`the reference procedure fails: ${e instanceof Error ? e.message : String(e)}`]);
      continue;
    } finally {
      world.dispose();
    }
    const closed = proc.closedForm ? ` Closed form: ${proc.closedForm.formula} = ${JSON.stringify(proc.closedForm.value)}.` : "";
    const json: SceneJson = {
      ...files.json,
      answer,
      reasoning: `Variant ${set} of scene ${n} (${valuesText(v, p)}).${closed} The gold is what the scene's reference procedure measures in the simulator.`,
    };
    const text = JSON.stringify(json, null, 2) + "\n";
    // the written files, loaded again, must pass verify's checks (gold = measurement among them)
    const scene = await loadScene({ json: text, xml: files.xml, file: `scene${n}.json` });
    if (scene instanceof SceneError) {
      reject("files", [scene.message]);
      continue;
    }
    const { verdict, kinds } = await checkScene(n, scene, proc);
    if (kinds.length) {
      reject(kinds[0], verdict.problems);
      continue;
    }
    return { variant: { scene: n, set, draw, values: p, answer, json: text, xml: files.xml }, rejected, last };
  }
  return { variant: null, rejected, last };
}
