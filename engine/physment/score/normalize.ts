// The answer-normalization protocol of paper §5.4: four pre-registered equivalence classes
// that may regrade a strict Fail to Pass (never the reverse). Regrades are reported apart
// from the strict score, with the class that regraded each part.
//
// 1 equivalent object notation: the answer names the right object under another notation.
// 2 trivial rounding: the number rounds to the ground truth at the truth's printed precision.
// 3 conceptual description: words that describe exactly the right code of the task's legend.
// 4 partial answer format: the right number embedded in extra text.
// docs/physment.md "## Scoring" states each rule; scene_keys.ts says which parts they apply to.
import { z } from "zod";
import {
  alignedParts,
  AnswerValue,
  BOUNDARY_SLACK,
  gradeAnswer,
  type Grade,
  GroundTruth,
  matchOptions,
  type MatchOptions,
  MAX_STRICT_LENGTH,
  MatchOptionsInput,
  numberMentions,
  parseAnswer,
  parseObjectRef,
  type ParsedPart,
  truthParts,
  withinTolerance,
} from "./answer.ts";
import { type Legend, legendOf, PartKind, partKinds, type Pattern } from "./scene_keys.ts";

/** The §5.4 equivalence classes: 1 equivalent object notation, 2 trivial rounding, 3 conceptual description, 4 partial answer format. */
export const EquivalenceClass: z.ZodUnion<
  readonly [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>]
> = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
/** One of the §5.4 equivalence classes. */
export type EquivalenceClass = z.infer<typeof EquivalenceClass>;

/** The name of each §5.4 equivalence class. */
export const EQUIVALENCE_CLASS_NAMES: Readonly<Record<EquivalenceClass, string>> = Object.freeze({
  1: "equivalent object notation",
  2: "trivial rounding",
  3: "conceptual description",
  4: "partial answer format",
});

/** The schema of a scene object as the regrade knows it: its id and name. */
export const SceneObject: z.ZodObject<{ id: z.ZodNumber; name: z.ZodString }, z.core.$strict> = z.object({ id: z.number().int(), name: z.string() }).strict();
/** A scene object as the regrade knows it: its id and name. */
export type SceneObject = z.infer<typeof SceneObject>;

/** What the regrade is verified against: the scene's ground truth and what its parts are. */
export const SceneKey: z.ZodObject<
  {
    scene_id: z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
    answer: typeof GroundTruth;
    parts: z.ZodOptional<z.ZodArray<typeof PartKind>>;
    objects: z.ZodOptional<z.ZodArray<typeof SceneObject>>;
  },
  z.core.$strict
> = z.object({
  /** The scene id; selects the part kinds and class-3 legends of an original scene. */
  scene_id: z.number().int().nullable().optional(),
  answer: GroundTruth,
  /** Part kinds; default: the table for original scenes, else quantity (numbers) / text (strings). */
  parts: z.array(PartKind).optional(),
  /** The scene's objects (id, name) for class 1's name aliases. */
  objects: z.array(SceneObject).optional(),
}).strict();
/** What the regrade knows of a scene: its ground truth and, when known, the answer's part kinds and the scene's objects. */
export type SceneKey = z.input<typeof SceneKey>;

/** The schema of the §5.4 regrade's options. */
export const RegradeOptionsInput: z.ZodObject<
  {
    epsAbs: z.ZodOptional<z.ZodNumber>;
    epsRel: z.ZodOptional<z.ZodNumber>;
    containment: z.ZodOptional<z.ZodEnum<{ substring: "substring"; tokens: "tokens" }>>;
    classes: z.ZodOptional<z.ZodArray<typeof EquivalenceClass>>;
  },
  z.core.$strict
> = MatchOptionsInput.extend({
  /** The classes to apply; default all four. */
  classes: z.array(EquivalenceClass).optional(),
}).strict();
/** The §5.4 regrade's options: the matcher's tolerances and containment, and which equivalence classes apply. */
export type RegradeOptionsInput = z.input<typeof RegradeOptionsInput>;

// ---------------------------------------------------------------------------------------
// Class 1: equivalent object notation

/**
 * Normal form of an object name or a name-like answer: lowercase, _ and - as spaces, no leading "the", no final period.
 *
 * @param s A name or a name-like answer.
 * @returns Its normal form.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.nameForm("The Hollow_Sphere."), "hollow sphere");
 * ```
 */
export function nameForm(s: string): string {
  return s.toLowerCase().replace(/[_\-]+/g, " ").replace(/\s+/g, " ").trim().replace(/\.$/, "").trim().replace(/^the /, "");
}

/** An object name's forms: the whole name, and the name without its parenthesized remarks. */
function nameForms(name: string): string[] {
  const whole = nameForm(name);
  const bare = nameForm(name.replace(/\([^)]*\)/g, " "));
  return bare === whole || bare === "" ? [whole] : [whole, bare];
}

/**
 * The object id a text denotes under class 1, or null: an object reference ("object_2",
 * "object 2", "obj 2", "#2", "id 2", see parseObjectRef), or exactly one scene object's name
 * ("hollow sphere" for hollow_sphere, "cylinder" for "Cylinder (Red)"), or "A (B)" where A
 * and B both denote the same object ("rope_2 (object_4)").
 *
 * @param text One answer part.
 * @param objects The scene's objects (id and name).
 * @returns The object id the text denotes, or null.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const objects = [{ id: 2, name: "hollow_sphere" }, { id: 4, name: "rope_2" }];
 * assert.equal(physment.resolveObject("hollow sphere", objects), 2);
 * assert.equal(physment.resolveObject("object_4", objects), 4);
 * assert.equal(physment.resolveObject("cube", objects), null);
 * ```
 */
export function resolveObject(text: string, objects: readonly SceneObject[] = []): number | null {
  if (text.length > MAX_STRICT_LENGTH) return null;
  const t = text.trim().replace(/\.$/, "").trim();
  const paren = /^(.*\S)\s*\(([^()]*)\)$/s.exec(t);
  if (paren) {
    const a = resolveObject(paren[1], objects);
    const b = resolveObject(paren[2], objects);
    return a !== null && a === b ? a : null;
  }
  const ref = parseObjectRef(t);
  if (ref !== null) return ref;
  if (/^\d+$/.test(t)) return Number(t);
  const form = nameForm(t);
  if (form === "") return null;
  const hits = objects.filter((o) => nameForms(o.name).includes(form));
  return hits.length === 1 ? hits[0].id : null;
}

/**
 * Class 1 on one part: its text denotes the ground truth's object id.
 *
 * @param part The answer's part (parsePart).
 * @param truth The truth's part (an object id).
 * @param objects The scene's objects.
 * @returns Whether class 1 passes the part.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const objects = [{ id: 2, name: "hollow_sphere" }, { id: 4, name: "rope_2" }];
 * assert.equal(physment.objectNotation(physment.parsePart("hollow sphere"), 2, objects), true);
 * assert.equal(physment.objectNotation(physment.parsePart("rope"), 2, objects), false);
 * ```
 */
export function objectNotation(part: ParsedPart, truth: number | string, objects?: readonly SceneObject[]): boolean {
  if (typeof truth !== "number") return false;
  if (part.kind === "object") return part.id === truth;
  if (part.kind !== "text") return false;
  return resolveObject(part.raw, objects) === truth;
}

// ---------------------------------------------------------------------------------------
// Class 2: trivial rounding

/**
 * Digits after the decimal point in a number's shortest printed form (String(x)).
 *
 * @param x A number.
 * @returns Its decimals as printed.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual([0.18, 3, 1e-7].map(physment.printedDecimals), [2, 0, 7]);
 * ```
 */
export function printedDecimals(x: number): number {
  const s = String(Math.abs(x));
  const e = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (e) return Math.max(0, (e[2]?.length ?? 0) - Number(e[3]));
  const dot = s.indexOf(".");
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * Class 2 on one number: rounding the answer to d decimals gives the ground truth, where d
 * is the truth's printed decimals but at least 1 — i.e. |â − a*| ≤ ½·10^−d (inclusive). The
 * band is at most 0.05 and exceeds Eq. (4)'s (ε_abs + 5 %) only for small truths: |a*| < 0.98
 * printed to tenths (0.2, 0.8, and 0 read as 0.0), < 0.08 to hundredths, < 0.008 to
 * thousandths — where a value reported unrounded from the simulator (0.18 for a truth
 * "rounded to the nearest tenth" 0.2) misses the relative tolerance.
 *
 * @param part The answer's part (parsePart).
 * @param truth The truth's part.
 * @returns Whether class 2 passes the part.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.trivialRounding(physment.parsePart("0.18"), 0.2), true); // 0.18 rounds to 0.2
 * assert.equal(physment.trivialRounding(physment.parsePart("0.5"), 0.2), false);
 * ```
 */
export function trivialRounding(part: ParsedPart, truth: number | string): boolean {
  if (part.kind !== "number" || typeof truth !== "number") return false;
  const d = Math.max(printedDecimals(truth), 1);
  const half = 0.5 * 10 ** -d;
  return Math.abs(part.value - truth) <= half * (1 + BOUNDARY_SLACK);
}

// ---------------------------------------------------------------------------------------
// Class 3: conceptual description

/** Words that negate the phrase after them. */
export const NEGATORS: ReadonlySet<string> = new Set([
  "not", "no", "non", "never", "without", "neither", "nor", "cannot", "cant", "isnt", "arent", "wasnt", "werent",
  "doesnt", "dont", "didnt", "wont", "hardly",
]);
/** How many words before a phrase a negator negates it. */
export const NEGATION_WINDOW = 3;
/** How many words a "~" in a phrase may skip. */
export const GAP_MAX = 3;

/**
 * The words class 3 matches on: lowercase, apostrophes dropped, any other non-alphanumeric a break.
 *
 * @param s Any text.
 * @returns Its words.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.conceptWords("It doesn't tip; stays-level!"), ["it", "doesnt", "tip", "stays", "level"]);
 * ```
 */
export function conceptWords(s: string): string[] {
  return s.toLowerCase().replace(/['’`]/g, "").split(/[^\p{L}\p{N}]+/u).filter((w) => w !== "");
}

function wordMatches(pattern: string, word: string): boolean {
  return pattern.endsWith("*") ? word.startsWith(pattern.slice(0, -1)) : word === pattern;
}

/** End positions (exclusive) of matches of phrase words `ph[j..]` starting at word `i`, with the gap words skipped. */
function phraseEnds(ph: string[], j: number, words: string[], i: number, skipped: string[]): { end: number; skipped: string[] }[] {
  if (j === ph.length) return [{ end: i, skipped }];
  if (ph[j] === "~") {
    const out: { end: number; skipped: string[] }[] = [];
    for (let g = 0; g <= GAP_MAX && i + g <= words.length; g++) {
      out.push(...phraseEnds(ph, j + 1, words, i + g, [...skipped, ...words.slice(i, i + g)]));
    }
    return out;
  }
  if (i < words.length && wordMatches(ph[j], words[i])) return phraseEnds(ph, j + 1, words, i + 1, skipped);
  return [];
}

/**
 * Whether a phrase occurs un-negated: some occurrence has no negator among the
 * NEGATION_WINDOW words before it nor among the words a "~" skipped (a phrase that itself
 * starts with a negator, "not elastic", is not negated by its own first word).
 *
 * @param phrase A phrase (words, `*` prefixes, `~` gaps).
 * @param words The text's words (conceptWords).
 * @returns Whether the phrase occurs, not negated.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const words = (s: string) => physment.conceptWords(s);
 * assert.equal(physment.phraseOccurs("accelerat* ~ up", words("accelerating quickly up")), true);
 * assert.equal(physment.phraseOccurs("balanced", words("it is not balanced")), false);
 * ```
 */
export function phraseOccurs(phrase: string, words: string[]): boolean {
  const ph = phrase.toLowerCase().split(/\s+/).filter((w) => w !== "");
  if (ph.length === 0) return false;
  for (let i = 0; i < words.length; i++) {
    for (const m of phraseEnds(ph, 0, words, i, [])) {
      if (m.end === i) continue;
      const before = words.slice(Math.max(0, i - NEGATION_WINDOW), i);
      if (before.some((w) => NEGATORS.has(w))) continue;
      if (m.skipped.some((w) => NEGATORS.has(w))) continue;
      return true;
    }
  }
  return false;
}

/**
 * Whether every phrase of a keyword pattern occurs in the words (AND).
 *
 * @param pattern The pattern's phrases.
 * @param words The text's words (conceptWords).
 * @returns Whether all the phrases occur.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const words = physment.conceptWords("the left side goes down");
 * assert.equal(physment.patternMatches(["left", "down*"], words), true);
 * assert.equal(physment.patternMatches(["right", "down*"], words), false);
 * ```
 */
export function patternMatches(pattern: Pattern, words: string[]): boolean {
  return pattern.every((ph) => phraseOccurs(ph, words));
}

/**
 * The legend codes whose description (any pattern) the text matches.
 *
 * @param text An answer's text.
 * @param legend The part's legend (legendOf).
 * @returns The codes described, in the legend's order.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.describedCodes("it stays balanced", physment.legendOf(52, 0)!), ["3"]);
 * ```
 */
export function describedCodes(text: string, legend: Legend): string[] {
  const words = conceptWords(text);
  return Object.keys(legend).filter((code) => legend[code].some((pt) => patternMatches(pt, words))).sort();
}

/**
 * Class 3 on one part: a text that describes the truth's code and no other code of the legend.
 *
 * @param part The answer's part (parsePart).
 * @param truth The truth's code.
 * @param legend The part's legend (legendOf), if any.
 * @returns Whether class 3 passes the part.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const legend = physment.legendOf(52, 0);
 * assert.equal(physment.conceptualDescription(physment.parsePart("it stays balanced"), 3, legend), true);
 * assert.equal(physment.conceptualDescription(physment.parsePart("it stays balanced"), 1, legend), false);
 * ```
 */
export function conceptualDescription(part: ParsedPart, truth: number | string, legend: Legend | null): boolean {
  if (!legend || part.kind !== "text") return false;
  const codes = describedCodes(part.raw, legend);
  return codes.length === 1 && codes[0] === String(truth);
}

// ---------------------------------------------------------------------------------------
// Class 4: partial answer format

/**
 * Class 4 on one part: a text (not a bare number) with the right number inside. Numbers
 * glued to identifiers ("v1", "object_2") are not candidates. For a quantity, any candidate
 * within Eq. (4)'s tolerance passes; for an object id or a code, the first candidate (object
 * references "object_2" count as their id) must be the truth.
 *
 * @param part The answer's part (parsePart).
 * @param truth The truth's part.
 * @param kind The part's kind (partKinds).
 * @param opts The matcher's options (matchOptions).
 * @returns Whether class 4 passes the part.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const opts = physment.matchOptions();
 * assert.equal(physment.partialFormat(physment.parsePart("about 2.8 seconds"), 2.8, "quantity", opts), true);
 * assert.equal(physment.partialFormat(physment.parsePart("object_2 then 3"), 2, "object", opts), true);
 * ```
 */
export function partialFormat(part: ParsedPart, truth: number | string, kind: PartKind, opts: MatchOptions): boolean {
  if (part.kind !== "text" || typeof truth !== "number") return false;
  if (kind === "quantity") return numberMentions(part.raw).some((m) => withinTolerance(m.value, truth, opts));
  if (kind === "object" || kind === "code") {
    const first = numberMentions(part.raw, { objectRefs: true })[0];
    return first !== undefined && withinTolerance(first.value, truth, opts);
  }
  return false;
}

// ---------------------------------------------------------------------------------------
// Regrading an answer

/** One part of an answer, regraded. */
export interface PartRegrade {
  /** The part's position, from 0. */
  index: number;
  /** The gold part. */
  truth: number | string;
  /** What kind of value the gold part is. */
  kind: PartKind;
  /** The aligned part of the answer (null when missing, or for the sequence reading). */
  predicted: ParsedPart | null;
  /** Whether the part passes strictly. */
  strict: boolean;
  /** The class that regraded this part, or null (strictly correct, or not regraded). */
  class: EquivalenceClass | null;
  /** strict, or regraded. */
  pass: boolean;
}

/** An answer's §5.4 regrade: which equivalence classes let a strictly failing answer pass. */
export interface Regrade {
  /** The strict grade (Eq. 4), unchanged by regrading. */
  strict: Grade;
  /** Pass after regrading: strict pass, or every part passes (strictly or by a class). */
  pass: boolean;
  /** True when the strict grade failed and the regrade passes. */
  regraded: boolean;
  /** Graded correctness after regrading (≥ strict.C). */
  C: number;
  /** The classes that regraded some part, ascending, without repeats (also when not every part passes). */
  classes: EquivalenceClass[];
  /** "whole": one-part truth vs the whole answer; "parts": position by position; "sequence": multi-part truth read from the numbers in the text (class 4). */
  alignment: "whole" | "parts" | "sequence";
  /** Each part's regrade. */
  parts: PartRegrade[];
}

function tryClasses(
  part: ParsedPart,
  truth: number | string,
  kind: PartKind,
  ctx: { enabled: ReadonlySet<EquivalenceClass>; objects: readonly SceneObject[]; legend: Legend | null; opts: MatchOptions },
): EquivalenceClass | null {
  const { enabled } = ctx;
  if (enabled.has(1) && kind === "object" && objectNotation(part, truth, ctx.objects)) return 1;
  if (enabled.has(2) && kind === "quantity" && trivialRounding(part, truth)) return 2;
  if (enabled.has(3) && kind === "code" && conceptualDescription(part, truth, ctx.legend)) return 3;
  if (enabled.has(4) && partialFormat(part, truth, kind, ctx.opts)) return 4;
  return null;
}

/**
 * Strict grade plus the §5.4 regrade of an answer against a scene key. Parts are aligned as
 * in gradeAnswer; each part that fails strictly is tried against classes 1–4 in order and
 * the first that applies is reported. A multi-part truth whose answer splits into a different
 * number of parts is read as the sequence of numbers in the whole answer (class 4): it passes
 * when there are exactly as many as truth parts and each matches its part.
 *
 * @param answer The submitted answer, or null.
 * @param key The scene's ground truth, part kinds and objects.
 * @param opts Tolerances, containment and the classes that apply (default all four).
 * @returns The strict grade, whether the regrade passes, the classes used and each part's verdict.
 * @throws {ZodError} When the key or an option does not fit its schema.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const objects = [{ id: 2, name: "hollow_sphere" }, { id: 4, name: "rope_2" }];
 * const r = physment.regrade("hollow sphere", { answer: 2, objects, parts: ["object"] });
 * assert.deepEqual([r.strict.correct, r.pass, r.classes], [false, true, [1]]);
 * ```
 */
export function regrade(answer: AnswerValue | null | undefined, key: SceneKey, opts?: RegradeOptionsInput): Regrade {
  const k = SceneKey.parse(key);
  const o = RegradeOptionsInput.parse(opts ?? {});
  const mo = matchOptions({ epsAbs: o.epsAbs, epsRel: o.epsRel, containment: o.containment });
  const enabled = new Set<EquivalenceClass>(o.classes ?? [1, 2, 3, 4]);
  const a = answer === undefined || answer === null ? null : AnswerValue.parse(answer);
  const strict = gradeAnswer(a, k.answer, mo);
  const truth = truthParts(k.answer);
  const kinds = k.parts && k.parts.length === truth.length ? k.parts : partKinds(k.scene_id, truth);
  const objects = k.objects ?? [];
  const parsed = parseAnswer(a);
  const given = alignedParts(parsed, truth.length);

  if (strict.correct) {
    return {
      strict,
      pass: true,
      regraded: false,
      C: strict.C,
      classes: [],
      alignment: strict.alignment,
      parts: strict.parts.map((p, i) => ({ index: i, truth: p.truth, kind: kinds[i], predicted: p.predicted, strict: true, class: null, pass: true })),
    };
  }

  if (truth.length > 1 && given.length !== truth.length && given.length > 0 && enabled.has(4)) {
    const needIds = kinds.some((kd) => kd === "object" || kd === "code");
    const seq = numberMentions(parsed.raw, { objectRefs: needIds });
    const ok = seq.length === truth.length &&
      truth.every((t, i) => typeof t === "number" && withinTolerance(seq[i].value, t, mo));
    if (ok) {
      return {
        strict,
        pass: true,
        regraded: true,
        C: 1,
        classes: [4],
        alignment: "sequence",
        parts: truth.map((t, i) => ({ index: i, truth: t, kind: kinds[i], predicted: null, strict: false, class: 4 as const, pass: true })),
      };
    }
  }

  const parts: PartRegrade[] = strict.parts.map((p, i) => {
    if (p.correct || !p.predicted) {
      return { index: i, truth: p.truth, kind: kinds[i], predicted: p.predicted, strict: p.correct, class: null, pass: p.correct };
    }
    const cls = tryClasses(p.predicted, p.truth, kinds[i], { enabled, objects, legend: legendOf(k.scene_id, i), opts: mo });
    return { index: i, truth: p.truth, kind: kinds[i], predicted: p.predicted, strict: false, class: cls, pass: cls !== null };
  });
  const passing = parts.filter((p) => p.pass).length;
  const denom = Math.max(truth.length, given.length);
  const pass = given.length === truth.length && passing === truth.length;
  const classes = [...new Set(parts.flatMap((p) => (p.class === null ? [] : [p.class])))].sort((x, y) => x - y);
  return {
    strict,
    pass,
    regraded: pass,
    C: denom === 0 ? 0 : passing / denom,
    classes,
    alignment: strict.alignment,
    parts,
  };
}
