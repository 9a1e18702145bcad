// The request runner of a model run (paper A.7): every selected item is sent once per
// sample (once unless the run asks for several) as the fixed two-message envelope, at most
// `concurrency` requests at a time; each (item, sample) is a request and a record of its own. Rate limits wait and retry
// (Retry-After honoured); any other failure is recorded as an infrastructure failure with
// its history and is retried only when asked (retryFailed), with the unchanged prompt.
// A response is stored in the response cache before its record is appended, so a process
// killed at any moment never loses a response it paid for: on resume the item is finished
// from the cache. An (item, sample) with a response record is never sent again.
import { type ChatMessage, type ModelClient, ModelError, type ModelResponse } from "../llm/model.ts";
import { callWithRetry, type RetryPolicyInput, type Sleep } from "../llm/retry.ts";
import { promisePool } from "../parallel/pool.ts";
import type { EvalItem } from "./items.ts";
import type { Attempt, ErrorInfo, ItemRecord } from "./run_records.ts";
import type { FailureClass } from "./record_kinds.ts";
import { type RequestIdentity, requestKey, type ResponseCache } from "./cache.ts";
import { latestBySample } from "./record_kinds.ts";
import { SYSTEM_MESSAGE } from "../tasks/envelope.ts";

import { DEFAULT_RATE_LIMIT_ATTEMPTS } from "./defaults.ts";

/** The two-message envelope of every request: the fixed system message, then the persisted prompt. */
export function requestMessages(prompt: string): ChatMessage[] {
  return [{ role: "system", content: SYSTEM_MESSAGE }, { role: "user", content: prompt }];
}

/**
 * Where a model run stands: sent once when it starts and again after each request. A
 * request is one sample of one item (a run of one sample: one item).
 */
export interface EvalProgress {
  /** Requests with a record (finished before this session or in it). */
  done: number;
  /** Requests of the run in all: items × samples. */
  total: number;
  /** Requests finished in this session by sending them (responses and failures). */
  sent: number;
  /** Requests finished in this session from the response cache. */
  cached: number;
  /** Infrastructure failures by class: this session's, and earlier ones not being retried. */
  failures: Partial<Record<FailureClass, number>>;
  /** Input tokens of this session's responses. */
  inputTokens: number;
  /** Output tokens of this session's responses. */
  outputTokens: number;
  /** The record that just finished. */
  last: ItemRecord | null;
}

export interface EvalRunOptions {
  items: readonly EvalItem[];
  client: ModelClient;
  /** What identifies a request for the cache: endpoint and controls (model from the client). */
  endpoint: string;
  controls: Record<string, unknown>;
  cache: ResponseCache | null;
  /** Records already on disk, and where new ones go. */
  existing: readonly ItemRecord[];
  append: (record: ItemRecord) => void;
  concurrency: number;
  /** Independent requests per item (default 1): the run's `samples`. */
  samples?: number;
  /** Send the (item, sample) requests whose latest record is an infrastructure failure again. */
  retryFailed?: boolean;
  rateLimitAttempts?: number;
  retry?: Omit<RetryPolicyInput, "maxAttempts">;
  sleep?: Sleep;
  random?: () => number;
  signal?: AbortSignal;
  onProgress?: (p: EvalProgress) => void;
  now?: () => number;
  clock?: () => Date;
}

/** What one session of a model run did, counted in requests (items × samples). */
export interface EvalRunSummary {
  /** Requests of the run in all: items × samples. */
  total: number;
  /** Requests finished before this session and left alone. */
  skipped: number;
  /** Requests this session finished by sending them (responses and failures). */
  sent: number;
  /** Requests this session finished from the response cache. */
  cached: number;
  /** Infrastructure failures by class: this session's, and earlier ones not retried. */
  failures: Partial<Record<FailureClass, number>>;
  /** Requests still without a record (the run was stopped). */
  pending: number;
  /** Input tokens of this session's responses. */
  inputTokens: number;
  /** Output tokens of this session's responses. */
  outputTokens: number;
}

/** Which infrastructure failure a ModelError is. */
export function failureClass(e: ModelError): FailureClass {
  switch (e.kind) {
    case "rate_limit":
      return "rate_limit";
    case "timeout":
      return "timeout";
    case "transport":
      return "transport";
    case "server":
      return "gateway";
    case "oversize":
      return "oversize";
    default:
      if (e.status === 413 || (e.status === 400 && /context|too long|too many tokens|maximum.*tokens|token limit/i.test(e.message))) return "context";
      if (e.status !== undefined) return "http";
      return /malformed/i.test(e.message) ? "malformed" : "evaluator";
  }
}

const errorInfo = (e: unknown): ErrorInfo =>
  e instanceof ModelError
    ? { kind: e.kind, status: e.status ?? null, message: e.message }
    : { kind: "evaluator", status: null, message: e instanceof Error ? e.message : String(e) };

/** What a function model learns about the task it answers (never the gold). */
const taskContext = (item: EvalItem): Record<string, string | number> => ({
  task_id: item.task_id,
  family: item.family,
  mechanism: item.mechanism,
  level: item.level,
  complexity: item.complexity,
});

export async function runEval(opts: EvalRunOptions): Promise<EvalRunSummary> {
  const now = opts.now ?? (() => performance.now());
  const clock = opts.clock ?? (() => new Date());
  const samples = opts.samples ?? 1;
  const latest = latestBySample(opts.existing, samples);
  if (latest.length > samples) throw new RangeError(`the run's records hold sample ${latest.length - 1}, but the run has ${samples} sample${samples === 1 ? "" : "s"} per item`);
  // item-major, so an item's samples finish together and a stopped run leaves whole items
  const requests = opts.items.flatMap((item) => Array.from({ length: samples }, (_, sample) => ({ item, sample })));
  const todo = requests.filter(({ item, sample }) => {
    const r = latest[sample].get(item.task_id);
    return !r || (r.type === "failure" && opts.retryFailed);
  });
  const failures: Partial<Record<FailureClass, number>> = {};
  for (const { item, sample } of requests) {
    const r = latest[sample].get(item.task_id);
    if (r?.type === "failure" && !opts.retryFailed) failures[r.class] = (failures[r.class] ?? 0) + 1;
  }
  const p: EvalProgress = {
    done: requests.length - todo.length,
    total: requests.length,
    sent: 0,
    cached: 0,
    failures,
    inputTokens: 0,
    outputTokens: 0,
    last: null,
  };
  const finish = (record: ItemRecord) => {
    opts.append(record);
    p.done++;
    p.last = record;
    if (record.type === "response") {
      if (record.cached) p.cached++;
      else {
        p.sent++;
        p.inputTokens += record.usage?.prompt_tokens ?? 0;
        p.outputTokens += record.usage?.completion_tokens ?? 0;
      }
    } else {
      p.sent++;
      p.failures[record.class] = (p.failures[record.class] ?? 0) + 1;
    }
    opts.onProgress?.({ ...p, failures: { ...p.failures } });
  };
  opts.onProgress?.({ ...p, failures: { ...p.failures } });

  const model = opts.client.model;
  // a record that cannot be written (a full or read-only disk) stops the pool, which cancels
  // the requests in flight (their answers could not be kept) and throws the error once
  await promisePool(todo, opts.concurrency, async ({ item, sample }, _, stopped) => {
    const signal = opts.signal ? AbortSignal.any([opts.signal, stopped]) : stopped;
    if (signal.aborted) return;
    const identity: RequestIdentity = { endpoint: opts.endpoint, model, controls: opts.controls, system: SYSTEM_MESSAGE, prompt: item.prompt, sample };
    const key = requestKey(identity);
    // a run of one sample writes the records it always wrote; several samples name theirs
    const base = { task_id: item.task_id, family: item.family, mechanism: item.mechanism, request_sha256: key, ...(samples > 1 ? { sample } : {}) };
    const hit = opts.cache?.get(key);
    if (hit) {
      finish({ type: "response", ...base, attempts: [], latency_ms: 0, finished: clock().toISOString(), content: hit.content, finish_reason: hit.finish_reason, usage: hit.usage, ...(hit.reasoning !== undefined ? { reasoning: hit.reasoning } : {}), cached: true });
      return;
    }
    const attempts: Attempt[] = [];
    const t0 = now();
    let started = clock(), s0 = now();
    let res: ModelResponse;
    try {
      res = await callWithRetry(
        () => {
          started = clock();
          s0 = now();
          return opts.client.chat(requestMessages(item.prompt), undefined, { signal, context: { task: taskContext(item), controls: opts.controls, sample } });
        },
        { ...opts.retry, maxAttempts: opts.rateLimitAttempts ?? DEFAULT_RATE_LIMIT_ATTEMPTS },
        {
          sleep: opts.sleep,
          random: opts.random,
          signal,
          shouldRetry: (e) => e.kind === "rate_limit",
          onRetry: ({ delayMs, error }) => {
            attempts.push({ started: started.toISOString(), latency_ms: Math.max(0, now() - s0), error: errorInfo(error), delay_ms: delayMs });
          },
        },
      );
    } catch (err) {
      // stopped by the user: no record, the item stays pending for the next run
      if (signal.aborted || (err instanceof ModelError && err.kind === "aborted")) return;
      attempts.push({ started: started.toISOString(), latency_ms: Math.max(0, now() - s0), error: errorInfo(err) });
      finish({
        type: "failure",
        ...base,
        attempts,
        latency_ms: Math.max(0, now() - t0),
        finished: clock().toISOString(),
        class: err instanceof ModelError ? failureClass(err) : "evaluator",
        error: errorInfo(err),
      });
      return;
    }
    attempts.push({ started: started.toISOString(), latency_ms: Math.max(0, now() - s0), error: null });
    const stored = { content: res.content, finish_reason: res.finishReason ?? null, usage: res.usage, ...(res.reasoning !== undefined ? { reasoning: res.reasoning } : {}) };
    // the cache first: a kill between the two lines loses nothing; a cache that cannot be
    // written still leaves the record to keep the response, then stops the run
    let cacheFailure: { error: unknown } | null = null;
    try {
      opts.cache?.put({ key, ...stored });
    } catch (error) {
      cacheFailure = { error };
    }
    finish({ type: "response", ...base, attempts, latency_ms: Math.max(0, now() - t0), finished: clock().toISOString(), ...stored, cached: false });
    if (cacheFailure) throw cacheFailure.error;
  });

  return {
    total: p.total,
    skipped: requests.length - todo.length,
    sent: p.sent,
    cached: p.cached,
    failures: p.failures,
    pending: p.total - p.done,
    inputTokens: p.inputTokens,
    outputTokens: p.outputTokens,
  };
}
