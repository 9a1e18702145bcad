// What the commands need from the outside world; main.ts supplies Deno's.
import type { z } from "zod";
import { jsonPath, parseJsonText } from "../engine/api/solver.ts";
export interface Io {
  /** Reads a text file ("-" is standard input). Throws InputError when it cannot. */
  readText(path: string): string;
  /** Writes (creates or replaces) a text file. Throws InputError when it cannot. */
  writeText(path: string, text: string): void;
  out(text: string): void;
  err(text: string): void;
  /**
   * Redraws a transient status line (a progress bar), or clears it with null. Only a
   * terminal supplies this; elsewhere long commands print plain progress lines.
   */
  status?(text: string | null): void;
}

/** Bad input from the user: reported without a stack trace, exit code 2. */
export class InputError extends Error {
  override name = "InputError";
}

/** JSON text parsed and checked against a schema; a failure names file, line/column or JSON path, and what was expected. */
export function checkedJson<T>(text: string, file: string, schema: z.ZodType<T>, expected?: string): T {
  const r = schema.safeParse(parseJsonText(text, file));
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new InputError(`${file}: at ${jsonPath(issue.path)}: ${issue.message}${expected ? ` (expected ${expected})` : ""}`);
  }
  return r.data;
}

/**
 * The default of --jobs: the machine's logical cores (1 when the runtime does not say, or
 * has no Web Workers, as when the tests call a command in Node).
 */
export function machineCores(): number {
  if (typeof globalThis.Worker !== "function") return 1;
  const n = navigator.hardwareConcurrency;
  return typeof n === "number" && n >= 1 ? n : 1;
}
