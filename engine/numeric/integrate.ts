// The integrator wrapper: odex (Gragg–Bulirsch–Stoer) with dense output sampled on a
// fixed grid.
import { Solver } from "odex";

export interface Sample {
  t: number;
  y: number[];
}

export interface IntegrateOptions {
  /** Number of grid intervals (samples = points + 1). */
  points?: number;
  absTol?: number;
  relTol?: number;
}

export function integrate(
  rhs: (t: number, y: number[]) => number[],
  y0: number[],
  t1: number,
  opts: IntegrateOptions = {},
): Sample[] {
  const n = y0.length;
  const points = opts.points ?? 400;
  const dt = t1 / points;
  const solver = new Solver(n);
  solver.absoluteTolerance = opts.absTol ?? 1e-10;
  solver.relativeTolerance = opts.relTol ?? 1e-10;
  solver.maxSteps = 1_000_000;
  solver.denseOutput = true;
  const out: Sample[] = [];
  const res = solver.solve((x: number, y: number[]) => rhs(x, y), 0, [...y0], t1, solver.grid(dt, (x: number, y: number[]) => {
    if (x <= t1 + 1e-12) out.push({ t: x, y: [...y] });
  }));
  if (res.outcome !== 0) throw new Error(`odex did not converge (outcome ${res.outcome}) at t = ${res.xEnd}`);
  // the grid callback may miss the exact end point; add it
  if (!out.length || Math.abs(out[out.length - 1].t - t1) > dt * 1e-6) out.push({ t: t1, y: [...res.y] });
  return out;
}
