// `mech tasks verify`: a benchmark directory is what its manifest claims, and every
// gold answer is what the current catalog implies. Each finding is one line.
import type { MechanismModel } from "../model/model.ts";
import { familyById } from "./families/mod.ts";
import { sha256 } from "../files/sha256.ts";
import { fileSha256 } from "../files/file_sha256.ts";
import { taskId } from "./envelope.ts";
import { countTokens } from "./tokens.ts";
import { completionHash } from "./manifest.ts";
import { FILE_NAMES } from "./records.ts";
import type { Benchmark } from "./store.ts";
import type { RecheckSessions } from "./recheck_sessions.ts";

export interface CatalogView {
  sha256: string;
  mechanism(id: string): MechanismModel | undefined;
}

/** What verifying a benchmark found. */
export interface VerifyResult {
  /** Each problem found, one line each (file, line, task); empty when the benchmark is what it claims. */
  findings: string[];
  /** Tasks checked. */
  tasks: number;
  /** Gold answers recomputed from the catalog. */
  golds: number;
}

const HEADER = /^Task family: (.*)\nMechanism id: (.*)\nTask id: (.*)\nPrompt tokens: ([\d,]+)\n\n/;

/**
 * What verifying one task costs, apart from the rest (verify_job.ts runs it in workers): its
 * prompt's token count, and its gold recomputed from the catalog (as canonical JSON text) or
 * why the audit did not fit; no recheck when the family, the solution or the model is missing.
 */
export interface TaskCheck {
  tokens: number;
  gold?: string;
  error?: string;
}

/** The costly part of verifying a task: count its prompt's tokens and recheck its gold (with the mechanism's shared sessions). */
export function checkTask(task: { family: string; prompt: string }, audit: unknown | undefined, model: MechanismModel | undefined, sessions?: RecheckSessions): TaskCheck {
  const tokens = countTokens(task.prompt);
  const family = familyById(task.family);
  if (!family || audit === undefined || !model) return { tokens };
  try {
    return { tokens, gold: JSON.stringify(family.recheck(model, audit, sessions)) };
  } catch (e) {
    return { tokens, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Every finding about a benchmark, given each task's TaskCheck (checks[i] for tasks.jsonl
 * line i + 1), one line each in task order.
 */
export function verifyBenchmark(b: Benchmark, catalog: CatalogView, checks: readonly TaskCheck[]): VerifyResult {
  const findings: string[] = [];
  const m = b.manifest;
  // mechanism, family and gold → the first task with them
  const answered = new Map<string, string>();
  for (const name of FILE_NAMES) {
    if (fileSha256(b.texts[name]) !== m.files[name]) findings.push(`${name}: its SHA-256 is not the manifest's (the file changed after generation)`);
  }
  if (completionHash(m) !== m.completion_sha256) findings.push("manifest.json: completion_sha256 does not bind its own settings and files");
  if (m.catalog_sha256 !== catalog.sha256) findings.push(`manifest.json: generated from catalog ${m.catalog_sha256.slice(0, 12)}…, the current catalog is ${catalog.sha256.slice(0, 12)}…`);
  if (b.tasks.length !== m.retained) findings.push(`tasks.jsonl: ${b.tasks.length} tasks, the manifest says ${m.retained}`);

  const refs = new Set<string>();
  for (const p of b.problems) {
    if (sha256(JSON.stringify(p.problem)) !== p.ref) findings.push(`problems.jsonl: problem ${p.ref.slice(0, 12)}… does not hash to its ref`);
    refs.add(p.ref);
  }
  const solutions = new Map(b.solutions.map((s) => [s.task_id, s]));
  if (solutions.size !== b.solutions.length) findings.push("solutions.jsonl: a task id occurs twice");
  const seen = new Set<string>();
  let golds = 0;
  b.tasks.forEach((t, i) => {
    const where = `tasks.jsonl:${i + 1} (${t.task_id})`;
    const check = checks[i];
    if (seen.has(t.task_id)) findings.push(`${where}: the task id occurs twice`);
    seen.add(t.task_id);
    const family = familyById(t.family);
    const head = HEADER.exec(t.prompt);
    if (!family) findings.push(`${where}: no generator for family ${t.family}`);
    else if (!head) findings.push(`${where}: the prompt does not start with the four header lines`);
    else {
      const body = t.prompt.slice(head[0].length);
      if (head[1] !== family.title || head[2] !== t.mechanism || head[3] !== t.task_id) findings.push(`${where}: the header does not name this task's family, mechanism and id`);
      if (taskId(t.family, t.mechanism, body) !== t.task_id) findings.push(`${where}: the task id is not the hash of the prompt`);
      if (t.prompt_tokens !== check.tokens) findings.push(`${where}: prompt_tokens ${t.prompt_tokens} is not the prompt's o200k_base count`);
      if (t.prompt_tokens > m.settings.max_prompt_tokens) findings.push(`${where}: ${t.prompt_tokens} tokens, over the ceiling of ${m.settings.max_prompt_tokens}`);
    }
    const s = solutions.get(t.task_id);
    const model = catalog.mechanism(t.mechanism);
    if (!s) findings.push(`${where}: no solution`);
    else if (!model) findings.push(`${where}: the catalog has no mechanism ${t.mechanism}`);
    else if (family) {
      if (!family.answer.safeParse(s.answer).success) findings.push(`${where}: the gold does not fit the ${t.family} answer shape`);
      let level: string | null = null;
      try {
        level = family.levelOf(t.complexity, s.audit);
      } catch { /* reported by the recheck below */ }
      if (level !== t.level) findings.push(`${where}: complexity ${t.complexity} and the audit put the task in ${level ?? "no level"}, not ${t.level}`);
      for (const ref of JSON.stringify(s.audit).match(/"problem":"([0-9a-f]{64})"/g) ?? []) {
        if (!refs.has(ref.slice(11, 75))) findings.push(`${where}: the audit refers to a problem missing from problems.jsonl`);
      }
      if (check.gold === undefined) findings.push(`${where}: the audit does not fit the catalog: ${check.error ?? "it was not rechecked"}`);
      else if (check.gold !== JSON.stringify(s.answer)) findings.push(`${where}: the gold is ${JSON.stringify(s.answer)}, the catalog gives ${check.gold}`);
      else golds++;
    }
    // answers a family keeps distinct within a pool (TaskFamily.distinctAnswers) must be
    if (s && family?.distinctAnswers) {
      const key = `${t.mechanism}\n${t.family}\n${JSON.stringify(s.answer)}`;
      const first = answered.get(key);
      if (first) findings.push(`${where}: its gold equals that of ${first}, and ${t.family} keeps the answers of one mechanism distinct`);
      else answered.set(key, t.task_id);
    }
  });
  if (b.solutions.length !== b.tasks.length) findings.push(`solutions.jsonl: ${b.solutions.length} solutions for ${b.tasks.length} tasks`);
  return { findings, tasks: b.tasks.length, golds };
}
