// JSON text parsing with errors that name the file, line and column. The engines'
// own messages differ and do not always carry a position, so on failure a small
// scanner finds the first offending character and says what was expected there.
import { MechanismError } from "./issues.ts";

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split("\n").length, column: offset - before.lastIndexOf("\n") };
}

class Scan {
  i = 0;
  constructor(readonly s: string) {}
  fail(expected: string): never {
    throw { offset: this.i, expected };
  }
  ws(): void {
    while (this.i < this.s.length && " \t\n\r".includes(this.s[this.i])) this.i++;
  }
  /**
   * One JSON value, iteratively: containers go on an explicit stack, so nesting of any
   * depth reports its first error instead of overflowing the call stack.
   */
  value(): void {
    const stack: ("{" | "[")[] = [];
    let expectValue = true;
    for (;;) {
      if (expectValue) {
        this.ws();
        const c = this.s[this.i];
        if (c === "{" || c === "[") {
          this.i++;
          this.ws();
          if (this.s[this.i] === (c === "{" ? "}" : "]")) {
            this.i++;
          } else {
            stack.push(c);
            if (c === "{") this.key();
            continue;
          }
        } else this.scalar();
        expectValue = false;
      }
      if (!stack.length) return;
      this.ws();
      const top = stack[stack.length - 1];
      const c = this.s[this.i];
      if (c === ",") {
        this.i++;
        if (top === "{") this.key();
        expectValue = true;
      } else if (c === (top === "{" ? "}" : "]")) {
        this.i++;
        stack.pop();
      } else this.fail(top === "{" ? '"," or "}" after a property value' : '"," or "]" after an array element');
    }
  }
  /** A property name and its colon. */
  key(): void {
    this.ws();
    if (this.s[this.i] !== '"') this.fail("a property name in double quotes");
    this.string();
    this.ws();
    if (this.s[this.i] !== ":") this.fail('":" after the property name');
    this.i++;
  }
  scalar(): void {
    const c = this.s[this.i];
    if (c === '"') return this.string();
    if (c === "-" || (c >= "0" && c <= "9")) return this.number();
    for (const lit of ["true", "false", "null"]) {
      if (this.s.startsWith(lit, this.i)) {
        this.i += lit.length;
        return;
      }
    }
    this.fail(this.i >= this.s.length ? "a value, found the end of the text" : "a value (object, array, string, number, true, false or null)");
  }
  string(): void {
    this.i++;
    while (this.i < this.s.length) {
      const c = this.s[this.i];
      if (c === '"') {
        this.i++;
        return;
      }
      if (c === "\\") {
        const e = this.s[this.i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) this.fail("four hex digits after \\u");
          this.i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e ?? "")) this.fail('a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
        this.i += 2;
        continue;
      }
      if (c < " ") this.fail("no raw control characters inside a string (escape them)");
      this.i++;
    }
    this.fail('a closing double quote');
  }
  number(): void {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.s.slice(this.i));
    if (!m) this.fail("a number");
    this.i += m[0].length;
  }
}

/** Offset and expectation of the first syntax error, or null when the text is valid JSON. */
export function findJsonSyntaxError(text: string): { offset: number; expected: string } | null {
  const sc = new Scan(text);
  try {
    sc.value();
    sc.ws();
    if (sc.i < text.length) sc.fail("the end of the text after the top-level value");
    return null;
  } catch (e) {
    if (e instanceof Error) throw e;
    return e as { offset: number; expected: string };
  }
}

/**
 * JSON.parse, rethrowing syntax errors as a MechanismError at the file's line and column
 * with what was expected there. A byte-order mark opening the file (line 1) is skipped.
 *
 * @param text The JSON text.
 * @param file The name used in error messages.
 * @param firstLine The line the text starts on (for one line of a JSON Lines file; default 1).
 * @returns The parsed value.
 * @throws {MechanismError} For invalid JSON, naming "file:line:column".
 *
 * @example
 * ```ts
 * import { parseJsonText } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseJsonText('{"a": [1, 2]}', "a.json"), { a: [1, 2] });
 * assert.throws(() => parseJsonText('{"a": [1, 2}', "a.json"), /a\.json:1:12: at \$: invalid JSON: expected "," or "\]"/);
 * ```
 */
export function parseJsonText(text: string, file: string, firstLine = 1): unknown {
  // a UTF-8 byte-order mark at the start of a file (some editors write one) is not content
  if (firstLine === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return JSON.parse(text);
  } catch {
    const err = findJsonSyntaxError(text) ?? { offset: 0, expected: "valid JSON" };
    const { line, column } = lineColumn(text, err.offset);
    const found = err.offset < text.length ? `, found ${JSON.stringify(text[err.offset])}` : "";
    throw new MechanismError([{ file: `${file}:${firstLine + line - 1}:${column}`, path: [], message: `invalid JSON: expected ${err.expected}${found}` }]);
  }
}
