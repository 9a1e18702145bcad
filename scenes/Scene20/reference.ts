// Create a ball of each radius, centres both h up; step to between their landing times and
// see which one has touched the floor.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const G = 9.81;
/** When a ball of radius r released with its centre h up touches the floor. */
const landing = (h: number, r: number) => Math.sqrt((2 * (h - r)) / G);

export const variation = defineVariation({
  parameters: {
    r2: { base: 0.05, min: 0.05, max: 0.4, step: 0.05, unit: "m" },
    rho2: { base: 8000, min: 500, max: 10000, step: 500, unit: "kg/m³" },
    r3: { base: 0.15, min: 0.05, max: 0.4, step: 0.05, unit: "m" },
    rho3: { base: 200, min: 100, max: 2000, step: 100, unit: "kg/m³" },
    h: { base: 2, min: 1, max: 3, step: 0.25, unit: "m" },
  },
  // landing times closer than 12 ms (but not equal radii, which tie exactly) cannot be told
  // apart by stepping to their midpoint on the 5 ms grid
  constraint: ({ r2, r3, h }) => {
    const gap = Math.abs(landing(h, r2) - landing(h, r3));
    return r2 !== r3 && gap < 0.012 ? `the landing times differ by only ${fmt(gap * 1000)} ms` : null;
  },
  world: () => [],
  text: ({ r2, rho2, r3, rho3, h }) => {
    const duration = Math.round(((landing(h, r2) + landing(h, r3)) / 2) * 200) / 200;
    return [
      ["radius 0.05 m and density 8000 kg/m³ at (-1, 0, 2)", `radius ${fmt(r2)} m and density ${fmt(rho2)} kg/m³ at (-1, 0, ${fmt(h)})`],
      ["radius 0.15 m and density 200 kg/m³ at (1, 0, 2)", `radius ${fmt(r3)} m and density ${fmt(rho3)} kg/m³ at (1, 0, ${fmt(h)})`],
      ["both centres are 2 m above the floor", `both centres are ${fmt(h)} m above the floor`],
      ["(e.g. 0.62 s, or in small steps)", `(e.g. ${fmt(duration)} s, or in small steps)`],
    ];
  },
  procedure: ({ r2, rho2, r3, rho3, h }) => {
    const t2 = landing(h, r2);
    const t3 = landing(h, r3);
    // between the two landing times, on the 5 ms grid (the larger ball's bottom has less to fall)
    const duration = Math.round(((t2 + t3) / 2) * 200) / 200;
    const first = r2 === r3 ? 0 : r3 > r2 ? 3 : 2;
    const [near, far] = r3 > r2 ? [r3, r2] : [r2, r3];
    return {
      summary: `create object_2 (r ${fmt(r2)}, ρ ${fmt(rho2)}) and object_3 (r ${fmt(r3)}, ρ ${fmt(rho3)}) with centres at z = ${fmt(h)}, step ${fmt(duration)} s, check which has touched the floor`,
      *run() {
        const [, , , c2, c3] = yield [
          { tool: "create_objects", parameters: { name: "object_2", pos: [-1, 0, h], radius: r2, density: rho2 } },
          { tool: "create_objects", parameters: { name: "object_3", pos: [1, 0, h], radius: r3, density: rho3 } },
          { tool: "step", parameters: { duration } },
          { tool: "detect_collision", parameters: { obj1_id: "object_2", obj2_id: "object_1" } },
          { tool: "detect_collision", parameters: { obj1_id: "object_3", obj2_id: "object_1" } },
        ];
        const hit2 = c2.result!.collision_detected as boolean;
        const hit3 = c3.result!.collision_detected as boolean;
        return hit2 === hit3 ? 0 : hit2 ? 2 : 3;
      },
      closedForm: {
        value: first,
        tolerance: 0,
        formula: first === 0
          ? `equal accelerations g and equal radii ${fmt(r2)} m: both bottoms fall ${fmt(h - r2)} m and land together after ${fmt(Number(t2.toFixed(3)))} s (answer 0)`
          : `equal accelerations g; fall distances ${fmt(h)} − ${fmt(near)} = ${fmt(h - near)} m < ${fmt(h)} − ${fmt(far)} = ${fmt(h - far)} m, so t${first === 3 ? "₃" : "₂"} = √(2·${fmt(h - near)}/g) ≈ ${landing(h, near).toFixed(3)} s < ${landing(h, far).toFixed(3)} s: object ${first}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
