// Algorithm 1: per mechanism build Z_M once, run every family over it, select up to
// k tasks per (family, mechanism, level) cell from the family's seeded candidates,
// then deduplicate by normalized prompt. Families are opaque here (family.ts). The
// per-pool work and the global assembly are apart, so a sharded run can split the first.
import { DEFAULT_PROFILE, type RuleProfile } from "../episode/rule_names.ts";
import type { MechanismModel } from "../model/model.ts";
import { type FamilyId, LEVELS, type Level, type TaskFamily } from "./family.ts";
import { SemanticObjects } from "./semantic_objects.ts";
import { ResultCache, withSolveCache } from "../solve/solver.ts";
import { envelope } from "./envelope.ts";
import { canonicalJson } from "../files/canonical_json.ts";
import type { CellRecord, Outcome, PoolRecord, ProblemRecord, Settings, SolutionRecord, TaskRecord } from "./records.ts";

/** Bumped whenever generation would produce different files for the same settings. */
export const GENERATOR_VERSION = "1.4.0";

export interface GenerateOptions {
  mechanisms: readonly MechanismModel[];
  /** Families in registry order. */
  families: readonly TaskFamily[];
  seed: string;
  perLevel: number;
  maxPromptTokens: number;
  /** The edge-rule profile of every episode graph (default: sound). */
  rules?: RuleProfile;
  onProgress?: (e: GenerateProgress) => void;
  /** Called with each pool as it finishes (a sharded run writes it to disk then). */
  onPool?: (pool: PoolOutput) => void;
}

/** A (mechanism, family) pool just generated. */
export interface GenerateProgress {
  /** The pool's mechanism. */
  mechanism: string;
  /** The pool's family. */
  family: string;
  /** Pools finished so far. */
  done: number;
  /** Pools to generate in all. */
  total: number;
  /** Tasks the pool admitted (before de-duplication across pools). */
  admitted: number;
}

/** What a generation cost. */
export interface GenerateTimings {
  /** Milliseconds in all. */
  totalMs: number;
  /** Milliseconds spent rendering envelopes and counting tokens. */
  tokenMs: number;
  /** Exact solves made. */
  solves: number;
}

export interface Generated {
  settings: Settings;
  tasks: TaskRecord[];
  solutions: SolutionRecord[];
  problems: ProblemRecord[];
  cells: CellRecord[];
  pools: PoolRecord[];
  generated: number;
  duplicatesRemoved: number;
  timings: GenerateTimings;
}

/** One admitted task with its gold and the compiled problems its audit refers to. */
export interface Admitted {
  task: TaskRecord;
  solution: SolutionRecord;
  problems: ProblemRecord[];
}

/**
 * One (mechanism, family) pool before de-duplication: its level cells and admitted tasks in
 * level order. Pools depend on nothing outside their own (seed, family, mechanism) streams,
 * so a sharded run computes some of them and a merge assembles all (assemble()).
 */
export interface PoolOutput {
  mechanism: string;
  family: FamilyId;
  cells: CellRecord[];
  admitted: Admitted[];
}

const outcome = (n: number, target: number): Outcome => (n === 0 ? "empty" : n >= target ? "complete" : "partial");

export function settingsOf(opts: Pick<GenerateOptions, "mechanisms" | "families" | "seed" | "perLevel" | "maxPromptTokens" | "rules">): Settings {
  return {
    seed: opts.seed,
    per_level: opts.perLevel,
    max_prompt_tokens: opts.maxPromptTokens,
    families: opts.families.map((f) => f.id),
    mechanisms: opts.mechanisms.map((m) => m.id),
    rules: opts.rules ?? DEFAULT_PROFILE,
  };
}

/**
 * The pools `keep` selects (all by default), in canonical order: mechanism, then family.
 * A mechanism's Z_M is built only when one of its pools is kept.
 */
export function generatePools(opts: GenerateOptions, keep: (mechanism: string, family: FamilyId) => boolean = () => true): { pools: PoolOutput[]; timings: GenerateTimings } {
  const start = performance.now();
  let tokenMs = 0;
  let solves = 0;
  const out: PoolOutput[] = [];
  const total = opts.mechanisms.reduce((n, m) => n + opts.families.filter((f) => keep(m.id, f.id)).length, 0);
  let done = 0;
  for (const model of opts.mechanisms) {
    const families = opts.families.filter((f) => keep(model.id, f.id));
    if (!families.length) continue;
    const objects = new SemanticObjects(model, opts.seed, opts.rules ?? DEFAULT_PROFILE);
    // a mechanism's problems repeat components across its families: each solved once
    withSolveCache(new ResultCache(), () => {
      for (const family of families) {
        const byLevel = new Map<Level, Admitted[]>(LEVELS.map((l) => [l, []]));
        const rejected = new Map<Level, CellRecord["rejected"]>(LEVELS.map((l) => [l, { invalid: 0, repeated_answer: 0, over_token_ceiling: 0 }]));
        // the answers admitted to this pool so far, when the family wants them distinct
        const answers = family.distinctAnswers ? new Set<string>() : null;
        const full = () => LEVELS.every((l) => byLevel.get(l)!.length >= opts.perLevel);
        for (const candidate of family.candidates(objects, opts.seed, (l) => byLevel.get(l)!.length < opts.perLevel)) {
          const level = candidate.level;
          if (level === null || byLevel.get(level)!.length >= opts.perLevel) continue;
          const gold = candidate.query();
          const body = candidate.render();
          const why = family.valid(gold, body) ?? (family.answer.safeParse(gold.answer).success ? null : "the gold does not fit the answer shape");
          if (why !== null) {
            rejected.get(level)!.invalid++;
            continue;
          }
          const answerKey = answers ? canonicalJson(gold.answer) : "";
          if (answers?.has(answerKey)) {
            rejected.get(level)!.repeated_answer++;
            continue;
          }
          const t0 = performance.now();
          const env = envelope(family.title, family.id, model.id, body);
          tokenMs += performance.now() - t0;
          if (env.promptTokens > opts.maxPromptTokens) {
            rejected.get(level)!.over_token_ceiling++;
            continue;
          }
          byLevel.get(level)!.push({
            task: {
              task_id: env.taskId,
              family: family.id,
              mechanism: model.id,
              level,
              complexity: candidate.complexity,
              prompt_tokens: env.promptTokens,
              prompt: env.prompt,
            },
            solution: { task_id: env.taskId, answer: gold.answer, audit: gold.audit },
            problems: (gold.exhibits ?? []).map((e) => ({ ref: e.ref, problem: e.problem as unknown as Record<string, unknown> })),
          });
          answers?.add(answerKey);
          if (full()) break;
        }
        const pool: PoolOutput = { mechanism: model.id, family: family.id, cells: [], admitted: [] };
        for (const level of LEVELS) {
          const got = byLevel.get(level)!;
          pool.admitted.push(...got);
          pool.cells.push({ family: family.id, mechanism: model.id, level, admitted: got.length, outcome: outcome(got.length, opts.perLevel), rejected: rejected.get(level)! });
        }
        out.push(pool);
        opts.onPool?.(pool);
        opts.onProgress?.({ mechanism: model.id, family: family.id, done: ++done, total, admitted: pool.admitted.length });
      }
    });
    solves += objects.solves;
  }
  return { pools: out, timings: { totalMs: performance.now() - start, tokenMs, solves } };
}

/**
 * The benchmark from every pool, given in canonical order (mechanism, then family, as
 * `settings` lists them). The global steps happen here, for an unsharded run and a merge
 * alike: de-duplication across pools, the retained counts, the shared problems.
 */
export function assemble(settings: Settings, outputs: readonly PoolOutput[]): Omit<Generated, "timings"> {
  const admitted = outputs.flatMap((o) => o.admitted);
  const pools: PoolRecord[] = outputs.map((o) => ({
    family: o.family,
    mechanism: o.mechanism,
    generated: o.admitted.length,
    retained: 0,
    outcome: outcome(o.admitted.length, settings.per_level * LEVELS.length),
  }));
  // DeduplicateByNormalizedPrompt: the task id hashes the normalized body (envelope.ts),
  // so equal ids are equal normalized prompts; the first occurrence stays.
  const seen = new Set<string>();
  const kept = admitted.filter((a) => !seen.has(a.task.task_id) && seen.add(a.task.task_id));
  for (const p of pools) p.retained = kept.filter((a) => a.task.family === p.family && a.task.mechanism === p.mechanism).length;
  const problems = new Map<string, ProblemRecord>();
  for (const a of kept) for (const p of a.problems) if (!problems.has(p.ref)) problems.set(p.ref, p);
  return {
    settings,
    tasks: kept.map((a) => a.task),
    solutions: kept.map((a) => a.solution),
    problems: [...problems.values()],
    cells: outputs.flatMap((o) => o.cells),
    pools,
    generated: admitted.length,
    duplicatesRemoved: admitted.length - kept.length,
  };
}

export function generate(opts: GenerateOptions): Generated {
  const start = performance.now();
  const { pools, timings } = generatePools(opts);
  return { ...assemble(settingsOf(opts), pools), timings: { ...timings, totalMs: performance.now() - start } };
}
