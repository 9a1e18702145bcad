// A benchmark directory on disk. Files are written under temporary names and renamed
// into place, the manifest last: a directory without manifest.json is an interrupted
// generation, and no half-written file ever carries a final name.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { jsonPath } from "../files/json_path.ts";
import { MechanismError } from "../model/issues.ts";
import { parseJsonText } from "../model/json_text.ts";
import type { BenchmarkFiles } from "./manifest.ts";
import { fileSha256 } from "../files/file_sha256.ts";
import { FILE_NAMES, Manifest, ProblemLine, type ProblemRecord, SolutionRecord, TaskRecord } from "./records.ts";
import { formProblems, ProblemCaseError } from "./problem_file.ts";
import { StoreError } from "../files/errors.ts";
import { fsMessage } from "../files/fs_reason.ts";
import { writeAtomically } from "../files/atomic_write.ts";

const MANIFEST = "manifest.json";

/**
 * Makes `dir` ready to receive a benchmark: created when missing, refused when it holds
 * anything unless `force` (then its old manifest is removed first, so an interrupted
 * run cannot leave the old completion claim beside new files), and probed for writing.
 */
export function prepareOutputDir(dir: string, force: boolean): void {
  try {
    if (existsSync(dir)) {
      if (!statSync(dir).isDirectory()) throw new StoreError(`${dir}: exists and is not a directory`);
      const entries = readdirSync(dir);
      if (entries.length && !force) throw new StoreError(`${dir}: is not empty (${entries.length} entr${entries.length === 1 ? "y" : "ies"}); choose another --out or pass --force to replace a benchmark there`);
      if (entries.includes(MANIFEST)) rmSync(join(dir, MANIFEST));
    } else {
      mkdirSync(dir, { recursive: true });
    }
    const probe = join(dir, ".write-probe");
    writeFileSync(probe, "");
    rmSync(probe);
  } catch (e) {
    if (e instanceof StoreError) throw e;
    throw fsMessage(dir, e);
  }
}

export function writeBenchmark(dir: string, files: BenchmarkFiles, manifest: Manifest): void {
  for (const name of FILE_NAMES) writeAtomically(dir, name, files[name]);
  writeAtomically(dir, MANIFEST, JSON.stringify(manifest, null, 2) + "\n");
}

/** A MechReasoner benchmark: its manifest, its three files' texts and their records. */
export interface Benchmark {
  /** The directory it was read from or written to, or `memory:` and the completion hash's start. */
  dir: string;
  /** manifest.json. */
  manifest: Manifest;
  /** The three data files' texts, exactly as on disk. */
  texts: BenchmarkFiles;
  /** The tasks, in file order. */
  tasks: TaskRecord[];
  /** The gold answers, in the tasks' order. */
  solutions: SolutionRecord[];
  /** The compiled problems the audits refer to, each in full (problems.jsonl's cases formed: problem_file.ts). */
  problems: ProblemRecord[];
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    throw fsMessage(path, e);
  }
}

function parseLine<T>(schema: z.ZodType<T>, path: string, line: string, n: number): T {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch (e) {
    throw new StoreError(`${path}:${n}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const r = schema.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new StoreError(`${path}:${n}: at ${jsonPath(issue.path)}: ${issue.message}`);
  }
  return r.data;
}

function parseJsonl<T>(schema: z.ZodType<T>, path: string, text: string): T[] {
  const out: T[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim()) out.push(parseLine(schema, path, line, i + 1));
  });
  return out;
}

/** problems.jsonl's problems, each line's cases formed (problem_file.ts). */
function readProblems(path: string, text: string): ProblemRecord[] {
  const lines: ProblemLine[] = [];
  const numbers: number[] = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    lines.push(parseLine(ProblemLine, path, line, i + 1));
    numbers.push(i + 1);
  });
  try {
    return formProblems(lines, (k, at) => `${path}:${numbers[k]}: at ${at}`);
  } catch (e) {
    if (e instanceof ProblemCaseError) throw new StoreError(e.message);
    throw e;
  }
}

function parseManifest(path: string, text: string): Manifest {
  let data: unknown;
  try {
    data = parseJsonText(text, path);
  } catch (e) {
    if (e instanceof MechanismError) throw new StoreError(e.message);
    throw e;
  }
  const r = Manifest.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new StoreError(`${path}: at ${jsonPath(issue.path)}: ${issue.message}`);
  }
  return r.data;
}

/** Reads and validates a benchmark directory (every line of every file). */
export function readBenchmark(dir: string): Benchmark {
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) {
    if (!existsSync(dir)) throw new StoreError(`${dir}: no such directory`);
    throw new StoreError(`${dir}: no ${MANIFEST}; this is not a generated benchmark, or its generation did not finish (run mech generate again)`);
  }
  const manifest = parseManifest(manifestPath, readText(manifestPath));
  const texts = Object.fromEntries(FILE_NAMES.map((n) => [n, readText(join(dir, n))])) as unknown as BenchmarkFiles;
  return {
    dir,
    manifest,
    texts,
    tasks: parseJsonl(TaskRecord, join(dir, "tasks.jsonl"), texts["tasks.jsonl"]),
    solutions: parseJsonl(SolutionRecord, join(dir, "solutions.jsonl"), texts["solutions.jsonl"]),
    problems: readProblems(join(dir, "problems.jsonl"), texts["problems.jsonl"]),
  };
}

/** What a model run needs of a benchmark: the manifest, the tasks and their gold (not the problems). */
export interface TaskSet {
  /** Where the benchmark is (a directory or a memory name). */
  dir: string;
  /** Its manifest. */
  manifest: Manifest;
  /** Its tasks. */
  tasks: TaskRecord[];
  /** Their gold answers. */
  solutions: SolutionRecord[];
}

/**
 * Reads tasks.jsonl and solutions.jsonl and checks both against the manifest's SHA-256, so a
 * run never scores against files changed after generation. problems.jsonl is not read.
 */
export function readTaskSet(dir: string): TaskSet {
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) {
    if (!existsSync(dir)) throw new StoreError(`${dir}: no such directory (generate a benchmark there with mech generate --out ${dir})`);
    throw new StoreError(`${dir}: no ${MANIFEST}; this is not a generated benchmark, or its generation did not finish (run mech generate again)`);
  }
  const manifest = parseManifest(manifestPath, readText(manifestPath));
  const read = (name: "tasks.jsonl" | "solutions.jsonl") => {
    const path = join(dir, name);
    const text = readText(path);
    if (fileSha256(text) !== manifest.files[name]) throw new StoreError(`${path}: its SHA-256 is not the manifest's (the file changed after generation; regenerate, or check it with mech tasks verify)`);
    return text;
  };
  const tasks = parseJsonl(TaskRecord, join(dir, "tasks.jsonl"), read("tasks.jsonl"));
  const solutions = parseJsonl(SolutionRecord, join(dir, "solutions.jsonl"), read("solutions.jsonl"));
  return { dir, manifest, tasks, solutions };
}
