// Pieces of experiment shared by reference procedures: reading masses, the batches of single
// timesteps with reads after each, the loop that follows a motion until something happens,
// readers of tool results, and linear interpolation between samples. Used with `yield*` or
// to build batches.
import type { ToolCall, ToolResult } from "../engine/physment/protocol.ts";

/** One timestep of the scenes (MuJoCo's default; no built-in scene sets another). */
export const DT = 0.005;

const STEP: ToolCall = { tool: "step", parameters: { duration: DT } };

/** `n` single timesteps, each followed by the `reads` calls (in that order). */
export function stepsWith(n: number, reads: readonly ToolCall[]): ToolCall[] {
  const calls: ToolCall[] = [];
  for (let i = 0; i < n; i++) calls.push(STEP, ...reads);
  return calls;
}

/**
 * The results of `stepsWith(n, reads)` grouped per step: each group is the results of the
 * reads after that step. `offset` skips results of calls batched before the steps.
 */
export function perStep(results: readonly ToolResult[], reads: number, offset = 0): ToolResult[][] {
  const groups: ToolResult[][] = [];
  for (let i = offset; i + reads < results.length; i += reads + 1) groups.push(results.slice(i + 1, i + 1 + reads));
  return groups;
}

/**
 * Follows a motion: `batch` single timesteps per iteration, the `reads` after each, every
 * step's read results handed to `until` in order. Returns the first value `until` returns
 * (the iteration's later samples are ignored); throws `failure` after `maxBatches`
 * iterations without one. A later iteration is only asked for when the earlier ones did
 * not show the event: this is the adaptive loop of the Hard scenes.
 */
export function* eachStep<R>(
  reads: readonly ToolCall[],
  opts: { batch: number; maxBatches: number; failure: string },
  until: (reads: ToolResult[]) => R | undefined,
): Generator<ToolCall[], R, ToolResult[]> {
  for (let b = 0; b < opts.maxBatches; b++) {
    for (const r of perStep(yield stepsWith(opts.batch, reads), reads.length)) {
      const v = until(r);
      if (v !== undefined) return v;
    }
  }
  throw new Error(opts.failure);
}

/** The mass a get_parameters result reports. */
export const mass = (r: ToolResult): number => r.result!.mass as number;

/** Reads the objects' masses in one batch (get_parameters of each); returns them in the same order. */
export function* masses(...objectIds: string[]): Generator<ToolCall[], number[], ToolResult[]> {
  const results = yield objectIds.map((id) => ({ tool: "get_parameters", parameters: { object_id: id } }));
  return objectIds.map((_, i) => mass(results[i]));
}

export const position = (r: ToolResult): number[] => r.result!.position as number[];
export const velocity = (r: ToolResult): number[] => r.result!.velocity as number[];
/** The simulation time a position (or other timed) result reports. */
export const time = (r: ToolResult): number => r.result!.time as number;

/** How far from a0 to a1 the value `level` lies (0 at a0, 1 at a1): where a sampled quantity crosses it. */
export const crossFraction = (level: number, a0: number, a1: number): number => (level - a0) / (a1 - a0);
/** The value a fraction f of the way from a to b. */
export const lerp = (a: number, b: number, f: number): number => a + f * (b - a);
/** Rounded to `digits` decimals, as the procedures report their measurements. */
export const round = (x: number, digits = 3): number => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Steps one 5 ms timestep at a time, 40 per iteration, reading the object's velocity
 * after each, until its x component has changed sign `count` times; returns the times of
 * the changes, interpolated linearly between the samples around each. `initialSign` is
 * the sign the motion starts with (0: the first sample's). Throws after 10 s without them.
 */
export function* vxReversals(objectId: string, count: number, initialSign: -1 | 0 | 1 = 0): Generator<ToolCall[], number[], ToolResult[]> {
  const reversals: number[] = [];
  let prev: { t: number; vx: number } | null = null;
  let sign: number = initialSign;
  while (reversals.length < count) {
    const rs = yield stepsWith(40, [{ tool: "get_velocity", parameters: { object_id: objectId } }]);
    for (const [r] of perStep(rs, 1)) {
      const cur = { t: r.sim_time, vx: velocity(r)[0] };
      const s = Math.sign(cur.vx);
      if (sign === 0) sign = s;
      else if (s !== 0 && s !== sign && prev) {
        reversals.push(prev.t + (cur.t - prev.t) * prev.vx / (prev.vx - cur.vx));
        sign = s;
      }
      prev = cur;
    }
    if (prev!.t > 10) throw new Error("no oscillation found");
  }
  return reversals;
}

/**
 * Times one full period of an oscillation: steps in batches of `batch` reading the
 * object's position and velocity, and returns t₃ − t₁ over the first three sign changes of
 * the velocity's `axis` component (each interpolated between its two samples).
 */
export function* fullPeriod(objectId: string, batch: number, axis = 0): Generator<ToolCall[], number, ToolResult[]> {
  let prevV = 0;
  let prevT = 0;
  const turns: number[] = [];
  return yield* eachStep(
    [{ tool: "get_position", parameters: { object_id: objectId } }, { tool: "get_velocity", parameters: { object_id: objectId } }],
    { batch, maxBatches: 12, failure: "fewer than three turning points" },
    ([p, vr]) => {
      const t = time(p);
      const v = velocity(vr)[axis];
      if (prevV !== 0 && v !== 0 && Math.sign(v) !== Math.sign(prevV)) turns.push(lerp(prevT, t, crossFraction(0, prevV, v)));
      prevV = v;
      prevT = t;
      return turns.length === 3 ? turns[2] - turns[0] : undefined;
    },
  );
}

/**
 * Finds the push that holds an object still. Each trial applies `push(x)`, steps one
 * timestep and reads the object's vertical acceleration across that step (get_acceleration:
 * a velocity difference, linear in x) and its velocity; x is corrected by the secant through
 * the last two trials (starting from 5 and 10) until |a_z| < 1e-6. The trials leave the
 * object drifting slowly, so one more timestep under the push that cancels its vertical
 * velocity (read off the secant's slope) stops it; then half a second under `push(x)` must
 * leave it still. Returns x.
 */
export function* holdStill(objectId: string, push: (x: number) => ToolCall, what: string): Generator<ToolCall[], number, ToolResult[]> {
  const trials: { x: number; az: number }[] = [];
  let x = 5;
  for (let k = 0; k < 10; k++) {
    const [, , a, v] = yield [
      push(x),
      STEP,
      { tool: "get_acceleration", parameters: { object_id: objectId } },
      { tool: "get_velocity", parameters: { object_id: objectId } },
    ];
    const az = (a.result as { z: number }).z;
    if (Math.abs(az) < 1e-6 && trials.length > 0) {
      const last = trials[trials.length - 1];
      const slope = (az - last.az) / (x - last.x);
      const stop = x - velocity(v)[2] / DT / slope;
      const [, , , , after] = yield [
        push(stop),
        STEP,
        push(x),
        { tool: "step", parameters: { duration: 0.5 } },
        { tool: "get_velocity", parameters: { object_id: objectId } },
      ];
      if (Math.hypot(...velocity(after)) > 1e-3) throw new Error(`${what} still moves`);
      return x;
    }
    trials.push({ x, az });
    if (trials.length === 1) x = 10;
    else {
      const [p, q] = trials.slice(-2);
      x = q.x - (q.az * (q.x - p.x)) / (q.az - p.az);
    }
  }
  throw new Error("no convergence");
}

/**
 * Bisects a threshold over `trials` trials: each runs the batch `trial(x, k)` for the
 * midpoint x of [lo, hi] and keeps [lo, x] when `over(results, x)` says the effect
 * happened, else [x, hi]. Every trial depends on the ones before (an adaptive loop).
 * Returns the final bracket.
 */
export function* bisect(
  lo: number,
  hi: number,
  trials: number,
  trial: (x: number, k: number) => ToolCall[],
  over: (results: ToolResult[], x: number) => boolean,
): Generator<ToolCall[], [number, number], ToolResult[]> {
  for (let k = 0; k < trials; k++) {
    const x = (lo + hi) / 2;
    if (over(yield trial(x, k), x)) hi = x;
    else lo = x;
  }
  return [lo, hi];
}
