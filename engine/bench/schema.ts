// The results of `mech bench solve` and `mech bench simulate` as zod schemas: the types
// the engine returns and the shape `--json` prints, checked by the tests.
import { z } from "zod";

export const TimeSummary = z.object({
  runs: z.number().int().positive(),
  medianMs: z.number().nonnegative(),
  /** Nearest rank (stats.ts). */
  p95Ms: z.number().nonnegative(),
  minMs: z.number().nonnegative(),
  maxMs: z.number().nonnegative(),
});
export type TimeSummary = z.infer<typeof TimeSummary>;

export const SolveCounts = z.object({
  problems: z.number().int().nonnegative(),
  consistent: z.number().int().nonnegative(),
  /** The sum of the exact counts, in decimal (it may exceed 2^53). */
  interpretations: z.string().regex(/^\d+$/),
  mddNodes: z.number().int().nonnegative(),
  confluenceChecks: z.number().int().nonnegative(),
  gacRevisions: z.number().int().nonnegative(),
});
export type SolveCounts = z.infer<typeof SolveCounts>;

export const ReferenceOutcome = z.discriminatedUnion("status", [
  TimeSummary.extend({
    status: z.literal("finished"),
    solvesPerSecond: z.number().positive(),
    /** Reference median / WASM median, both of this run. */
    ratio: z.number().positive(),
    agree: z.literal(true),
  }),
  z.object({
    status: z.literal("did-not-finish"),
    limitS: z.number().positive(),
    /** "warm-up" or "timed run K". */
    run: z.string(),
  }),
]);
export type ReferenceOutcome = z.infer<typeof ReferenceOutcome>;

export const SolveBenchResult = z.object({
  label: z.string(),
  mechanism: z.string(),
  scenario: z.string(),
  /** Variables per problem, smallest and largest. */
  variables: z.object({ min: z.number().int(), max: z.number().int() }),
  /** Untimed runs before the timed ones, per stage (at least one, until WARMUP_MS have passed). */
  warmupRuns: z.object({ compile: z.number().int().positive(), wasm: z.number().int().positive(), reference: z.number().int().nonnegative() }),
  compile: TimeSummary.extend({ problemsPerSecond: z.number().positive() }),
  wasm: TimeSummary.extend({ solvesPerSecond: z.number().positive() }),
  counts: SolveCounts,
  reference: ReferenceOutcome,
});
export type SolveBenchResult = z.infer<typeof SolveBenchResult>;

export const LayerSize = z.object({
  depth: z.number().int().nonnegative(),
  /** |R_d|: episodes reached after exactly d edges. */
  episodes: z.number().int().nonnegative(),
  /** |A^(d)|: edges whose source is in R_(d−1). */
  edges: z.number().int().nonnegative(),
});
export type LayerSize = z.infer<typeof LayerSize>;

export const SimulateBenchResult = z.object({
  label: z.string(),
  mechanism: z.string(),
  scenario: z.string(),
  rules: z.string(),
  horizon: z.number().int().nonnegative(),
  /** How X0 was chosen, in words. */
  start: z.string(),
  initial: z.number().int().positive(),
  /** Untimed builds before the timed ones (at least one, until WARMUP_MS have passed). */
  warmupRuns: z.number().int().positive(),
  time: TimeSummary,
  layers: z.array(LayerSize),
  /** Distinct episodes and edges of the whole graph. */
  episodes: z.number().int().positive(),
  edges: z.number().int().nonnegative(),
  /** Exact solves the session ran per build. */
  solves: z.number().int().nonnegative(),
  episodesPerSecond: z.number().positive(),
  edgesPerSecond: z.number().nonnegative(),
});
export type SimulateBenchResult = z.infer<typeof SimulateBenchResult>;

/** What `--json` prints: the result with the command's name. */
export const BenchSolveJson = SolveBenchResult.extend({ command: z.literal("bench solve") });
export const BenchSimulateJson = SimulateBenchResult.extend({ command: z.literal("bench simulate") });
