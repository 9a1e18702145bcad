// What scoring needs to know of a run's records, apart from how they are stored: the
// infrastructure failure classes and which of a task's records counts. Pure (zod only), so
// the portable scorer shares it with run_records.ts and run_store.ts.
import { z } from "zod";

/**
 * Infrastructure failure classes (paper A.3): the request was refused for its size
 * (context), timed out, hit a gateway or server error, lost its connection (transport),
 * stayed rate-limited past the retry budget, got another HTTP error, got a body that is
 * not a chat completion (malformed), or the evaluator itself failed.
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
    evaluator: "evaluator";
  }
> = z.enum(["context", "timeout", "gateway", "transport", "rate_limit", "http", "malformed", "evaluator"]);
/** An infrastructure failure class (see the FailureClass schema). */
export type FailureClass = z.infer<typeof FailureClass>;

/**
 * The latest record per task: a later line supersedes an earlier failure of the same task
 * (a retried infrastructure failure); the first response of a task is final. Generic, so
 * the portable scorer's lighter rows go through the same rule as records.jsonl's lines.
 *
 * @param records Records in file order, each with `task_id` and `type`.
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
export function latestByTask<R extends { task_id: string; type: "response" | "failure" }>(records: readonly R[]): Map<string, R> {
  const out = new Map<string, R>();
  for (const r of records) {
    const prev = out.get(r.task_id);
    if (prev?.type === "response") continue;
    out.set(r.task_id, r);
  }
  return out;
}
