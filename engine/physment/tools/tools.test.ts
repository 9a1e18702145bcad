// Every tool through the ToolBox: documented result shapes, hand-computed physics,
// permissions, hidden objects, alternative spellings and error results.
import { afterEach, describe, expect, test } from "vitest";
import type { ToolBox, ToolResult } from "../protocol.ts";
import { mjcf, sphere, worldOf } from "../sim/fixtures.test_support.ts";
import type { ObjectSpec } from "../sim/fixtures.test_support.ts";
import { World } from "../sim/world.ts";
import { builtinScene } from "../../../scenes/mod.ts";
import { makeToolBox, TOOL_SPECS, TOOLS } from "./toolbox.ts";

const G = 9.81;
const worlds: World[] = [];
afterEach(() => {
  for (const w of worlds.splice(0)) w.dispose();
});
async function box(xml: string, objects?: Record<string, ObjectSpec>): Promise<{ tb: ToolBox; w: World }> {
  const w = await worldOf(xml, objects);
  worlds.push(w);
  return { tb: makeToolBox(w), w };
}
function ok(tb: ToolBox, tool: string, parameters: Record<string, unknown> = {}): Record<string, unknown> {
  const r = tb.call({ tool, parameters });
  if (r.error) throw new Error(`${tool} failed: ${JSON.stringify(r.result)}`);
  return r.result as Record<string, unknown>;
}
function err(tb: ToolBox, tool: string, parameters: Record<string, unknown> = {}): string {
  const r = tb.call({ tool, parameters });
  expect(r.error).toBe(true);
  expect(Object.keys(r.result ?? {})).toEqual(["error"]);
  return (r.result as { error: string }).error;
}
const sphereMass = (r: number, rho = 1000) => rho * (4 / 3) * Math.PI * r ** 3;

describe("the tool list", () => {
  test("26 tools with descriptions and JSON Schemas of their documented parameters", () => {
    expect(TOOLS.length).toBe(26);
    expect(new Set(TOOL_SPECS.map((s) => s.name)).size).toBe(26);
    const params = Object.fromEntries(TOOL_SPECS.map((s) => [s.name, Object.keys((s.parameters.properties ?? {}) as object)]));
    expect(params).toMatchObject({
      step: ["duration"],
      apply_force: ["object_id", "force_vector", "duration"],
      apply_torque: ["object_id", "torque_vector", "duration"],
      get_velocity: ["object_id"],
      set_velocity: ["object_id", "velocity_vector"],
      move_object: ["object_id", "x", "y", "z"],
      change_position: ["object_id", "dx", "dy", "dz", "in_world_frame"],
      get_potential_energy: ["object_id", "mass", "gravity"],
      detect_collision: ["obj1_id", "obj2_id"],
      quat_to_rot_matrix: ["q"],
      create_objects: ["name", "pos", "density", "rgba", "radius"],
      attach_objects: ["object1_id", "object2_id"],
      find_objects: [],
      answer: ["answer"],
    });
    for (const s of TOOL_SPECS) {
      expect(s.description.length).toBeGreaterThan(20);
      expect(s.parameters.type).toBe("object");
      expect(s.parameters.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    }
    const req = (n: string) => TOOL_SPECS.find((s) => s.name === n)!.parameters.required;
    expect(req("apply_force")).toEqual(["object_id", "force_vector"]);
    expect(req("get_potential_energy")).toEqual(["object_id", "mass"]);
  });
});

describe("specs state the scene's own constants", () => {
  const spec = (tb: ToolBox, name: string) => tb.specs.find((s) => s.name === name)!;
  const gravityDefault = (tb: ToolBox) =>
    ((spec(tb, "get_potential_energy").parameters.properties as Record<string, { default?: unknown }>).gravity).default;

  test("step's timestep and get_potential_energy's default g come from the scene's MJCF", async () => {
    const moon = await box(mjcf(sphere(1, "0 0 2"), { gravity: "0 0 -1.62", timestep: "0.01" }));
    expect(spec(moon.tb, "step").description).toContain("whole simulator steps of 0.01 s");
    expect(spec(moon.tb, "get_acceleration").description).toContain("(v after − v before)/0.01 s");
    expect(gravityDefault(moon.tb)).toBe(1.62);
    expect(ok(moon.tb, "get_potential_energy", { object_id: 1, mass: 2 }).potential_energy).toBeCloseTo(2 * 1.62 * 2, 12);

    const earth = await box(mjcf(sphere(1, "0 0 2"), { gravity: `0 0 -${G}`, timestep: "0.005" }));
    expect(spec(earth.tb, "step").description).toContain("whole simulator steps of 0.005 s");
    expect(gravityDefault(earth.tb)).toBe(G);
    expect(ok(earth.tb, "get_potential_energy", { object_id: 1, mass: 2 }).potential_energy).toBeCloseTo(2 * G * 2, 12);

    const none = await box(mjcf(sphere(1, "0 0 2"), { gravity: "0 0 0" }));
    expect(gravityDefault(none.tb)).toBe(0);
    expect(JSON.stringify(none.tb.specs)).not.toContain("9.81");
  });

  test("the scene-independent specs state no timestep and no g", () => {
    const text = JSON.stringify(TOOL_SPECS);
    expect(text).not.toMatch(/0\.005|9\.81/);
    expect(TOOL_SPECS.find((s) => s.name === "step")!.description).toMatch(/whole simulator steps/);
  });
});

describe("motion tools", () => {
  test("drop a ball: move_object, step, get_position / get_velocity / get_acceleration / get_displacement", async () => {
    const { tb, w } = await box(mjcf(`<geom type="plane" size="20 20 0.1"/>\n${sphere(1, "0 0 0.1")}`, { gravity: `0 0 -${G}` }));
    expect(ok(tb, "move_object", { object_id: "object_1", x: 1, y: 2, z: 10 })).toEqual({ position: [1, 2, 10] });
    const r = tb.call({ tool: "step", parameters: { duration: 0.5 } });
    expect(r).toEqual({ tool: "step", parameters: { duration: 0.5 }, result: null, error: false, sim_time: w.time });
    expect(r.sim_time).toBeCloseTo(0.5, 12);
    const pos = ok(tb, "get_position", { object_id: 1 });
    expect(pos.time).toBeCloseTo(0.5, 12);
    expect((pos.position as number[])[2]).toBeCloseTo(10 - G * 0.005 ** 2 * 100 * 101 / 2, 9);
    expect((ok(tb, "get_velocity", { object_id: "1" }).velocity as number[])[2]).toBeCloseTo(-G * 0.5, 9);
    const acc = ok(tb, "get_acceleration", { object_id: "object_1" });
    expect(Object.keys(acc)).toEqual(["x", "y", "z"]);
    expect(acc.z).toBeCloseTo(-G, 9);
    const d = ok(tb, "get_displacement", { object_id: "object_1" }).displacement as number;
    const p = pos.position as number[];
    expect(d).toBeCloseTo(Math.hypot(p[0], p[1], p[2] - 0.1), 12);
  });

  test("change_position in the world frame and in the body frame", async () => {
    const q = [Math.SQRT1_2, 0, 0, Math.SQRT1_2]; // body x axis = world y
    const { tb } = await box(mjcf(`<body name="object_1" pos="0 0 1" quat="${q.join(" ")}"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>`));
    const round = (v: Record<string, number>) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, Number(x.toFixed(9))]));
    expect(round(ok(tb, "change_position", { object_id: "object_1", dx: 1, dy: 0, dz: 0, in_world_frame: true }).new_position as Record<string, number>))
      .toEqual({ x: 1, y: 0, z: 1 });
    expect(round(ok(tb, "change_position", { object_id: "object_1", dx: 1, dy: 0, dz: 0, in_world_frame: false }).new_position as Record<string, number>))
      .toEqual({ x: 1, y: 1, z: 1 });
    expect(round(ok(tb, "change_position", { object_id: "object_1", dx: 0, dy: 0, dz: 0.5 }).new_position as Record<string, number>))
      .toEqual({ x: 1, y: 1, z: 1.5 }); // in_world_frame defaults to true
  });

  test("set_velocity, including the published alternative spelling", async () => {
    const { tb } = await box(mjcf(sphere(1, "0 0 0")));
    expect(ok(tb, "set_velocity", { object_id: "object_1", velocity_vector: [1, 2, 3] })).toEqual({ status: "velocity_set", object_id: "object_1", velocity: [1, 2, 3] });
    ok(tb, "set_velocity", { object_id: "object_1", velocity: [0, 0, 5] });
    expect(ok(tb, "get_velocity", { object_id: "object_1" }).velocity).toEqual([0, 0, 5]);
  });
});

describe("forces, energy and momentum", () => {
  const xml = mjcf(`<geom type="plane" size="20 20 0.1"/>\n${sphere(1, "0 0 2")}\n${sphere(2, "3 0 2")}`);

  test("apply_force persists; apply_force with force/duration pushes for that long and advances time", async () => {
    const { tb, w } = await box(xml);
    const m = sphereMass(0.1);
    expect(ok(tb, "apply_force", { object_id: "object_1", force_vector: [2, 0, 0] })).toEqual({ status: "force_applied", object_id: "object_1", force: [2, 0, 0] });
    ok(tb, "step", { duration: 1 });
    expect((ok(tb, "get_velocity", { object_id: 1 }).velocity as number[])[0]).toBeCloseTo(2 / m, 9);
    expect(ok(tb, "compute_force", { object_id: 1, mass: m }).x).toBeCloseTo(2, 9);
    const pushed = tb.call({ tool: "apply_force", parameters: { object_id: "object_2", force: [0, 3, 0], duration: 1.0 } });
    expect(pushed.result).toEqual({ status: "force_applied", object_id: "object_2", force: [0, 3, 0], duration: 1 });
    expect(pushed.sim_time).toBeCloseTo(2, 12);
    expect((ok(tb, "get_velocity", { object_id: 2 }).velocity as number[])[1]).toBeCloseTo(3 / m, 9);
    expect(ok(tb, "compute_force", { object_id: 2, mass: m }).y).toBeCloseTo(3, 9); // it acted in the last step
    expect(w.time).toBeCloseTo(2, 12);
    ok(tb, "step", { duration: 0.005 });
    expect(ok(tb, "compute_force", { object_id: 2, mass: m }).y).toBeCloseTo(0, 9); // removed after its duration
  });

  test("get_acceleration and compute_force: the velocity difference across the most recent simulator step, 0 before any step", async () => {
    const { tb } = await box(mjcf(`${sphere(1, "0 0 2")}\n${sphere(2, "3 0 2")}`, { gravity: `0 0 -${G}` }));
    const m = sphereMass(0.1);
    const zero = { x: 0, y: 0, z: 0 };
    expect(ok(tb, "get_acceleration", { object_id: 1 })).toEqual(zero);
    expect(ok(tb, "compute_force", { object_id: 1, mass: m })).toEqual(zero);
    ok(tb, "apply_force", { object_id: 1, force_vector: [2, 0, 0] });
    expect(ok(tb, "get_acceleration", { object_id: 1 })).toEqual(zero); // no step since the force was applied
    ok(tb, "step", { duration: 0.1 });
    const a = ok(tb, "get_acceleration", { object_id: 1 }) as Record<string, number>;
    expect(a.x).toBeCloseTo(2 / m, 9);
    expect(a.y).toBeCloseTo(0, 12);
    expect(a.z).toBeCloseTo(-G, 9);
    expect(ok(tb, "get_acceleration", { object_id: 1 })).toEqual(a); // a second read is the same (nothing is remembered per call)
    const f = ok(tb, "compute_force", { object_id: 1, mass: 3 }) as Record<string, number>;
    expect(f.x).toBeCloseTo(6 / m, 9);
    expect(f.z).toBeCloseTo(-3 * G, 9);
    // changes since the last step show only after the next one
    ok(tb, "apply_force", { object_id: 1, force_vector: [0, 0, 0] });
    ok(tb, "set_velocity", { object_id: 1, velocity_vector: [5, 0, 0] });
    expect(ok(tb, "get_acceleration", { object_id: 1 })).toEqual(a);
    ok(tb, "step", { duration: 0.005 });
    expect((ok(tb, "get_acceleration", { object_id: 1 }) as Record<string, number>).x).toBeCloseTo(0, 9);
    // an object created after the last step reads 0 until it has been stepped; scene edits keep the others' readings
    ok(tb, "create_objects", { name: "ball", pos: [-3, 0, 2] });
    expect(ok(tb, "get_acceleration", { object_id: "ball" })).toEqual(zero);
    expect((ok(tb, "get_acceleration", { object_id: 2 }) as Record<string, number>).z).toBeCloseTo(-G, 9);
    ok(tb, "step", { duration: 0.005 });
    expect((ok(tb, "get_acceleration", { object_id: "ball" }) as Record<string, number>).z).toBeCloseTo(-G, 9);
  });

  test("a body welded to the world (scenes/Scene7's floor) has zero acceleration and zero net force", async () => {
    const scene = await builtinScene(7);
    const w = await World.create(scene);
    worlds.push(w);
    const tb = makeToolBox(w);
    for (let i = 0; i < 2; i++) {
      expect(ok(tb, "get_acceleration", { object_id: "object_2" })).toEqual({ x: 0, y: 0, z: 0 });
      expect(ok(tb, "compute_force", { object_id: "object_2", mass: 2 })).toEqual({ x: 0, y: 0, z: 0 });
      ok(tb, "step", { duration: 0.1 });
    }
    // the falling ball still reads −g
    expect(ok(tb, "get_acceleration", { object_id: "object_1" }).z).toBeCloseTo(-G, 9);
  });

  test("kinetic, potential and rotational energy, momentum, angular momentum and get_torque against hand values", async () => {
    const { tb } = await box(xml);
    const m = sphereMass(0.1);
    const I = 0.4 * m * 0.01;
    ok(tb, "set_velocity", { object_id: 1, velocity_vector: [3, -4, 0] });
    expect(ok(tb, "get_kinetic_energy", { object_id: 1, mass: 2 })).toEqual({ kinetic_energy: 0.5 * 2 * 25 });
    expect(ok(tb, "get_momentum", { object_id: 1, mass: 2 })).toEqual({ momentum: { x: 6, y: -8, z: 0 } });
    // this scene has no gravity: g defaults to the scene's (0); a g given is used
    expect(ok(tb, "get_potential_energy", { object_id: 1, mass: 2 }).potential_energy).toBe(0);
    expect(ok(tb, "get_potential_energy", { object_id: 1, mass: 2, gravity: 9.81 }).potential_energy).toBeCloseTo(2 * 9.81 * 2, 12);
    expect(ok(tb, "get_potential_energy", { object_id: 1, mass: 2, gravity: 1.62 }).potential_energy).toBeCloseTo(2 * 1.62 * 2, 12);
    expect(ok(tb, "apply_torque", { object_id: 2, torque_vector: [0, 0, 0.2] })).toEqual({ status: "torque_applied", object_id: "object_2", torque: [0, 0, 0.2] });
    expect(ok(tb, "get_torque", { object_id: 2 })).toEqual({ torque: { x: 0, y: 0, z: 0.2 } });
    ok(tb, "step", { duration: 0.5 });
    const L = ok(tb, "get_angular_momentum", { object_id: 2, mass: m }).angular_momentum as Record<string, number>;
    expect(L.z).toBeCloseTo(0.2 * 0.5, 9); // ΔL = τ·Δt
    expect(Math.abs(L.x) + Math.abs(L.y)).toBeLessThan(1e-12);
    expect(ok(tb, "get_rotational_energy", { object_id: 2, mass: m }).rotational_energy).toBeCloseTo(0.1 ** 2 / (2 * I), 6);
    ok(tb, "apply_torque", { object_id: 2, torque: [0, 0, 0] });
    expect(ok(tb, "get_torque", { object_id: "object_2" })).toEqual({ torque: { x: 0, y: 0, z: 0 } });
    ok(tb, "apply_torque", { object_id: 2, torque: [0, 0, 0.1], duration: 0.5 });
    expect((ok(tb, "get_angular_momentum", { object_id: 2 }).angular_momentum as Record<string, number>).z).toBeCloseTo(0.15, 9);
    expect(ok(tb, "get_torque", { object_id: 2 })).toEqual({ torque: { x: 0, y: 0, z: 0 } });
  });

  test("centre of mass of the scene and of one object", async () => {
    const { tb } = await box(mjcf(sphere(1, "0 0 2") + "\n" + sphere(2, "3 0 2", { density: 2000 })));
    const com = ok(tb, "get_center_of_mass").center_of_mass as Record<string, number>;
    expect(com.x).toBeCloseTo((0 * 1 + 3 * 2) / 3, 12);
    expect(com.z).toBeCloseTo(2, 12);
    expect(ok(tb, "get_center_of_mass", { object_id: "object_2" })).toEqual({ center_of_mass: { x: 3, y: 0, z: 2 } });
  });
});

describe("inspection", () => {
  test("get_parameters reveals only what the scene permits", async () => {
    const xml = mjcf(sphere(1, "0 0 1", { radius: 0.2, density: 500 }) + "\n" + sphere(2, "1 0 1") + "\n" +
      `<body name="object_3" pos="0 0 0"><geom type="box" size="1 2 0.5"/></body>`);
    const { tb } = await box(xml, {
      object_1: {},
      object_2: { permissions: { geom_type: true, body_mass: false, body_pos: true } },
      object_3: { permissions: { type: true, size: true, density: true } },
    });
    const p1 = ok(tb, "get_parameters", { object_id: "object_1" });
    expect(Object.keys(p1)).toEqual(["object_id", "mass", "bounding_box", "type", "size", "radius", "density", "position", "quaternion"]);
    expect(p1.mass).toBeCloseTo(sphereMass(0.2, 500), 12);
    expect(p1.density).toBeCloseTo(500, 9);
    expect(p1).toMatchObject({ type: "sphere", radius: 0.2, size: [0.2], position: [0, 0, 1], quaternion: [1, 0, 0, 0] });
    const bb = p1.bounding_box as { min: number[]; max: number[] };
    expect(bb.min.map((x) => Number(x.toFixed(12)))).toEqual([-0.2, -0.2, 0.8]);
    expect(bb.max.map((x) => Number(x.toFixed(12)))).toEqual([0.2, 0.2, 1.2]);
    expect(ok(tb, "get_parameters", { object_id: "object_2" })).toEqual({ object_id: "object_2", type: "sphere", position: [1, 0, 1] });
    const p3 = ok(tb, "get_parameters", { object_id: "object_3" });
    expect(Object.keys(p3)).toEqual(["object_id", "bounding_box", "type", "size", "density"]);
    expect(p3).toMatchObject({ type: "box", size: [1, 2, 0.5], density: 1000 });
  });

  test("detect_collision on a contact now applies the elastic response: equal and opposite persistent forces pushing the two apart", async () => {
    const { tb, w } = await box(mjcf(sphere(1, "0 0 0") + sphere(2, "0.199 0 0") + sphere(3, "3 0 0") + sphere(4, "5 0 0") + sphere(5, "6 0 0")));
    const [o1, o2, o3] = [1, 2, 3].map((n) => w.resolve(n)!);
    ok(tb, "apply_force", { object_id: 1, force_vector: [5, 0, 0] });
    ok(tb, "apply_torque", { object_id: 1, torque_vector: [0, 0, 1] });
    // radius 0.1, centres 0.199 m apart: 1 mm of overlap, so 0.001 N along x; force_applied is the force on obj2
    const r = ok(tb, "detect_collision", { obj1_id: "object_1", obj2_id: "object_2" });
    expect(Object.keys(r)).toEqual(["collision_detected", "force_applied"]);
    expect(r.collision_detected).toBe(true);
    const f = r.force_applied as number[];
    expect(f[0]).toBeCloseTo(0.2 - 0.199, 12);
    expect(f.slice(1)).toEqual([0, 0]);
    // it replaces the force set with apply_force (the torque stays)
    expect(w.appliedWrench(o1)).toEqual({ force: [-f[0], 0, 0], torque: [0, 0, 1] });
    expect(w.appliedWrench(o2)).toEqual({ force: [f[0], 0, 0], torque: [0, 0, 0] });
    // the other order: the same two forces; force_applied is now the one on object_1
    const back = ok(tb, "detect_collision", { object1_id: 2, object2_id: 1 });
    expect(back).toEqual({ collision_detected: true, force_applied: [-f[0], 0, 0] });
    expect(w.appliedWrench(o1).force).toEqual([-f[0], 0, 0]);
    expect(w.appliedWrench(o2).force).toEqual([f[0], 0, 0]);
    // no contact: nothing applied
    expect(ok(tb, "detect_collision", { obj1_id: 1, obj2_id: 3 })).toEqual({ collision_detected: false });
    expect(w.appliedWrench(o3).force).toEqual([0, 0, 0]);
    expect(w.appliedWrench(o1).force).toEqual([-f[0], 0, 0]);
    // a touch during the last step call that is over now: detected, nothing applied
    ok(tb, "set_velocity", { object_id: 4, velocity_vector: [4, 0, 0] });
    ok(tb, "step", { duration: 0.5 });
    expect(ok(tb, "detect_collision", { obj1_id: 4, obj2_id: 5 })).toEqual({ collision_detected: true });
    expect(w.appliedWrench(w.resolve(4)!).force).toEqual([0, 0, 0]);
    expect(w.appliedWrench(w.resolve(5)!).force).toEqual([0, 0, 0]);
  });

  test("detect_collision(ball, floor) pushes the ball up by its overlap in newtons, and the force acts in later steps", async () => {
    const { tb, w } = await box(mjcf(`<body name="object_1"><geom type="plane" size="5 5 0.1"/></body>\n${sphere(2, "0 0 0.098")}`));
    const r = ok(tb, "detect_collision", { obj1_id: 2, obj2_id: 1 });
    expect(r.collision_detected).toBe(true);
    const f = r.force_applied as number[];
    expect(f[2]).toBeCloseTo(-0.002, 12); // on the floor (obj2)
    expect(w.appliedWrench(w.resolve(2)!).force[2]).toBeCloseTo(0.002, 12); // on the ball
    expect(ok(tb, "get_torque", { object_id: 2 })).toEqual({ torque: { x: 0, y: 0, z: 0 } });
    // no gravity: lift the ball clear of the floor; the 2 mN push keeps accelerating it
    ok(tb, "move_object", { object_id: 2, x: 0, y: 0, z: 1 });
    ok(tb, "set_velocity", { object_id: 2, velocity_vector: [0, 0, 0] });
    ok(tb, "step", { duration: 1 });
    const m = sphereMass(0.1);
    expect((ok(tb, "get_velocity", { object_id: 2 }).velocity as number[])[2]).toBeCloseTo(0.002 / m, 9);
    expect((ok(tb, "get_acceleration", { object_id: 2 }) as Record<string, number>).z).toBeCloseTo(0.002 / m, 9);
  });

  test("quat_to_rot_matrix", async () => {
    const { tb } = await box(mjcf(sphere(1, "0 0 0")));
    const r = ok(tb, "quat_to_rot_matrix", { q: [2, 0, 0, 2] }).rotation_matrix as number[][];
    expect(r.map((row) => row.map((x) => Number(x.toFixed(12))))).toEqual([[0, -1, 0], [1, 0, 0], [0, 0, 1]]);
    expect(err(tb, "quat_to_rot_matrix", { q: [0, 0, 0, 0] })).toMatch(/non-zero/);
  });
});

describe("hidden objects and scene edits", () => {
  test("a hidden object is unknown to every tool until find_objects", async () => {
    const { tb } = await box(mjcf(sphere(1, "0 0 0") + sphere(2, "1 0 0")), { object_1: {}, object_2: { name: "ghost", permissions: { type: true, hidden: true } } });
    const unknown = err(tb, "get_position", { object_id: "object_2" });
    expect(unknown).toBe('object_id: no object "object_2" in the scene (objects: object_1)');
    expect(err(tb, "get_parameters", { object_id: 2 })).toBe(unknown.replace('"object_2"', "2"));
    expect(err(tb, "detect_collision", { obj1_id: 1, obj2_id: 2 })).toMatch(/^obj2_id: no object 2/);
    expect(ok(tb, "find_objects")).toEqual({ status: "found 1 hidden object: object_2 (ghost)" });
    expect(ok(tb, "get_parameters", { object_id: 2 })).toEqual({ object_id: "object_2", type: "sphere" });
    expect(ok(tb, "find_objects").status).toMatch(/no hidden objects/);
  });

  test("create_objects, delete_objects, attach_objects", async () => {
    const { tb, w } = await box(mjcf(`<geom type="plane" size="20 20 0.1"/>\n${sphere(1, "0 0 0.1")}\n${sphere(2, "2 0 0.1")}`, { gravity: `0 0 -${G}` }));
    const created = ok(tb, "create_objects", { name: "ref_ball", pos: [0, 2, 1], density: 2000, rgba: [1, 0, 0, 1] });
    expect(created).toEqual({ status: "object_created", name: "ref_ball", position: [0, 2, 1], density: 2000, rgba: [1, 0, 0, 1] });
    expect(ok(tb, "get_parameters", { object_id: "ref_ball" })).toMatchObject({ type: "sphere", radius: 0.1, mass: sphereMass(0.1, 2000) });
    ok(tb, "create_objects", { name: "object_7", position: [5, 5, 1] }); // alternative spelling, defaults
    expect(ok(tb, "get_position", { object_id: 7 }).position).toEqual([5, 5, 1]);
    expect(err(tb, "create_objects", { name: "ref_ball", pos: [0, 0, 3] })).toMatch(/already exists/);
    expect(ok(tb, "attach_objects", { object1_id: "object_1", object2_id: "ref_ball" })).toEqual({ status: "objects_attached" });
    expect(ok(tb, "delete_objects", { object_id: "object_2" })).toEqual({ status: "object_deleted", object_id: "object_2" });
    expect(err(tb, "get_velocity", { object_id: "object_2" })).toMatch(/no object "object_2"/);
    const gap = () => {
      const a = ok(tb, "get_position", { object_id: "ref_ball" }).position as number[];
      const b = ok(tb, "get_position", { object_id: "object_1" }).position as number[];
      return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    };
    const before = gap();
    ok(tb, "step", { duration: 0.5 });
    // the welded pair topples as one body: the distance between the two holds
    expect(Math.abs(gap() - before)).toBeLessThan(0.01);
    expect(w.time).toBeCloseTo(0.5, 12);
  });
});

describe("error results, never exceptions", () => {
  test("unknown tools, bad parameters, impossible requests, calls after the answer", async () => {
    const { tb } = await box(mjcf(`${sphere(1, "0 0 0")}\n<body name="object_2"><joint type="hinge"/><geom type="capsule" fromto="0 0 0 1 0 0" size="0.1"/></body>\n<body name="object_3" pos="0 4 0"><geom type="box" size="1 1 1"/></body>`));
    expect(err(tb, "fly", {})).toMatch(/^unknown tool "fly"/);
    expect(err(tb, "get_position", {})).toBe("invalid parameters for get_position: object_id: missing");
    expect(err(tb, "apply_force", { object_id: 1, force_vector: [1, 2] })).toMatch(/force_vector/);
    expect(err(tb, "step", { duration: -1 })).toMatch(/duration/);
    expect(err(tb, "step", { duration: "soon" })).toMatch(/duration/);
    expect(err(tb, "move_object", { object_id: 2, x: 0, y: 0, z: 1 })).toMatch(/hinge or ball joint/);
    expect(err(tb, "set_velocity", { object_id: 3, velocity_vector: [1, 0, 0] })).toMatch(/fixed in place/);
    expect(err(tb, "attach_objects", { object1_id: 1, object2_id: "object_1" })).toBe("object1_id and object2_id name the same object");
    expect(err(tb, "detect_collision", { obj1_id: "object_2", obj2_id: 2 })).toBe("obj1_id and obj2_id name the same object");
    expect(err(tb, "detect_collision", { obj1_id: 1, obj2_id: "object_9" })).toMatch(/^obj2_id: no object "object_9"/);
    expect(err(tb, "get_position", { object_id: "object_99" })).toMatch(/no object "object_99"/);
    expect(err(tb, "get_kinetic_energy", { object_id: 1, mass: -2 })).toMatch(/mass/);
    const malformed = tb.call({ tool: 42 } as never);
    expect(malformed.error).toBe(true);
    // lenient forms a model often writes
    expect(ok(tb, "get_position", { object_id: " object_1 " }).position).toEqual([0, 0, 0]);
    expect(ok(tb, "step", { duration: "0.01" })).toBeNull();
    expect(ok(tb, "move_object", { object_id: "1", x: "1", y: 0, z: 0 }).position).toEqual([1, 0, 0]);
    expect(ok(tb, "apply_force", { object_id: 1, force_vector: "[1, 0, 0]" }).force).toEqual([1, 0, 0]);
    expect(ok(tb, "set_velocity", { object_id: 1, velocity_vector: { x: 1, y: 0, z: 0 } }).velocity).toEqual([1, 0, 0]);

    expect(tb.answered).toBeNull();
    const a: ToolResult = tb.call({ tool: "answer", parameters: { answer: "2.5, 3" } });
    expect(a.result).toEqual({ acknowledged: true });
    expect(tb.answered).toEqual({ value: "2.5, 3" });
    expect(err(tb, "get_position", { object_id: 1 })).toMatch(/already submitted/);
    expect(err(tb, "answer", { answer: 3 })).toMatch(/already submitted/);
    expect(tb.answered).toEqual({ value: "2.5, 3" });
  });

  test("a disposed world gives error results too", async () => {
    const w = await worldOf(mjcf(sphere(1, "0 0 0")));
    const tb = makeToolBox(w);
    w.dispose();
    const r = tb.call({ tool: "get_position", parameters: { object_id: 1 } });
    expect(r.error).toBe(true);
  });
});
