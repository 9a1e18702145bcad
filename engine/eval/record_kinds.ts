// What scoring needs to know of a run's records, apart from how they are stored: the
// infrastructure failure classes and which of a task's records counts. Pure (zod only), so
// the portable scorer shares it with run_records.ts and run_store.ts.
import { z } from "zod";

/**
 * Infrastructure failure classes (paper A.3): the request was refused for its size
 * (context), timed out, hit a gateway or server error, lost its connection (transport),
 * stayed rate-limited past the retry budget, got another HTTP error, got a body that is
 * not a chat completion (malformed), got a body past the response-size limit (oversize,
 * cut off while it streamed in and not stored), or the evaluator itself failed.
 */
export const FailureClass: z.ZodEnum<
  {
    context: "context";
    timeout: "timeout";
    gateway: "gateway";
    transport: "transport";
    rate_limit: "rate_limit";
    http: "http";
    malformed: "malformed";
    oversize: "oversize";
    evaluator: "evaluator";
  }
> = z.enum(["context", "timeout", "gateway", "transport", "rate_limit", "http", "malformed", "oversize", "evaluator"]);
/** An infrastructure failure class (see the FailureClass schema). */
export type FailureClass = z.infer<typeof FailureClass>;

/** The most samples per item a run may ask for (`mech eval --samples`). */
export const MAX_SAMPLES = 100;

/** The sample index of a record: its `sample`, or 0 for a record without one (a run of one sample). */
export const sampleOf = (r: { sample?: number }): number => r.sample ?? 0;

/**
 * The latest record per task among the records of sample 0 (a record without `sample` is
 * sample 0): a later line supersedes an earlier failure of the same task (a retried
 * infrastructure failure); the first response of a task is final. Records of other samples
 * are left out (latestBySample reads every sample). Generic, so the portable scorer's
 * lighter rows go through the same rule as records.jsonl's lines.
 *
 * @param records Records in file order, each with `task_id` and `type` (and `sample` in a run of several samples).
 * @returns The record that counts for each task, by task id.
 *
 * @example
 * ```ts
 * import { latestByTask } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const latest = latestByTask([
 *   { task_id: "t1", type: "failure" as const },
 *   { task_id: "t1", type: "response" as const },
 *   { task_id: "t2", type: "response" as const },
 *   { task_id: "t2", type: "failure" as const },
 * ]);
 * assert.deepEqual([latest.get("t1")!.type, latest.get("t2")!.type], ["response", "response"]);
 * ```
 */
export function latestByTask<R extends { task_id: string; type: "response" | "failure"; sample?: number }>(records: readonly R[]): Map<string, R> {
  return latestBySample(records, 1)[0];
}

/**
 * The latest record per task of each sample (latestByTask's rule within each sample): entry
 * s of the result holds sample s's records by task id. There are `samples` entries, or one
 * more than the highest sample index met when that is larger (a record's sample is never
 * dropped silently; callers that know the run's sample count check it).
 *
 * @param records Records in file order, each with `task_id`, `type` and optionally `sample` (0 when absent).
 * @param samples The run's samples (default 1).
 * @returns One map per sample index, task id → the record that counts.
 *
 * @example
 * ```ts
 * import { latestBySample } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const bySample = latestBySample([
 *   { task_id: "t1", type: "response" as const, sample: 0 },
 *   { task_id: "t1", type: "failure" as const, sample: 1 },
 *   { task_id: "t1", type: "response" as const, sample: 1 },
 * ], 3);
 * assert.deepEqual(bySample.map((m) => m.get("t1")?.type ?? null), ["response", "response", null]);
 * ```
 */
export function latestBySample<R extends { task_id: string; type: "response" | "failure"; sample?: number }>(records: readonly R[], samples = 1): Map<string, R>[] {
  let k = samples;
  for (const r of records) k = Math.max(k, sampleOf(r) + 1);
  const out = Array.from({ length: k }, () => new Map<string, R>());
  for (const r of records) {
    const m = out[sampleOf(r)];
    const prev = m.get(r.task_id);
    if (prev?.type === "response") continue;
    m.set(r.task_id, r);
  }
  return out;
}
