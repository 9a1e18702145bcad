// What a scene may vary: named parameters, each with its published value and a range on a
// grid, a constraint that names why a draw is ill-posed, the edits that carry a draw into
// the MJCF and the task texts, and the reference procedure as a function of the draw.
// A draw at the published values reproduces the published scene exactly (tested).
import type { Random } from "../../files/random.ts";
import type { ReferenceProcedure } from "../reference.ts";

/** One quantity a scene may vary. */
export interface Parameter {
  /** Its value in the published scene. */
  base: number;
  /** The smallest value drawn. */
  min: number;
  /** The largest value drawn. */
  max: number;
  /** Values are min + k·step (readable numbers in the task text). */
  step: number;
  /** The unit, for listings (e.g. "kg", "N/m", "m/s"). */
  unit: string;
}

/** A draw: one value per parameter. */
export type Values<K extends string = string> = Readonly<Record<K, number>>;

/** Sets one attribute of one MJCF element. */
export interface WorldEdit {
  /** The element's tag (body, geom, joint, option, …). */
  tag: string;
  /** Its name attribute; absent when the tag occurs once in the file (or once in `within`). */
  name?: string;
  /** The tag of its parent, to tell apart unnamed elements (a `<default>`'s geom). */
  within?: string;
  /** The attribute to set. */
  attr: string;
  /** The new value: a number, or a vector written space-separated. */
  value: number | readonly number[];
  /** With a number value: the component of a vector attribute to replace (pos="x y z": 0, 1, 2). */
  index?: number;
}

/** A scene's variation. */
export interface SceneVariation<K extends string = string> {
  /** What may vary. */
  parameters: Readonly<Record<K, Parameter>>;
  /** Why a draw is ill-posed (an overlap, an object off the table, a question without a single answer), or null. */
  constraint?: (p: Values<K>) => string | null;
  /** The MJCF edits of a draw. */
  world: (p: Values<K>) => WorldEdit[];
  /**
   * The text edits of a draw, as [published text, varied text]: every occurrence in the
   * task, the description and the expected behaviour is replaced. Each published text
   * must occur; at the published values each varied text equals it.
   */
  text: (p: Values<K>) => [string, string][];
  /** The reference procedure on the varied world (its closed form a function of the draw). */
  procedure: (p: Values<K>) => ReferenceProcedure;
}

/** Declares a scene's variation (typed by its parameter names). */
export function defineVariation<K extends string>(v: SceneVariation<K>): SceneVariation<K> {
  return v;
}

/** The published values of a variation's parameters. */
export function baseValues<K extends string>(v: SceneVariation<K>): Values<K> {
  return Object.fromEntries(Object.entries<Parameter>(v.parameters).map(([k, p]) => [k, p.base])) as Values<K>;
}

/** The reference procedure of the published scene. */
export function baseProcedure<K extends string>(v: SceneVariation<K>): ReferenceProcedure {
  return v.procedure(baseValues(v));
}

/** Decimal places of a step (0.05 → 2), so grid values print without binary noise. */
const places = (step: number) => {
  const s = String(step);
  const e = /e-(\d+)$/.exec(s);
  if (e) return Number(e[1]);
  const dot = s.indexOf(".");
  return dot < 0 ? 0 : s.length - dot - 1;
};

/** The grid values of a parameter: min, min + step, …, up to max. */
export function gridOf(p: Parameter): number[] {
  const n = Math.floor((p.max - p.min) / p.step + 1e-9);
  const d = places(p.step);
  return Array.from({ length: n + 1 }, (_, k) => Number((p.min + k * p.step).toFixed(d)));
}

/** What is wrong with a declaration (empty: nothing). */
export function declarationProblems(v: SceneVariation): string[] {
  const out: string[] = [];
  const names = Object.keys(v.parameters);
  if (!names.length) out.push("it declares no parameter");
  for (const [name, p] of Object.entries<Parameter>(v.parameters)) {
    if (![p.base, p.min, p.max, p.step].every(Number.isFinite)) out.push(`${name}: base, min, max and step must be finite numbers`);
    else if (!(p.step > 0)) out.push(`${name}: the step must be positive`);
    else if (!(p.min < p.max)) out.push(`${name}: the range [${p.min}, ${p.max}] is empty or a point`);
    else if (p.base < p.min || p.base > p.max) out.push(`${name}: the published value ${p.base} lies outside [${p.min}, ${p.max}]`);
    else if (gridOf(p).length < 3) out.push(`${name}: the range [${p.min}, ${p.max}] holds fewer than 3 values of step ${p.step}`);
  }
  return out;
}

/** One draw: each parameter uniform over its grid, in declaration order. */
export function drawValues<K extends string>(v: SceneVariation<K>, rng: Random): Values<K> {
  return Object.fromEntries(Object.entries<Parameter>(v.parameters).map(([k, p]) => [k, rng.pick(gridOf(p))])) as Values<K>;
}

/** A number as a task text writes it: at most 6 significant digits, no trailing zeros. */
export function fmt(x: number): string {
  return String(Number(x.toPrecision(6)));
}

/** A number with one decimal at least ("1.0"), as the published texts write durations and distances. */
export function fmt1(x: number): string {
  return Number.isInteger(x) ? x.toFixed(1) : fmt(x);
}
