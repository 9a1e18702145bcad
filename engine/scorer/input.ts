// The scorer's boundary: plain JSON from the user (rows of tasks.jsonl and solutions.jsonl,
// responses, PhysMent episode records) checked with zod. A bad row is reported by where it
// is (`responses[4].content`, `tasks.jsonl:12`) and what was expected, all problems at once.
import { z } from "zod";
import { parseLines } from "../llm/jsonl.ts";
import { jsonPath } from "../files/json_path.ts";

export interface InputIssue {
  /** Where: the argument's name and the JSON path inside it, e.g. `tasks[3].family`. */
  path: string;
  message: string;
}

export class ScorerInputError extends Error {
  override name = "ScorerInputError";
  constructor(readonly issues: readonly InputIssue[]) {
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
 */
export function parseJsonLines(text: string, name = "input"): unknown[] {
  if (typeof text !== "string") fail([{ path: name, message: `expected JSON Lines text, got ${kindOf(text)}` }]);
  const parsed = parseLines(z.unknown(), text.endsWith("\n") ? text : text + "\n");
  if (parsed.issues.length) fail(parsed.issues.map((i) => ({ path: `${name}:${i.line}`, message: i.message })));
  return parsed.records.map((r) => r.value);
}
