// The per-episode scoring dimensions of paper §3.5 from an episode's transcript record:
// Correctness C (graded, Eq. 4), Efficiency E = 1 − k/I_max, Groundedness G, Action
// Validity V, Reasoning Diversity R. Generalization G′ is a run-level accuracy
// (aggregate.ts). docs/physment.md "## Scoring" states every rule and constant.
import { z } from "zod";
import type { ToolResult } from "../protocol.ts";
import { AnswerValue, GroundTruth, numberMentions, tolerance, type Tolerance, ToleranceOptions, withinTolerance } from "./answer.ts";
import { Category, categoryOfScene } from "./categories.ts";
import { type EquivalenceClass, type Regrade, regrade, RegradeOptionsInput, SceneObject } from "./normalize.ts";
import { PartKind } from "./scene_keys.ts";

/** protocol.ts's ToolResult as a schema (the transcript boundary). */
export const ToolResultRecord = z.object({
  tool: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.boolean(),
  sim_time: z.number(),
});
// The schema and the protocol's interface describe the same objects.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameToolResult: Same<z.infer<typeof ToolResultRecord>, ToolResult> = true;
void _sameToolResult;

/** One iteration of an episode: the model's reasoning, then the results of the calls it made. */
export const EpisodeTurn = z.object({
  /** The iteration number, 1…I_max. */
  iteration: z.int().min(1),
  /**
   * The model's prose for this iteration, without tool-call syntax (function protocol: the
   * message content; text protocol: the reply with its call array removed). G and R read it.
   */
  reasoning: z.string().default(""),
  /** The executed calls' results, in order (the answer call included). */
  results: z.array(ToolResultRecord).default([]),
  /** Calls the loop could not execute (unreadable calls; a reply without any usable call counts 1). */
  invalid_calls: z.int().min(0).default(0),
}).strict();
export type EpisodeTurn = z.output<typeof EpisodeTurn>;

/** One episode as scoring reads it. */
export const EpisodeRecord = z.object({
  scene_id: z.int(),
  /** Table 1 category; default: categoryOfScene(scene_id). */
  category: Category.optional(),
  /** The model, as summaries group it. */
  model: z.string().min(1),
  /** What else distinguishes the run (prompting strategy, protocol: "one_shot/text"); summaries group by model and variant. */
  variant: z.string().default(""),
  /** The iteration budget I_max. */
  budget: z.int().min(1),
  /** The text the model was given (task, objects, tools): its numbers are not assertions. */
  prompt: z.string().default(""),
  turns: z.array(EpisodeTurn),
  /** The submitted answer, or null when answer was never called. */
  answer: AnswerValue.nullable(),
  /** k: the iteration in which answer was called, or null. */
  answer_iteration: z.int().min(1).nullable(),
  ground_truth: GroundTruth,
  /** The scene's objects (for class-1 name aliases). */
  objects: z.array(SceneObject).optional(),
  /** Part kinds, overriding the original-scene table. */
  parts: z.array(PartKind).optional(),
}).strict().superRefine((r, ctx) => {
  if ((r.answer === null) !== (r.answer_iteration === null)) {
    ctx.addIssue({ code: "custom", message: "answer and answer_iteration must be both null or both set", path: ["answer_iteration"] });
  }
  if (r.answer_iteration !== null && r.answer_iteration > r.budget) {
    ctx.addIssue({ code: "custom", message: `answer_iteration ${r.answer_iteration} exceeds the budget ${r.budget}`, path: ["answer_iteration"] });
  }
  r.turns.forEach((t, i) => {
    if (i > 0 && t.iteration <= r.turns[i - 1].iteration) {
      ctx.addIssue({ code: "custom", message: "turn iterations must increase", path: ["turns", i, "iteration"] });
    }
    if (t.iteration > r.budget) {
      ctx.addIssue({ code: "custom", message: `turn iteration ${t.iteration} exceeds the budget ${r.budget}`, path: ["turns", i, "iteration"] });
    }
  });
  if (r.category === undefined && categoryOfScene(r.scene_id) === null) {
    ctx.addIssue({ code: "custom", message: `scene ${r.scene_id} is outside Table 1's ids 7–111: give its category`, path: ["category"] });
  }
});
export type EpisodeRecord = z.input<typeof EpisodeRecord>;

// ---------------------------------------------------------------------------------------
// E

/** Efficiency: 1 − k/I_max for an answer in iteration k; 0 when the episode never answered. */
export function efficiency(k: number | null, budget: number): number {
  if (k === null) return 0;
  return 1 - k / budget;
}

// ---------------------------------------------------------------------------------------
// V

/** Action validity: valid (non-error) results over all calls (results plus invalid calls); 1 without any call. */
export function actionValidity(turns: readonly EpisodeTurn[]): { V: number; calls: number; valid: number } {
  let calls = 0;
  let valid = 0;
  for (const t of turns) {
    calls += t.results.length + t.invalid_calls;
    valid += t.results.filter((r) => !r.error).length;
  }
  return { V: calls === 0 ? 1 : valid / calls, calls, valid };
}

// ---------------------------------------------------------------------------------------
// R

/** Words for R: lowercase runs of letters and digits (inner . or apostrophe kept: "2.84", "don't"). */
export function diversityTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.'’][\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * Reasoning diversity over the episode's reasoning texts: R = 1 − max over bigrams of
 * (count − 1)/B, B the number of bigrams (adjacent word pairs inside each text; none span two
 * texts). R = 1 when there is no bigram (fewer than 2 words in every text).
 */
export function reasoningDiversity(texts: readonly string[]): { R: number; bigrams: number; top: { bigram: string; count: number } | null } {
  const counts = new Map<string, number>();
  let B = 0;
  for (const text of texts) {
    const w = diversityTokens(text);
    for (let i = 0; i + 1 < w.length; i++) {
      const b = `${w[i]} ${w[i + 1]}`;
      counts.set(b, (counts.get(b) ?? 0) + 1);
      B++;
    }
  }
  if (B === 0) return { R: 1, bigrams: 0, top: null };
  let top: { bigram: string; count: number } | null = null;
  for (const [bigram, count] of counts) {
    if (!top || count > top.count || (count === top.count && bigram < top.bigram)) top = { bigram, count };
  }
  return { R: 1 - (top!.count - 1) / B, bigrams: B, top };
}

// ---------------------------------------------------------------------------------------
// G

/**
 * Integers written without a decimal point or exponent up to this magnitude are not
 * assertions: object ids, iteration and step counts, axis indices, "2 spheres". 20 is the
 * largest budget (I_max ∈ {5, 10, 15, 20}).
 */
export const TRIVIAL_INTEGER_MAX = 20;

/** Every finite number in a JSON-like value (numbers, and numbers written in strings). */
export function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === "number") {
    if (Number.isFinite(value)) out.push(value);
  } else if (typeof value === "string") {
    for (const m of numberMentions(value)) out.push(m.value);
  } else if (Array.isArray(value)) {
    for (const v of value) numbersIn(v, out);
  } else if (value !== null && typeof value === "object") {
    for (const v of Object.values(value as Record<string, unknown>)) numbersIn(v, out);
  }
  return out;
}

export interface Assertion {
  iteration: number;
  /** The number as written. */
  text: string;
  value: number;
  grounded: boolean;
  /** The earlier tool value it matches (first found), when grounded. */
  source: { iteration: number; tool: string; value: number } | null;
}

export interface GroundednessOptions {
  tolerance: Tolerance;
  trivialIntegerMax: number;
}

/**
 * Groundedness: the fraction of quantitative assertions in the reasoning that match a number
 * returned by a tool in an EARLIER iteration (results and sim_time of non-error calls other
 * than answer), within Eq. (4)'s tolerance taken relative to the tool value, magnitudes
 * compared (a speed 4.9 matches a velocity −4.9). An assertion is a number written in a
 * turn's reasoning (numberMentions: not glued to an identifier), except integers written
 * without a decimal point with |n| ≤ trivialIntegerMax, and numbers equal to one in the prompt
 * or to a parameter of a call (other than answer) the model made in this or an earlier
 * iteration (given, or its own inputs restated) that match no earlier tool value: such a
 * number that does match one is an assertion, and grounded. A value derived from
 * measurements (T = 2 × 1.42 s) is an assertion that no tool returned: G measures direct
 * traceability. G is null when there is no assertion.
 */
export function groundedness(
  turns: readonly EpisodeTurn[],
  prompt: string,
  opts: Partial<GroundednessOptions> = {},
): { G: number | null; assertions: Assertion[] } {
  const tol = opts.tolerance ?? tolerance();
  const trivialMax = opts.trivialIntegerMax ?? TRIVIAL_INTEGER_MAX;
  const given = new Set(numberMentions(prompt).map((m) => m.value));
  const sources: { iteration: number; tool: string; value: number }[] = [];
  const ownInputs = new Set<number>();
  const assertions: Assertion[] = [];
  for (const turn of turns) {
    for (const r of turn.results) if (r.tool !== "answer") for (const v of numbersIn(r.parameters)) ownInputs.add(v);
    for (const m of numberMentions(turn.reasoning)) {
      if (m.integer && Math.abs(m.value) <= trivialMax) continue;
      const source = sources.find((s) => withinTolerance(Math.abs(m.value), Math.abs(s.value), tol)) ?? null;
      // A number the prompt gives or the model chose as an input is not an assertion, unless
      // an earlier tool returned it: then the transcript shows it measured, and it counts.
      if (source === null && (given.has(m.value) || ownInputs.has(m.value))) continue;
      assertions.push({ iteration: turn.iteration, text: m.text, value: m.value, grounded: source !== null, source });
    }
    // This turn's results become available to the later turns only.
    for (const r of turn.results) {
      if (r.error || r.tool === "answer") continue;
      for (const v of [...numbersIn(r.result), r.sim_time]) sources.push({ iteration: turn.iteration, tool: r.tool, value: v });
    }
  }
  const n = assertions.length;
  return { G: n === 0 ? null : assertions.filter((a) => a.grounded).length / n, assertions };
}

// ---------------------------------------------------------------------------------------
// One episode

export const ScoreOptionsInput = RegradeOptionsInput.extend({
  trivialIntegerMax: z.int().min(0).optional(),
}).strict();
export type ScoreOptionsInput = z.input<typeof ScoreOptionsInput>;

export interface EpisodeScore {
  scene_id: number;
  category: Category;
  model: string;
  variant: string;
  budget: number;
  answered: boolean;
  answer_iteration: number | null;
  /** Strict correctness (Eq. 4): the scene counts in the accuracy of Eq. (5). */
  correct: boolean;
  /** Graded correctness in [0, 1] (multi-part: fraction of parts; 1 exactly when correct). */
  C: number;
  E: number;
  /** null when the reasoning makes no assertion (excluded from means). */
  G: number | null;
  V: number;
  R: number;
  /** §5.4 regrade, reported apart from the strict score. */
  regrade: { pass: boolean; regraded: boolean; C: number; classes: EquivalenceClass[] };
  detail: {
    grade: Regrade;
    assertions: Assertion[];
    calls: number;
    valid_calls: number;
    bigrams: number;
    top_bigram: { bigram: string; count: number } | null;
  };
}

/** Scores one episode record (validated with EpisodeRecord). */
export function scoreEpisode(input: EpisodeRecord, opts?: ScoreOptionsInput): EpisodeScore {
  const r = EpisodeRecord.parse(input);
  const o = ScoreOptionsInput.parse(opts ?? {});
  const tol = tolerance(ToleranceOptions.parse({ epsAbs: o.epsAbs, epsRel: o.epsRel }));
  const grade = regrade(r.answer, { scene_id: r.scene_id, answer: r.ground_truth, parts: r.parts, objects: r.objects }, {
    epsAbs: o.epsAbs,
    epsRel: o.epsRel,
    containment: o.containment,
    classes: o.classes,
  });
  const g = groundedness(r.turns, r.prompt, { tolerance: tol, trivialIntegerMax: o.trivialIntegerMax });
  const v = actionValidity(r.turns);
  const d = reasoningDiversity(r.turns.map((t) => t.reasoning));
  return {
    scene_id: r.scene_id,
    category: r.category ?? categoryOfScene(r.scene_id)!,
    model: r.model,
    variant: r.variant,
    budget: r.budget,
    answered: r.answer_iteration !== null,
    answer_iteration: r.answer_iteration,
    correct: grade.strict.correct,
    C: grade.strict.C,
    E: efficiency(r.answer_iteration, r.budget),
    G: g.G,
    V: v.V,
    R: d.R,
    regrade: { pass: grade.pass, regraded: grade.regraded, C: grade.C, classes: grade.classes },
    detail: { grade, assertions: g.assertions, calls: v.calls, valid_calls: v.valid, bigrams: d.bigrams, top_bigram: d.top },
  };
}
