// A prompt as numbered lines, read forward by the family parsers. Every failure names the
// task id, the 1-based line and what was expected there, so a prompt the parser cannot
// read is reported, never guessed at.

export class PromptParseError extends Error {
  override name = "PromptParseError";
  constructor(readonly taskId: string, readonly line: number, readonly expected: string, readonly found: string) {
    super(`${taskId}: line ${line}: expected ${expected}, found ${found === "" ? "an empty line" : JSON.stringify(found.length > 120 ? found.slice(0, 117) + "…" : found)}`);
  }
}

export class PromptText {
  readonly lines: string[];
  readonly taskId: string;
  /** The family title of the header's first line. */
  readonly family: string;
  readonly mechanism: string;
  /** The next line to read (0-based). */
  at = 0;

  constructor(prompt: string) {
    this.lines = prompt.split("\n");
    const id = /^Task id: (\S+)$/.exec(this.lines[2] ?? "");
    this.taskId = id ? id[1] : "(no task id)";
    this.family = this.header(0, /^Task family: (.+)$/, "the header line Task family: FAMILY");
    this.mechanism = this.header(1, /^Mechanism id: (\S+)$/, "the header line Mechanism id: ID");
    if (!id) this.fail(2, "the header line Task id: ID");
    this.header(3, /^Prompt tokens: [0-9,]+$/, "the header line Prompt tokens: N");
    this.at = 4;
  }

  private header(i: number, re: RegExp, expected: string): string {
    const m = re.exec(this.lines[i] ?? "");
    if (!m) this.fail(i, expected);
    return m![1] ?? "";
  }

  fail(index: number, expected: string): never {
    throw new PromptParseError(this.taskId, index + 1, expected, this.lines[index] ?? "(end of prompt)");
  }

  /** Moves to the first line at or after the cursor that matches, and returns its match (the cursor moves past it). */
  seek(re: RegExp, expected: string): RegExpExecArray {
    for (let i = this.at; i < this.lines.length; i++) {
      const m = re.exec(this.lines[i]);
      if (m) {
        this.at = i + 1;
        return m;
      }
    }
    return this.fail(Math.min(this.at, this.lines.length - 1), `${expected} (not found after this line)`);
  }

  /** Like seek, but only when such a line exists; the cursor stays put otherwise. */
  trySeek(re: RegExp): RegExpExecArray | null {
    for (let i = this.at; i < this.lines.length; i++) {
      const m = re.exec(this.lines[i]);
      if (m) {
        this.at = i + 1;
        return m;
      }
    }
    return null;
  }

  /** The next line, which must match. */
  next(re: RegExp, expected: string): RegExpExecArray {
    const m = re.exec(this.lines[this.at] ?? "");
    if (!m) this.fail(this.at, expected);
    this.at++;
    return m!;
  }

  /** The 0-based index of the line just read. */
  get last(): number {
    return this.at - 1;
  }
}

/** A count in a heading, e.g. "Narratives (32):". */
export const int = (s: string) => Number(s.replaceAll(",", ""));

/** A literal text (a component name, a label) inside a regular expression. */
export const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
