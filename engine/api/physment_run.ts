// Running the PhysMent benchmark from a script, through the runner `mech physment run`
// uses: the grid of scenes × budgets, an endpoint model, an agent written as a function, or
// the built-in scenes' reference procedures; retries, deadlines, concurrency, progress
// events, cancellation; transcripts in a directory (locked while running, resumed after a
// kill, the very files the command writes) or in memory.
import { mkdirSync } from "node:fs";
import { z } from "zod";
import { FunctionModelClient } from "../llm/function_client.ts";
import { OpenAIModelClient } from "../llm/openai_client.ts";
import { DEFAULT_EPISODE_TIMEOUT_S, DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_MAX_RETRIES, DEFAULT_REQUEST_TIMEOUT_S, DEFAULT_TEMPERATURE } from "../llm/defaults.ts";
import { requestControls } from "../eval/profiles.ts";
import { DEFAULT_BUDGETS, type EpisodeSpec, type ModelEntry, type ProgressEvent, runBenchmark, type RunSummary } from "../physment/agent/runner.ts";
import { FileTranscriptStore, MemoryTranscriptStore } from "../physment/agent/transcript.ts";
import { PHYSMENT_SHARD_FORMAT, type PhysmentSettings, recordPhysmentShard, refuseShardDirectory, shardEpisodes } from "../physment/agent/shard_run.ts";
import type { TranscriptText } from "../physment/evaluate.ts";
import { ProcedureClient, type ReferenceProcedure } from "../physment/reference.ts";
import { referenceProcedure } from "./physment_vary.ts";
import { sceneSetup } from "../physment/setup.ts";
import type { Scene } from "../physment/scene/load.ts";
import { builtinSceneNumbers } from "../../scenes/mod.ts";
import { lockDirectory } from "../files/dir_lock.ts";
import { fsMessage } from "../files/fs_reason.ts";
import { OptionsError } from "../files/errors.ts";
import { Shard } from "../shard/shard.ts";
import type { EndpointModel, FunctionModel } from "./evaluate.ts";
import { checkOptions, SIGNAL } from "./options.ts";
import { sceneByNumber } from "./physment_scenes.ts";

/** The built-in scenes' reference procedures as the agent (function calling, built-in scenes only); its transcripts name the model "reference". */
export interface ReferenceModel {
  /** Play each scene's own scripted experiment instead of calling a model. */
  reference: true;
}

/** The agent of a PhysMent run: an endpoint, a TypeScript function (messages and tool schemas in, tool calls or an answer out), or the reference procedures. */
export type PhysmentModel = EndpointModel | FunctionModel | ReferenceModel;

/** The grid of a PhysMent run: which episodes it plays. */
export interface PhysmentGridOptions {
  /** The agent; its id names it in the transcripts and episode keys. */
  model: PhysmentModel;
  /** Scene numbers, played in this order (default: the built-in set's, 7–111). */
  scenes?: readonly number[];
  /** Iteration budgets I_max (default 5, 10, 15, 20). */
  budgets?: readonly number[];
  /** The prompting strategy (default "zero-shot"). */
  strategy?: "zero-shot" | "one-shot" | "few-shot-cot";
  /** Native function calling (default "function") or PhysMent's text protocol, where the agent writes its calls as JSON in its reply. */
  protocol?: "function" | "text";
  /** Only shard `index` of `count` (1-based): the episodes whose transcript key falls in it. */
  shard?: { index: number; count: number };
}

/** What runPhysment runs. Defaults are `mech physment run`'s. */
export interface RunPhysmentOptions extends PhysmentGridOptions {
  /** A directory of SceneN folders in PhysMent's layout (absent: the built-in scenes). */
  scenesDir?: string;
  /**
   * The transcript directory (created; locked while the run writes it): a finished episode
   * in it is never run again and an unfinished one is continued. Absent: the transcripts
   * are kept in memory and returned.
   */
  out?: string;
  /**
   * Without `out`: the transcripts of an earlier run in memory (its `transcripts`), to go on
   * from as from a directory: finished episodes are skipped, unfinished ones continued.
   */
  transcripts?: readonly PhysmentTranscript[];
  /** Episodes in flight at once (default 4). */
  concurrency?: number;
  /** Retries of a request after a transient failure (429, timeout, connection, 5xx, malformed reply), with backoff (default 5). */
  maxRetries?: number;
  /** Each episode's deadline in milliseconds, past which it fails as episode_timeout (default one hour); null: none. */
  episodeTimeoutMs?: number | null;
  /** Sent to models whose profile takes a temperature (default 0). */
  temperature?: number;
  /** The requested output limit per response; the model's profile may lower it (default 20,000). */
  maxOutputTokens?: number;
  /** Stops the run: no episode starts after it, those in flight fail as "aborted" and are continued by the next run. */
  signal?: AbortSignal;
  /** Called as episodes start, retry a request, finish, fail or are skipped as already finished. */
  onProgress?: (event: ProgressEvent) => void;
}

/** A transcript of a run: its episode key, where it is, and its text (see scorePhysment). */
export interface PhysmentTranscript extends TranscriptText {
  /** The episode's key (the file name without .jsonl). */
  key: string;
}

/** What runPhysment did. */
export interface PhysmentRun {
  /** The transcript directory, or null when the transcripts are kept in memory. */
  dir: string | null;
  /** The run's settings, as a shard's shard.json records them. */
  settings: PhysmentSettings;
  /** The episodes of this run (of its shard), in grid order: scene, then budget. */
  episodes: EpisodeSpec[];
  /** Each episode's outcome and the counts of finished, skipped and failed episodes. */
  summary: RunSummary;
  /** The transcript of every episode that has one, in grid order. */
  transcripts: PhysmentTranscript[];
}

const fn = z.custom<(...a: never[]) => unknown>((v) => typeof v === "function", "expected a function");
const MODEL_EXPECTED = "expected {id, function} for an agent function, {id, baseUrl?, apiKey?} for an endpoint, or {reference: true}";
const ReferenceShape = z.object({ reference: z.literal(true) }).strict();
const FunctionShape = z.object({ id: z.string().min(1), function: fn, timeoutMs: z.number().positive().optional() }).strict();
const EndpointShape = z.object({ id: z.string().min(1), baseUrl: z.string().min(1).optional(), apiKey: z.string().optional(), apiKeyEnv: z.string().min(1).optional(), timeoutMs: z.int().positive().optional(), maxResponseBytes: z.int().positive().optional() }).strict();

/** The model checked against the kind its keys say it is, so a mistake is named in that kind's terms. */
const Model = z.unknown().superRefine((m, ctx) => {
  const shape = typeof m !== "object" || m === null ? null : "reference" in m ? ReferenceShape : "function" in m ? FunctionShape : "id" in m ? EndpointShape : null;
  if (!shape) {
    ctx.addIssue({ code: "custom", message: MODEL_EXPECTED });
    return;
  }
  for (const issue of shape.safeParse(m).error?.issues ?? []) ctx.addIssue({ ...issue, code: "custom", path: issue.path, message: issue.code === "unrecognized_keys" ? `unknown option${issue.keys.length === 1 ? "" : "s"} ${issue.keys.join(", ")}` : issue.message });
}).transform((m) => m as PhysmentModel);

const Grid = {
  model: Model,
  scenes: z.array(z.int().positive()).min(1).optional(),
  budgets: z.array(z.int().positive()).min(1).default([...DEFAULT_BUDGETS]),
  strategy: z.enum(["zero-shot", "one-shot", "few-shot-cot"]).default("zero-shot"),
  protocol: z.enum(["function", "text"]).default("function"),
  shard: Shard.optional(),
};

const Options = z.object({
  ...Grid,
  scenesDir: z.string().min(1).optional(),
  out: z.string().min(1).optional(),
  transcripts: z.array(z.object({ key: z.string().min(1), source: z.string(), text: z.string() })).optional(),
  concurrency: z.int().min(1).max(256).default(4),
  maxRetries: z.int().min(0).default(DEFAULT_MAX_RETRIES),
  episodeTimeoutMs: z.number().positive().nullable().default(DEFAULT_EPISODE_TIMEOUT_S * 1000),
  temperature: z.number().min(0).max(2).default(DEFAULT_TEMPERATURE),
  maxOutputTokens: z.int().positive().default(DEFAULT_MAX_OUTPUT_TOKENS),
  signal: SIGNAL,
  onProgress: fn.optional(),
}).strict();

type Checked = z.output<typeof Options>;

/** The run's settings (shard.json's), with the checks the reference agent needs. */
function settingsOf(name: string, o: Pick<Checked, "model" | "scenes" | "budgets" | "strategy" | "protocol"> & Partial<Pick<Checked, "scenesDir" | "temperature" | "maxOutputTokens">>): PhysmentSettings {
  const m = o.model;
  if ("reference" in m) {
    if (o.protocol !== "function") throw new OptionsError(`${name}: protocol: the reference procedures speak function calling; expected "function"`);
  }
  return {
    model: "reference" in m ? "reference" : m.id,
    reference: "reference" in m,
    base_url: "reference" in m ? null : "function" in m ? `function:${m.id}` : m.baseUrl ?? null,
    scenes_dir: o.scenesDir ?? null,
    scenes: o.scenes ?? builtinSceneNumbers(),
    budgets: o.budgets,
    strategy: o.strategy,
    protocol: o.protocol,
    temperature: o.temperature ?? DEFAULT_TEMPERATURE,
    max_output_tokens: o.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
  };
}

/**
 * The episodes a run with these options plays (of its shard, when one is given), in grid
 * order: scene, then budget. Nothing is loaded or run.
 *
 * @param options The model, scenes, budgets, strategy, protocol and shard of the run.
 * @returns The episodes: scene, model, budget, strategy, protocol and transcript key.
 * @throws {OptionsError} For a malformed option.
 *
 * @example
 * ```ts
 * import { physmentEpisodes } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const episodes = physmentEpisodes({ model: { reference: true }, scenes: [7, 8], budgets: [5, 10] });
 * assert.deepEqual(episodes.map((e) => `${e.scene}/${e.budget}`), ["7/5", "7/10", "8/5", "8/10"]);
 * assert.equal(episodes[0].key, "7__reference__b5__zero-shot__function");
 * ```
 */
export function physmentEpisodes(options: PhysmentGridOptions): EpisodeSpec[] {
  const o = checkOptions("physmentEpisodes", z.object(Grid).strict(), options);
  return shardEpisodes(settingsOf("physmentEpisodes", o), o.shard ?? null);
}

/** The agent as the runner takes it, and the request controls its profile sends (as `mech eval`'s do). */
function modelEntry(model: PhysmentModel, o: Checked, procedures: ReadonlyMap<number, ReferenceProcedure> | null): { entry: ModelEntry; controls?: Record<string, unknown> } {
  if ("reference" in model) {
    return {
      entry: {
        name: "reference",
        client: (episode) => {
          const proc = procedures?.get(Number(episode.scene));
          if (!proc) throw new Error(`scene ${episode.scene} has no reference procedure`);
          return new ProcedureClient(proc);
        },
      },
    };
  }
  const controls = requestControls(model.id, { maxOutputTokens: o.maxOutputTokens, temperature: o.temperature, jsonObject: false });
  // one client per episode: the ids it gives tool calls then depend on that episode alone
  if ("function" in model) return { entry: { name: model.id, client: () => new FunctionModelClient(model.function, { model: model.id, timeoutMs: model.timeoutMs }) }, controls };
  const client = new OpenAIModelClient({
    model: model.id,
    baseURL: model.baseUrl,
    apiKey: model.apiKey || "unused",
    timeoutMs: model.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_S * 1000,
    ...(model.maxResponseBytes !== undefined ? { maxResponseBytes: model.maxResponseBytes } : {}),
    extraBody: controls,
  });
  return { entry: { name: model.id, client } };
}

/** A store in memory holding an earlier run's transcripts. */
function memoryStore(transcripts: readonly PhysmentTranscript[]): MemoryTranscriptStore {
  const store = new MemoryTranscriptStore();
  for (const t of transcripts) store.files.set(t.key, t.text);
  return store;
}

/**
 * Runs the PhysMent grid (scenes × budgets) with one agent through the runner of
 * `mech physment run`. Each episode plays a fresh simulation of its scene; the agent sees
 * the prompt and the 26 tools' schemas and answers with tool calls until it calls `answer`
 * or its budget is spent. Requests that fail transiently are retried with backoff; an
 * episode that still fails, or passes its deadline, is recorded as failed (its transcript
 * ends with an abort record) and the others go on.
 *
 * With `out` a directory, the transcripts are the files `mech physment run --out` writes:
 * calling again with the same options (or running the command) skips finished episodes and
 * continues unfinished ones, replaying an endpoint's or function's recorded replies instead
 * of asking again.
 *
 * @param options The agent, the grid, where the transcripts go, and `mech physment run`'s settings.
 * @returns The settings, the episodes, their outcomes and their transcripts.
 * @throws {OptionsError} For a malformed option, or the reference agent with scenesDir or the text protocol.
 * @throws {UnknownSceneError} For a scene number the built-in set does not hold (without scenesDir).
 * @throws {SceneError} When a scene of scenesDir cannot be read or is malformed.
 * @throws {RunError} When another process is writing the directory.
 * @throws {StoreError} When the directory cannot be created, or holds a shard of another run (ShardError).
 *
 * @example An agent function on one scene, in memory
 * ```ts
 * import { runPhysment, scorePhysment } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * // answers at once, without experimenting (and so, most likely, wrongly)
 * const run = await runPhysment({
 *   model: { id: "guess-zero", function: () => ({ content: null, toolCalls: [{ name: "answer", arguments: { answer: 0 } }] }) },
 *   scenes: [7],
 *   budgets: [5],
 * });
 * assert.equal(run.summary.finished, 1);
 * console.log(scorePhysment(run).summaries.at(-1));
 * ```
 *
 * @example The reference procedures, transcripts in a directory
 * ```ts
 * import { runPhysment } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const out = await Deno.makeTempDir();
 * const first = await runPhysment({ model: { reference: true }, scenes: [7], budgets: [5], out });
 * assert.equal(first.summary.finished, 1);
 * // again: the finished episode is not played twice
 * const again = await runPhysment({ model: { reference: true }, scenes: [7], budgets: [5], out });
 * assert.equal(again.summary.skipped, 1);
 * ```
 */
export async function runPhysment(options: RunPhysmentOptions): Promise<PhysmentRun> {
  const o = checkOptions("runPhysment", Options, options);
  const settings = settingsOf("runPhysment", o);
  const shard = o.shard ?? null;
  const episodes = shardEpisodes(settings, shard);
  const mine = new Set(episodes.map((e) => e.key));
  // a shard loads only the scenes its episodes play
  const scenes = new Map<number, Scene>();
  for (const n of new Set(episodes.map((e) => Number(e.scene)))) scenes.set(n, await sceneByNumber("runPhysment", n, o.scenesDir));
  // on a variant set (mech physment vary), the reference agent plays each scene's procedure at the variant's values
  const procedures = "reference" in o.model ? new Map([...scenes.keys()].map((n) => [n, referenceProcedure("runPhysment", n, o.scenesDir)])) : null;
  const { entry, controls } = modelEntry(o.model, o, procedures);
  if (o.out !== undefined && o.transcripts !== undefined) throw new OptionsError("runPhysment: transcripts: an earlier run in memory, or a directory (out); not both");
  const dir = o.out ?? null;
  const store = dir !== null ? new FileTranscriptStore(dir) : memoryStore(o.transcripts ?? []);
  let release = () => {};
  if (dir !== null) {
    try {
      mkdirSync(dir, { recursive: true });
    } catch (e) {
      throw fsMessage(dir, e);
    }
    // one writer per transcript directory (the lock mech eval's run directories take)
    release = await lockDirectory(dir);
  }
  let summary: RunSummary;
  try {
    if (dir !== null && shard) recordPhysmentShard(dir, { format: PHYSMENT_SHARD_FORMAT, shard, settings });
    else if (dir !== null) refuseShardDirectory(dir);
    summary = await runBenchmark({
      ...(shard ? { select: (e: EpisodeSpec) => mine.has(e.key) } : {}),
      scenes: settings.scenes.map(String),
      models: [entry],
      budgets: settings.budgets,
      strategies: [settings.strategy],
      protocols: [settings.protocol],
      factory: (id) => sceneSetup(scenes.get(Number(id))!, id),
      store,
      concurrency: o.concurrency,
      retry: { maxAttempts: o.maxRetries + 1 },
      ...(o.episodeTimeoutMs !== null ? { episodeTimeoutMs: Math.round(o.episodeTimeoutMs) } : {}),
      ...(controls ? { controls } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  } finally {
    release();
  }
  const transcripts: PhysmentTranscript[] = [];
  for (const e of episodes) {
    const text = await store.read(e.key);
    if (text !== null) transcripts.push({ key: e.key, source: store.locate(e.key), text });
  }
  return { dir, settings, episodes, summary, transcripts };
}
