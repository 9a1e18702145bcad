// The task-family interface of Algorithm 1: a family turns the shared semantic objects
// Z_M of one mechanism into candidates; each candidate knows its complexity (Table 2,
// computed without the gold), its gold (Query) and its prompt body (Render). The
// driver (generate.ts) knows nothing else about a family, so a new family is a new
// module and one line in families/mod.ts.
import { z } from "zod";
import type { MechanismModel } from "../model/model.ts";
import type { Problem } from "../compile/problem.ts";
import type { SemanticObjects } from "./semantic_objects.ts";
import type { RecheckSessions } from "./recheck_sessions.ts";

/** The family ids used on the command line and in every file (the paper's header names). */
export const FAMILY_IDS = [
  "state_consistency",
  "plausibility",
  "necessity",
  "transition",
  "functional_recovery",
  "trace_faithfulness",
] as const;
/** The schema of a task family id. */
export const FamilyId: z.ZodEnum<{ [K in (typeof FAMILY_IDS)[number]]: K }> = z.enum(FAMILY_IDS);
/** A task family id (the paper's header names). */
export type FamilyId = z.infer<typeof FamilyId>;

/** The difficulty levels of every family, easiest first. */
export const LEVELS = ["D1", "D2", "D3", "D4"] as const;
/** The schema of a difficulty level, D1–D4. */
export const Level: z.ZodEnum<{ [K in (typeof LEVELS)[number]]: K }> = z.enum(LEVELS);
/** A difficulty level, D1–D4. */
export type Level = z.infer<typeof Level>;

/** A compiled problem an audit refers to by `ref` (the SHA-256 of its JSON text). */
export interface Exhibit {
  ref: string;
  problem: Problem;
}

/** The gold payload (the object under the response's `answer` key) and its audit. */
export interface Gold {
  answer: Record<string, unknown>;
  audit: Record<string, unknown>;
  /** Compiled problems the audit refers to; persisted once each in problems.jsonl. */
  exhibits?: Exhibit[];
}

export interface FamilyCandidate {
  /** The family's complexity scalar (Table 2), computed without the gold. */
  complexity: number;
  /**
   * Its level: the band its complexity falls in, or for families whose levels are
   * fixed by construction (a plan count) that construction's level; null outside every level.
   */
  level: Level | null;
  /** Query_f: the gold answer and its audit, from the exact simulator objects. */
  query(): Gold;
  /** Render_f: the prompt body (everything after the envelope's header lines). */
  render(): string;
}

export interface TaskFamily {
  id: FamilyId;
  /** The family's name in the prompt header, e.g. "state consistency". */
  title: string;
  /** The shape of the gold payload; the evaluator's normalizer answers to the same shape. */
  answer: z.ZodType;
  /** The level a persisted task must have, from its complexity and its audit (`mech tasks verify`). */
  levelOf(complexity: number, audit: unknown): Level | null;
  /** A short statement of what each level holds (a complexity band or a construction), for the manifest. */
  bands: Record<Level, string>;
  /**
   * When true, no two tasks admitted to one (mechanism, family) pool share a gold answer
   * (compared as canonical JSON): the driver skips a candidate whose answer an admitted
   * task already has and counts it as `repeated_answer`. For families whose answers repeat
   * across a mechanism's candidates, so that remembering them scores nothing.
   */
  distinctAnswers?: boolean;
  /**
   * Candidates in a deterministic, seeded order; the driver takes what it needs.
   * `wanted(level)` says whether that level's cell still has room, so a family may
   * skip building candidates that could only land in full cells (each candidate has
   * its own random stream, so skipping one changes no other).
   */
  candidates(objects: SemanticObjects, seed: string, wanted: (level: Level) => boolean): Iterable<FamilyCandidate>;
  /** Valid_f: null when the candidate is admissible, else why it is not. */
  valid(gold: Gold, body: string): string | null;
  /**
   * Recomputes the gold answer from the catalog model and the persisted audit alone
   * (`mech tasks verify`), by a path that does not reuse the generator's solver calls.
   * Throws when the audit does not fit the model. `sessions`: the verification's own
   * sessions of this model, shared across its tasks (a fresh one per graph without).
   */
  recheck(model: MechanismModel, audit: unknown, sessions?: RecheckSessions): Record<string, unknown>;
  /** The evidence behind a gold answer, in words (`mech tasks show`). */
  explain(answer: unknown, audit: unknown): string[];
}

/** The level whose band [lo, hi] (hi inclusive) holds w, or null. */
export function bandOf(bands: Record<Level, [number, number]>, w: number): Level | null {
  return LEVELS.find((l) => w >= bands[l][0] && w <= bands[l][1]) ?? null;
}

/** Frozen absolute bands on the complexity scalar → `levelOf` and the manifest's text. */
export function bandLevels(bands: Record<Level, [number, number]>): Pick<TaskFamily, "levelOf" | "bands"> {
  return {
    levelOf: (w) => bandOf(bands, w),
    bands: Object.fromEntries(LEVELS.map((l) => [l, bands[l][1] === Infinity ? `>= ${bands[l][0]}` : `${bands[l][0]}-${bands[l][1]}`])) as Record<Level, string>,
  };
}
