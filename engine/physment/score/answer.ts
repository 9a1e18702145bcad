// PhysMent's strict answer matcher (paper §3.4, Eq. 4): parsing a model's answer into
// parts, the mixed absolute-relative numeric tolerance, normalized containment for
// categorical answers, and the graded correctness C of multi-part answers.
//
// Everything here is pure and deterministic; the zod schemas are the boundary for answers
// and ground truths read from transcripts and scene files. docs/physment.md "## Scoring"
// states every rule and constant.
import { z } from "zod";

/** Relative tolerance ε_rel of Eq. (4): 5 %. */
export const EPS_REL = 0.05;

/**
 * Absolute floor ε_abs of Eq. (4), in the units of the queried quantity. 1e-3 is one unit in
 * the finest printed place of any of the 105 ground truths (thousandths), so an answer to a
 * zero ground truth must be zero to that precision; and for every non-zero ground-truth part
 * (smallest magnitude 0.2) it adds at most 0.5 percentage points to the 5 % band, so the
 * relative criterion governs everywhere except at a* = 0.
 */
export const DEFAULT_EPS_ABS = 1e-3;

/**
 * Boundary slack: a difference counts as within the tolerance when it exceeds it by at most
 * this fraction of it, so that a boundary case written in decimal (105 vs 100 at 5 %) is
 * inclusive despite binary floating point.
 */
export const BOUNDARY_SLACK = 1e-9;

/** Eq. 4's tolerances: |â − a*| ≤ ε_abs + ε_rel·|a*|. */
export interface Tolerance {
  /** ε_abs (units of the quantity); default DEFAULT_EPS_ABS. */
  epsAbs: number;
  /** ε_rel; default EPS_REL. */
  epsRel: number;
}

/** The paper's tolerances: ε_abs DEFAULT_EPS_ABS, ε_rel EPS_REL. */
export const DEFAULT_TOLERANCE: Readonly<Tolerance> = Object.freeze({ epsAbs: DEFAULT_EPS_ABS, epsRel: EPS_REL });

/** The schema of Eq. 4's tolerances as options: ε_abs and ε_rel, each optional. */
export const ToleranceOptions: z.ZodObject<
  { epsAbs: z.ZodOptional<z.ZodNumber>; epsRel: z.ZodOptional<z.ZodNumber> },
  z.core.$strict
> = z.object({
  epsAbs: z.number().min(0).finite().optional(),
  epsRel: z.number().min(0).finite().optional(),
}).strict();

/**
 * Eq. 4's tolerances with the defaults filled in (ε_abs DEFAULT_EPS_ABS, ε_rel EPS_REL).
 *
 * @param opts `epsAbs` and `epsRel`, each optional and non-negative.
 * @returns Both tolerances.
 * @throws {ZodError} When a tolerance is negative or not finite.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.tolerance({ epsRel: 0.01 }), { epsAbs: 0.001, epsRel: 0.01 });
 * ```
 */
export function tolerance(opts?: Partial<Tolerance>): Tolerance {
  const o = ToleranceOptions.parse(opts ?? {});
  return { epsAbs: o.epsAbs ?? DEFAULT_EPS_ABS, epsRel: o.epsRel ?? EPS_REL };
}

/**
 * Eq. (4), first case: |â − a*| ≤ ε_abs + ε_rel·|a*| (inclusive, see BOUNDARY_SLACK).
 *
 * @param predicted The answer's number.
 * @param truth The ground truth.
 * @param tol The tolerances (default DEFAULT_TOLERANCE).
 * @returns Whether the number is within the band; false for a non-finite number.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.withinTolerance(9.81, 9.8), true); // 5 % of 9.8 is 0.49
 * assert.equal(physment.withinTolerance(10.5, 9.8), false);
 * ```
 */
export function withinTolerance(predicted: number, truth: number, tol: Tolerance = DEFAULT_TOLERANCE): boolean {
  if (!Number.isFinite(predicted) || !Number.isFinite(truth)) return false;
  return Math.abs(predicted - truth) <= toleranceBand(truth, tol) * (1 + BOUNDARY_SLACK);
}

/**
 * The half-width of Eq. (4)'s band around a ground truth: ε_abs + ε_rel·|a*|.
 *
 * @param truth The ground truth.
 * @param tol The tolerances (default DEFAULT_TOLERANCE).
 * @returns How far an answer may lie from the truth (before the boundary slack).
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.toleranceBand(10), 0.501); // 0.001 + 5 % of 10
 * ```
 */
export function toleranceBand(truth: number, tol: Tolerance = DEFAULT_TOLERANCE): number {
  return tol.epsAbs + tol.epsRel * Math.abs(truth);
}

// ---------------------------------------------------------------------------------------
// Boundary schemas

/** A model's answer as the `answer` tool received it (ToolBox.answered.value), or null. */
export const AnswerValue: z.ZodUnion<
  readonly [z.ZodString, z.ZodNumber, z.ZodArray<z.ZodUnion<readonly [z.ZodString, z.ZodNumber]>>]
> = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]);
/** A model's answer: a string, a number or a list of them. */
export type AnswerValue = z.infer<typeof AnswerValue>;

/** A ground truth: a number, a string, or a non-empty list of them (scene JSON `answer`). */
export const GroundTruth: z.ZodUnion<
  readonly [z.ZodNumber, z.ZodString, z.ZodArray<z.ZodUnion<readonly [z.ZodNumber, z.ZodString]>>]
> = z.union([
  z.number().finite(),
  z.string().min(1),
  z.array(z.union([z.number().finite(), z.string().min(1)])).min(1),
]);
/** A ground truth: a number, a string, or a non-empty list of them. */
export type GroundTruth = z.infer<typeof GroundTruth>;

/**
 * The parts of a ground truth, in order (a scalar has one part).
 *
 * @param truth A ground truth.
 * @returns Its parts.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.truthParts(3), [3]);
 * assert.deepEqual(physment.truthParts([1, "red"]), [1, "red"]);
 * ```
 */
export function truthParts(truth: GroundTruth): (number | string)[] {
  return Array.isArray(truth) ? [...truth] : [truth];
}

// ---------------------------------------------------------------------------------------
// Text normalization and numbers

/**
 * The paper's categorical normalization: lowercase, trimmed, whitespace collapsed.
 *
 * @param s Any text.
 * @returns The normalized text.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.normalizeText("  The  Red BALL "), "the red ball");
 * ```
 */
export function normalizeText(s: string): string {
  return s.toLowerCase().replace(/\s+/g, " ").trim();
}

/** Unicode minus signs and dashes used as minus → "-". */
function asciiMinus(s: string): string {
  return s.replace(/[\u2212\u2012\u2013\uFE63\uFF0D]/g, "-");
}

const SUPERSCRIPT: Record<string, string> = {
  "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9", "⁻": "-", "⁺": "+",
};

/** A decimal literal with an optional e-exponent (the mantissa of every number we read). */
const DECIMAL = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?`;
/** "× 10^k", "x10^-3", "*10^(2)", "· 10⁻³" after a mantissa. */
const TIMES_TEN = String.raw`\s*(?:[x×*·⋅]|\\times|\\cdot)\s*10\s*(?:\^\s*\{?\(?\s*([+-]?\d+)\s*\)?\}?|([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))`;
const NUMBER_SOURCE = String.raw`(${DECIMAL})(?:${TIMES_TEN})?`;

function numberFromMatch(mantissa: string, caretExp: string | undefined, superExp: string | undefined): number {
  let v = Number(mantissa);
  const e = caretExp ?? (superExp ? [...superExp].map((c) => SUPERSCRIPT[c] ?? "").join("") : undefined);
  if (e !== undefined) v = Number(`${mantissa}e${e}`);
  return v;
}

/** Unit words and symbols accepted after a number (case-insensitive). */
const UNIT_BASES = [
  "m", "cm", "mm", "km", "meter", "meters", "metre", "metres",
  "s", "sec", "secs", "second", "seconds", "ms", "min", "mins", "minute", "minutes", "h", "hr", "hrs", "hour", "hours",
  "kg", "g", "gram", "grams", "kilogram", "kilograms",
  "n", "kn", "newton", "newtons", "j", "kj", "joule", "joules", "w", "watt", "watts", "pa",
  "hz", "rad", "rads", "radian", "radians", "deg", "degs", "degree", "degrees", "°", "%", "percent",
  "rev", "revs", "revolution", "revolutions", "rpm", "unit", "units",
];
const UNIT_BASE_SET = new Set(UNIT_BASES);
/** One unit factor: a base, optionally raised to an integer power (m^2, s^-2, s⁻¹, m2). */
const UNIT_FACTOR = /^([a-z°%]+)(?:\^\s*\(?[+-]?\d+\)?|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+|\d)?$/i;

/**
 * True when `s` is a unit expression: factors joined by space, *, ·, ⋅, /, with parentheses.
 *
 * @param s The text after a number.
 * @returns Whether it is a unit expression.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.isUnit("m/s^2"), true);
 * assert.equal(physment.isUnit("kg·m"), true);
 * assert.equal(physment.isUnit("apples"), false);
 * ```
 */
export function isUnit(s: string): boolean {
  const t = s.trim();
  if (t === "") return false;
  if (/^\d/.test(t)) return false;
  const factors = t.replace(/[()]/g, " ").split(/\s*(?:[*·⋅/]|\s)\s*/).filter((f) => f !== "");
  if (factors.length === 0 || factors.length > 6) return false;
  return factors.every((f) => {
    const m = UNIT_FACTOR.exec(f);
    return m !== null && UNIT_BASE_SET.has(m[1].toLowerCase());
  });
}

/**
 * Longer texts are never a single number or object reference (the patterns below backtrack
 * quadratically on long runs of spaces; a model's answer must not be able to stall scoring).
 */
export const MAX_STRICT_LENGTH = 200;

const STRICT_NUMBER = new RegExp(String.raw`^${NUMBER_SOURCE}\s*(.*?)\s*\.?$`, "s");

/**
 * A strict numeric string: one number (decimal, e-exponent or "× 10^k"), optionally
 * followed by a unit expression (isUnit) and an optional final period, nothing else.
 * Returns null for anything else (free text, "≈ 2.8", "T = 2.8 s", "2 or 3").
 *
 * @param text One answer part.
 * @returns The number and its unit (or null), or null when the text is not a strict number.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.parseStrictNumber("2.8 s"), { value: 2.8, unit: "s" });
 * assert.deepEqual(physment.parseStrictNumber("1e3 m."), { value: 1000, unit: "m" });
 * assert.equal(physment.parseStrictNumber("≈ 2.8"), null);
 * ```
 */
export function parseStrictNumber(text: string): { value: number; unit: string | null } | null {
  if (text.length > MAX_STRICT_LENGTH) return null;
  let t = asciiMinus(text).trim();
  // Matching surrounding quotes or backticks are transport, not content.
  const q = /^(["'`])(.*)\1$/s.exec(t);
  if (q) t = q[2].trim();
  const m = STRICT_NUMBER.exec(t);
  if (!m) return null;
  const rest = m[4];
  if (rest !== "" && !isUnit(rest)) return null;
  const value = numberFromMatch(m[1], m[2], m[3]);
  if (!Number.isFinite(value)) return null;
  return { value, unit: rest === "" ? null : rest };
}

/** "object_2", "object 2", "object2", "obj-2", "object #2", "object id 2", "body 2", "#2", "id 2". */
const OBJECT_REF = /^(?:the\s+)?(?:(?:object|obj|body)(?:[ _]?id)?[ _\-#:]{0,3}|(?:id|#)[ :=]{0,3})(\d+)$/i;

/**
 * The object id an object reference names, or null.
 *
 * @param text One answer part.
 * @returns The id, or null.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.parseObjectRef("object_2"), 2);
 * assert.equal(physment.parseObjectRef("the obj 5"), 5);
 * assert.equal(physment.parseObjectRef("ball"), null);
 * ```
 */
export function parseObjectRef(text: string): number | null {
  if (text.length > MAX_STRICT_LENGTH) return null;
  const m = OBJECT_REF.exec(text.trim().replace(/\.$/, "").trim());
  return m ? Number(m[1]) : null;
}

/** A number as written inside free text: its value, whether written as an integer, and where. */
export interface NumberMention {
  /** The number. */
  value: number;
  /** Written without decimal point or exponent. */
  integer: boolean;
  /** Where it starts in the text. */
  index: number;
  /** The text it was read from. */
  text: string;
}

const MENTION = new RegExp(NUMBER_SOURCE, "g");
/** Object references inside text: object_2, object 2, obj_2, object#2. */
const OBJECT_MENTION = /\b(?:object|obj)(?:[ _]?id)?[ _\-#:]{0,3}(\d+)\b/gi;

/**
 * Every number written in `text` that is not part of an identifier: a number glued to a
 * preceding letter, digit, underscore or dot ("v1", "T_2", "object_2", "x2") is not a
 * quantity and is skipped. With `objectRefs`, object references ("object_2", "object 2")
 * are returned as mentions of their id (at their own position).
 *
 * @param text Any text.
 * @param opts `objectRefs`: also return object references as their id.
 * @returns Each number mentioned, with its position and text.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const m = physment.numberMentions("It fell 2 m in 0.64 s, hitting object_3", { objectRefs: true });
 * assert.deepEqual(m.map((x) => x.value), [2, 0.64, 3]);
 * ```
 */
export function numberMentions(text: string, opts: { objectRefs?: boolean } = {}): NumberMention[] {
  const t = asciiMinus(text);
  const out: NumberMention[] = [];
  const taken: [number, number][] = [];
  if (opts.objectRefs) {
    for (const m of t.matchAll(OBJECT_MENTION)) {
      out.push({ value: Number(m[1]), integer: true, index: m.index, text: m[0] });
      taken.push([m.index, m.index + m[0].length]);
    }
  }
  for (const m of t.matchAll(MENTION)) {
    let start = m.index;
    let raw = m[0];
    let mantissa = m[1];
    // A sign belongs to the number only at a word start ("x-2" is not −2, "= -2" is).
    if (/^[+-]/.test(raw) && start > 0 && /[\p{L}\p{N}_)\]]/u.test(t[start - 1])) {
      start += 1;
      raw = raw.slice(1);
      mantissa = mantissa.slice(1);
    }
    const before = start > 0 ? t[start - 1] : "";
    if (/[\p{L}\p{N}_.]/u.test(before)) continue;
    if (taken.some(([a, b]) => start >= a && start < b)) continue;
    const value = numberFromMatch(mantissa, m[2], m[3]);
    if (!Number.isFinite(value)) continue;
    const integer = /^[+-]?\d+$/.test(mantissa) && m[2] === undefined && m[3] === undefined;
    out.push({ value, integer, index: start, text: raw });
  }
  return out.sort((a, b) => a.index - b.index);
}

// ---------------------------------------------------------------------------------------
// Parsed answers

/** One part of an answer as read: a number (with unit), an object reference, or text. */
export type ParsedPart =
  /** A number with an optional unit (a JSON number, or a strict numeric string). */
  | { kind: "number"; value: number; unit: string | null; raw: string }
  /** An object reference ("object_2"); strict matching treats it as text. */
  | { kind: "object"; id: number; raw: string }
  /** Anything else; `text` is normalizeText(raw). */
  | { kind: "text"; text: string; raw: string };

/** An answer as the matcher reads it: the raw text, the whole answer as one part, and its parts. */
export interface ParsedAnswer {
  /** The answer as one string (array answers joined with ", "). */
  raw: string;
  /** The answer read as one part (the whole text, one pair of enclosing brackets dropped); null for an empty or missing answer. */
  whole: ParsedPart | null;
  /** The answer split into parts (array elements, or a string split at , ; and newlines). */
  parts: ParsedPart[];
}

function stringOf(v: string | number): string {
  return typeof v === "number" ? String(v) : v;
}

/**
 * One part from one piece of text.
 *
 * @param v One part of an answer.
 * @returns A number (with its unit), an object reference or text, with the raw text.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.parsePart("2.8 s"), { kind: "number", value: 2.8, unit: "s", raw: "2.8 s" });
 * assert.deepEqual(physment.parsePart("object_2"), { kind: "object", id: 2, raw: "object_2" });
 * assert.equal(physment.parsePart("elastic").kind, "text");
 * ```
 */
export function parsePart(v: string | number): ParsedPart {
  if (typeof v === "number") return { kind: "number", value: v, unit: null, raw: String(v) };
  const n = parseStrictNumber(v);
  if (n) return { kind: "number", value: n.value, unit: n.unit, raw: v };
  const id = parseObjectRef(v);
  if (id !== null) return { kind: "object", id, raw: v };
  return { kind: "text", text: normalizeText(v), raw: v };
}

/** Strips one pair of enclosing brackets: "[1, 2]" → "1, 2", "(2, 1)" → "2, 1". */
function stripEnclosing(s: string): string {
  const t = s.trim();
  const pairs: Record<string, string> = { "[": "]", "(": ")", "{": "}" };
  const close = pairs[t[0]];
  if (close && t.endsWith(close)) {
    // Only when the opening bracket closes at the very end.
    let depth = 0;
    for (let i = 0; i < t.length; i++) {
      if (t[i] === t[0]) depth++;
      else if (t[i] === close) {
        depth--;
        if (depth === 0 && i < t.length - 1) return t;
      }
    }
    return t.slice(1, -1).trim();
  }
  return t;
}

/**
 * Splits at top-level commas, semicolons and newlines (not inside brackets).
 *
 * @param s An answer's text.
 * @returns The parts, trimmed.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.splitParts("1, [2, 3]; 4\n5"), ["1", "[2, 3]", "4", "5"]);
 * ```
 */
export function splitParts(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of s) {
    if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === "," || ch === ";" || ch === "\n")) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out.map((p) => p.trim()).filter((p) => p !== "");
}

/**
 * Parses an answer value; null (never answered) and empty strings give no parts.
 *
 * @param value The submitted answer, or null.
 * @returns The raw text, the whole answer as one part, and its parts.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const a = physment.parseAnswer("[1.5, 2]");
 * assert.deepEqual(a.parts.map((p) => p.raw), ["1.5", "2"]);
 * assert.deepEqual(physment.parseAnswer(null), { raw: "", whole: null, parts: [] });
 * ```
 */
export function parseAnswer(value: AnswerValue | null | undefined): ParsedAnswer {
  if (value === null || value === undefined) return { raw: "", whole: null, parts: [] };
  if (Array.isArray(value)) {
    const items = value.filter((x) => stringOf(x).trim() !== "");
    const raw = items.map(stringOf).join(", ");
    return {
      raw,
      whole: items.length === 0
        ? null
        : items.length === 1
        ? parsePart(typeof items[0] === "string" ? stripEnclosing(items[0]) : items[0])
        : parsePart(raw),
      parts: items.map(parsePart),
    };
  }
  if (typeof value === "number") {
    const whole = parsePart(value);
    return { raw: String(value), whole, parts: [whole] };
  }
  const inner = stripEnclosing(value);
  if (inner === "") return { raw: value, whole: null, parts: [] };
  return { raw: value, whole: parsePart(inner), parts: splitParts(inner).map(parsePart) };
}

// ---------------------------------------------------------------------------------------
// Strict grading

/** The schema of Eq. 4's containment rule: `substring` or `tokens`. */
export const Containment: z.ZodEnum<{ substring: "substring"; tokens: "tokens" }> = z.enum(["substring", "tokens"]);
/** Eq. 4's containment rule for text answers: `substring` (the paper's) or `tokens` (whole words). */
export type Containment = z.infer<typeof Containment>;

/** The strict matcher's options, defaults filled in (matchOptions). */
export interface MatchOptions extends Tolerance {
  /**
   * Eq. (4) second case, "â ⊆ a*": "substring" (the paper: the normalized prediction is a
   * substring of the normalized ground truth) or "tokens" (it is a contiguous run of the
   * ground truth's words, so "elastic" is no longer contained in "inelastic").
   */
  containment: Containment;
}

/** The schema of the strict matcher's options. */
export const MatchOptionsInput: z.ZodObject<
  {
    epsAbs: z.ZodOptional<z.ZodNumber>;
    epsRel: z.ZodOptional<z.ZodNumber>;
    containment: z.ZodOptional<typeof Containment>;
  },
  z.core.$strict
> = ToleranceOptions.extend({ containment: Containment.optional() }).strict();
/** The strict matcher's options: `epsAbs`, `epsRel` and `containment`, each optional. */
export type MatchOptionsInput = z.input<typeof MatchOptionsInput>;

/**
 * The strict matcher's options with the defaults filled in.
 *
 * @param opts `epsAbs`, `epsRel` and `containment`, each optional.
 * @returns Every option.
 * @throws {ZodError} When an option does not fit its schema (MatchOptionsInput).
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.matchOptions({ containment: "tokens" }), { epsAbs: 0.001, epsRel: 0.05, containment: "tokens" });
 * ```
 */
export function matchOptions(opts?: MatchOptionsInput): MatchOptions {
  const o = MatchOptionsInput.parse(opts ?? {});
  return { ...tolerance({ epsAbs: o.epsAbs, epsRel: o.epsRel }), containment: o.containment ?? "substring" };
}

function words(s: string): string[] {
  return s.split(/[^\p{L}\p{N}_.]+/u).filter((w) => w !== "");
}

/**
 * Eq. (4) second case on normalized texts; a prediction without any letter or digit ("", "-") is never contained.
 *
 * @param predicted The normalized prediction.
 * @param truth The normalized ground truth.
 * @param mode `substring` (default) or `tokens`.
 * @returns Whether the prediction is contained in the truth.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.contained("elastic", "inelastic"), true);
 * assert.equal(physment.contained("elastic", "inelastic", "tokens"), false);
 * assert.equal(physment.contained("red", "the red ball", "tokens"), true);
 * ```
 */
export function contained(predicted: string, truth: string, mode: Containment = "substring"): boolean {
  const p = normalizeText(predicted);
  const t = normalizeText(truth);
  if (!/[\p{L}\p{N}]/u.test(p)) return false;
  if (mode === "substring") return t.includes(p);
  const pw = words(p);
  const tw = words(t);
  if (pw.length === 0) return false;
  for (let i = 0; i + pw.length <= tw.length; i++) {
    if (pw.every((w, j) => tw[i + j] === w)) return true;
  }
  return false;
}

/**
 * Strict correctness of one part (Eq. 4). When both are numbers the tolerance alone decides
 * (a wrong number is not rescued by digits it shares with the truth, "5" ⊆ "0.524");
 * otherwise the normalized prediction must be contained in the normalized ground truth.
 *
 * @param predicted The answer's part (parsePart), or none.
 * @param truth The ground truth's part.
 * @param opts The matcher's options (matchOptions).
 * @returns Whether the part is correct under Eq. 4.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const opts = physment.matchOptions();
 * assert.equal(physment.partCorrect(physment.parsePart("9.81"), 9.8, opts), true);
 * assert.equal(physment.partCorrect(physment.parsePart("5"), 0.524, opts), false);
 * ```
 */
export function partCorrect(predicted: ParsedPart | null | undefined, truth: number | string, opts: MatchOptions): boolean {
  if (!predicted) return false;
  if (predicted.kind === "number" && typeof truth === "number") return withinTolerance(predicted.value, truth, opts);
  return contained(predicted.raw, String(truth), opts.containment);
}

/** One part of an answer, graded strictly. */
export interface PartGrade {
  /** The part's position, from 0. */
  index: number;
  /** The gold part. */
  truth: number | string;
  /** The answer's part aligned with it, or null when missing. */
  predicted: ParsedPart | null;
  /** Whether it matches (Eq. 4). */
  correct: boolean;
}

/** An answer's strict grade (Eq. 4). */
export interface Grade {
  /** Strict pass (Eq. 4; for a multi-part truth every part correct and no part missing or extra). */
  correct: boolean;
  /** Graded correctness in [0, 1]: correct parts / max(#truth parts, #answer parts); equals 1 exactly when `correct`. */
  C: number;
  /** How the answer was aligned with the truth: "whole" (one-part truth), "parts" (position by position). */
  alignment: "whole" | "parts";
  /** Each gold part's grade. */
  parts: PartGrade[];
  /** The gold's parts. */
  truthParts: number;
  /** The answer's parts. */
  answerParts: number;
}

/**
 * The answer's parts as aligned with `n` truth parts (the whole answer for a one-part truth).
 *
 * @param parsed The parsed answer (parseAnswer).
 * @param n The number of truth parts.
 * @returns The parts to compare, one per truth part when there are several.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.alignedParts(physment.parseAnswer("1, 2"), 2).map((p) => p.raw), ["1", "2"]);
 * assert.deepEqual(physment.alignedParts(physment.parseAnswer("1, 2"), 1).map((p) => p.raw), ["1, 2"]);
 * ```
 */
export function alignedParts(parsed: ParsedAnswer, n: number): ParsedPart[] {
  if (n === 1) return parsed.whole ? [parsed.whole] : [];
  return parsed.parts;
}

/**
 * Strict grade of an answer against a ground truth. A one-part truth is compared with the
 * whole answer (so C is 0 or 1); a multi-part truth is compared position by position with
 * the answer's parts.
 *
 * @param answer The submitted answer, or null (never answered).
 * @param truth The ground truth.
 * @param opts `epsAbs`, `epsRel`, `containment`.
 * @returns Whether it is correct, the graded C and each part's match.
 * @throws {ZodError} When an option does not fit MatchOptionsInput.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(physment.gradeAnswer(0.64, 0.639).correct, true);
 * const g = physment.gradeAnswer([1, 2], [1, 3]);
 * assert.deepEqual([g.correct, g.C], [false, 0.5]);
 * ```
 */
export function gradeAnswer(answer: AnswerValue | null | undefined, truth: GroundTruth, opts?: MatchOptionsInput): Grade {
  const o = matchOptions(opts);
  const t = truthParts(GroundTruth.parse(truth));
  const parsed = parseAnswer(answer === undefined ? null : answer === null ? null : AnswerValue.parse(answer));
  const given = alignedParts(parsed, t.length);
  const parts = t.map((tp, i) => {
    const p = given[i] ?? null;
    return { index: i, truth: tp, predicted: p, correct: partCorrect(p, tp, o) };
  });
  const nCorrect = parts.filter((p) => p.correct).length;
  const denom = Math.max(t.length, given.length);
  const correct = given.length === t.length && nCorrect === t.length;
  return {
    correct,
    C: denom === 0 ? 0 : nCorrect / denom,
    alignment: t.length === 1 ? "whole" : "parts",
    parts,
    truthParts: t.length,
    answerParts: given.length,
  };
}
