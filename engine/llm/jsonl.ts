// Append-only JSONL logs checked line by line with a zod schema: PhysMent's episode
// transcripts and MechReasoner's evaluation records are both written and read this way.
import { z } from "zod";

/** One line of JSONL for a value, checked against the schema first. */
export function encodeLine<T>(schema: z.ZodType<T>, value: T, what = "record"): string {
  const checked = schema.safeParse(value);
  if (!checked.success) throw new Error(`invalid ${what}: ${z.prettifyError(checked.error)}`);
  return JSON.stringify(checked.data) + "\n";
}

export interface LineIssue {
  /** 1-based line number. */
  line: number;
  message: string;
}

export interface ParsedLines<T> {
  /** The valid records with their line numbers, in file order. */
  records: { line: number; value: T }[];
  issues: LineIssue[];
  /**
   * True when the text does not end with a newline: its last line was cut off mid-write
   * (a process killed while appending). That line is not in `records` or `issues`.
   */
  torn: boolean;
}

/** Every non-blank line parsed and checked; a cut-off last line is reported as torn, not as an issue. */
export function parseLines<T>(schema: z.ZodType<T>, text: string): ParsedLines<T> {
  const records: { line: number; value: T }[] = [];
  const issues: LineIssue[] = [];
  const lines = text.split("\n");
  const torn = text.length > 0 && !text.endsWith("\n") && lines.at(-1)!.trim() !== "";
  const complete = torn ? lines.slice(0, -1) : lines;
  complete.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      issues.push({ line, message: `not JSON: ${(e as Error).message}` });
      return;
    }
    const r = schema.safeParse(value);
    if (!r.success) {
      issues.push({ line, message: z.prettifyError(r.error).replaceAll("\n", "; ") });
      return;
    }
    records.push({ line, value: r.data });
  });
  return { records, issues, torn };
}
