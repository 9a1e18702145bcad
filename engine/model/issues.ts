// Validation problems reported with the file, the JSON path and what was expected.
import type { z } from "zod";
import { type JsonPath, jsonPath } from "../files/json_path.ts";

/** One problem of a mechanism (or library, or problem) file: where it is and what was expected. */
export interface ModelIssue {
  /** The file (with ":line" or ":line:column" where the text is at fault). */
  file: string;
  /** The JSON path of the value at fault within the file ([] for the whole file). */
  path: JsonPath;
  /** What is wrong and what was expected. */
  message: string;
}

export function formatIssue(i: ModelIssue): string {
  return `${i.file}: at ${jsonPath(i.path)}: ${i.message}`;
}

/**
 * A mechanism, component library or problem file is invalid: every problem found, each
 * naming the file, the JSON path and what was expected (one per line in `message`).
 *
 * @example
 * ```ts
 * import { MechanismError, parseMechanism } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * try {
 *   parseMechanism({ id: "empty" }, "empty.json");
 *   assert.fail("expected a MechanismError");
 * } catch (e) {
 *   assert.ok(e instanceof MechanismError);
 *   assert.ok(e.issues.length > 0 && e.issues.every((i) => i.file === "empty.json"));
 * }
 * ```
 */
export class MechanismError extends Error {
  /** The error's name, for messages and logs. */
  override name = "MechanismError";
  /** An error listing `issues`, one formatted issue per line of its message. */
  constructor(readonly issues: ModelIssue[]) {
    super(issues.map(formatIssue).join("\n"));
  }
}

export function fromZod(file: string, error: z.ZodError): ModelIssue[] {
  return error.issues.map((i) => ({ file, path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)), message: i.message }));
}

/** Collects issues under a file and a base path. */
export class IssueSink {
  readonly issues: ModelIssue[] = [];
  constructor(readonly file: string) {}
  add(path: JsonPath, message: string): void {
    this.issues.push({ file: this.file, path, message });
  }
  at(file: string): IssueSink {
    const s = new IssueSink(file);
    (s as { issues: ModelIssue[] }).issues = this.issues;
    return s;
  }
}

export function oneOf(names: Iterable<string>, max = 12): string {
  const all = [...names];
  const shown = all.slice(0, max).map((n) => `"${n}"`).join(", ");
  return all.length > max ? `one of ${shown}, … (${all.length} in all)` : all.length ? `one of ${shown}` : "nothing (none declared)";
}
