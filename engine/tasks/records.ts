// The files of a generated benchmark, as zod schemas: tasks.jsonl (what a model sees),
// solutions.jsonl (gold and audit, never shown), problems.jsonl (compiled problems the
// audits refer to) and manifest.json (settings, outcomes, counts, completion hashes).
import { RuleProfileSchema } from "../episode/rules.ts";
import { z } from "zod";
import { FamilyId, Level } from "./family.ts";

export const TaskRecord = z.object({
  task_id: z.string().regex(/^task_[0-9a-f]{16}$/),
  family: FamilyId,
  mechanism: z.string().min(1),
  level: Level,
  complexity: z.int().min(0),
  prompt_tokens: z.int().min(1),
  prompt: z.string().min(1),
}).strict();
export type TaskRecord = z.infer<typeof TaskRecord>;

export const SolutionRecord = z.object({
  task_id: z.string().regex(/^task_[0-9a-f]{16}$/),
  answer: z.record(z.string(), z.unknown()),
  audit: z.record(z.string(), z.unknown()),
}).strict();
export type SolutionRecord = z.infer<typeof SolutionRecord>;

export const ProblemRecord = z.object({
  ref: z.string().regex(/^[0-9a-f]{64}$/),
  problem: z.record(z.string(), z.unknown()),
}).strict();
export type ProblemRecord = z.infer<typeof ProblemRecord>;

export const Outcome = z.enum(["complete", "partial", "empty"]);
export type Outcome = z.infer<typeof Outcome>;

export const Settings = z.object({
  seed: z.string(),
  per_level: z.int().min(1),
  max_prompt_tokens: z.int().min(1),
  families: z.array(FamilyId),
  mechanisms: z.array(z.string()),
  /** The edge-rule profile the episode-graph gold was computed with (docs/semantics.md §13.10). */
  rules: RuleProfileSchema,
}).strict();
export type Settings = z.infer<typeof Settings>;

export const CellRecord = z.object({
  family: FamilyId,
  mechanism: z.string(),
  level: Level,
  admitted: z.int().min(0),
  outcome: Outcome,
  /**
   * Candidates in this level's band turned away, by reason (repeated_answer: see
   * TaskFamily.distinctAnswers; absent from manifests of generators before 1.3.0, which
   * turned none away for it, so they still load).
   */
  rejected: z.object({ invalid: z.int().min(0), repeated_answer: z.int().min(0).default(0), over_token_ceiling: z.int().min(0) }).strict(),
}).strict();
export type CellRecord = z.infer<typeof CellRecord>;

export const PoolRecord = z.object({
  family: FamilyId,
  mechanism: z.string(),
  generated: z.int().min(0),
  retained: z.int().min(0),
  outcome: Outcome,
}).strict();
export type PoolRecord = z.infer<typeof PoolRecord>;

export const FILE_NAMES = ["tasks.jsonl", "solutions.jsonl", "problems.jsonl"] as const;

export const Manifest = z.object({
  format: z.literal("mechbench-tasks/1"),
  generator: z.object({ name: z.literal("mechbench"), version: z.string() }).strict(),
  catalog_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  settings: Settings,
  bands: z.partialRecord(FamilyId, z.record(Level, z.string())),
  cells: z.array(CellRecord),
  pools: z.array(PoolRecord),
  generated: z.int().min(0),
  duplicates_removed: z.int().min(0),
  retained: z.int().min(0),
  /** Table 3: items and contributing mechanisms per family. */
  families: z.array(z.object({
    family: FamilyId,
    items: z.int().min(0),
    mechanisms: z.int().min(0),
    pools: z.object({ complete: z.int(), partial: z.int(), empty: z.int() }).strict(),
  }).strict()),
  /** Table 11: per mechanism, the families with a retained task and the retained count. */
  mechanisms: z.array(z.object({ mechanism: z.string(), families: z.array(FamilyId), retained: z.int().min(0) }).strict()),
  files: z.object({ "tasks.jsonl": z.string(), "solutions.jsonl": z.string(), "problems.jsonl": z.string() }).strict(),
  /** SHA-256 binding generator version, catalog, settings and the three files. */
  completion_sha256: z.string().regex(/^[0-9a-f]{64}$/),
}).strict();
export type Manifest = z.infer<typeof Manifest>;
