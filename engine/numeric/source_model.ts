// A mechanism file's numeric model: the validated model, its numeric block and the system
// assembled from the component types' quantitative blocks (so a user's file needs no
// code), or why it has none. The numerical check and the soundness check both start here.
import { fromZod, MechanismError } from "../model/issues.ts";
import type { Library, SourceFile } from "../model/library.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import type { MechanismModel } from "../model/model.ts";
import { AssemblyError, genericModel } from "./assemble.ts";
import { ExprError } from "./expr.ts";
import { type NumericBlock, NumericBlockSchema, type NumericModelDef } from "./model.ts";
import { SortError } from "./sort.ts";

/**
 * A mechanism's numeric model cannot be assembled or solved (the message names the file).
 *
 * @example
 * ```ts
 * import { numericCheck, NumericModelError } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * // a heat capacitor whose numeric block gives no capacitance
 * const data = {
 *   id: "m",
 *   components: [{ name: "c", type: "thermal.HeatCapacitor" }],
 *   free: ["c.port"],
 *   scenarios: [{ id: "base" }],
 *   numeric: { parameters: {}, stopTime: 1 },
 * };
 * await assert.rejects(numericCheck([{ file: "m.json", data }]), NumericModelError);
 * ```
 */
export class NumericModelError extends Error {
  /** The error's name, for messages and logs. */
  override name = "NumericModelError";
}

/** A mechanism with its numeric model, ready to integrate. */
export interface NumericSource {
  model: MechanismModel;
  block: NumericBlock;
  def: NumericModelDef;
}

/** A mechanism without a numeric block: its id and the reason. */
export interface NumericSkip {
  /** The mechanism's id. */
  mechanism: string;
  /** Why it has no numeric model. */
  reason: string;
}

/**
 * The numeric model of a mechanism file, or why it has none.
 *
 * @throws {MechanismError} When the file or its numeric block is invalid.
 * @throws {NumericModelError} When the numeric model cannot be assembled.
 */
export function numericSource(f: SourceFile, library: Library): NumericSource | NumericSkip {
  const model = loadMechanism(f.data, f.file, library);
  const raw = (f.data as { numeric?: unknown }).numeric;
  if (raw === undefined) return { mechanism: model.id, reason: "the mechanism file has no numeric block" };
  const parsed = NumericBlockSchema.safeParse(raw);
  if (!parsed.success) throw new MechanismError(fromZod(f.file, parsed.error).map((i) => ({ ...i, path: ["numeric", ...i.path] })));
  try {
    // built once here: a model that cannot be assembled fails naming the file
    const sys = genericModel(model, library).build(parsed.data);
    return { model, block: parsed.data, def: { mechanism: model.id, build: () => sys } };
  } catch (e) {
    if (e instanceof AssemblyError || e instanceof SortError || e instanceof ExprError) throw new NumericModelError(`${f.file}: ${e.message}`);
    throw e;
  }
}

/** Runs a step of the numerical runs; a solve that fails mid-run is a NumericModelError naming the file. */
export function numericStep<T>(file: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof SortError) throw new NumericModelError(`${file}: ${e.message}`);
    throw e;
  }
}
