// The shapes of MuJoCo geoms: each type's size parameters, volume and box (from MuJoCo's
// sizes; types without a formula, such as meshes, from MuJoCo's own local box), and the
// world-frame box around a body's placed geoms. Pure: World reads the numbers from the model.
import { add, matVec } from "./math.ts";
import type { Mat3, Vec3 } from "./math.ts";
import { GEOM_TYPES } from "./mujoco.ts";

export interface GeomInfo {
  type: string;
  /** MuJoCo's size parameters for this type (sphere [r], capsule/cylinder [r, half-length], box/ellipsoid half-sizes, plane [half-x, half-y]). */
  size: number[];
  /** Volume in m³ (null for planes, height fields and meshes). */
  volume: number | null;
  center: Vec3;
  rotation: Mat3;
  /** Half-extents of the geom's box in its own frame (null: unbounded plane). */
  halfExtents: Vec3 | null;
  /** Centre offset of that box in the geom frame (non-zero only for meshes). */
  boxCenter: Vec3;
}

/**
 * A geom of MuJoCo type `typeId` with MuJoCo size `s`, placed at `center` with `rotation`
 * (world frame); `aabb` is MuJoCo's box for it in its own frame (geom_aabb: centre, half-extents).
 */
export function geomInfo(typeId: number, s: Vec3, center: Vec3, rotation: Mat3, aabb: { center: Vec3; half: Vec3 }): GeomInfo {
  const type = GEOM_TYPES[typeId] ?? `type_${typeId}`;
  let size: number[] = [...s];
  let volume: number | null = null;
  let half: Vec3 | null = null;
  let boxCenter: Vec3 = [0, 0, 0];
  switch (type) {
    case "sphere":
      size = [s[0]];
      volume = (4 / 3) * Math.PI * s[0] ** 3;
      half = [s[0], s[0], s[0]];
      break;
    case "capsule":
      size = [s[0], s[1]];
      volume = Math.PI * s[0] ** 2 * 2 * s[1] + (4 / 3) * Math.PI * s[0] ** 3;
      half = [s[0], s[0], s[1] + s[0]];
      break;
    case "cylinder":
      size = [s[0], s[1]];
      volume = Math.PI * s[0] ** 2 * 2 * s[1];
      half = [s[0], s[0], s[1]];
      break;
    case "box":
      volume = 8 * s[0] * s[1] * s[2];
      half = [s[0], s[1], s[2]];
      break;
    case "ellipsoid":
      volume = (4 / 3) * Math.PI * s[0] * s[1] * s[2];
      half = [s[0], s[1], s[2]];
      break;
    case "plane":
      size = [s[0], s[1]];
      half = s[0] > 0 && s[1] > 0 ? [s[0], s[1], 0] : null;
      break;
    default:
      boxCenter = aabb.center;
      half = aabb.half;
  }
  return { type, size, volume, center, rotation, halfExtents: half, boxCenter };
}

/** World-frame axis-aligned box around the geoms; null when there are none or one is unbounded. */
export function boxAround(geoms: readonly GeomInfo[]): { min: Vec3; max: Vec3 } | null {
  if (geoms.length === 0 || geoms.some((g) => g.halfExtents === null)) return null;
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (const g of geoms) {
    const c = add(g.center, matVec(g.rotation, g.boxCenter));
    for (let i = 0; i < 3; i++) {
      const r = g.rotation[i];
      const h = g.halfExtents!;
      const ext = Math.abs(r[0]) * h[0] + Math.abs(r[1]) * h[1] + Math.abs(r[2]) * h[2];
      min[i] = Math.min(min[i], c[i] - ext);
      max[i] = Math.max(max[i], c[i] + ext);
    }
  }
  return { min, max };
}
