// Validation problems reported with the file, the JSON path and what was expected.
import type { z } from "zod";
import { type JsonPath, jsonPath } from "../files/json_path.ts";

export interface ModelIssue {
  file: string;
  path: JsonPath;
  message: string;
}

export function formatIssue(i: ModelIssue): string {
  return `${i.file}: at ${jsonPath(i.path)}: ${i.message}`;
}

export class MechanismError extends Error {
  override name = "MechanismError";
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
