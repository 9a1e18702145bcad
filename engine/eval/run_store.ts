// A run directory on disk: run.json (written once, atomically), records.jsonl (one line
// appended per finished item) and a lock while a process is writing. Opening a directory
// that holds a run resumes it when the configuration is the same run, and refuses
// otherwise; a last line cut off by a killed process is dropped (that item runs again,
// or comes from the response cache, which is written before the record).
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodeLine, parseLines } from "../llm/jsonl.ts";
import { jsonPath } from "../files/json_path.ts";
import { IDENTITY_FIELDS, ItemRecord, RunConfig, samplesOf } from "./run_records.ts";
import { latestByTask } from "./record_kinds.ts";
import { canonicalJson } from "../files/canonical_json.ts";
import { fsReason } from "../files/fs_reason.ts";
import { RunError } from "../files/errors.ts";
import { lockDirectory } from "../files/dir_lock.ts";

export const RUN_FILE = "run.json";
export const RECORDS_FILE = "records.jsonl";

function fsError(path: string, e: unknown): RunError {
  return new RunError(`${path}: ${fsReason(e)}`);
}

function readConfig(dir: string): RunConfig {
  const path = join(dir, RUN_FILE);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    if (e instanceof SyntaxError) throw new RunError(`${path}: not valid JSON (${e.message})`);
    throw fsError(path, e);
  }
  const r = RunConfig.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new RunError(`${path}: at ${jsonPath(issue.path)}: ${issue.message}`);
  }
  return r.data;
}

/** Reads a run's configuration (run.json) alone, without taking the lock. */
export function readRunConfig(dir: string): RunConfig {
  if (!existsSync(join(dir, RUN_FILE))) {
    throw new RunError(existsSync(dir) ? `${dir}: no ${RUN_FILE}; this is not a run directory of mech eval` : `${dir}: no such directory`);
  }
  return readConfig(dir);
}

/** Reads a run's configuration and records without taking the lock (for scoring). */
export function readRun(dir: string): { config: RunConfig; records: ItemRecord[]; warnings: string[] } {
  const config = readRunConfig(dir);
  const { records, warnings } = readRecords(dir, samplesOf(config));
  return { config, records, warnings };
}

function readRecords(dir: string, samples: number): { records: ItemRecord[]; warnings: string[]; tornAt: number | null } {
  const path = join(dir, RECORDS_FILE);
  let text: string;
  try {
    // a device or a pipe in its place would be read for ever
    if (existsSync(path) && !statSync(path).isFile()) throw new RunError(`${path}: not a regular file`);
    text = existsSync(path) ? readFileSync(path, "utf8") : "";
  } catch (e) {
    if (e instanceof RunError) throw e;
    throw fsError(path, e);
  }
  const parsed = parseLines(ItemRecord, text);
  for (const r of parsed.records) {
    const sample = r.value.sample;
    // a record of a sample the run does not have belongs to another run
    if (sample !== undefined && (samples === 1 || sample >= samples)) {
      parsed.issues.push({ line: r.line, message: samples === 1 ? `a record of sample ${sample}, but the run (${RUN_FILE}) has one sample per item` : `a record of sample ${sample}, but the run (${RUN_FILE}) has samples 0–${samples - 1}` });
    }
  }
  parsed.issues.sort((a, b) => a.line - b.line);
  if (parsed.issues.length) {
    const shown = parsed.issues.slice(0, 5).map((i) => `${path}:${i.line}: ${i.message}`);
    throw new RunError(shown.join("\n") + (parsed.issues.length > 5 ? `\n… and ${parsed.issues.length - 5} more` : ""));
  }
  const warnings: string[] = [];
  let tornAt: number | null = null;
  if (parsed.torn) {
    // the byte length of the complete lines
    tornAt = new TextEncoder().encode(text.slice(0, text.lastIndexOf("\n") + 1)).length;
    warnings.push(`${path}: its last line was cut off (the run was stopped while writing it); that item is not counted as finished`);
  }
  return { records: parsed.records.map((r) => r.value), warnings, tornAt };
}

/** The record that counts per task (record_kinds.ts's rule) of a run's records. */
export function latestRecords(records: readonly ItemRecord[]): Map<string, ItemRecord> {
  return latestByTask(records);
}

function differences(a: RunConfig, b: RunConfig): string[] {
  // a run.json without samples is a run of one
  const field = (c: RunConfig, f: (typeof IDENTITY_FIELDS)[number]) => canonicalJson(f === "samples" ? samplesOf(c) : c[f]);
  return IDENTITY_FIELDS.filter((f) => field(a, f) !== field(b, f)).map((f) => `${f}: ${field(a, f)} here, ${field(b, f)} asked`);
}

export interface OpenedRun {
  dir: string;
  config: RunConfig;
  /** Every valid record so far, in file order. */
  records: ItemRecord[];
  warnings: string[];
  /** Appends one record line. */
  append(record: ItemRecord): void;
  /** Releases the lock. */
  close(): void;
}

/**
 * Opens `dir` for writing. With a configuration: creates the run (an absent or empty
 * directory) or resumes it (the same run); with null: resumes an existing run as it is.
 */
export async function openRun(
  dir: string,
  wanted: RunConfig | null,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  /** How a record line is appended (tests pass a writer that fails as a full disk does). */
  appendLine: (path: string, text: string) => void = appendFileSync,
): Promise<OpenedRun> {
  let config: RunConfig;
  try {
    if (existsSync(dir) && !statSync(dir).isDirectory()) throw new RunError(`${dir}: exists and is not a directory`);
  } catch (e) {
    if (e instanceof RunError) throw e;
    throw fsError(dir, e);
  }
  if (existsSync(join(dir, RUN_FILE))) {
    config = readConfig(dir);
    if (wanted) {
      const diff = differences(config, wanted);
      if (diff.length) {
        throw new RunError(`${dir} holds a different run (${diff.join("; ")}); choose another --out, or resume it with the same settings`);
      }
    }
  } else {
    if (!wanted) throw new RunError(existsSync(dir) ? `${dir}: no ${RUN_FILE}; this is not a run directory of mech eval` : `${dir}: no such directory`);
    try {
      if (existsSync(dir)) {
        const entries = readdirSync(dir);
        if (entries.length) throw new RunError(`${dir}: is not empty and holds no run; choose another --out`);
      } else mkdirSync(dir, { recursive: true });
      const tmp = join(dir, `.${RUN_FILE}.partial`);
      writeFileSync(tmp, JSON.stringify(wanted, null, 2) + "\n");
      renameSync(tmp, join(dir, RUN_FILE));
    } catch (e) {
      if (e instanceof RunError) throw e;
      throw fsError(dir, e);
    }
    config = wanted;
  }
  const release = await lockDirectory(dir, sleep);
  try {
    const { records, warnings, tornAt } = readRecords(dir, samplesOf(config));
    const path = join(dir, RECORDS_FILE);
    // drop a cut-off last line so the next append starts on a line of its own
    if (tornAt !== null) truncateSync(path, tornAt);
    return {
      dir,
      config,
      records,
      warnings,
      append(record) {
        try {
          appendLine(path, encodeLine(ItemRecord, record, `${record.type} record`));
        } catch (e) {
          throw fsError(path, e);
        }
      },
      close: release,
    };
  } catch (e) {
    release();
    throw e;
  }
}

