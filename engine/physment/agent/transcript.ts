// Episode transcripts: JSONL, one record per line, every line checked by a zod schema when
// written and when read. The records in order: a header; the initial messages (iteration 0);
// then per iteration the model's usage, its message, its tool calls (executed, unreadable or
// skipped), an invalid-reply record when it had no usable call, retry records for failed
// model requests, the messages carrying results back; finally an end record, or an abort
// record when the model could not be reached or the episode passed its deadline (such a
// transcript is partial: the next run continues it after the abort, see runner.ts).
import { appendFile, mkdir, readFile, truncate, writeFile } from "node:fs/promises";
import { fsMessage } from "../../files/fs_reason.ts";
import { z } from "zod";
import { ChatMessage, Usage } from "../../llm/model.ts";
import { encodeLine, type LineIssue, parseLines } from "../../llm/jsonl.ts";
import { ProtocolName } from "./protocols.ts";
import { Strategy } from "./prompt.ts";

export const TRANSCRIPT_VERSION = 1;

const Iteration = z.int().min(0);
const Ms = z.number().min(0);
/** The schema of an answer an agent submits: a string, a number or a list of them. */
export const AnswerValue: z.ZodUnion<
  readonly [z.ZodString, z.ZodNumber, z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>>]
> = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]);

export const HeaderRecord = z.object({
  type: z.literal("header"),
  version: z.literal(TRANSCRIPT_VERSION),
  scene: z.string().min(1),
  model: z.string().min(1),
  budget: z.int().positive(),
  strategy: Strategy,
  protocol: ProtocolName,
  started: z.iso.datetime(),
}).strict();

export const MessageRecord = z.object({
  type: z.literal("message"),
  iteration: Iteration,
  message: ChatMessage,
}).strict();

export const UsageRecord = z.object({
  type: z.literal("usage"),
  iteration: Iteration,
  usage: Usage.nullable(),
  latency_ms: Ms,
  finish_reason: z.string().nullable(),
}).strict();

export const ToolCallRecord = z.object({
  type: z.literal("tool_call"),
  iteration: Iteration,
  /** Position of the call within its response, from 0. */
  index: z.int().min(0),
  /** executed: the ToolBox ran it; unreadable: its arguments could not be read (an error result,
   * nothing ran); skipped: it followed `answer` in the same response and was not run. */
  status: z.enum(["executed", "unreadable", "skipped"]),
  call_id: z.string().optional(),
  tool: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  raw_arguments: z.string().optional(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.boolean(),
  sim_time: z.number(),
  /** Milliseconds since the episode started, when the call began; and how long it took. */
  started_ms: Ms,
  duration_ms: Ms,
}).strict();

export const InvalidRecord = z.object({
  type: z.literal("invalid"),
  iteration: Iteration,
  reason: z.string(),
}).strict();

export const RetryRecord = z.object({
  type: z.literal("retry"),
  iteration: Iteration,
  /** The attempt that failed, from 1; the next one starts after delay_ms. */
  attempt: z.int().positive(),
  delay_ms: Ms,
  kind: z.string(),
  error: z.string(),
}).strict();

/** The schema of why an episode ended. */
export const EndReason: z.ZodEnum<{ answered: "answered"; budget_exhausted: "budget_exhausted" }> = z.enum(["answered", "budget_exhausted"]);
/** Why an episode ended: the agent answered, or its iteration budget ran out. */
export type EndReason = z.infer<typeof EndReason>;

/** A transcript's last record when the episode finished: its answer, iterations, calls, usage and time. */
export const EndRecord: z.ZodObject<
  {
    type: z.ZodLiteral<"end">;
    answered: z.ZodBoolean;
    answer: z.ZodNullable<typeof AnswerValue>;
    iterations: z.ZodInt;
    reason: typeof EndReason;
    tool_calls: z.ZodInt;
    invalid_actions: z.ZodInt;
    usage: typeof Usage;
    finished: z.ZodISODateTime;
    duration_ms: z.ZodNumber;
  },
  z.core.$strict
> = z.object({
  type: z.literal("end"),
  answered: z.boolean(),
  answer: AnswerValue.nullable(),
  /** k: the number of model responses used (the iteration of the answer, or I_max). */
  iterations: z.int().min(0),
  reason: EndReason,
  tool_calls: z.int().min(0),
  invalid_actions: z.int().min(0),
  usage: Usage,
  finished: z.iso.datetime(),
  duration_ms: Ms,
}).strict();

export const AbortRecord = z.object({
  type: z.literal("abort"),
  iteration: Iteration,
  kind: z.string(),
  error: z.string(),
  finished: z.iso.datetime(),
}).strict();

export const TranscriptRecord = z.discriminatedUnion("type", [
  HeaderRecord,
  MessageRecord,
  UsageRecord,
  ToolCallRecord,
  InvalidRecord,
  RetryRecord,
  EndRecord,
  AbortRecord,
]);
export type TranscriptRecord = z.infer<typeof TranscriptRecord>;
export type HeaderRecord = z.infer<typeof HeaderRecord>;
export type ToolCallRecord = z.infer<typeof ToolCallRecord>;
/** The end record of a finished episode. */
export type EndRecord = z.infer<typeof EndRecord>;

// ---- writing ----

export interface TranscriptSink {
  write(record: TranscriptRecord): Promise<void>;
}

/** One line of JSONL for a record, checked against the schema first. */
export function encodeRecord(record: TranscriptRecord): string {
  return encodeLine(TranscriptRecord, record, `${record.type} record`);
}

/** Where transcripts live, one per episode key. */
export interface TranscriptStore {
  /** The transcript's text, or null if there is none. */
  read(key: string): Promise<string | null>;
  /** Starts the transcript afresh (an existing one is replaced) and returns its sink. */
  create(key: string): Promise<TranscriptSink>;
  /**
   * Continues a transcript: its text is cut to `keep` (a prefix of what read() returned: the
   * records to keep), and the sink appends after it.
   */
  resume(key: string, keep: string): Promise<TranscriptSink>;
  /** Human-readable location, for messages. */
  locate(key: string): string;
}

export class MemoryTranscriptStore implements TranscriptStore {
  readonly files = new Map<string, string>();
  read(key: string): Promise<string | null> {
    return Promise.resolve(this.files.get(key) ?? null);
  }
  create(key: string): Promise<TranscriptSink> {
    return this.resume(key, "");
  }
  resume(key: string, keep: string): Promise<TranscriptSink> {
    this.files.set(key, keep);
    return Promise.resolve({
      write: (record) => {
        this.files.set(key, (this.files.get(key) ?? "") + encodeRecord(record));
        return Promise.resolve();
      },
    });
  }
  locate(key: string): string {
    return `memory:${key}.jsonl`;
  }
}

/** A file-system failure (a full or read-only disk) as a StoreError naming the path. */
async function named(path: string, op: () => Promise<unknown>): Promise<void> {
  try {
    await op();
  } catch (e) {
    throw fsMessage(path, e);
  }
}

/** One `<key>.jsonl` file per episode in `dir`; each record is appended as it is produced; a write that fails is a StoreError naming the file. */
export class FileTranscriptStore implements TranscriptStore {
  constructor(readonly dir: string) {}
  locate(key: string): string {
    return `${this.dir.replace(/\/+$/, "")}/${key}.jsonl`;
  }
  async read(key: string): Promise<string | null> {
    try {
      return await readFile(this.locate(key), "utf8");
    } catch (e) {
      if ((e as { code?: string }).code === "ENOENT") return null;
      throw e;
    }
  }
  async create(key: string): Promise<TranscriptSink> {
    const path = this.locate(key);
    await named(this.dir, () => mkdir(this.dir, { recursive: true }));
    await named(path, () => writeFile(path, ""));
    return { write: (record) => named(path, () => appendFile(path, encodeRecord(record))) };
  }
  async resume(key: string, keep: string): Promise<TranscriptSink> {
    const path = this.locate(key);
    await named(path, () => truncate(path, new TextEncoder().encode(keep).length));
    return { write: (record) => named(path, () => appendFile(path, encodeRecord(record))) };
  }
}

/**
 * The file-name-safe key of an episode: its parts joined by "__", every byte outside [A-Za-z0-9.-]
 * %-escaped ("_" included, so the separator stays unambiguous and the key reversible).
 */
export function episodeKey(e: { scene: string; model: string; budget: number; strategy: string; protocol: string }): string {
  return [esc(e.scene), esc(e.model), `b${e.budget}`, esc(e.strategy), esc(e.protocol)].join("__");
}

function esc(s: string): string {
  return Array.from(new TextEncoder().encode(s), (b) => {
    const c = String.fromCharCode(b);
    return /[A-Za-z0-9.-]/.test(c) && b < 128 ? c : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
}

// ---- reading ----

export type TranscriptIssue = LineIssue;

export interface ParsedTranscript {
  records: TranscriptRecord[];
  issues: TranscriptIssue[];
}

/**
 * Every line checked against the schema, and the order checked: a header first, exactly one;
 * nothing after an end record. An abort record may be followed by the records of the run that
 * continued the episode. Blank lines are ignored (a trailing newline is normal); a last line
 * cut off mid-write is an issue.
 */
export function parseTranscript(text: string): ParsedTranscript {
  const parsed = parseLines(TranscriptRecord, text);
  const records: TranscriptRecord[] = [];
  const issues: TranscriptIssue[] = [];
  const bad = new Map(parsed.issues.map((i) => [i.line, i]));
  let closed = false;
  let next = 0;
  const lastLine = text.split("\n").length;
  for (let line = 1; line <= lastLine; line++) {
    const problem = bad.get(line);
    if (problem) {
      issues.push(problem);
      continue;
    }
    if (parsed.records[next]?.line !== line) continue;
    const rec = parsed.records[next++].value;
    if (records.length === 0 && issues.length === 0 && rec.type !== "header") {
      issues.push({ line, message: `the first record must be the header, not ${rec.type}` });
    } else if (rec.type === "header" && (records.length > 0 || issues.length > 0)) {
      issues.push({ line, message: "a second header" });
    } else if (closed) {
      issues.push({ line, message: `${rec.type} record after the end of the episode` });
    }
    if (rec.type === "end") closed = true;
    records.push(rec);
  }
  if (parsed.torn) issues.push({ line: lastLine, message: "the last line was cut off (the run stopped while writing it)" });
  return { records, issues };
}

export class TranscriptError extends Error {
  constructor(readonly source: string, readonly issues: TranscriptIssue[]) {
    super(issues.map((i) => `${source}:${i.line}: ${i.message}`).join("\n"));
    this.name = "TranscriptError";
  }
}

/** Reads and checks a transcript file; bad lines are reported as file:line: message. */
export async function readTranscript(path: string): Promise<TranscriptRecord[]> {
  const { records, issues } = parseTranscript(await readFile(path, "utf8"));
  if (issues.length > 0) throw new TranscriptError(path, issues);
  return records;
}

/**
 * What an unfinished transcript recorded, for continuing it: its records up to the first line
 * that cannot be read (a line cut off by a kill, or damaged), each with the length of the text
 * up to the end of its line. Null when there is no header to continue from, or the episode
 * has ended.
 */
export function recordedPrefix(text: string | null): { record: TranscriptRecord; end: number }[] | null {
  if (!text) return null;
  const parsed = parseLines(TranscriptRecord, text);
  const stop = Math.min(...parsed.issues.map((i) => i.line), parsed.torn ? text.split("\n").length : Infinity);
  const ends: number[] = [];
  for (let i = 0, at = 0; at < text.length && i < stop; i++) {
    const nl = text.indexOf("\n", at);
    at = nl < 0 ? text.length : nl + 1;
    ends.push(at);
  }
  const out = parsed.records.filter((r) => r.line < stop).map((r) => ({ record: r.value, end: ends[r.line - 1] }));
  if (out[0]?.record.type !== "header" || out.slice(1).some((r) => r.record.type === "header" || r.record.type === "end")) return null;
  return out;
}

/**
 * Why a transcript without an end record stopped: a line cut off or damaged by an
 * interrupted write (with that line), an abort (retries exhausted, a fatal error, the
 * episode's deadline), or a run stopped between two records.
 */
export function unfinishedReason(parsed: ParsedTranscript): { line: number | null; reason: string } {
  const issue = parsed.issues[0];
  if (issue) return { line: issue.line, reason: issue.message };
  const last = parsed.records.at(-1);
  if (!last) return { line: null, reason: "empty: the run stopped before writing its header" };
  if (last.type === "abort") return { line: null, reason: `${last.kind} at iteration ${last.iteration}: ${last.error}` };
  const k = parsed.records.reduce((m, r) => Math.max(m, "iteration" in r ? r.iteration : 0), 0);
  return { line: null, reason: `the run stopped in iteration ${k}` };
}

/** The end record when the transcript's last line is one (the episode is finished), else null. */
export function finishedEnd(text: string | null): EndRecord | null {
  if (text === null) return null;
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const last = lines.at(-1);
  if (last === undefined) return null;
  try {
    const r = EndRecord.safeParse(JSON.parse(last));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** A transcript's records grouped for consumers such as scoring. */
export interface EpisodeRecords {
  header: HeaderRecord;
  end: EndRecord | null;
  toolCalls: ToolCallRecord[];
  messages: z.infer<typeof MessageRecord>[];
  invalid: z.infer<typeof InvalidRecord>[];
}

export function groupRecords(records: readonly TranscriptRecord[]): EpisodeRecords {
  const header = records[0];
  if (header?.type !== "header") throw new Error("a transcript starts with its header");
  return {
    header,
    end: records.find((r): r is EndRecord => r.type === "end") ?? null,
    toolCalls: records.filter((r): r is ToolCallRecord => r.type === "tool_call"),
    messages: records.filter((r): r is z.infer<typeof MessageRecord> => r.type === "message"),
    invalid: records.filter((r): r is z.infer<typeof InvalidRecord> => r.type === "invalid"),
  };
}
