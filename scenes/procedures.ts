// Pieces of experiment shared by reference procedures: reading masses (hidden objects' too),
// creating a sphere, launching and spinning an object, the batches of single timesteps with
// reads after each, the loops that follow a motion until something happens (a level reached,
// a vertical turn), readers of tool results, and linear interpolation between samples. Used
// with `yield*` or to build batches.
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

/**
 * The time a quantity that is 0 at time 0 first reaches `level`: single timesteps (`batch`
 * per iteration) with `read` after each, `value` taking the quantity from its result; the
 * time is interpolated linearly between the samples around the crossing.
 */
export function* timeToReach(
  read: ToolCall,
  value: (r: ToolResult) => number,
  level: number,
  opts: { batch: number; maxBatches: number; failure: string },
): Generator<ToolCall[], number, ToolResult[]> {
  let prev = { t: 0, v: 0 };
  return yield* eachStep([read], opts, ([r]) => {
    const cur = { t: r.sim_time, v: value(r) };
    if (cur.v >= level) return prev.t + (cur.t - prev.t) * (level - prev.v) / (cur.v - prev.v);
    prev = cur;
  });
}

/**
 * Follows an object's height and vertical velocity single timesteps at a time (get_position
 * and get_velocity after each) until v_z turns from the sign `from` to the other: from +1
 * the top of a rise, from −1 the bottom of a fall. `start` holds the height to measure from
 * and the time and v_z of the sample before the first step. Returns how far past start.z
 * the object got (its highest or lowest sampled height) and when v_z crossed 0
 * (interpolated between its samples).
 */
export function* verticalTurn(
  objectId: string,
  from: 1 | -1,
  start: { z: number; t: number; v: number },
  opts: { batch: number; maxBatches: number; failure: string },
): Generator<ToolCall[], { reach: number; at: number }, ToolResult[]> {
  let extreme = start.z;
  let prevV = start.v;
  let prevT = start.t;
  return yield* eachStep(
    [{ tool: "get_position", parameters: { object_id: objectId } }, { tool: "get_velocity", parameters: { object_id: objectId } }],
    opts,
    ([p, vr]) => {
      const z = position(p)[2];
      const t = time(p);
      const v = velocity(vr)[2];
      extreme = from > 0 ? Math.max(extreme, z) : Math.min(extreme, z);
      if (from * v < 0 && from * prevV > 0) return { reach: from * (extreme - start.z), at: lerp(prevT, t, crossFraction(0, prevV, v)) };
      prevV = v;
      prevT = t;
    },
  );
}

/** The mass a get_parameters result reports. */
export const mass = (r: ToolResult): number => r.result!.mass as number;

/** Reads the objects' masses in one batch (get_parameters of each); returns them in the same order. */
export function* masses(...objectIds: string[]): Generator<ToolCall[], number[], ToolResult[]> {
  const results = yield objectIds.map((id) => ({ tool: "get_parameters", parameters: { object_id: id } }));
  return objectIds.map((_, i) => mass(results[i]));
}

/** Reveals the hidden objects and reads one's parameters in the same batch; returns the get_parameters result. */
export function* revealParameters(objectId: string): Generator<ToolCall[], ToolResult, ToolResult[]> {
  const [, params] = yield [
    { tool: "find_objects", parameters: {} },
    { tool: "get_parameters", parameters: { object_id: objectId } },
  ];
  return params;
}

/** Creates a sphere (the create_objects parameters) and reads its mass in the same batch; returns the mass. */
export function* createWithMass(sphere: { name: string; pos: number[]; radius: number; density: number }): Generator<ToolCall[], number, ToolResult[]> {
  const [, params] = yield [
    { tool: "create_objects", parameters: sphere },
    { tool: "get_parameters", parameters: { object_id: sphere.name } },
  ];
  return mass(params);
}

/**
 * Sets the object's velocity, steps `duration` seconds and makes the `reads`, in one batch
 * after the calls `before`; returns the reads' results.
 */
export function* launch(
  objectId: string,
  velocityVector: number[],
  duration: number,
  reads: ToolCall[],
  before: ToolCall[] = [],
): Generator<ToolCall[], ToolResult[], ToolResult[]> {
  const results = yield [
    ...before,
    { tool: "set_velocity", parameters: { object_id: objectId, velocity_vector: velocityVector } },
    { tool: "step", parameters: { duration } },
    ...reads,
  ];
  return results.slice(before.length + 2);
}

/**
 * Applies the torque to the object for `duration` seconds and reads its rotational energy,
 * in one batch after the calls `before`; returns the energy.
 */
export function* spinUp(objectId: string, torque: number[], duration: number, before: ToolCall[] = []): Generator<ToolCall[], number, ToolResult[]> {
  const results = yield [
    ...before,
    { tool: "apply_torque", parameters: { object_id: objectId, torque_vector: torque, duration } },
    { tool: "get_rotational_energy", parameters: { object_id: objectId } },
  ];
  return results[before.length + 1].result!.rotational_energy as number;
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
