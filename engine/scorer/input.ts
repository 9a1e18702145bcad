// The scorer's boundary: plain JSON from the user (rows of tasks.jsonl and solutions.jsonl,
// responses, PhysMent episode records) checked with zod. A bad row is reported by where it
// is (`responses[4].content`, `tasks.jsonl:12`) and what was expected, all problems at once.
import { z } from "zod";
import { parseLines } from "../llm/jsonl.ts";
import { jsonPath } from "../files/json_path.ts";

/** One problem with the input: where it is and what was expected. */
export interface InputIssue {
  /** Where: the argument's name and the JSON path inside it, e.g. `tasks[3].family`; `NAME:LINE` for a line of JSON Lines text. */
  path: string;
  /** What is wrong, e.g. `Invalid input: expected number, received string`. */
  message: string;
}

/**
 * Thrown by every scorer function that takes user data when the data does not fit its
 * shape: `issues` lists each problem (at most 20, then a count of the rest) and `message`
 * has one `path: message` line per issue.
 *
 * @example Catch a bad row and read where it is
 * ```ts
 * import { benchmarkItems, ScorerInputError } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const task = { task_id: "task_00000000000000a1", family: "necessity", mechanism: "m", level: "D9", complexity: 4, prompt_tokens: 120, prompt: "…" };
 * const solution = { task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} };
 * try {
 *   benchmarkItems([task], [solution]);
 *   assert.fail("level D9 was accepted");
 * } catch (e) {
 *   assert.ok(e instanceof ScorerInputError);
 *   assert.deepEqual(e.issues.map((i) => i.path), ["tasks[0].level"]);
 *   assert.match(e.message, /^tasks\[0\]\.level: /);
 * }
 * ```
 */
export class ScorerInputError extends Error {
  /** Always "ScorerInputError". */
  override name = "ScorerInputError";
  /**
   * An error listing `issues`, one `path: message` line each.
   *
   * @param issues The problems, in input order.
   */
  constructor(
    /** Every problem found (at most 20 and a last entry counting the rest). */
    readonly issues: readonly InputIssue[],
  ) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join("\n"));
  }
}

/** Issues listed per error before the rest are counted (a wholly wrong file would list thousands). */
const MAX_LISTED = 20;

function fail(issues: InputIssue[]): never {
  const listed = issues.slice(0, MAX_LISTED);
  if (issues.length > MAX_LISTED) listed.push({ path: "…", message: `${issues.length - MAX_LISTED} more problems` });
  throw new ScorerInputError(listed);
}

const kindOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : `a ${typeof v}`);

/** `name` followed by a JSON path (`tasks[3].family`). */
export const pathIn = (name: string, path: readonly PropertyKey[]) => name + jsonPath(path).slice(1);

/** Checks one value against a schema; the error names `name` and the path inside it. */
export function checked<T>(name: string, value: unknown, schema: z.ZodType<T>): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  fail(r.error.issues.map((i) => ({ path: pathIn(name, i.path), message: i.message })));
}

/** Checks every row of an array; `expected` says what a row is, for a non-array. */
export function checkedRows<T>(name: string, value: unknown, schema: z.ZodType<T>, expected: string): T[] {
  if (!Array.isArray(value)) fail([{ path: name, message: `expected an array of ${expected}, got ${kindOf(value)}` }]);
  const out: T[] = [];
  const issues: InputIssue[] = [];
  value.forEach((row, i) => {
    const r = schema.safeParse(row);
    if (r.success) out.push(r.data);
    else for (const x of r.error.issues) issues.push({ path: pathIn(name, [i, ...x.path]), message: x.message });
  });
  if (issues.length) fail(issues);
  return out;
}

/**
 * The values of a JSON Lines text (blank lines skipped), e.g. a fetched tasks.jsonl; a line
 * that is not JSON is reported as `name:LINE`. A missing final newline is not an error here.
 *
 * @param text The JSON Lines text.
 * @param name What the text is, for error paths (default "input").
 * @returns Each line's value, in order.
 * @throws {ScorerInputError} When `text` is not a string or a line is not JSON (every such line is listed).
 *
 * @example Parse a file's text, then a broken one
 * ```ts
 * import { parseJsonLines, ScorerInputError } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseJsonLines('{"a":1}\n\n{"b":2}'), [{ a: 1 }, { b: 2 }]);
 * assert.throws(() => parseJsonLines('{"a":1}\nnot json\n', "tasks.jsonl"), (e) => e instanceof ScorerInputError && e.issues[0].path === "tasks.jsonl:2");
 * ```
 */
export function parseJsonLines(text: string, name = "input"): unknown[] {
  if (typeof text !== "string") fail([{ path: name, message: `expected JSON Lines text, got ${kindOf(text)}` }]);
  const parsed = parseLines(z.unknown(), text.endsWith("\n") ? text : text + "\n");
  if (parsed.issues.length) fail(parsed.issues.map((i) => ({ path: `${name}:${i.line}`, message: i.message })));
  return parsed.records.map((r) => r.value);
}
