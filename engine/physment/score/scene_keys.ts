// What each part of an original scene's answer IS (not what it is): a measured or computed
// quantity, an object id, or an enumerated code whose meanings the task text defines. The
// equivalence classes of §5.4 need this — object notation (class 1) applies only to object
// ids, trivial rounding (class 2) only to quantities, conceptual descriptions (class 3) only
// to codes with a legend.
//
// The table is written from the scenes' task texts and object lists. It holds no answer:
// a legend lists every code the task defines, and the scene test checks the table against
// the scene files (object parts are ids of the scene's objects, code parts are legend keys).
import { z } from "zod";

/** What kind of value a gold part is: a quantity, an object, a code the task defines, or text. */
export const PartKind: z.ZodEnum<{ object: "object"; text: "text"; quantity: "quantity"; code: "code" }> = z.enum(["quantity", "object", "code", "text"]);
/** A gold part's kind. */
export type PartKind = z.infer<typeof PartKind>;

/**
 * A keyword pattern: every phrase must occur (AND). A phrase is a sequence of words matched
 * against the normalized text (lowercase, apostrophes dropped, every other non-alphanumeric
 * character a word break); a word ending in "*" matches any word with that prefix; "~" matches
 * 0–3 arbitrary words.
 */
export type Pattern = readonly string[];
/** Code value → the patterns any one of which describes it. */
export type Legend = Readonly<Record<string, readonly Pattern[]>>;

const p = (...phrases: string[]): Pattern => phrases;
const any = (...phrases: string[]): Pattern[] => phrases.map((x) => p(x));

/** Original scenes with a single object-id answer ("which object …"). */
const OBJECT_SCENES = [
  7, 11, 13, 14, 15, 16, 18, 21, 25, 31, 33, 43, 44, 46, 47, 53, 55, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 73,
  74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84,
];

/** Original scenes whose answer parts are not all quantities (the others: every part a quantity). */
export const SCENE_PARTS: Readonly<Record<number, readonly PartKind[]>> = Object.freeze({
  ...Object.fromEntries(OBJECT_SCENES.map((id) => [id, ["object"] as const])),
  // "Return 1 for … and 2 for …": enumerated codes.
  8: ["code"],
  12: ["code"],
  17: ["code"],
  22: ["code"],
  24: ["code"],
  26: ["code"],
  27: ["code"],
  39: ["code"],
  45: ["code"],
  52: ["code"],
  56: ["code"],
  108: ["code"],
  // Mixed lists (task: "Output the heavier block id and the period ratio …").
  50: ["object", "quantity"],
  51: ["object", "quantity", "quantity"],
  54: ["object", "object"],
  59: ["object", "quantity"],
  72: ["object", "quantity"],
  99: ["object", "quantity"],
  107: ["code", "quantity", "quantity", "quantity", "quantity", "quantity", "quantity"],
});

const MORE = (who: string) => any(`${who} ~ accelerat* ~ more`, `${who} ~ faster`, `${who} ~ greater`, `${who} ~ larger`, `${who} ~ higher`);
const LESS = (who: string) => any(`${who} ~ accelerat* ~ less`, `${who} ~ slower`, `${who} ~ smaller`, `${who} ~ lower`);
const SIDE_DOWN = (side: string) => any(`${side} ~ descend*`, `${side} ~ down`, `${side} ~ drop*`, `${side} ~ fall*`, `${side} ~ tip*`, `${side} ~ sink*`, `${side} ~ lower*`);
const SIDE_UP = (side: string) => any(`${side} ~ ris*`, `${side} ~ up`, `${side} ~ lift*`, `${side} ~ rais*`);

/**
 * Class-3 legends: scene → part index → code → patterns. Each code's meaning is the task's
 * own wording ("Return 1 if the light block accelerates more …") plus its common synonyms.
 */
export const CONCEPT_LEGENDS: Readonly<Record<number, Readonly<Record<number, Legend>>>> = Object.freeze({
  // Task: "Return 1 for elastic and 2 for inelastic."
  8: {
    0: {
      1: [...any("elastic", "perfectly elastic"), p("kinetic energy", "conserved")],
      2: [
        ...any("inelastic", "not elastic", "partially elastic", "perfectly inelastic", "plastic", "kinetic energy ~ lost", "loses ~ kinetic energy", "energy ~ dissipated"),
        p("kinetic energy", "not conserved"),
      ],
    },
  },
  // Task: "Return 1 for oscillatory motion and 2 for non-oscillatory motion."
  12: {
    0: {
      1: any("oscillat*", "periodic", "repeats", "harmonic", "back and forth"),
      2: any("non oscillat*", "nonoscillat*", "not oscillat*", "no oscillation*", "aperiodic", "does not repeat", "not periodic"),
    },
  },
  // Task: "Return 1 if the light block accelerates more, 2 if the heavy block accelerates more,
  // and 3 if their accelerations are effectively equal."
  17: {
    0: {
      1: [...MORE("light*"), ...LESS("heav*")],
      2: [...MORE("heav*"), ...LESS("light*")],
      3: any("equal*", "same", "identical", "independent of mass", "mass independent", "no difference", "does not depend on mass"),
    },
  },
  // Task: "Determine whether the pendulum or the sliding block attains a higher maximum
  // speed." It defines no codes; its objects are 1 pendulum and 2 block, and 0 (no object)
  // is read as "neither: equal maximum speeds".
  22: {
    0: {
      0: any("equal*", "same", "identical", "neither"),
      1: [...MORE("pendulum"), ...LESS("block")],
      2: [...MORE("block"), ...LESS("pendulum")],
    },
  },
  // Task: "Return 1 if friction reduces rebound speed, 2 if rebound speed is unchanged, and 3
  // if rebound speed increases."
  24: {
    0: {
      1: any("reduc*", "decreas*", "slower", "lower*", "loses ~ speed", "dissipat*"),
      2: any("unchanged", "same", "no change", "does not change", "not change"),
      3: any("increas*", "faster", "gains", "speeds up"),
    },
  },
  // Task: "Return 1 if acceleration increases with incline angle, 2 if it decreases, and 3 if
  // it stays effectively unchanged."
  26: {
    0: {
      1: any("increas*", "larger", "greater", "higher", "faster"),
      2: any("decreas*", "smaller", "lower", "less", "slower"),
      3: any("unchanged", "same", "no change", "does not change", "stays ~ constant", "independent"),
    },
  },
  // Task: "Return 1 for mass concentrated near the center, 2 for mass concentrated near the
  // rim, and 3 for no meaningful difference."
  27: {
    0: {
      1: any("center", "centre", "central*", "near ~ axis", "close ~ axis", "inner", "hub"),
      2: any("rim", "edge", "outer", "periphery", "perimeter", "far ~ axis"),
      3: any("no meaningful difference", "no difference", "same", "equal*", "neither"),
    },
  },
  // Task: "Return 1 if higher damping makes amplitude decay faster, 2 if it makes decay
  // slower, and 3 if it has no meaningful effect."
  39: {
    0: {
      1: any("faster", "more quickly", "quicker", "more rapid*", "rapid*", "sooner"),
      2: any("slower", "more slowly", "slowly"),
      3: any("no effect", "no meaningful effect", "no difference", "unchanged", "not affect*", "independent"),
    },
  },
  // Task: "Return 1 if the tension is greater than the lighter block's weight, 2 if it is
  // less, and 3 if it is approximately equal."
  45: {
    0: {
      1: any("greater", "larger", "more than", "exceed*", "higher", "bigger", "above"),
      2: any("less", "smaller", "lower", "below"),
      3: any("equal*", "same", "identical"),
    },
  },
  // Task: "Return 1 if the left side descends, 2 if the right side descends, and 3 if it
  // stays balanced."
  52: {
    0: {
      1: [...SIDE_DOWN("left"), ...SIDE_UP("right")],
      2: [...SIDE_DOWN("right"), ...SIDE_UP("left")],
      3: any("balanced", "stays level", "remains level", "stays horizontal", "remains horizontal", "equilibrium", "neither side", "no rotation", "does not tip"),
    },
  },
  // Task: "Return 1 for upward acceleration, 2 for downward acceleration, and 3 for no
  // acceleration."
  56: {
    0: {
      1: any("upward*", "accelerat* ~ up", "positive z"),
      2: any("downward*", "accelerat* ~ down", "negative z"),
      3: any("no acceleration", "not accelerat*", "zero acceleration", "unaccelerated", "constant velocity", "at rest", "stationary"),
    },
  },
  // Task: "Output which direction you applied the velocity in (1 for x direction (+ or -), 2
  // for y direction (+ or -), and 3 for z direction (+ or -))."
  107: {
    0: {
      1: any("x", "x ~ direction", "x ~ axis"),
      2: any("y", "y ~ direction", "y ~ axis"),
      3: any("z", "z ~ direction", "z ~ axis"),
    },
  },
  // Task: "… attach them together. Once you do that, then output 1 to indicate that it
  // happened correctly."
  108: {
    0: {
      1: any("done", "success*", "complet*", "attached", "yes"),
    },
  },
});

/**
 * The kinds of a ground truth's parts: the table for original scenes, else by value type.
 *
 * @param sceneId The scene id, if known.
 * @param truth The ground truth's parts.
 * @returns One kind per part: quantity, object, code or text.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(physment.partKinds(null, [1, "red"]), ["quantity", "text"]);
 * assert.deepEqual(physment.partKinds(52, [1]), ["code"]); // scene 52 answers a code: 1, 2 or 3
 * ```
 */
export function partKinds(sceneId: number | null | undefined, truth: readonly (number | string)[]): PartKind[] {
  const table = sceneId === null || sceneId === undefined ? undefined : SCENE_PARTS[sceneId];
  if (table && table.length === truth.length) return [...table];
  return truth.map((t) => (typeof t === "number" ? "quantity" : "text"));
}

/**
 * The class-3 legend of a scene's part, if any.
 *
 * @param sceneId The scene id, if known.
 * @param part The part's index.
 * @returns Code → the keyword patterns describing it, or null.
 *
 * @example
 * ```ts
 * import { physment } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(Object.keys(physment.legendOf(52, 0)!), ["1", "2", "3"]);
 * assert.equal(physment.legendOf(7, 0), null);
 * ```
 */
export function legendOf(sceneId: number | null | undefined, part: number): Legend | null {
  if (sceneId === null || sceneId === undefined) return null;
  return CONCEPT_LEGENDS[sceneId]?.[part] ?? null;
}
