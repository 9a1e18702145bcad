// Compatibility with the 105 published PhysMent scenes (read in place, never copied):
// every scene loads, compiles, steps, and answers every applicable tool without an error.
import { describe, expect, test } from "vitest";
import { PUBLISHED_SCENES_PRESENT, publishedScene as published } from "../sim/fixtures.test_support.ts";
import { World } from "../sim/world.ts";
import { makeToolBox } from "./toolbox.ts";

const finite = (x: unknown): boolean =>
  x === null || typeof x === "string" || typeof x === "boolean" ||
  (typeof x === "number" ? Number.isFinite(x) : Array.isArray(x) ? x.every(finite) : typeof x === "object" ? Object.values(x as object).every(finite) : false);

const PER_OBJECT = [
  ["get_position", {}],
  ["get_velocity", {}],
  ["get_parameters", {}],
  ["get_acceleration", {}],
  ["get_displacement", {}],
  ["get_torque", {}],
  ["get_kinetic_energy", { mass: 1 }],
  ["get_potential_energy", { mass: 1 }],
  ["get_rotational_energy", { mass: 1 }],
  ["get_momentum", { mass: 1 }],
  ["get_angular_momentum", { mass: 1 }],
  ["compute_force", { mass: 1 }],
  ["get_center_of_mass", {}],
] as const;

describe.skipIf(!PUBLISHED_SCENES_PRESENT)("the 105 published scenes", () => {
  test("load, compile, step and answer every applicable tool", async () => {
    const problems: string[] = [];
    let scenes = 0;
    for (let n = 7; n <= 111; n++) {
      const scene = await published(n);
      const world = await World.create(scene);
      const tb = makeToolBox(world);
      const call = (tool: string, parameters: Record<string, unknown>) => {
        const r = tb.call({ tool, parameters });
        if (r.error || !finite(r.result)) problems.push(`scene ${n}: ${tool}(${JSON.stringify(parameters)}) → ${JSON.stringify(r.result)}`);
        return r;
      };
      const sweep = () => {
        for (const o of world.visibleObjects()) {
          for (const [tool, extra] of PER_OBJECT) call(tool, { object_id: o.id, ...extra });
        }
        call("get_center_of_mass", {});
      };
      sweep();
      call("step", { duration: 0.1 });
      call("find_objects", {});
      sweep();
      call("step", { duration: 0.25 });
      sweep();
      expect(world.time).toBeCloseTo(0.35, 9);
      world.dispose();
      scenes++;
    }
    expect(problems).toEqual([]);
    expect(scenes).toBe(105);
  });

  test("scene-specific handling", async () => {
    // Scene 10 sets <option timestep="0.01">: the MJCF wins over the 0.005 s default.
    const s10 = await published(10);
    expect(s10.timestep).toBe(0.01);
    expect((await published(7)).timestep).toBe(0.005);

    // Scene 107: object_1 has permission hidden = true.
    const w107 = await World.create(await published(107));
    const tb107 = makeToolBox(w107);
    expect(tb107.call({ tool: "get_position", parameters: { object_id: "object_1" } }).error).toBe(true);
    expect(tb107.call({ tool: "find_objects", parameters: {} }).result).toEqual({ status: "found 1 hidden object: object_1 (sphere)" });
    expect(tb107.call({ tool: "get_parameters", parameters: { object_id: "object_1" } }).result).toEqual({ object_id: "object_1", type: "sphere", radius: 0.2, density: 1 });
    // the task: delete what is not a sphere
    for (const id of ["object_3", "object_4"]) expect(tb107.call({ tool: "delete_objects", parameters: { object_id: id } }).error).toBe(false);
    expect(w107.visibleObjects().map((o) => o.id)).toEqual(["object_1", "object_2"]);
    w107.dispose();

    // Scene 103: the ground body object_2 is in the MJCF but not in the metadata.
    const s103 = await published(103);
    expect(s103.unlisted).toEqual(["object_2"]);

    // Scene 43: a body named "ground" is scenery, not an object.
    const w43 = await World.create(await published(43));
    expect(w43.resolve("ground")).toBeNull();
    w43.dispose();

    // Scene 9: the spring is a tendon between object_1's and object_2's sites.
    const w9 = await World.create(await published(9));
    const tb9 = makeToolBox(w9);
    expect(tb9.call({ tool: "get_parameters", parameters: { object_id: 2 } }).result).toMatchObject({ spring_constant: 50 });
    w9.dispose();

    // Bodies welded to the world: scene 9's anchor, scene 10's pulley and string (no joint).
    for (const [n, ids] of [[9, ["object_1"]], [10, ["object_1", "object_2"]]] as const) {
      const w = await World.create(await published(n));
      const tb = makeToolBox(w);
      for (const id of ids) {
        expect(tb.call({ tool: "get_acceleration", parameters: { object_id: id } }).result).toEqual({ x: 0, y: 0, z: 0 });
        expect(tb.call({ tool: "compute_force", parameters: { object_id: id, mass: 1.5 } }).result).toEqual({ x: 0, y: 0, z: 0 });
      }
      tb.call({ tool: "step", parameters: { duration: 0.2 } });
      for (const id of ids) expect(tb.call({ tool: "get_acceleration", parameters: { object_id: id } }).result).toEqual({ x: 0, y: 0, z: 0 });
      w.dispose();
    }

    // Scene 103's disk: a 20 N·m torque for 0.2 s gives ω = τt/I and ½Iω² (I = ½mr²).
    const w103 = await World.create(s103);
    const tb103 = makeToolBox(w103);
    tb103.call({ tool: "apply_torque", parameters: { object_id: "object_1", torque_vector: [0, 0, 20] } });
    tb103.call({ tool: "step", parameters: { duration: 0.2 } });
    const m = 1263 * Math.PI * 0.2 ** 2 * 0.1;
    const I = 0.5 * m * 0.2 ** 2;
    const E = tb103.call({ tool: "get_rotational_energy", parameters: { object_id: "object_1", mass: m } }).result as { rotational_energy: number };
    expect(E.rotational_energy).toBeCloseTo((20 * 0.2) ** 2 / (2 * I), 1);
    w103.dispose();
  });
});
