// Signal sources of the numeric models: a block output and its time derivatives.
import { req } from "../model.ts";

/**
 * A signal's value, its rate and, for a harmonic source, its second derivative. The
 * catalog's blocks.Sine declares d2__y (its sine_curvature law); blocks.Constant does not,
 * so a constant signal gives only [value, rate].
 */
export type SignalValue = [number, number] | [number, number, number];

/**
 * MSL Blocks.Sources.Sine (t >= startTime = 0): y = offset + A·sin(w·t + phase),
 * y' = A·w·cos(w·t + phase), y'' = −A·w²·sin(w·t + phase) = −w²·(y − offset).
 */
export function sineSignal(
  p: Record<string, number>,
  name: string,
): { period: number; input: (t: number) => [number, number, number] } {
  const A = req(p, `${name}.amplitude`),
    f = req(p, `${name}.f`),
    ph = req(p, `${name}.phase`),
    off = req(p, `${name}.offset`);
  const w = 2 * Math.PI * f;
  return {
    period: 1 / f,
    input: (t) => {
      const s = Math.sin(w * t + ph);
      return [A * s + off, A * w * Math.cos(w * t + ph), -A * w * w * s];
    },
  };
}
