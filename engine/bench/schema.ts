// The results of `mech bench solve` and `mech bench simulate` as zod schemas: the types
// the engine returns and the shape `--json` prints, checked by the tests.
import { z } from "zod";

/** The schema of a timed stage's run times (milliseconds). */
export const TimeSummary: z.ZodObject<
  { runs: z.ZodNumber; medianMs: z.ZodNumber; p95Ms: z.ZodNumber; minMs: z.ZodNumber; maxMs: z.ZodNumber },
  z.core.$strip
> = z.object({
  runs: z.number().int().positive(),
  medianMs: z.number().nonnegative(),
  /** Nearest rank (stats.ts). */
  p95Ms: z.number().nonnegative(),
  minMs: z.number().nonnegative(),
  maxMs: z.number().nonnegative(),
});
/** A timed stage's runs and their median, 95th-percentile, fastest and slowest times in milliseconds. */
export type TimeSummary = z.infer<typeof TimeSummary>;

/** The schema of a solver benchmark's counts. */
export const SolveCounts: z.ZodObject<
  {
    problems: z.ZodNumber;
    consistent: z.ZodNumber;
    interpretations: z.ZodString;
    mddNodes: z.ZodNumber;
    confluenceChecks: z.ZodNumber;
    gacRevisions: z.ZodNumber;
  },
  z.core.$strip
> = z.object({
  problems: z.number().int().nonnegative(),
  consistent: z.number().int().nonnegative(),
  /** The sum of the exact counts, in decimal (it may exceed 2^53). */
  interpretations: z.string().regex(/^\d+$/),
  mddNodes: z.number().int().nonnegative(),
  confluenceChecks: z.number().int().nonnegative(),
  gacRevisions: z.number().int().nonnegative(),
});
/** What a solver benchmark's problems amount to: problems, consistent ones, the summed interpretation count (decimal text), decision-diagram nodes, confluence checks and GAC revisions. */
export type SolveCounts = z.infer<typeof SolveCounts>;

/** The schema of the TypeScript reference solver's part of a solver benchmark. */
export const ReferenceOutcome: z.ZodDiscriminatedUnion<
  [
    z.ZodObject<
      {
        runs: z.ZodNumber;
        medianMs: z.ZodNumber;
        p95Ms: z.ZodNumber;
        minMs: z.ZodNumber;
        maxMs: z.ZodNumber;
        status: z.ZodLiteral<"finished">;
        solvesPerSecond: z.ZodNumber;
        ratio: z.ZodNumber;
        agree: z.ZodLiteral<true>;
      },
      z.core.$strip
    >,
    z.ZodObject<{ status: z.ZodLiteral<"did-not-finish">; limitS: z.ZodNumber; run: z.ZodString }, z.core.$strip>,
  ],
  "status"
> = z.discriminatedUnion("status", [
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
/** The reference solver's timings beside the WASM kernels' (`finished`, agreeing on every count) or where it gave up (`did-not-finish`). */
export type ReferenceOutcome = z.infer<typeof ReferenceOutcome>;

/** The schema of `mech bench solve --json` (without its command field). */
export const SolveBenchResult: z.ZodObject<
  {
    label: z.ZodString;
    mechanism: z.ZodString;
    scenario: z.ZodString;
    variables: z.ZodObject<{ min: z.ZodNumber; max: z.ZodNumber }, z.core.$strip>;
    warmupRuns: z.ZodObject<{ compile: z.ZodNumber; wasm: z.ZodNumber; reference: z.ZodNumber }, z.core.$strip>;
    compile: z.ZodObject<
      {
        runs: z.ZodNumber;
        medianMs: z.ZodNumber;
        p95Ms: z.ZodNumber;
        minMs: z.ZodNumber;
        maxMs: z.ZodNumber;
        problemsPerSecond: z.ZodNumber;
      },
      z.core.$strip
    >;
    wasm: z.ZodObject<
      {
        runs: z.ZodNumber;
        medianMs: z.ZodNumber;
        p95Ms: z.ZodNumber;
        minMs: z.ZodNumber;
        maxMs: z.ZodNumber;
        solvesPerSecond: z.ZodNumber;
      },
      z.core.$strip
    >;
    counts: typeof SolveCounts;
    reference: typeof ReferenceOutcome;
  },
  z.core.$strip
> = z.object({
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
/** The timings and counts of a solver benchmark (see benchSolver). */
export type SolveBenchResult = z.infer<typeof SolveBenchResult>;

/** The schema of one depth's layer of an episode graph. */
export const LayerSize: z.ZodObject<{ depth: z.ZodNumber; episodes: z.ZodNumber; edges: z.ZodNumber }, z.core.$strip> = z.object({
  depth: z.number().int().nonnegative(),
  /** |R_d|: episodes reached after exactly d edges. */
  episodes: z.number().int().nonnegative(),
  /** |A^(d)|: edges whose source is in R_(d−1). */
  edges: z.number().int().nonnegative(),
});
/** One layer of an episode graph: its depth, the episodes first reached there and the edges into them. */
export type LayerSize = z.infer<typeof LayerSize>;

/** The schema of `mech bench simulate --json` (without its command field). */
export const SimulateBenchResult: z.ZodObject<
  {
    label: z.ZodString;
    mechanism: z.ZodString;
    scenario: z.ZodString;
    rules: z.ZodString;
    horizon: z.ZodNumber;
    start: z.ZodString;
    initial: z.ZodNumber;
    warmupRuns: z.ZodNumber;
    time: typeof TimeSummary;
    layers: z.ZodArray<typeof LayerSize>;
    episodes: z.ZodNumber;
    edges: z.ZodNumber;
    solves: z.ZodNumber;
    episodesPerSecond: z.ZodNumber;
    edgesPerSecond: z.ZodNumber;
  },
  z.core.$strip
> = z.object({
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
/** The timings and graph sizes of an episode-graph benchmark (see benchEpisodeGraph). */
export type SimulateBenchResult = z.infer<typeof SimulateBenchResult>;

/** What `--json` prints: the result with the command's name. */
export const BenchSolveJson = SolveBenchResult.extend({ command: z.literal("bench solve") });
export const BenchSimulateJson = SimulateBenchResult.extend({ command: z.literal("bench simulate") });
