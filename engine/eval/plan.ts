// What a model run is before it starts: the selected items, the request controls its
// profile allows, and the run.json that identifies it (so a resumed run is the same run).
import type { TaskSet } from "../tasks/store.ts";
import { SYSTEM_MESSAGE } from "../tasks/envelope.ts";
import { BASELINES, type BaselineName } from "./baseline_client.ts";
import { type EvalItem, evalItems, type Selection, SelectionError, selectItems } from "./items.ts";
import { BUILTIN_PROFILES, type Profiles, requestControls } from "./profiles.ts";
import { EVAL_RUN_FORMAT, type RunConfig, type RunSettings } from "./run_records.ts";

export const DEFAULT_ENDPOINT = "https://api.openai.com/v1";

/**
 * The in-process baseline a model name names (`baseline:majority`, `baseline:replay`, as
 * `mech eval --model` takes them), or null for any other model name.
 *
 * @param model A model name.
 * @returns The baseline's name, or null.
 * @throws {SelectionError} For `baseline:` and a name that is no baseline.
 *
 * @example
 * ```ts
 * import { baselineOf } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * assert.equal(baselineOf("baseline:majority"), "majority");
 * assert.equal(baselineOf("gpt-5"), null);
 * assert.throws(() => baselineOf("baseline:oracle"), /unknown baseline "oracle"/);
 * ```
 */
export function baselineOf(model: string): BaselineName | null {
  const m = /^baseline:(.*)$/.exec(model);
  if (!m) return null;
  if (!(BASELINES as readonly string[]).includes(m[1])) {
    throw new SelectionError(`unknown baseline "${m[1]}" (expected ${BASELINES.map((b) => `baseline:${b}`).join(" or ")})`);
  }
  return m[1] as BaselineName;
}

export interface RunPlan {
  /** Every item of the benchmark (baselines are fitted to the whole release). */
  all: EvalItem[];
  /** The items this run sends, in benchmark order. */
  items: EvalItem[];
  config: RunConfig;
}

export function planRun(p: {
  set: TaskSet;
  selection: Selection;
  model: string;
  baseUrl: string | null;
  apiKeyEnv: string | null;
  settings: RunSettings;
  /** Independent requests per item (default 1). */
  samples?: number;
  profiles?: Profiles;
  clock?: () => Date;
}): RunPlan {
  const baseline = baselineOf(p.model);
  const all = evalItems(p.set);
  const items = selectItems(all, p.selection);
  // a baseline answers in process: no endpoint, no request controls
  const request = baseline ? {} : requestControls(p.model, {
    maxOutputTokens: p.settings.max_output_tokens,
    temperature: p.settings.temperature ?? undefined,
    reasoningEffort: p.settings.reasoning_effort ?? undefined,
    jsonObject: p.settings.json_object,
  }, p.profiles ?? BUILTIN_PROFILES);
  const config: RunConfig = {
    format: EVAL_RUN_FORMAT,
    model: p.model,
    endpoint: baseline ? p.model : (p.baseUrl ?? DEFAULT_ENDPOINT).replace(/\/+$/, ""),
    api_key_env: baseline ? null : p.apiKeyEnv,
    tasks: { dir: p.set.dir, completion_sha256: p.set.manifest.completion_sha256, retained: p.set.manifest.retained },
    selection: p.selection,
    settings: p.settings,
    request,
    system_message: SYSTEM_MESSAGE,
    // absent for one sample: such a run.json is the one runs always wrote
    ...(p.samples !== undefined && p.samples > 1 ? { samples: p.samples } : {}),
    items: items.length,
    created: (p.clock?.() ?? new Date()).toISOString(),
  };
  return { all, items, config };
}

/** The items a recorded run selected, from its benchmark (checked to be the same release). */
export function itemsOfRun(set: TaskSet, config: RunConfig): { all: EvalItem[]; items: EvalItem[] } {
  if (set.manifest.completion_sha256 !== config.tasks.completion_sha256) {
    throw new SelectionError(`${set.dir} is not the benchmark this run used (completion hash ${set.manifest.completion_sha256.slice(0, 12)}…, the run's ${config.tasks.completion_sha256.slice(0, 12)}…)`);
  }
  const all = evalItems(set);
  return { all, items: selectItems(all, config.selection) };
}
