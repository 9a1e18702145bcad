// Geom shapes and the box around them, against hand values.
import { describe, expect, test } from "vitest";
import { boxAround, geomInfo } from "./geometry.ts";
import type { Mat3, Vec3 } from "./math.ts";

const I: Mat3 = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
const noBox = { center: [0, 0, 0] as Vec3, half: [0, 0, 0] as Vec3 };

describe("geomInfo", () => {
  test("sizes, volumes and half-extents follow each MuJoCo type", () => {
    const capsule = geomInfo(3, [0.1, 0.5, 0], [0, 0, 0], I, noBox);
    expect(capsule).toMatchObject({ type: "capsule", size: [0.1, 0.5], halfExtents: [0.1, 0.1, 0.6] });
    expect(capsule.volume).toBeCloseTo(Math.PI * 0.01 * 1 + (4 / 3) * Math.PI * 0.001, 12);
    expect(geomInfo(6, [1, 2, 3], [0, 0, 0], I, noBox)).toMatchObject({ type: "box", size: [1, 2, 3], volume: 48, halfExtents: [1, 2, 3] });
    expect(geomInfo(0, [0, 0, 1], [0, 0, 0], I, noBox)).toMatchObject({ type: "plane", size: [0, 0], volume: null, halfExtents: null });
  });

  test("a mesh takes MuJoCo's own box", () => {
    const mesh = geomInfo(7, [0, 0, 0], [0, 0, 0], I, { center: [0.1, 0, 0], half: [1, 1, 1] });
    expect(mesh).toMatchObject({ type: "mesh", volume: null, boxCenter: [0.1, 0, 0], halfExtents: [1, 1, 1] });
  });
});

describe("boxAround", () => {
  test("encloses rotated geoms, and is null for none or an unbounded plane", () => {
    const quarterTurn: Mat3 = [[0, -1, 0], [1, 0, 0], [0, 0, 1]];
    const box = geomInfo(6, [2, 1, 0.5], [1, 0, 0], quarterTurn, noBox);
    expect(boxAround([box])).toEqual({ min: [0, -2, -0.5], max: [2, 2, 0.5] });
    expect(boxAround([])).toBeNull();
    expect(boxAround([box, geomInfo(0, [0, 0, 1], [0, 0, 0], I, noBox)])).toBeNull();
  });
});
