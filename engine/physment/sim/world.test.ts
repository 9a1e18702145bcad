// The World's physics against hand values on small scenes written here.
import { afterEach, describe, expect, test } from "vitest";
import { mjcf, sphere, worldOf } from "./fixtures.test_support.ts";
import { dot, norm, sub } from "./math.ts";
import type { Vec3 } from "./math.ts";
import { World, WorldError } from "./world.ts";
import type { WorldObject } from "./world.ts";

const G = 9.81;
const DT = 0.005;
const worlds: World[] = [];
async function make(xml: string, objects?: Parameters<typeof worldOf>[1]): Promise<World> {
  const w = await worldOf(xml, objects);
  worlds.push(w);
  return w;
}
afterEach(() => {
  for (const w of worlds.splice(0)) w.dispose();
});
const obj = (w: World, id: string): WorldObject => {
  const o = w.resolve(id);
  if (!o) throw new Error(`no ${id}`);
  return o;
};
const sphereMass = (r: number, rho = 1000) => rho * (4 / 3) * Math.PI * r ** 3;

describe("time and free fall", () => {
  test("z(t) and v(t) follow g·t (MuJoCo's semi-implicit Euler at 0.005 s)", async () => {
    const w = await make(mjcf(sphere(1, "0 0 10"), { gravity: `0 0 -${G}` }));
    const o = obj(w, "object_1");
    expect(w.timestep).toBe(DT);
    const steps = w.step(1);
    expect(steps).toBe(200);
    expect(w.time).toBeCloseTo(1, 12);
    const n = 200;
    // v_n = −g·n·dt exactly; z_n = z0 − g·dt²·n(n+1)/2 (velocity updated first, then position).
    expect(w.velocity(o).linear[2]).toBeCloseTo(-G * 1, 9);
    expect(w.position(o)[2]).toBeCloseTo(10 - G * DT * DT * n * (n + 1) / 2, 9);
    // and the continuous law to within the integrator's O(dt) offset (½·g·t·dt = 0.025 m)
    expect(Math.abs(w.position(o)[2] - (10 - 0.5 * G))).toBeLessThan(0.03);
    expect(w.velocity(o).linear[0]).toBe(0);
  });

  test("durations round to whole steps", async () => {
    const w = await make(mjcf(sphere(1, "0 0 0")));
    expect(w.step(0.0124)).toBe(2);
    expect(w.step(0.0126)).toBe(3);
    expect(w.step(0.001)).toBe(1);
    expect(w.time).toBeCloseTo(6 * DT, 12);
    expect(() => w.step(-1)).toThrow(WorldError);
    expect(() => w.step(Number.NaN)).toThrow(WorldError);
    expect(() => w.step(1e6)).toThrow(/longer than/);
  });

  test("a numerical blow-up is reported and undone (MuJoCo's silent auto-reset is off)", async () => {
    const w = await make(mjcf(`<geom type="plane" size="5 5 0.1"/>\n${sphere(1, "0 0 0.1")}`, { gravity: `0 0 -${G}` }));
    const o = obj(w, "object_1");
    w.step(0.1);
    const before = { p: w.position(o), t: w.time, a: w.acceleration(o) };
    w.setApplied(o, { force: [1e300, 0, 0] });
    expect(() => w.step(0.1)).toThrow(/numerically unstable/);
    expect({ p: w.position(o), t: w.time, a: w.acceleration(o) }).toEqual(before);
    w.setApplied(o, { force: [0, 0, 0] });
    w.step(0.1);
    expect(w.time).toBeCloseTo(0.2, 12);
  });

  test("acceleration is the velocity difference across the last simulator step: 0 before any step, −g in free fall, F/m under a force", async () => {
    const w = await make(mjcf(`<geom type="plane" size="5 5 0.1"/>\n${sphere(1, "0 0 5")}\n${sphere(2, "2 0 0.1")}`, { gravity: `0 0 -${G}` }));
    const a = obj(w, "object_1");
    const b = obj(w, "object_2");
    const m = sphereMass(0.1);
    // no step yet: no velocity difference to report
    expect(w.acceleration(a)).toEqual({ linear: [0, 0, 0], angular: [0, 0, 0] });
    expect(w.comAcceleration(a)).toEqual([0, 0, 0]);
    w.step(0.1);
    expect(w.acceleration(a).linear[2]).toBeCloseTo(-G, 9);
    expect(w.comAcceleration(a)[2]).toBeCloseTo(-G, 9);
    // a force applied since the last step shows only after the next step
    w.setApplied(a, { force: [2, 0, 0] });
    expect(w.acceleration(a).linear[0]).toBe(0);
    w.step(DT);
    const acc = w.acceleration(a).linear;
    expect(acc[0]).toBeCloseTo(2 / m, 9);
    expect(acc[2]).toBeCloseTo(-G, 9);
    expect(w.comAcceleration(a)[0]).toBeCloseTo(2 / m, 9);
    expect(w.acceleration(a)).toEqual(w.acceleration(a)); // reading does not change it
    // only the last step of a call counts: the force removed, one long call
    w.setApplied(a, { force: [0, 0, 0] });
    w.step(0.3);
    expect(w.acceleration(a).linear[0]).toBeCloseTo(0, 12);
    expect(Math.abs(w.acceleration(b).linear[2])).toBeLessThan(0.05); // at rest on the ground
  });

  test("a body hitting the floor during a step reads the velocity jump over that step (the last step of a call)", async () => {
    const xml = mjcf(`<geom type="plane" size="5 5 0.1"/>\n${sphere(1, "0 0 0.5")}`, { gravity: `0 0 -${G}` });
    const w = await make(xml);
    const o = obj(w, "object_1");
    // the ball's bottom falls 0.4 m: contact after about √(0.8/g) ≈ 0.286 s, at ≈ 2.8 m/s
    let k = 0;
    let jump: { before: Vec3; after: Vec3 } | null = null;
    while (!jump && k < 100) {
      const before = w.velocity(o).linear;
      w.step(DT);
      k++;
      const after = w.velocity(o).linear;
      if (after[2] > before[2]) jump = { before, after };
    }
    if (!jump) throw new Error("the ball never reached the floor");
    expect(k * DT).toBeGreaterThan(0.27);
    const expected = (jump.after[2] - jump.before[2]) / DT;
    expect(expected).toBeGreaterThan(100); // a velocity jump, not gravity
    expect(w.acceleration(o).linear[2]).toBeCloseTo(expected, 6);
    expect(w.acceleration(o).linear[0]).toBe(0);
    // the same k steps in one call: the reading is that call's last step, the impact
    const w2 = await make(xml);
    w2.step(k * DT);
    expect(w2.acceleration(obj(w2, "object_1"))).toEqual(w.acceleration(o));
  });

  test("one long step call and the same steps one at a time end bit for bit alike (the forward pass before a call's last step changes nothing)", async () => {
    const theta = Math.PI / 6;
    const q = `${Math.cos(theta / 2)} 0 ${Math.sin(theta / 2)} 0`;
    const xml = mjcf(
      `<body name="object_2"><geom type="plane" size="20 20 0.1" quat="${q}" friction="0.2 0.005 0.0001"/></body>
    <body name="object_1" pos="0.05 0 0.2" quat="${q}"><freejoint/><geom type="box" size="0.1 0.1 0.1" density="1000" friction="0.2 0.005 0.0001"/></body>
${sphere(3, "0.5 0 0.5")}${sphere(4, "0.52 0.03 0.8")}`,
      { gravity: `0 0 -${G}` },
    );
    const a = await make(xml);
    const b = await make(xml);
    for (let k = 0; k < 7; k++) a.step(0.15);
    for (let k = 0; k < 210; k++) b.step(DT);
    for (const id of ["object_1", "object_3", "object_4"]) {
      expect(a.position(obj(a, id))).toEqual(b.position(obj(b, id)));
      expect(a.velocity(obj(a, id))).toEqual(b.velocity(obj(b, id)));
      expect(a.acceleration(obj(a, id))).toEqual(b.acceleration(obj(b, id)));
    }
    expect(norm(sub(a.position(obj(a, "object_1")), [0.05, 0, 0.2]))).toBeGreaterThan(0.1); // the box slid
  });

  test("a body welded to the world (no joint up its chain) has zero acceleration; a jointless body on a moving one shares its motion", async () => {
    const w = await make(mjcf(
      `    <body name="object_1" pos="0 0 0"><geom type="plane" size="5 5 0.1"/></body>
    <body name="object_2" pos="0 0 2">
      <geom type="box" size="0.1 0.1 0.1"/>
      <body name="object_3" pos="0 0 -0.5"><geom type="sphere" size="0.05"/></body>
    </body>
${sphere(4, "3 0 5", { extra: "" })}
    <body name="object_5" pos="3 0 5.5"><joint type="free"/><geom type="sphere" size="0.05"/>
      <body name="object_6" pos="0 0 0.2"><geom type="sphere" size="0.05"/></body>
    </body>`,
      { gravity: `0 0 -${G}` },
    ));
    // a floor, a fixed block, and a sphere fixed to the block: nothing moves
    for (const id of ["object_1", "object_2", "object_3"]) {
      const o = obj(w, id);
      expect(w.mobility(o)).toBe("static");
      expect(w.acceleration(o)).toEqual({ linear: [0, 0, 0], angular: [0, 0, 0] });
      expect(w.comAcceleration(o)).toEqual([0, 0, 0]);
    }
    w.step(0.1);
    for (const id of ["object_1", "object_2", "object_3"]) expect(w.comAcceleration(obj(w, id))).toEqual([0, 0, 0]);
    // a body carried by a free one falls with it
    expect(w.mobility(obj(w, "object_6"))).toBe("carried");
    expect(w.acceleration(obj(w, "object_6")).linear[2]).toBeCloseTo(-G, 9);
    expect(w.comAcceleration(obj(w, "object_6"))[2]).toBeCloseTo(-G, 9);
  });
});

describe("applied forces and torques", () => {
  test("a persistent force acts in every later step; a timed one only for its duration", async () => {
    const w = await make(mjcf(sphere(1, "0 0 0") + sphere(2, "0 -5 0")));
    const a = obj(w, "object_1");
    const b = obj(w, "object_2");
    const m = sphereMass(0.1);
    w.setApplied(a, { force: [3, 0, 0] });
    w.step(1);
    w.step(1);
    expect(w.velocity(a).linear[0]).toBeCloseTo((3 / m) * 2, 9);
    const steps = w.applyFor(b, { force: [0, 4, 0] }, 0.5);
    expect(steps).toBe(100);
    expect(w.time).toBeCloseTo(2.5, 12);
    expect(w.velocity(b).linear[1]).toBeCloseTo((4 / m) * 0.5, 9);
    w.step(1);
    expect(w.velocity(b).linear[1]).toBeCloseTo((4 / m) * 0.5, 9); // removed again
    expect(w.appliedWrench(b).force).toEqual([0, 0, 0]);
    expect(w.appliedWrench(a).force).toEqual([3, 0, 0]);
  });

  test("apply_torque: the angular momentum changes by τ·Δt; ½Iω² matches L²/2I", async () => {
    const w = await make(mjcf(sphere(1, "0 0 0") + `<body name="object_2" pos="2 0 0"><freejoint/><geom type="box" size="0.2 0.1 0.05" density="500"/></body>`));
    const s = obj(w, "object_1");
    const box = obj(w, "object_2");
    const m = sphereMass(0.1);
    const iSphere = 0.4 * m * 0.01;
    w.setApplied(s, { torque: [0, 0, 0.5] });
    w.applyFor(box, { torque: [0, 0, 0.2] }, 0.3);
    const L = w.angularMomentum(s);
    expect(L[2]).toBeCloseTo(0.5 * 0.3, 9);
    expect(w.velocity(s).angular[2]).toBeCloseTo((0.5 * 0.3) / iSphere, 6);
    expect(w.rotationalEnergy(s)).toBeCloseTo((0.15 ** 2) / (2 * iSphere), 6);
    const mb = 500 * 0.4 * 0.2 * 0.1;
    const izBox = (mb / 12) * (0.4 ** 2 + 0.2 ** 2);
    expect(w.mass(box)).toBeCloseTo(mb, 12);
    expect(w.angularMomentum(box)[2]).toBeCloseTo(0.2 * 0.3, 9);
    expect(w.rotationalEnergy(box)).toBeCloseTo((0.06 ** 2) / (2 * izBox), 6);
    // the box's inertia tensor, world frame, after it turned: I·ω still equals L
    const I = w.inertia(box);
    expect(I[2][2]).toBeCloseTo(izBox, 9);
  });
});

describe("friction on a slope", () => {
  // A plane tilted by θ about +y descends toward +x; a box of half-size h rests on it.
  const theta = Math.PI / 6;
  const q = `${Math.cos(theta / 2)} 0 ${Math.sin(theta / 2)} 0`;
  const h = 0.1;
  const start = [h * Math.sin(theta), 0, h * Math.cos(theta)].join(" ");
  const scene = (mu: number) =>
    mjcf(
      `<body name="object_2"><geom type="plane" size="20 20 0.1" quat="${q}" friction="${mu} 0.005 0.0001"/></body>
    <body name="object_1" pos="${start}" quat="${q}"><freejoint/><geom type="box" size="${h} ${h} ${h}" density="1000" friction="${mu} 0.005 0.0001"/></body>`,
      { gravity: `0 0 -${G}` },
    );
  const down: Vec3 = [Math.cos(theta), 0, -Math.sin(theta)];

  test("tan θ > μ: slides with a = g(sin θ − μ cos θ)", async () => {
    const mu = 0.2;
    const w = await make(scene(mu));
    const o = obj(w, "object_1");
    w.step(0.2);
    const v0 = dot(w.velocity(o).linear, down);
    w.step(1);
    const v1 = dot(w.velocity(o).linear, down);
    const expected = G * (Math.sin(theta) - mu * Math.cos(theta));
    expect(Math.abs((v1 - v0) - expected) / expected).toBeLessThan(0.03);
  });

  test("tan θ < μ: stays put", async () => {
    const w = await make(scene(0.8));
    const o = obj(w, "object_1");
    const p0 = w.position(o);
    w.step(1);
    expect(norm(sub(w.position(o), p0))).toBeLessThan(0.005);
    expect(norm(w.velocity(o).linear)).toBeLessThan(0.01);
  });
});

describe("contacts", () => {
  test("touching bodies are in contact, separated ones are not; a bounce within one step call is remembered", async () => {
    const w = await make(mjcf(sphere(1, "0 0 0") + sphere(2, "0.199 0 0") + sphere(3, "5 0 0") + sphere(4, "6 0 0")));
    const [a, b, c, d] = ["object_1", "object_2", "object_3", "object_4"].map((id) => obj(w, id));
    expect(w.inContact(a, b)).toBe(true);
    expect(w.inContact(a, c)).toBe(false);
    w.setVelocity(c, [4, 0, 0]);
    w.step(0.5); // c reaches d (0.8 m gap) after 0.2 s, bounces, and they part again
    expect(w.inContact(c, d)).toBe(false);
    expect(w.touchedDuringLastStep(c, d)).toBe(true);
    expect(w.velocity(d).linear[0]).toBeGreaterThan(0);
    w.step(0.1);
    expect(w.touchedDuringLastStep(c, d)).toBe(false);
  });

  test("the deepest contact between two bodies: MuJoCo's signed distance and the normal from the first body to the second", async () => {
    const w = await make(mjcf(`<body name="object_9"><geom type="plane" size="5 5 0.1"/></body>\n${sphere(1, "0 0 0")}\n${sphere(2, "0.199 0 0")}\n${sphere(3, "3 0 0.097")}
    <body name="object_4" pos="-3 0 0"><freejoint/><geom type="sphere" size="0.1" pos="0 0 0.098"/><geom type="sphere" size="0.1" pos="0.5 0 0.095"/></body>`));
    const [a, b, c, d, floor] = ["object_1", "object_2", "object_3", "object_4", "object_9"].map((id) => obj(w, id));
    // two spheres of radius 0.1 whose centres are 0.199 m apart overlap by 1 mm
    const ab = w.contactBetween(a, b)!;
    expect(ab.dist).toBeCloseTo(-0.001, 12);
    expect(ab.normal.map((x) => x + 0)).toEqual([1, 0, 0]);
    expect(w.contactBetween(b, a)!.normal.map((x) => x + 0)).toEqual([-1, 0, 0]);
    // a sphere 3 mm into the floor: MuJoCo lists the plane first; the normal still runs from the first argument
    expect(w.contactBetween(c, floor)!.dist).toBeCloseTo(-0.003, 12);
    expect(w.contactBetween(c, floor)!.normal.map((x) => x + 0)).toEqual([0, 0, -1]);
    expect(w.contactBetween(floor, c)!.normal.map((x) => x + 0)).toEqual([0, 0, 1]);
    expect(w.contactBetween(a, c)).toBeNull();
    // two geoms of one body touch the floor, 2 mm and 5 mm deep: the deeper contact
    expect(w.contactBetween(d, floor)!.dist).toBeCloseTo(-0.005, 12);
  });
});

describe("placing bodies", () => {
  test("free bodies teleport exactly and keep velocity; static bodies move as scenery; hinges refuse", async () => {
    const w = await make(mjcf(
      `${sphere(1, "0 0 0")}
    <body name="object_2" pos="3 0 0"><geom type="box" size="0.5 0.5 0.1"/></body>
    <body name="object_3" pos="0 3 1"><joint name="object_3_joint" type="hinge" axis="0 0 1"/><geom type="capsule" fromto="0 0 0 1 0 0" size="0.05"/></body>
    <body name="object_4" pos="0 -3 0"><joint type="slide" axis="1 0 0"/><geom type="box" size="0.1 0.1 0.1"/></body>`,
    ));
    const [free, wall, door, cart] = ["object_1", "object_2", "object_3", "object_4"].map((id) => obj(w, id));
    expect([w.mobility(free), w.mobility(wall), w.mobility(door), w.mobility(cart)]).toEqual(["free", "static", "jointed", "slide"]);
    w.setVelocity(free, [1, 2, 3]);
    expect(w.moveTo(free, [5, 6, 7])).toEqual([5, 6, 7]);
    expect(w.velocity(free).linear.map((x) => Number(x.toFixed(12)))).toEqual([1, 2, 3]);
    expect(w.moveTo(wall, [3, 0, 2])).toEqual([3, 0, 2]);
    expect(w.translate(wall, [1, 0, 0])).toEqual([4, 0, 2]);
    expect(() => w.moveTo(door, [0, 0, 5])).toThrow(/hinge or ball joint/);
    expect(() => w.setVelocity(wall, [1, 0, 0])).toThrow(/fixed in place/);
    // a slide joint moves along its axis only
    const p = w.moveTo(cart, [2, 5, 5]);
    expect(p.map((x) => Number(x.toFixed(9)))).toEqual([2, -3, 0]);
    expect(w.setVelocity(cart, [1.5, 9, 0]).map((x) => Number(x.toFixed(9)))).toEqual([1.5, 0, 0]);
  });
});

describe("scene edits keep the state of untouched bodies", () => {
  const xml = mjcf(
    `<geom type="plane" size="10 10 0.1"/>
${sphere(1, "0 0 3")}
${sphere(2, "2 0 3")}
${sphere(3, "-2 0 3", { radius: 0.2 })}
    <body name="object_4" pos="4 0 1"><geom type="box" size="0.2 0.2 0.2"/></body>`,
    { gravity: `0 0 -${G}` },
  );

  test("create, delete and attach leave object_1 exactly where a world without edits has it", async () => {
    const edited = await make(xml);
    const plain = await make(xml);
    for (const w of [edited, plain]) {
      w.setVelocity(obj(w, "object_1"), [0.3, 0, 0]);
      w.setApplied(obj(w, "object_1"), { force: [0, 0.5, 0] });
      w.step(0.2);
    }
    const snap = (w: World) => ({ p: w.position(obj(w, "object_1")), v: w.velocity(obj(w, "object_1")), t: w.time });
    const before = snap(edited);

    const ball = edited.createSphere({ name: "probe", pos: [2, 0, 2], radius: 0.05, density: 2000, rgba: [1, 0, 0, 1] });
    expect(snap(edited)).toEqual(before);
    expect(edited.mass(ball)).toBeCloseTo(sphereMass(0.05, 2000), 12);
    expect(edited.position(ball)).toEqual([2, 0, 2]);

    const o2 = obj(edited, "object_2");
    const v2 = edited.velocity(o2);
    expect(edited.deleteObject(obj(edited, "object_3"))).toEqual(["object_3"]);
    expect(edited.resolve("object_3")).toBeNull();
    expect(snap(edited)).toEqual(before);
    expect(edited.velocity(o2)).toEqual(v2);

    edited.attach(o2, ball);
    expect(snap(edited)).toEqual(before);
    expect(edited.appliedWrench(obj(edited, "object_1")).force).toEqual([0, 0.5, 0]);

    edited.step(0.3);
    plain.step(0.3);
    expect(edited.position(obj(edited, "object_1"))).toEqual(plain.position(obj(plain, "object_1")));
    expect(edited.time).toBeCloseTo(0.5, 12);
  });

  test("attached bodies move as one: common velocity by momentum conservation, fixed separation", async () => {
    const w = await make(mjcf(sphere(1, "0 0 0") + sphere(2, "0.3 0 0", { radius: 0.1, density: 3000 })));
    const a = obj(w, "object_1");
    const b = obj(w, "object_2");
    w.setVelocity(a, [1, 0, 0]);
    w.attach(a, b);
    expect(() => w.attach(a, b)).toThrow(/already attached/);
    w.step(1);
    const m1 = sphereMass(0.1);
    const m2 = sphereMass(0.1, 3000);
    const vCommon = (m1 * 1) / (m1 + m2);
    expect(w.velocity(a).linear[0]).toBeCloseTo(vCommon, 3);
    expect(w.velocity(b).linear[0]).toBeCloseTo(vCommon, 3);
    expect(norm(sub(w.position(b), w.position(a)))).toBeCloseTo(0.3, 3);
  });

  test("a body welded to fixed scenery stays up under gravity", async () => {
    const w = await make(xml);
    const ball = obj(w, "object_1");
    w.attach(obj(w, "object_4"), ball);
    w.step(1);
    expect(Math.abs(w.position(ball)[2] - 3)).toBeLessThan(0.01);
    expect(() => w.attach(obj(w, "object_4"), obj(w, "object_4"))).toThrow(/itself/);
  });

  test("deleting a body that a tendon uses removes the tendon too; a failed edit keeps the old world", async () => {
    const w = await make(mjcf(
      `<site name="anchor" pos="0 0 2"/>
    <body name="object_1" pos="0 0 1"><freejoint/><geom type="sphere" size="0.1"/><site name="s1"/></body>
${sphere(2, "1 0 1")}`,
      { gravity: `0 0 -${G}`, extra: `<tendon><spatial stiffness="100" range="0 0.5"><site site="anchor"/><site site="s1"/></spatial></tendon>` },
    ));
    expect(w.springConstant(obj(w, "object_1"))).toBe(100);
    w.deleteObject(obj(w, "object_1"));
    expect(w.mjcf()).not.toContain("<tendon>\n    <spatial");
    w.step(0.1);
    expect(() => w.createSphere({ name: "object_2", pos: [0, 0, 0], radius: 0.1, density: 1000, rgba: [1, 1, 1, 1] })).toThrow(/already exists/);
    expect(() => w.createSphere({ name: "bad name", pos: [0, 0, 0], radius: 0.1, density: 1000, rgba: [1, 1, 1, 1] })).toThrow(/not a usable name/);
  });
});

describe("lookup and hidden objects", () => {
  test("equivalent notation; hidden and unlisted bodies resolve only after reveal()", async () => {
    const w = await make(mjcf(sphere(1, "0 0 0") + sphere(2, "1 0 0") + sphere(3, "2 0 0")), {
      object_1: { name: "red_ball" },
      object_2: { permissions: { geom_type: true, hidden: true } },
    });
    for (const ref of ["object_1", "1", 1, " Object_1 ", "object1", "red_ball"]) expect(w.resolve(ref)?.id).toBe("object_1");
    expect(w.resolve("object_2")).toBeNull();
    expect(w.resolve("object_3")).toBeNull(); // not listed in the metadata
    expect(w.resolve(-1)).toBeNull();
    expect(w.resolve(1.5)).toBeNull();
    expect(w.visibleObjects().map((o) => o.id)).toEqual(["object_1"]);
    expect(w.reveal()).toEqual(["object_2", "object_3"]);
    expect(w.resolve(2)?.id).toBe("object_2");
    expect(w.resolve("object_3")?.permissions).toBeNull();
    expect(w.reveal()).toEqual([]);
  });

  test("scene timestep option is honoured; dispose frees the world", async () => {
    const w = await worldOf(mjcf(sphere(1, "0 0 0"), { timestep: "0.01" }));
    expect(w.timestep).toBe(0.01);
    expect(w.step(0.1)).toBe(10);
    w.dispose();
    expect(() => w.step(0.1)).toThrow(/disposed/);
  });

  test("many worlds in a loop do not leak WebAssembly memory", async () => {
    const xml = mjcf(sphere(1, "0 0 0") + sphere(2, "1 0 0"));
    const heap = async () => {
      const w = await worldOf(xml);
      const size = (w as unknown as { data: { qpos: Float64Array } }).data.qpos.buffer.byteLength;
      w.dispose();
      return size;
    };
    for (let i = 0; i < 30; i++) {
      const w = await worldOf(xml);
      w.createSphere({ name: "extra", pos: [0, 2, 0], radius: 0.1, density: 1000, rgba: [1, 1, 1, 1] });
      w.step(0.05);
      w.dispose();
    }
    const after30 = await heap();
    for (let i = 0; i < 60; i++) {
      const w = await worldOf(xml);
      w.createSphere({ name: "extra", pos: [0, 2, 0], radius: 0.1, density: 1000, rgba: [1, 1, 1, 1] });
      w.step(0.05);
      w.dispose();
    }
    expect(await heap()).toBe(after30);
  });
});
