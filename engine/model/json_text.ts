// JSON text parsing with errors that name the file, line and column.
import { ModelError } from "./issues.ts";

export function lineColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = before.split("\n").length;
  return { line, column: position - before.lastIndexOf("\n") };
}

/** JSON.parse, rethrowing syntax errors as a ModelError at the file's line and column. */
export function parseJsonText(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const m = /position (\d+)/.exec(msg);
    const where = m ? lineColumn(text, Number(m[1])) : null;
    const detail = msg.replace(/\s*\(line \d+ column \d+\)/, "").replace(/ in JSON at position \d+/, "");
    throw new ModelError([{
      file: where ? `${file}:${where.line}:${where.column}` : file,
      path: [],
      message: `invalid JSON: ${detail}`,
    }]);
  }
}
