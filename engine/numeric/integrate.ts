// The integrator wrapper: odex (Gragg–Bulirsch–Stoer) with dense output sampled on a
// fixed grid.
import { Solver } from "odex";
import type { HybridModes } from "./model.ts";

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

export interface HybridSample extends Sample {
  mode: number[];
}

export interface HybridRun {
  samples: HybridSample[];
  events: { t: number; from: number[]; to: number[] }[];
}

/** Switches taken at one instant before giving up (a guard cycle). */
const MAX_CASCADE = 10;
const MAX_EVENTS = 10_000;

/**
 * Integrates a system with modes: odex within a mode; after each accepted step the
 * guards are evaluated at its end, and when one holds the first time it does is located
 * by bisection on the step's dense output; the integration stops there, the transition
 * (with its resets) is taken and the integration restarts from that point.
 */
export function integrateHybrid(modes: HybridModes, y0: number[], t1: number, opts: IntegrateOptions = {}): HybridRun {
  const n = y0.length;
  const points = opts.points ?? 400;
  const dt = t1 / points;
  const gridAt = (k: number) => (k === points ? t1 : k * dt);
  const samples: HybridSample[] = [];
  const events: HybridRun["events"] = [];
  let mode = modes.initial(y0);
  let t = 0;
  let y = [...y0];
  let k = 0;
  // switches due at one instant: strict guards, so a mode entered at its boundary stays
  const cascade = () => {
    for (let i = 0; i < MAX_CASCADE; i++) {
      const w = modes.enabled(mode, t, y, true);
      if (!w) return;
      const r = modes.apply(mode, w, t, y);
      events.push({ t, from: mode, to: r.mode });
      if (events.length > MAX_EVENTS) throw new Error(`more than ${MAX_EVENTS} mode switches by t = ${t}`);
      mode = r.mode;
      y = r.y;
    }
    throw new Error(`the modes switch more than ${MAX_CASCADE} times at t = ${t}`);
  };
  cascade();
  samples.push({ t: 0, y: [...y], mode });
  k = 1;
  while (k <= points) {
    if (t1 - t <= 1e-12 * Math.max(1, t1)) {
      // a switch at the very end: nothing left to integrate
      for (; k <= points; k++) samples.push({ t: gridAt(k), y: [...y], mode });
      break;
    }
    const solver = new Solver(n);
    solver.absoluteTolerance = opts.absTol ?? 1e-10;
    solver.relativeTolerance = opts.relTol ?? 1e-10;
    solver.maxSteps = 1_000_000;
    solver.denseOutput = true;
    let stop: { t: number; y: number[]; which: [number, number] } | null = null;
    const current = mode;
    const res = solver.solve((x: number, yy: number[]) => modes.rhs(current, x, yy), t, [...y], t1, (nr: number, xOld: number, x: number, yx: number[], dense?: (c: number, x: number) => number) => {
      if (nr === 1 || !dense) return;
      const at = (s: number) => (s >= x ? [...yx] : Array.from({ length: n }, (_, c) => dense(c, s)));
      let end = x, yEnd = yx;
      let which = modes.enabled(current, x, yx, false);
      if (which) {
        // the first time a guard holds: bisection over [xOld, x] on the dense output
        let lo = xOld, hi = x;
        for (let i = 0; i < 200 && hi - lo > 1e-15 * Math.max(1, Math.abs(hi)); i++) {
          const mid = (lo + hi) / 2;
          const w = modes.enabled(current, mid, at(mid), false);
          if (w) {
            hi = mid;
            which = w;
          } else lo = mid;
        }
        end = hi;
        yEnd = at(hi);
        stop = { t: hi, y: yEnd, which };
      }
      while (k <= points && gridAt(k) <= end) {
        samples.push({ t: gridAt(k), y: at(gridAt(k)), mode: current });
        k++;
      }
      if (stop) return false;
    });
    if (!stop) {
      if (res.outcome !== 0) throw new Error(`odex did not converge (outcome ${res.outcome}) at t = ${res.xEnd}`);
      if (k <= points) samples.push({ t: t1, y: [...res.y], mode: current });
      break;
    }
    const s: { t: number; y: number[]; which: [number, number] } = stop;
    const r = modes.apply(mode, s.which, s.t, s.y);
    events.push({ t: s.t, from: mode, to: r.mode });
    if (events.length > MAX_EVENTS) throw new Error(`more than ${MAX_EVENTS} mode switches by t = ${s.t}`);
    mode = r.mode;
    y = r.y;
    t = s.t;
    cascade();
  }
  return { samples, events };
}
