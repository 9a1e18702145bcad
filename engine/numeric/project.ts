// Projection of numeric values onto a variable's quantity space, with the 1e-9
// boundary rule: a value within 1e-9 of a point landmark keeps both the snapped
// (point) cell and the cell containing the raw value.
import type { ModelVariable } from "../model/model.ts";

export const BOUNDARY_EPS = 1e-9;

export interface Projected {
  /** The crisp cell (snapped to a point landmark within 1e-9). */
  cell: number;
  /** The cell containing the raw value (equal to `cell` unless near a landmark). */
  raw: number;
}

/**
 * The landmark values of a variable's cells, in order: point cells get their value,
 * interval cells none. A landmark named `zero` is 0; others come from `values`.
 */
function pointValues(v: ModelVariable, values: Record<string, number> | undefined): (number | null)[] {
  return v.cells.map((name, i) => {
    if (name === "negative" || name === "positive") return null;
    if (name.startsWith("(")) return null;
    if (name === "zero" && (v.signs[i] === 0)) return 0;
    const x = values?.[name];
    if (x === undefined) throw new Error(`no numeric value for landmark ${name} of ${v.name}`);
    return x;
  });
}

export function project(v: ModelVariable, x: number, landmarks?: Record<string, number>): Projected {
  if (!Number.isFinite(x)) throw new Error(`${v.name}: non-finite value ${x}`);
  const pts = pointValues(v, landmarks);
  // raw cell: the point equal to x, else the interval between the neighbouring points
  let raw = -1;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i];
    if (p !== null && x === p) raw = i;
  }
  if (raw < 0) {
    // intervals sit at even positions in a landmark space; in the sign space cells are −,0,+
    for (let i = 0; i < pts.length; i++) {
      if (pts[i] !== null) continue;
      const lo = i > 0 ? pts[i - 1]! : -Infinity;
      const hi = i < pts.length - 1 ? pts[i + 1]! : Infinity;
      if (x > lo && x < hi) raw = i;
    }
  }
  if (raw < 0) throw new Error(`${v.name}: value ${x} falls in no cell`);
  let cell = raw;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i];
    if (p !== null && Math.abs(x - p) <= BOUNDARY_EPS) cell = i;
  }
  return { cell, raw };
}
