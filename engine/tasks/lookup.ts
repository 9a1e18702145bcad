// One task of a benchmark by its id, with its gold and the evidence behind the gold
// (`mech tasks show`): the family that generated the task explains its answer from the
// audit the solution records.
import { oneOf } from "../model/issues.ts";
import { familyById } from "./families/mod.ts";
import type { SolutionRecord, TaskRecord } from "./records.ts";

/** A task, its recorded solution and the evidence behind the gold answer. */
export interface TaskDetails {
  /** The task as tasks.jsonl holds it (the prompt exactly as sent). */
  task: TaskRecord;
  /** Its line of solutions.jsonl, or null when the benchmark has none for it. */
  solution: SolutionRecord | null;
  /** The family's account of the gold answer, one line each (empty without a solution). */
  evidence: string[];
}

/**
 * No task of a benchmark has the id asked for.
 *
 * @example
 * ```ts
 * import { findTask, generateBenchmark, TaskNotFoundError } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], families: ["necessity"], perLevel: 1 });
 * const error = (() => {
 *   try {
 *     findTask(benchmark, "task_");
 *   } catch (e) {
 *     return e;
 *   }
 * })();
 * assert.ok(error instanceof TaskNotFoundError);
 * assert.equal(error.near.length, benchmark.tasks.length); // every id starts with task_
 * ```
 */
export class TaskNotFoundError extends Error {
  /** The error's name, for messages and logs. */
  override name = "TaskNotFoundError";
  /** The id asked for. */
  readonly taskId: string;
  /** The benchmark's ids that start with it. */
  readonly near: readonly string[];
  /** How many tasks the benchmark holds. */
  readonly total: number;
  /**
   * The error for a task id no task has.
   *
   * @param where The benchmark's directory (or memory name), for the message.
   * @param taskId The id asked for.
   * @param near Ids of the benchmark that start with `taskId`.
   * @param total How many tasks the benchmark holds.
   */
  constructor(where: string, taskId: string, near: readonly string[], total: number) {
    super(`${where}: no task ${taskId} (${near.length ? `did you mean ${oneOf(near, 5)}?` : `${total} tasks`})`);
    this.taskId = taskId;
    this.near = near;
    this.total = total;
  }
}

/**
 * The task with this id, its solution and the evidence behind its gold (the family's
 * account of the answer, from the solution's audit), as `mech tasks show` prints them.
 *
 * @param benchmark A benchmark (generated or loaded).
 * @param taskId A task id.
 * @returns The task, its solution (null when the benchmark has none for it) and the evidence lines.
 * @throws {TaskNotFoundError} When no task has the id (naming the ids that start with it).
 *
 * @example
 * ```ts
 * import { findTask, generateBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], families: ["necessity"], perLevel: 1 });
 * const { task, solution, evidence } = findTask(benchmark, benchmark.tasks[0].task_id);
 * assert.equal(solution?.task_id, task.task_id);
 * console.log(task.prompt, solution?.answer, evidence.join("\n"));
 * ```
 */
export function findTask(benchmark: { dir: string; tasks: readonly TaskRecord[]; solutions: readonly SolutionRecord[] }, taskId: string): TaskDetails {
  const task = benchmark.tasks.find((t) => t.task_id === taskId);
  if (!task) throw new TaskNotFoundError(benchmark.dir, taskId, benchmark.tasks.filter((t) => t.task_id.startsWith(taskId)).map((t) => t.task_id), benchmark.tasks.length);
  const solution = benchmark.solutions.find((s) => s.task_id === task.task_id) ?? null;
  return { task, solution, evidence: solution ? taskEvidence(task.family, solution) : [] };
}

/** The evidence `mech tasks show` prints for a solution: its family's explanation of the gold from its audit. */
export function taskEvidence(family: TaskRecord["family"], solution: Pick<SolutionRecord, "answer" | "audit">): string[] {
  return familyById(family)!.explain(solution.answer, solution.audit);
}
