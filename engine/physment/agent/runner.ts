// Runs the benchmark grid: scenes × models × budgets (× strategies × protocols), each
// episode with a fresh ToolBox from the caller's factory (so this module does not depend on
// the simulator), at most `concurrency` episodes at a time.
//
// Resume: an episode whose transcript ends with an end record is never run again (it is
// reported as skipped, with that end record). An unfinished one (a kill, an abort after
// exhausted retries or at the deadline) is continued: with a stateless client (a model behind
// an endpoint) its recorded responses are replayed against a fresh world, each record the
// replay writes checked against the recorded one, and only the rest is asked of the model, so
// no response is lost or paid for twice. A transcript the replay does not reproduce (another
// prompt or world), and any transcript of a stateful client (a script, a reference
// procedure), is started afresh.
// Retries: each model request is retried on HTTP 429, timeouts, transport errors, HTTP
// 408/409/5xx and malformed bodies, with exponential backoff (retry.ts; default 6 attempts, 1 s doubling to at
// most 60 s, half jittered, Retry-After honoured). An episode whose request still fails, or
// that passes its deadline (episodeTimeoutMs), is reported as failed with the kind of its
// failure (the ModelError kind, episode_timeout, internal); its transcript ends with an abort
// record of that kind, so the next run retries it.
import { z } from "zod";
import type { ToolBox } from "../protocol.ts";
import { type EpisodeResult, type FailureKind, failureKind, runEpisode } from "./loop.ts";
import { type ModelClient, ModelError, type ModelResponse } from "../../llm/model.ts";
import { buildPrompt, type SceneInfoInput, Strategy } from "./prompt.ts";
import { ProtocolName } from "./protocols.ts";
import { RetryPolicy, type RetryPolicyInput, type Sleep } from "../../llm/retry.ts";
import { promisePool } from "../../parallel/pool.ts";
import { StoreError } from "../../files/errors.ts";
import {
  type EndRecord,
  episodeKey,
  finishedEnd,
  recordedPrefix,
  TranscriptRecord,
  type TranscriptSink,
  type TranscriptStore,
} from "./transcript.ts";

export const DEFAULT_BUDGETS: readonly number[] = [5, 10, 15, 20];

export interface SceneSetup {
  toolbox: ToolBox;
  scene: SceneInfoInput;
  /** Releases the simulation (called after the episode, also on failure). */
  close?: () => void | Promise<void>;
}
export type SceneFactory = (sceneId: string) => SceneSetup | Promise<SceneSetup>;

export interface ModelEntry {
  /** The model's name in transcripts and episode keys. */
  name: string;
  /** A shared client, or one per episode (a scripted agent must be fresh for each). */
  client: ModelClient | ((episode: EpisodeSpec) => ModelClient);
}

/** One episode of the grid: a scene played by a model at a budget, strategy and protocol. */
export interface EpisodeSpec {
  /** The scene's id (its number, as text). */
  scene: string;
  /** The model's name. */
  model: string;
  /** The iteration budget I_max. */
  budget: number;
  /** The prompting strategy. */
  strategy: Strategy;
  /** Function calling or PhysMent's text protocol. */
  protocol: ProtocolName;
  /** The transcript's key in the store (the file name without .jsonl). */
  key: string;
}

/**
 * What a run reports as it goes: an episode skipped (its transcript already finished),
 * started, retrying a request, finished or failed. `index` is the episode's place in the
 * grid (episodeGrid's order) from 0; `done` of `total` episodes have ended.
 */
export type ProgressEvent =
  & { episode: EpisodeSpec; index: number; done: number; total: number }
  & (
    | { kind: "skipped"; end: EndRecord }
    | { kind: "started" }
    | { kind: "retry"; attempt: number; delayMs: number; error: string }
    | { kind: "finished"; result: EpisodeResult; replayed: number }
    | { kind: "failed"; error: string; failure: FailureKind }
  );

/** How one episode of a run ended. */
export interface EpisodeOutcome {
  /** The episode. */
  episode: EpisodeSpec;
  /** Skipped (finished by an earlier run), finished now, or failed. */
  status: "skipped" | "finished" | "failed";
  /** The end record of a finished or skipped episode. */
  end?: EndRecord;
  /** What a finished episode did: its answer, iterations, calls, usage. */
  result?: EpisodeResult;
  /** Responses of a continued episode taken from its transcript instead of asking again. */
  replayed?: number;
  /** Why a failed episode failed, in words. */
  error?: string;
  /**
   * Why a failed episode failed: a ModelError kind (rate_limit, timeout, transport, server,
   * malformed, fatal, aborted), episode_timeout, or internal (the scene or the evaluator).
   */
  kind?: FailureKind;
}

/** What a run did. */
export interface RunSummary {
  /** In grid order, whatever order the episodes finished in. */
  outcomes: EpisodeOutcome[];
  /** Episodes played to their end by this run. */
  finished: number;
  /** Episodes finished by an earlier run, not played again. */
  skipped: number;
  /** Episodes that failed (their transcripts end with an abort record; the next run continues them). */
  failed: number;
  /** Failed episodes by kind. */
  failures: Partial<Record<FailureKind, number>>;
}

const GridOptions = z.object({
  scenes: z.array(z.string().min(1)).min(1),
  models: z.array(z.string().min(1)).min(1),
  budgets: z.array(z.int().positive()).min(1).default([...DEFAULT_BUDGETS]),
  strategies: z.array(Strategy).min(1).default(["zero-shot"]),
  protocols: z.array(ProtocolName).min(1).default(["function"]),
  concurrency: z.int().positive().default(4),
  retry: RetryPolicy.default(RetryPolicy.parse({})),
  episodeTimeoutMs: z.number().positive().optional(),
});

export interface RunOptions {
  scenes: readonly string[];
  models: readonly ModelEntry[];
  /** Default {5, 10, 15, 20}. */
  budgets?: readonly number[];
  /** Default ["zero-shot"]. */
  strategies?: readonly Strategy[];
  /** Default ["function"]. */
  protocols?: readonly ProtocolName[];
  factory: SceneFactory;
  store: TranscriptStore;
  /** Episodes in flight at once (default 4). */
  concurrency?: number;
  retry?: RetryPolicyInput;
  /** Each episode's deadline, milliseconds (default: none); see EpisodeOptions.timeoutMs. */
  episodeTimeoutMs?: number;
  /** The request fields an endpoint is sent beside the messages; a function model receives them as its controls. */
  controls?: Readonly<Record<string, unknown>>;
  sleep?: Sleep;
  random?: () => number;
  onProgress?: (event: ProgressEvent) => void;
  /** Stops scheduling episodes and aborts those in flight (they are reported as failed). */
  signal?: AbortSignal;
  /** Only the grid's episodes this accepts (a shard's, mech physment run --shard); default all. */
  select?: (episode: EpisodeSpec) => boolean;
}

/** The episodes of the grid, in order: scene, model, budget, strategy, protocol. */
export function episodeGrid(opts: Pick<RunOptions, "scenes" | "budgets" | "strategies" | "protocols"> & {
  models: readonly { name: string }[];
}): EpisodeSpec[] {
  const g = GridOptions.parse({ ...opts, models: opts.models.map((m) => m.name) });
  const out: EpisodeSpec[] = [];
  const seen = new Set<string>();
  for (const scene of g.scenes) {
    for (const model of g.models) {
      for (const budget of g.budgets) {
        for (const strategy of g.strategies) {
          for (const protocol of g.protocols) {
            const key = episodeKey({ scene, model, budget, strategy, protocol });
            if (seen.has(key)) throw new Error(`episode ${key} appears twice in the grid`);
            seen.add(key);
            out.push({ scene, model, budget, strategy, protocol, key });
          }
        }
      }
    }
  }
  return out;
}

export async function runBenchmark(opts: RunOptions): Promise<RunSummary> {
  const grid = GridOptions.parse({
    scenes: opts.scenes,
    models: opts.models.map((m) => m.name),
    budgets: opts.budgets,
    strategies: opts.strategies,
    protocols: opts.protocols,
    concurrency: opts.concurrency,
    retry: opts.retry,
    episodeTimeoutMs: opts.episodeTimeoutMs,
  });
  const episodes = episodeGrid(opts).filter(opts.select ?? (() => true));
  const clients = new Map(opts.models.map((m) => [m.name, m.client]));
  const outcomes: EpisodeOutcome[] = new Array(episodes.length);
  const total = episodes.length;
  let done = 0;
  const emit = (index: number, e: DistributiveOmit<ProgressEvent, "episode" | "index" | "done" | "total">) =>
    opts.onProgress?.({ ...e, episode: episodes[index], index, done, total } as ProgressEvent);

  // a transcript that cannot be written (a full or read-only disk) stops the pool, which
  // cancels the episodes in flight (what they do could not be kept) and throws the error once
  await promisePool(episodes, grid.concurrency, async (episode, i, stopped) => {
    const signal = opts.signal ? AbortSignal.any([opts.signal, stopped]) : stopped;
    if (signal.aborted) {
      outcomes[i] = { episode, status: "failed", error: "aborted before start", kind: "aborted" };
      done++;
      emit(i, { kind: "failed", error: "aborted before start", failure: "aborted" });
      return;
    }
    const text = await opts.store.read(episode.key);
    const end = finishedEnd(text);
    if (end) {
      outcomes[i] = { episode, status: "skipped", end };
      done++;
      emit(i, { kind: "skipped", end });
      return;
    }
    emit(i, { kind: "started" });
    const entry = clients.get(episode.model)!;
    let setup: SceneSetup | undefined;
    /** One attempt at the episode: continuing what `recorded` holds, or afresh when it is null. */
    const play = async (recorded: Recorded | null) => {
      setup = await opts.factory(episode.scene);
      const client = typeof entry === "function" ? entry(episode) : entry;
      const prompt = buildPrompt({
        scene: setup.scene,
        specs: setup.toolbox.specs,
        budget: episode.budget,
        strategy: episode.strategy,
        protocol: episode.protocol,
      });
      const replay = recorded && client.stateless ? new ReplayClient(client, recordedResponses(recorded)) : null;
      const sink = replay ? new ReplaySink(recorded!, text!, opts.store, episode.key, replay) : await opts.store.create(episode.key);
      let endRecord: EndRecord | undefined;
      const observed: TranscriptSink = {
        write: async (r) => {
          await sink.write(r);
          if (r.type === "retry") emit(i, { kind: "retry", attempt: r.attempt, delayMs: r.delay_ms, error: r.error });
          if (r.type === "end") endRecord = r;
        },
      };
      const result = await runEpisode({
        client: replay ?? client,
        model: episode.model,
        toolbox: setup.toolbox,
        prompt,
        protocol: episode.protocol,
        budget: episode.budget,
        scene: episode.scene,
        strategy: episode.strategy,
        transcript: observed,
        retry: grid.retry,
        sleep: opts.sleep,
        random: opts.random,
        signal,
        timeoutMs: grid.episodeTimeoutMs,
        controls: opts.controls,
      });
      return { result, endRecord, replayed: replay?.replayed ?? 0 };
    };
    const release = async () => {
      try {
        await setup?.close?.();
      } catch {
        // a failing close must not hide the episode's outcome
      }
      setup = undefined;
    };
    try {
      let played;
      try {
        played = await play(recordedPrefix(text));
      } catch (err) {
        if (!(err instanceof ReplayMismatch) || signal.aborted) throw err;
        // the transcript is not what this world and prompt give: the episode starts afresh
        await release();
        played = await play(null);
      }
      const { result, endRecord, replayed } = played;
      outcomes[i] = { episode, status: "finished", end: endRecord, result, ...(replayed ? { replayed } : {}) };
      done++;
      emit(i, { kind: "finished", result, replayed });
    } catch (err) {
      if (err instanceof StoreError) throw err;
      const error = err instanceof Error ? err.message : String(err);
      const kind = failureKind(err);
      outcomes[i] = { episode, status: "failed", error, kind };
      done++;
      emit(i, { kind: "failed", error, failure: kind });
    } finally {
      await release();
    }
  });

  return {
    outcomes,
    finished: outcomes.filter((o) => o.status === "finished").length,
    skipped: outcomes.filter((o) => o.status === "skipped").length,
    failed: outcomes.filter((o) => o.status === "failed").length,
    failures: outcomes.reduce<Record<string, number>>((f, o) => (o.kind ? { ...f, [o.kind]: (f[o.kind] ?? 0) + 1 } : f), {}),
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

// ---- continuing an unfinished episode ----

type Recorded = NonNullable<ReturnType<typeof recordedPrefix>>;

/** The recorded transcript is not what replaying it gives (another prompt, world or code): it cannot be continued. */
class ReplayMismatch extends Error {
  override name = "ReplayMismatch";
}

/** The model responses a transcript recorded whole (usage and message), iteration 1, 2, … up to the first one missing. */
function recordedResponses(recorded: Recorded): ModelResponse[] {
  const out: ModelResponse[] = [];
  for (let k = 1;; k++) {
    const usage = recorded.find((r) => r.record.type === "usage" && r.record.iteration === k)?.record;
    const message = recorded.find((r) => r.record.type === "message" && r.record.iteration === k && r.record.message.role === "assistant")?.record;
    if (usage?.type !== "usage" || message?.type !== "message" || message.message.role !== "assistant") return out;
    const m = message.message;
    out.push({
      content: m.content,
      toolCalls: m.tool_calls ?? [],
      usage: usage.usage,
      ...(m.reasoning !== undefined ? { reasoning: m.reasoning } : {}),
      finishReason: usage.finish_reason,
    });
  }
}

/** Serves recorded responses first, then asks the model. */
export class ReplayClient implements ModelClient {
  readonly model: string;
  /** Responses served from the record; the model was asked once `delegated` is set. */
  replayed = 0;
  delegated = false;
  constructor(readonly inner: ModelClient, readonly responses: readonly ModelResponse[]) {
    this.model = inner.model;
  }
  chat(...args: Parameters<ModelClient["chat"]>): Promise<ModelResponse> {
    const r = this.responses[this.replayed];
    if (r && !this.delegated) {
      if (args[2]?.signal?.aborted) return Promise.reject(new ModelError("aborted", "aborted"));
      this.replayed++;
      return Promise.resolve(structuredClone(r));
    }
    this.delegated = true;
    return this.inner.chat(...args);
  }
}

/** The fields that differ between two plays of the same episode: timestamps and timings. */
const TIMING = new Set(["started", "finished", "latency_ms", "started_ms", "duration_ms"]);
const comparable = (r: TranscriptRecord) => JSON.stringify(Object.entries(TranscriptRecord.parse(r)).filter(([k]) => !TIMING.has(k)));

/**
 * The transcript of a continued episode. While the loop replays recorded responses, each
 * record it writes must equal the recorded one at that place (timings aside) and is not
 * written again; retry and abort records of earlier runs stay where they are, as history.
 * From the first request to the model (or the end of what was recorded) on, the rest of the
 * old transcript (a record of a response that was lost, a line cut off) is cut away and the
 * new records are appended. A record that differs while replaying is a ReplayMismatch; an
 * abort while replaying is not written (the transcript already holds more).
 */
class ReplaySink implements TranscriptSink {
  #at = 0;
  #sink: TranscriptSink | undefined;
  constructor(
    readonly recorded: Recorded,
    readonly text: string,
    readonly store: TranscriptStore,
    readonly key: string,
    readonly client: ReplayClient,
  ) {}
  async write(record: TranscriptRecord): Promise<void> {
    if (!this.#sink) {
      while (this.recorded[this.#at] && ["retry", "abort"].includes(this.recorded[this.#at].record.type)) this.#at++;
      const old = this.recorded[this.#at];
      // stopped while replaying (Ctrl-C, the deadline, an error in the world): the transcript
      // already holds more than this run got to, and stays as it is
      if (old && !this.client.delegated && record.type === "abort") return;
      if (old && !this.client.delegated) {
        if (comparable(old.record) !== comparable(record)) {
          throw new ReplayMismatch(`record ${this.#at + 1} (${old.record.type}) differs from its replay`);
        }
        this.#at++;
        return;
      }
      this.#sink = await this.store.resume(this.key, this.text.slice(0, this.#at ? this.recorded[this.#at - 1].end : 0));
    }
    await this.#sink.write(record);
  }
}
