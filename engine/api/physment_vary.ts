// Fresh PhysMent instances: seeded variants of the built-in scenes, each with its gold
// measured by the scene's reference procedure on the varied world and kept only when it
// passes verify's checks; written as variant sets in PhysMent's layout (set-K/SceneN/),
// each set runnable with scenesDir like any scenes. Resumable: a kept variant is written
// whole before the next is drawn, and a second call skips the variants already there.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { writeAtomically } from "../files/atomic_write.ts";
import { fsMessage } from "../files/fs_reason.ts";
import { OptionsError, StoreError } from "../files/errors.ts";
import { sha256 } from "../files/sha256.ts";
import { SceneJson } from "../physment/scene/schema.ts";
import { drawVariant, MAX_DRAWS, REJECTION_REASONS, type RejectionReason, type Variant } from "../physment/variation/vary.ts";
import { checkVariantRecord, VARIANT_FORMAT, type VariantRecord, VARIANTS_FORMAT, type VariantsRecord } from "../physment/variation/record.ts";
import { builtinReference, builtinSceneNumbers, builtinSceneTexts, builtinVariation } from "../../scenes/mod.ts";
import type { ReferenceProcedure } from "../physment/reference.ts";
import { checkOptions, SIGNAL } from "./options.ts";
import { UnknownSceneError } from "./physment_scenes.ts";

/** What varyPhysmentScenes draws and where it writes. */
export interface VaryPhysmentOptions {
  /** The seed: the same seed gives the same variants, byte for byte. Keep it secret for a private set. */
  seed: string;
  /** Variants per scene (sets 1…count; default 5, at most 100). */
  count?: number;
  /** Built-in scenes to vary (default all 105). */
  scenes?: readonly number[];
  /** A directory to write the sets to (created if missing; a run stopped midway continues). */
  out?: string;
  /** Draws tried per variant before it is given up (default MAX_DRAWS). */
  maxDraws?: number;
  /** Called after each variant, kept or given up. */
  onProgress?: (e: VaryProgress) => void;
  /** Stops between variants. */
  signal?: AbortSignal;
}

/** One variant done. */
export interface VaryProgress {
  /** The scene. */
  scene: number;
  /** The variant set. */
  set: number;
  /** Variants done so far. */
  done: number;
  /** Variants in all. */
  total: number;
  /** False when every draw was rejected. */
  kept: boolean;
  /** True when the variant was already in the directory. */
  resumed: boolean;
}

/** A variant every draw of which was rejected. */
export interface GivenUp {
  /** The scene. */
  scene: number;
  /** The variant set. */
  set: number;
  /** Its draws by reason. */
  rejected: Partial<Record<RejectionReason, number>>;
  /** The last draw's problems. */
  last: string[];
}

/** The variants drawn. */
export interface PhysmentVariants {
  /** Kept variants, by scene then set. */
  variants: Variant[];
  /** Variants whose every draw was rejected (none when all went well). */
  givenUp: GivenUp[];
  /** Rejected draws over every variant, by reason (every reason listed). */
  rejected: Record<RejectionReason, number>;
  /** variants.json's content. */
  record: VariantsRecord;
}

const Options = z.object({
  seed: z.string().min(1, "expected a nonempty seed"),
  count: z.int().min(1).max(100).default(5),
  scenes: z.array(z.int().positive()).min(1).optional(),
  out: z.string().min(1).optional(),
  maxDraws: z.int().min(1).max(1000).default(MAX_DRAWS),
  onProgress: z.function().optional(),
  signal: SIGNAL,
}).strict();

/** Where variant `set` of scene n lives under `out`. */
export const variantDir = (out: string, set: number, n: number) => join(out, `set-${set}`, `Scene${n}`);

/**
 * Draws `count` variants of each built-in scene (default 5 of all 105): each parameter the
 * scene declares drawn from its range, the world and texts edited, the gold measured by
 * the scene's reference procedure, and the variant kept only if its files pass the checks
 * of `mech physment verify` (gold = measurement, closed form, interventions, not readable
 * off static attributes); rejected draws are counted by reason and the next is drawn.
 * With `out`, writes `set-K/SceneN/` (sceneN.json, sceneN.xml, variant.json) for K = 1…count
 * and `variants.json`; each set runs with `runPhysment({ scenesDir: out + "/set-K" })`.
 *
 * @param options The seed, the count, the scenes and the directory.
 * @returns The kept variants, those given up, and the rejections by reason.
 * @throws {OptionsError} For a malformed option or a scene that declares no variation.
 * @throws {UnknownSceneError} For a scene number the built-in set does not hold.
 * @throws {StoreError} When the directory cannot be written or holds something else (another seed's variants included).
 *
 * @example Two variants of scene 10, in memory
 * ```ts
 * import { varyPhysmentScenes } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const v = await varyPhysmentScenes({ seed: "example", count: 2, scenes: [10] });
 * assert.equal(v.variants.length, 2);
 * assert.deepEqual(v.givenUp, []);
 * console.log(v.variants.map((x) => [x.values, x.answer]));
 * ```
 */
export async function varyPhysmentScenes(options: VaryPhysmentOptions): Promise<PhysmentVariants> {
  const o = checkOptions("varyPhysmentScenes", Options, options);
  const all = builtinSceneNumbers();
  const scenes = o.scenes ?? all;
  for (const n of scenes) {
    if (!all.includes(n)) throw new UnknownSceneError("varyPhysmentScenes", n);
    if (!builtinVariation(n)) throw new OptionsError(`varyPhysmentScenes: scene ${n} declares no variation (scenes/Scene${n}/reference.ts exports none)`);
  }
  const seedSha = sha256(o.seed);
  if (o.out !== undefined) prepareVaryDir(o.out, seedSha);
  const variants: Variant[] = [];
  const givenUp: GivenUp[] = [];
  const rejected = Object.fromEntries(REJECTION_REASONS.map((r) => [r, 0])) as Record<RejectionReason, number>;
  const total = scenes.length * o.count;
  let done = 0;
  for (const n of scenes) {
    const texts = builtinSceneTexts(n)!;
    const published = { json: SceneJson.parse(JSON.parse(texts.json)), xml: texts.xml };
    for (let set = 1; set <= o.count; set++) {
      o.signal?.throwIfAborted();
      const earlier = o.out === undefined ? null : readKept(o.out, n, set, seedSha);
      const attempt = earlier ?? await drawVariant(n, published, builtinVariation(n)!, o.seed, set, o.maxDraws);
      for (const [r, k] of Object.entries(attempt.rejected) as [RejectionReason, number][]) rejected[r] += k;
      if (attempt.variant) {
        variants.push(attempt.variant);
        if (o.out !== undefined && !earlier) writeVariant(o.out, attempt.variant, seedSha, attempt.rejected);
      } else givenUp.push({ scene: n, set, rejected: attempt.rejected, last: attempt.last });
      (o.onProgress as VaryPhysmentOptions["onProgress"])?.({ scene: n, set, done: ++done, total, kept: attempt.variant !== null, resumed: earlier !== null });
    }
  }
  const record: VariantsRecord = {
    format: VARIANTS_FORMAT,
    seed_sha256: seedSha,
    count: o.count,
    scenes: [...scenes],
    max_draws: o.maxDraws,
    rejected,
    variants: variants.map((v) => ({ scene: v.scene, set: v.set, draw: v.draw, values: { ...v.values }, answer: v.answer })),
  };
  if (o.out !== undefined) writeAtomically(o.out, "variants.json", JSON.stringify(record, null, 2) + "\n");
  return { variants, givenUp, rejected, record };
}

/** Creates `dir`, or accepts it when empty or holding variants of the same seed. */
function prepareVaryDir(dir: string, seedSha: string): void {
  let entries: string[];
  try {
    if (!existsSync(dir)) {
      mkdirSync(dir, { recursive: true });
      return;
    }
    if (!statSync(dir).isDirectory()) throw new StoreError(`${dir}: exists and is not a directory`);
    entries = readdirSync(dir);
  } catch (e) {
    if (e instanceof StoreError) throw e;
    throw fsMessage(dir, e);
  }
  const foreign = entries.filter((e) => !/^set-\d+$/.test(e) && e !== "variants.json" && !e.startsWith("."));
  if (foreign.length) throw new StoreError(`${dir}: holds ${foreign.slice(0, 3).join(", ")}${foreign.length > 3 ? ", …" : ""}, not a variant set; choose an empty or new directory`);
  for (const set of entries.filter((e) => /^set-\d+$/.test(e))) {
    for (const scene of safeList(join(dir, set))) {
      const file = join(dir, set, scene, "variant.json");
      if (!existsSync(file)) continue;
      const r = checkVariantRecord(safeJson(file));
      if ("problem" in r) throw new StoreError(`${file}: not a variant record (${r.problem}); choose another directory`);
      if (r.record.seed_sha256 !== seedSha) throw new StoreError(`${dir}: holds variants drawn with another seed; choose another directory`);
    }
  }
}

const safeList = (dir: string): string[] => {
  try {
    return statSync(dir).isDirectory() ? readdirSync(dir).sort() : [];
  } catch (e) {
    throw fsMessage(dir, e);
  }
};

const safeJson = (file: string): unknown => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    if (e instanceof SyntaxError) throw new StoreError(`${file}: not JSON (${e.message})`);
    throw fsMessage(file, e);
  }
};

/** A variant already written by an earlier call with the same seed, or null. */
function readKept(out: string, n: number, set: number, seedSha: string) {
  const dir = variantDir(out, set, n);
  const file = join(dir, "variant.json");
  if (!existsSync(file)) return null;
  const checked = checkVariantRecord(safeJson(file));
  const r = "record" in checked ? checked.record : null;
  if (!r || r.seed_sha256 !== seedSha || r.scene !== n || r.set !== set) throw new StoreError(`${file}: not variant ${set} of scene ${n} under this seed; choose another directory`);
  let json: string, xml: string;
  try {
    json = readFileSync(join(dir, `scene${n}.json`), "utf8");
    xml = readFileSync(join(dir, `scene${n}.xml`), "utf8");
  } catch (e) {
    throw fsMessage(dir, e);
  }
  const variant: Variant = { scene: n, set, draw: r.draw, values: r.values, answer: r.answer, json, xml };
  return { variant, rejected: r.rejected as Partial<Record<RejectionReason, number>>, last: [] as string[] };
}

/** The scene files, then variant.json (its presence marks the variant complete). */
function writeVariant(out: string, v: Variant, seedSha: string, rejected: Partial<Record<RejectionReason, number>>): void {
  const dir = variantDir(out, v.set, v.scene);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw fsMessage(dir, e);
  }
  writeAtomically(dir, `scene${v.scene}.xml`, v.xml);
  writeAtomically(dir, `scene${v.scene}.json`, v.json);
  const record: VariantRecord = { format: VARIANT_FORMAT, scene: v.scene, set: v.set, seed_sha256: seedSha, draw: v.draw, values: { ...v.values }, answer: v.answer, rejected: { ...rejected } as Record<string, number> };
  writeAtomically(dir, "variant.json", JSON.stringify(record, null, 2) + "\n");
}

/**
 * The reference procedure of scene n: the built-in one, or with `scenesDir` a variant
 * set's (the scene's declared procedure at the values its variant.json records).
 * Throws an OptionsError when the directory's scene is not a variant of a built-in scene.
 */
export function referenceProcedure(fn: string, n: number, scenesDir: string | undefined): ReferenceProcedure {
  if (scenesDir === undefined) {
    const proc = builtinReference(n);
    if (!proc) throw new UnknownSceneError(fn, n);
    return proc;
  }
  const file = join(scenesDir, `Scene${n}`, "variant.json");
  if (!existsSync(file)) throw new OptionsError(`${fn}: the reference agent plays the built-in scenes and their variant sets (mech physment vary); ${file} is missing, so ${scenesDir} is not a variant set`);
  const checked = checkVariantRecord(safeJson(file));
  if ("problem" in checked) throw new OptionsError(`${fn}: ${file}: not a variant record (${checked.problem})`);
  const r = checked.record;
  const v = builtinVariation(r.scene);
  if (r.scene !== n || !v) throw new OptionsError(`${fn}: ${file}: records scene ${r.scene}, expected a variant of built-in scene ${n}`);
  const missing = Object.keys(v.parameters).filter((k) => !(k in r.values));
  if (missing.length) throw new OptionsError(`${fn}: ${file}: values: no value for ${missing.join(", ")} (drawn by another version of the scene's variation?)`);
  return v.procedure(r.values);
}
