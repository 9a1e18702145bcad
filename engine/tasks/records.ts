// The files of a generated benchmark, as zod schemas: tasks.jsonl (what a model sees),
// solutions.jsonl (gold and audit, never shown), problems.jsonl (compiled problems the
// audits refer to) and manifest.json (settings, outcomes, counts, completion hashes).
import { RuleProfileSchema } from "../episode/rules.ts";
import { z } from "zod";
import { FamilyId, Level } from "./family.ts";
import { ComposeSettings } from "../model/composer_record.ts";

/** A line of tasks.jsonl. */
export const TaskRecord: z.ZodObject<
  {
    task_id: z.ZodString;
    family: typeof FamilyId;
    mechanism: z.ZodString;
    level: typeof Level;
    complexity: z.ZodInt;
    prompt_tokens: z.ZodInt;
    prompt: z.ZodString;
  },
  z.core.$strict
> = z.object({
  task_id: z.string().regex(/^task_[0-9a-f]{16}$/),
  family: FamilyId,
  mechanism: z.string().min(1),
  level: Level,
  complexity: z.int().min(0),
  prompt_tokens: z.int().min(1),
  prompt: z.string().min(1),
}).strict();
/** A task: its id, family, mechanism, level, complexity, prompt token count and the prompt exactly as sent. */
export type TaskRecord = z.infer<typeof TaskRecord>;

/** A line of solutions.jsonl. */
export const SolutionRecord: z.ZodObject<
  {
    task_id: z.ZodString;
    answer: z.ZodRecord<z.ZodString, z.ZodUnknown>;
    audit: z.ZodRecord<z.ZodString, z.ZodUnknown>;
  },
  z.core.$strict
> = z.object({
  task_id: z.string().regex(/^task_[0-9a-f]{16}$/),
  answer: z.record(z.string(), z.unknown()),
  audit: z.record(z.string(), z.unknown()),
}).strict();
/** A task's gold: the answer payload and the audit its evidence is read from. */
export type SolutionRecord = z.infer<typeof SolutionRecord>;

/** A compiled problem an audit refers to, by `ref` (the SHA-256 of its JSON text), as a benchmark in memory holds it. */
export const ProblemRecord: z.ZodObject<
  { ref: z.ZodString; problem: z.ZodRecord<z.ZodString, z.ZodUnknown> },
  z.core.$strict
> = z.object({
  ref: z.string().regex(/^[0-9a-f]{64}$/),
  problem: z.record(z.string(), z.unknown()),
}).strict();
/** A compiled problem an audit refers to, by `ref` (the SHA-256 of its JSON text). */
export type ProblemRecord = z.infer<typeof ProblemRecord>;

/**
 * A problem of problems.jsonl written as its differences from the problem of its line:
 * its own `state` when that differs, and the variables whose domains differ (docs/benchmark.md §4).
 */
export const ProblemCase: z.ZodObject<
  {
    ref: z.ZodString;
    state: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
    domains: z.ZodArray<z.ZodObject<{ var: z.ZodInt; cells: z.ZodArray<z.ZodInt> }, z.core.$strict>>;
  },
  z.core.$strict
> = z.object({
  ref: z.string().regex(/^[0-9a-f]{64}$/),
  state: z.record(z.string(), z.string()).optional(),
  domains: z.array(z.object({ var: z.int().min(0), cells: z.array(z.int().min(0)) }).strict()),
}).strict();
/** A problem written as its differences from its line's problem. */
export type ProblemCase = z.infer<typeof ProblemCase>;

/**
 * A line of problems.jsonl: one problem in full, and the problems that differ from it
 * only in their state and domains as cases beside it (absent when there are none).
 */
export const ProblemLine: z.ZodObject<
  { ref: z.ZodString; problem: z.ZodRecord<z.ZodString, z.ZodUnknown>; cases: z.ZodOptional<z.ZodArray<typeof ProblemCase>> },
  z.core.$strict
> = z.object({
  ref: z.string().regex(/^[0-9a-f]{64}$/),
  problem: z.record(z.string(), z.unknown()),
  cases: z.array(ProblemCase).min(1).optional(),
}).strict();
/** A line of problems.jsonl: a problem in full and the cases formed from it. */
export type ProblemLine = z.infer<typeof ProblemLine>;

/** How full a cell or pool came out. */
export const Outcome: z.ZodEnum<{ complete: "complete"; partial: "partial"; empty: "empty" }> = z.enum(["complete", "partial", "empty"]);
/** How full a cell or pool came out: complete, partial or empty. */
export type Outcome = z.infer<typeof Outcome>;

/** The settings a benchmark was generated with. */
export const Settings: z.ZodObject<
  {
    seed: z.ZodString;
    per_level: z.ZodInt;
    max_prompt_tokens: z.ZodInt;
    families: z.ZodArray<typeof FamilyId>;
    mechanisms: z.ZodArray<z.ZodString>;
    rules: typeof RuleProfileSchema;
  },
  z.core.$strict
> = z.object({
  seed: z.string(),
  per_level: z.int().min(1),
  max_prompt_tokens: z.int().min(1),
  families: z.array(FamilyId),
  mechanisms: z.array(z.string()),
  /** The edge-rule profile the episode-graph gold was computed with (docs/semantics.md §13.10). */
  rules: RuleProfileSchema,
}).strict();
/** The settings a benchmark was generated with: seed, tasks per level, token ceiling, families, mechanisms, edge rules. */
export type Settings = z.infer<typeof Settings>;

/** One (family, mechanism, level) cell of a generation. */
export const CellRecord: z.ZodObject<
  {
    family: typeof FamilyId;
    mechanism: z.ZodString;
    level: typeof Level;
    admitted: z.ZodInt;
    outcome: typeof Outcome;
    rejected: z.ZodObject<
      { invalid: z.ZodInt; repeated_answer: z.ZodDefault<z.ZodInt>; over_token_ceiling: z.ZodInt },
      z.core.$strict
    >;
  },
  z.core.$strict
> = z.object({
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
/** One (family, mechanism, level) cell: tasks admitted, its outcome, and the candidates rejected by reason. */
export type CellRecord = z.infer<typeof CellRecord>;

/** One (mechanism, family) pool of a generation. */
export const PoolRecord: z.ZodObject<
  { family: typeof FamilyId; mechanism: z.ZodString; generated: z.ZodInt; retained: z.ZodInt; outcome: typeof Outcome },
  z.core.$strict
> = z.object({
  family: FamilyId,
  mechanism: z.string(),
  generated: z.int().min(0),
  retained: z.int().min(0),
  outcome: Outcome,
}).strict();
/** One (mechanism, family) pool: tasks generated and retained after de-duplication, and its outcome. */
export type PoolRecord = z.infer<typeof PoolRecord>;

/** The data files of a benchmark directory (beside manifest.json). */
export const FILE_NAMES = ["tasks.jsonl", "solutions.jsonl", "problems.jsonl"] as const;

/**
 * A benchmark's catalog when it is a directory (`mech generate --catalog DIR`): its number of
 * mechanisms and, for a composed one, the composer's name, version, seed and settings
 * (enough to compose the same directory again).
 */
export const CatalogRecord: z.ZodObject<
  {
    source: z.ZodLiteral<"directory">;
    mechanisms: z.ZodInt;
    composer: z.ZodOptional<
      z.ZodObject<{ name: z.ZodString; version: z.ZodString; seed: z.ZodString; settings: typeof ComposeSettings }, z.core.$strict>
    >;
  },
  z.core.$strict
> = z.object({
  source: z.literal("directory"),
  mechanisms: z.int().min(1),
  composer: z.object({ name: z.string(), version: z.string(), seed: z.string(), settings: ComposeSettings }).strict().optional(),
}).strict();
/** A directory catalog's record in a manifest. */
export type CatalogRecord = z.infer<typeof CatalogRecord>;

/** manifest.json of a benchmark directory. */
export const Manifest: z.ZodObject<
  {
    format: z.ZodEnum<{ "mechbench-tasks/1": "mechbench-tasks/1"; "mechbench-tasks/2": "mechbench-tasks/2" }>;
    generator: z.ZodObject<{ name: z.ZodLiteral<"mechbench">; version: z.ZodString }, z.core.$strict>;
    catalog_sha256: z.ZodString;
    settings: typeof Settings;
    bands: z.ZodRecord<typeof FamilyId & z.core.$partial, z.ZodRecord<typeof Level, z.ZodString>>;
    cells: z.ZodArray<typeof CellRecord>;
    pools: z.ZodArray<typeof PoolRecord>;
    generated: z.ZodInt;
    duplicates_removed: z.ZodInt;
    retained: z.ZodInt;
    families: z.ZodArray<
      z.ZodObject<
        {
          family: typeof FamilyId;
          items: z.ZodInt;
          mechanisms: z.ZodInt;
          pools: z.ZodObject<{ complete: z.ZodInt; partial: z.ZodInt; empty: z.ZodInt }, z.core.$strict>;
        },
        z.core.$strict
      >
    >;
    mechanisms: z.ZodArray<
      z.ZodObject<
        { mechanism: z.ZodString; families: z.ZodArray<typeof FamilyId>; retained: z.ZodInt; components: z.ZodOptional<z.ZodInt>; variables: z.ZodOptional<z.ZodInt> },
        z.core.$strict
      >
    >;
    catalog: z.ZodOptional<typeof CatalogRecord>;
    files: z.ZodObject<
      { "tasks.jsonl": z.ZodString; "solutions.jsonl": z.ZodString; "problems.jsonl": z.ZodString },
      z.core.$strict
    >;
    completion_sha256: z.ZodString;
  },
  z.core.$strict
> = z.object({
  // 2: problems.jsonl writes problems that differ only in state and domains as cases of one line (1 read as it is)
  format: z.enum(["mechbench-tasks/1", "mechbench-tasks/2"]),
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
  mechanisms: z.array(z.object({
    mechanism: z.string(),
    families: z.array(FamilyId),
    retained: z.int().min(0),
    /** The mechanism's size, for the report's slices: its components and its model's variables. */
    components: z.int().min(0).optional(),
    variables: z.int().min(0).optional(),
  }).strict()),
  /** Where the mechanisms came from when not the built-in catalog: a directory, and its composer when composed. */
  catalog: CatalogRecord.optional(),
  files: z.object({ "tasks.jsonl": z.string(), "solutions.jsonl": z.string(), "problems.jsonl": z.string() }).strict(),
  /** SHA-256 binding generator version, catalog, settings and the three files. */
  completion_sha256: z.string().regex(/^[0-9a-f]{64}$/),
}).strict();
/** A benchmark's manifest.json: generator, catalog hash, settings, cells, pools, the Table 3 and Table 11 counts, the files' SHA-256 and the completion hash binding them. */
export type Manifest = z.infer<typeof Manifest>;
