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
export const ToolResultRecord: z.ZodObject<
  {
    tool: z.ZodString;
    parameters: z.ZodRecord<z.ZodString, z.ZodUnknown>;
    result: z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodUnknown>>;
    error: z.ZodBoolean;
    sim_time: z.ZodNumber;
  },
  z.core.$strip
> = z.object({
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
export const EpisodeTurn: z.ZodObject<
  {
    iteration: z.ZodInt;
    reasoning: z.ZodDefault<z.ZodString>;
    results: z.ZodDefault<z.ZodArray<typeof ToolResultRecord>>;
    invalid_calls: z.ZodDefault<z.ZodInt>;
  },
  z.core.$strict
> = z.object({
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
/** One iteration of an episode, defaults filled in: the model's reasoning, its calls' results and its invalid calls. */
export type EpisodeTurn = z.output<typeof EpisodeTurn>;

/** One episode as scoring reads it. */
export const EpisodeRecord: z.ZodObject<
  {
    scene_id: z.ZodInt;
    category: z.ZodOptional<typeof Category>;
    model: z.ZodString;
    variant: z.ZodDefault<z.ZodString>;
    budget: z.ZodInt;
    prompt: z.ZodDefault<z.ZodString>;
    turns: z.ZodArray<typeof EpisodeTurn>;
    answer: z.ZodNullable<typeof AnswerValue>;
    answer_iteration: z.ZodNullable<z.ZodInt>;
    ground_truth: typeof GroundTruth;
    objects: z.ZodOptional<z.ZodArray<typeof SceneObject>>;
    parts: z.ZodOptional<z.ZodArray<typeof PartKind>>;
  },
  z.core.$strict
> = z.object({
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
/** One episode as scoring reads it (docs/physment.md "Scoring"); optional fields take their defaults. */
export type EpisodeRecord = z.input<typeof EpisodeRecord>;

// ---------------------------------------------------------------------------------------
// E

/**
 * Efficiency: 1 − k/I_max for an answer in iteration k; 0 when the episode never answered.
 *
 * @param k The iteration of the answer, or null.
 * @param budget I_max, the iteration budget.
 * @returns E in [0, 1].
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.efficiency(2, 5), 0.6);
 * assert.equal(physment.efficiency(null, 5), 0);
 * ```
 */
export function efficiency(k: number | null, budget: number): number {
  if (k === null) return 0;
  return 1 - k / budget;
}

// ---------------------------------------------------------------------------------------
// V

/**
 * Action validity: valid (non-error) results over all calls (results plus invalid calls); 1 without any call.
 *
 * @param turns The episode's turns.
 * @returns V, all calls and the valid ones.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const result = (error: boolean) => ({ tool: "step", parameters: {}, result: null, error, sim_time: 0 });
 * const v = physment.actionValidity([{ iteration: 1, reasoning: "", results: [result(false), result(true)], invalid_calls: 1 }]);
 * assert.deepEqual([v.calls, v.valid], [3, 1]);
 * ```
 */
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

/**
 * Words for R: lowercase runs of letters and digits (inner . or apostrophe kept: "2.84", "don't").
 *
 * @param text Reasoning text.
 * @returns Its words.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.diversityTokens("It's 2.84 m, don't worry."), ["it's", "2.84", "m", "don't", "worry"]);
 * ```
 */
export function diversityTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.'’][\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * Reasoning diversity over the episode's reasoning texts: R = 1 − max over bigrams of
 * (count − 1)/B, B the number of bigrams (adjacent word pairs inside each text; none span two
 * texts). R = 1 when there is no bigram (fewer than 2 words in every text).
 *
 * @param texts The episode's reasoning texts.
 * @returns R, the number of bigrams and the most frequent one.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const r = physment.reasoningDiversity(["drop the ball", "drop the ball"]);
 * assert.deepEqual([r.R, r.top], [0.75, { bigram: "drop the", count: 2 }]);
 * assert.equal(physment.reasoningDiversity(["a"]).R, 1);
 * ```
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

/**
 * Every finite number in a JSON-like value (numbers, and numbers written in strings).
 *
 * @param value A JSON-like value.
 * @param out Where to append them (a new array by default).
 * @returns The numbers, depth first.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.numbersIn({ a: 1, b: ["2.5 m", { c: 3 }] }), [1, 2.5, 3]);
 * ```
 */
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

/** A number the agent's reasoning asserts (G's unit). */
export interface Assertion {
  /** The iteration whose reasoning asserts it. */
  iteration: number;
  /** The number as written. */
  text: string;
  /** Its value. */
  value: number;
  /** Whether an earlier tool result holds it (within tolerance). */
  grounded: boolean;
  /** The earlier tool value it matches (first found), when grounded. */
  source: { iteration: number; tool: string; value: number } | null;
}

/** What groundedness matches numbers with. */
export interface GroundednessOptions {
  /** The tolerance within which a number matches a tool's value. */
  tolerance: Tolerance;
  /** Integers up to this are never assertions (default TRIVIAL_INTEGER_MAX). */
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
 *
 * @param turns The episode's turns.
 * @param prompt The task prompt (its numbers are given, not assertions).
 * @param opts The tolerance numbers match within, and the largest trivial integer.
 * @returns G (null without assertions) and every assertion with its source.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const turns = [
 *   { iteration: 1, reasoning: "Drop it.", results: [{ tool: "get_time", parameters: {}, result: { time: 0.64 }, error: false, sim_time: 0.64 }], invalid_calls: 0 },
 *   { iteration: 2, reasoning: "It took 0.64 s; the height is 7.3 m.", results: [], invalid_calls: 0 },
 * ];
 * const g = physment.groundedness(turns, "How long does the fall take?");
 * assert.equal(g.G, 0.5); // 0.64 came from a tool, 7.3 from nowhere
 * assert.deepEqual(g.assertions.map((a) => a.grounded), [true, false]);
 * ```
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

/** The schema of scoreEpisode's options. */
export const ScoreOptionsInput: z.ZodObject<
  {
    epsAbs: z.ZodOptional<z.ZodNumber>;
    epsRel: z.ZodOptional<z.ZodNumber>;
    containment: z.ZodOptional<z.ZodEnum<{ substring: "substring"; tokens: "tokens" }>>;
    classes: z.ZodOptional<z.ZodArray<typeof EquivalenceClass>>;
    trivialIntegerMax: z.ZodOptional<z.ZodInt>;
  },
  z.core.$strict
> = RegradeOptionsInput.extend({
  trivialIntegerMax: z.int().min(0).optional(),
}).strict();
/** scoreEpisode's options: the matcher's tolerances and containment, the regrade's classes and the largest integer counted as trivially rounded. */
export type ScoreOptionsInput = z.input<typeof ScoreOptionsInput>;

/** One episode's scores (paper §3.5). */
export interface EpisodeScore {
  /** The scene's number. */
  scene_id: number;
  /** Its Table 1 category. */
  category: Category;
  /** The model. */
  model: string;
  /** Strategy and protocol ("zero-shot/function"). */
  variant: string;
  /** The iteration budget I_max. */
  budget: number;
  /** Whether the agent called `answer`. */
  answered: boolean;
  /** k: the iteration of the answer, or null. */
  answer_iteration: number | null;
  /** Strict correctness (Eq. 4): the scene counts in the accuracy of Eq. (5). */
  correct: boolean;
  /** Graded correctness in [0, 1] (multi-part: fraction of parts; 1 exactly when correct). */
  C: number;
  /** Efficiency, 1 − k/I_max (0 without an answer). */
  E: number;
  /** Groundedness: the share of the reasoning's numeric assertions an earlier tool result holds; null when it makes none (excluded from means). */
  G: number | null;
  /** Action validity: the share of calls the tools executed. */
  V: number;
  /** Reasoning diversity: distinct over all word bigrams of the reasoning. */
  R: number;
  /** §5.4 regrade, reported apart from the strict score. */
  regrade: { pass: boolean; regraded: boolean; C: number; classes: EquivalenceClass[] };
  /** How the scores were reached: the grade, the assertions, the call and bigram counts. */
  detail: {
    grade: Regrade;
    assertions: Assertion[];
    calls: number;
    valid_calls: number;
    bigrams: number;
    top_bigram: { bigram: string; count: number } | null;
  };
}

/**
 * Scores one episode record (validated with EpisodeRecord).
 *
 * @param input An episode record (EpisodeRecord's shape).
 * @param opts The matcher's and the regrade's options.
 * @returns The episode's C, E, G, V, R, its regrade and the detail behind them.
 * @throws {ZodError} When the record or an option does not fit its schema (scoreEpisodes reports it as ScorerInputError).
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const score = physment.scoreEpisode({
 *   scene_id: 7,
 *   model: "my-agent",
 *   budget: 5,
 *   turns: [{ iteration: 1, reasoning: "It falls for 0.64 s." }],
 *   answer: 0.64,
 *   answer_iteration: 1,
 *   ground_truth: 0.64,
 * });
 * assert.deepEqual([score.correct, score.C, score.E, score.category], [true, 1, 0.8, "easy_single_physics"]);
 * ```
 */
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
