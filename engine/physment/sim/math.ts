// Small 3-vector, quaternion (w, x, y, z; MuJoCo's order) and 3×3 matrix helpers.

export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];
/** Row-major 3×3 matrix. */
export type Mat3 = [Vec3, Vec3, Vec3];

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);

export function quatMul(a: Quat, b: Quat): Quat {
  return [
    a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
    a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
    a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
    a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0],
  ];
}

export const quatConj = (q: Quat): Quat => [q[0], -q[1], -q[2], -q[3]];

/** The unit quaternion along q; null when q has (almost) no length. */
export function quatNormalize(q: Quat): Quat | null {
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!(n > 1e-12) || !Number.isFinite(n)) return null;
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

/** Rotation matrix of a unit quaternion (w, x, y, z). */
export function quatToMat(q: Quat): Mat3 {
  const [w, x, y, z] = q;
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
  ];
}

export function matVec(m: Mat3, v: Vec3): Vec3 {
  return [dot(m[0], v), dot(m[1], v), dot(m[2], v)];
}

export function matTVec(m: Mat3, v: Vec3): Vec3 {
  return [
    m[0][0] * v[0] + m[1][0] * v[1] + m[2][0] * v[2],
    m[0][1] * v[0] + m[1][1] * v[1] + m[2][1] * v[2],
    m[0][2] * v[0] + m[1][2] * v[1] + m[2][2] * v[2],
  ];
}

/** A row-major 3×3 matrix from 9 numbers starting at `offset` (MuJoCo's xmat layout). */
export function mat3At(a: ArrayLike<number>, offset: number): Mat3 {
  return [
    [a[offset], a[offset + 1], a[offset + 2]],
    [a[offset + 3], a[offset + 4], a[offset + 5]],
    [a[offset + 6], a[offset + 7], a[offset + 8]],
  ];
}

export function vec3At(a: ArrayLike<number>, offset: number): Vec3 {
  return [a[offset], a[offset + 1], a[offset + 2]];
}

export function quatAt(a: ArrayLike<number>, offset: number): Quat {
  return [a[offset], a[offset + 1], a[offset + 2], a[offset + 3]];
}

/** R · diag(d) · Rᵀ. */
export function rotateDiagonal(r: Mat3, d: Vec3): Mat3 {
  const out: Mat3 = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      out[i][j] = r[i][0] * d[0] * r[j][0] + r[i][1] * d[1] * r[j][1] + r[i][2] * d[2] * r[j][2];
    }
  }
  return out;
}

/**
 * Least-squares coefficients c minimising |Σ c_k·axes_k − target| (normal equations,
 * Gaussian elimination; axes that add no new direction get 0).
 */
export function leastSquares(axes: Vec3[], target: Vec3): number[] {
  const n = axes.length;
  const a = axes.map((ai) => axes.map((aj) => dot(ai, aj)));
  const b = axes.map((ai) => dot(ai, target));
  const c = new Array<number>(n).fill(0);
  const pivotRow: number[] = [];
  const rows = a.map((row, i) => [...row, b[i]]);
  let r = 0;
  const pivots: number[] = [];
  for (let col = 0; col < n && r < n; col++) {
    let best = r;
    for (let k = r + 1; k < n; k++) if (Math.abs(rows[k][col]) > Math.abs(rows[best][col])) best = k;
    if (Math.abs(rows[best][col]) < 1e-12) continue;
    [rows[r], rows[best]] = [rows[best], rows[r]];
    for (let k = 0; k < n; k++) {
      if (k === r) continue;
      const f = rows[k][col] / rows[r][col];
      for (let j = col; j <= n; j++) rows[k][j] -= f * rows[r][j];
    }
    pivots.push(col);
    pivotRow.push(r);
    r++;
  }
  pivots.forEach((col, k) => {
    const row = rows[pivotRow[k]];
    c[col] = row[n] / row[col];
  });
  return c;
}
