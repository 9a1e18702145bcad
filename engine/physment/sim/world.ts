// A World is one live MuJoCo simulation of one PhysMent scene: object lookup by id
// ("object_3", "3" or 3), hidden objects, time, stepping, state queries computed from
// MuJoCo's own quantities, and scene edits (create, delete, attach) that keep the state
// of every untouched body (the MJCF edits are in mjcf_edit.ts, the recompile that carries
// the state over in recompile.ts, geom shapes in geometry.ts). Conventions (SI units,
// world frame, z up) are in docs/physment.md.
//
// WebAssembly memory can grow (and move) whenever MuJoCo allocates, which detaches typed
// array views: every view of model/data arrays here is fetched at its point of use and
// never held across a call that may allocate.
import type { Scene } from "../scene/load.ts";
import { parseXml, serializeXml } from "../scene/xml.ts";
import type { XmlElement } from "../scene/xml.ts";
import { addSphere, addWeld, removeBody, weldsBetween } from "./mjcf_edit.ts";
import type { SphereSpec } from "./mjcf_edit.ts";
import {
  add,
  leastSquares,
  mat3At,
  matTVec,
  matVec,
  quatAt,
  quatConj,
  quatMul,
  quatToMat,
  rotateDiagonal,
  sub,
  vec3At,
} from "./math.ts";
import type { Mat3, Quat, Vec3 } from "./math.ts";
import { boxAround, geomInfo } from "./geometry.ts";
import type { GeomInfo } from "./geometry.ts";
import { compileModel, JNT, MjcfError, mujoco, OBJ } from "./mujoco.ts";
import type { MjData, MjModel, Mujoco } from "./mujoco.ts";
import { recompile } from "./recompile.ts";
import type { DoubleBuffer } from "mujoco-js";

/** An invalid request against the current state (the tools report it as an error result). */
export class WorldError extends Error {
  override name = "WorldError";
}

export interface WorldObject {
  /** Canonical id: "object_N", or the name given to create_objects. Also the MJCF body name. */
  readonly id: string;
  /** Name from the scene metadata (null for unlisted and created objects). */
  readonly listedName: string | null;
  /** Permission flags from the metadata; "all" for created objects; null when the scene gives none. */
  readonly permissions: Readonly<Record<string, boolean>> | "all" | null;
  /** Hidden at the start (permission hidden = true, or an object_N body the metadata does not list). */
  readonly hidden: boolean;
  readonly created: boolean;
  /** Body-frame origin at the start of the episode (or at creation), world frame. */
  readonly initialPosition: Vec3;
}

/**
 * How a body can be placed: "free" (free joint), "slide" (only slide joints: translation
 * along their axes), "static" (no joint, child of the world: fixed in place), "jointed"
 * (hinge or ball joints), "carried" (no joint, inside a moving parent).
 */
export type Mobility = "free" | "slide" | "static" | "jointed" | "carried";

export interface WorldOptions {
  /** Overrides the scene's timestep (seconds). */
  timestep?: number;
}

/** mjDSBL_AUTORESET. */
const DISABLE_AUTORESET = 1 << 16;
/** Longest step a single call may take (seconds of simulated time). */
export const MAX_STEP_SECONDS = 120;

interface Wrench {
  force: Vec3;
  torque: Vec3;
}

/** A body's velocities at one instant: origin (linear, angular) and centre of mass (linear), world frame. */
interface BodyVelocity {
  linear: Vec3;
  angular: Vec3;
  com: Vec3;
}

export class World {
  readonly scene: Scene;
  readonly timestep: number;
  private model: MjModel;
  private data: MjData;
  private tree: XmlElement;
  private readonly buf: DoubleBuffer;
  private readonly objectsById = new Map<string, WorldObject>();
  private revealed = false;
  private forwardValid = false;
  /**
   * Per object id: the velocity difference across the last simulator step of the most
   * recent step call, divided by the timestep (origin linear and angular, COM linear).
   */
  private lastStepAcc = new Map<string, BodyVelocity>();
  private readonly applied = new Map<string, Wrench>();
  private readonly staticPose = new Map<string, { pos: Vec3; quat: Quat }>();
  private touched = new Set<string>();
  private weldCounter = 0;
  private disposed = false;

  private constructor(private readonly mj: Mujoco, scene: Scene, options: WorldOptions) {
    this.scene = scene;
    this.timestep = options.timestep ?? scene.timestep;
    this.tree = parseXml(scene.xml);
    this.model = compileModel(mj, scene.xml);
    this.setOptions();
    this.data = new mj.MjData(this.model);
    this.buf = new mj.DoubleBuffer(6);
    mj.mj_forward(this.model, this.data);
    this.forwardValid = true;
    const hiddenIds = new Set(scene.objects.filter((o) => o.hidden).map((o) => o.key));
    for (const o of scene.objects) {
      this.objectsById.set(o.key, {
        id: o.key,
        listedName: o.name,
        permissions: o.permissions,
        hidden: hiddenIds.has(o.key),
        created: false,
        initialPosition: this.positionOfBody(this.bodyIdOf(o.key)),
      });
    }
    for (const key of scene.unlisted) {
      this.objectsById.set(key, { id: key, listedName: null, permissions: null, hidden: true, created: false, initialPosition: this.positionOfBody(this.bodyIdOf(key)) });
    }
  }

  /** A world over a loaded scene (MJCF compiled, state at t = 0). */
  static async create(scene: Scene, options: WorldOptions = {}): Promise<World> {
    const mj = await mujoco();
    try {
      return new World(mj, scene, options);
    } catch (e) {
      if (e instanceof MjcfError) throw new WorldError(`${scene.file}: MuJoCo: ${e.message}`);
      throw e;
    }
  }

  /** Frees the MuJoCo model and data. The world is unusable afterwards. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.data.delete();
    this.model.delete();
    this.buf.delete();
  }

  // ---- time -------------------------------------------------------------------------

  /** Simulated time, seconds. */
  get time(): number {
    this.alive();
    return this.data.time;
  }

  /** Whole number of steps that best matches `seconds` (at least 1). */
  stepsFor(seconds: number): number {
    return Math.max(1, Math.round(seconds / this.timestep - 1e-9));
  }

  /** Advances by round(seconds / timestep) steps (at least one); returns the number of steps. */
  step(seconds: number): number {
    this.checkDuration(seconds);
    const n = this.stepsFor(seconds);
    this.stepN(n);
    return n;
  }

  private checkDuration(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds <= 0) throw new WorldError(`duration must be a positive number of seconds, got ${seconds}`);
    if (seconds > MAX_STEP_SECONDS) throw new WorldError(`duration ${seconds} s is longer than the ${MAX_STEP_SECONDS} s one call may simulate; step in parts`);
  }

  /**
   * Runs n MuJoCo steps. The objects' velocities are read just before the last step (after
   * a forward pass, since mj_step leaves the derived quantities of the state before its
   * integration) and after it; their difference over the timestep becomes the acceleration
   * the queries report. A call that ends in non-finite values restores the state, and the
   * accelerations, from before it.
   */
  private stepN(n: number): void {
    this.alive();
    this.touched = new Set();
    const { mj, model, data } = this;
    const before = { qpos: Float64Array.from(data.qpos as Float64Array), qvel: Float64Array.from(data.qvel as Float64Array), time: data.time };
    for (let i = 0; i < n - 1; i++) {
      mj.mj_step(model, data);
      if (data.ncon > 0) this.recordContacts(this.touched);
    }
    if (n > 1 || !this.forwardValid) mj.mj_forward(model, data);
    const v0 = this.objectVelocities();
    mj.mj_step(model, data);
    if (data.ncon > 0) this.recordContacts(this.touched);
    mj.mj_forward(model, data);
    this.forwardValid = true;
    const finite = (a: Float64Array) => a.every(Number.isFinite);
    if (!finite(data.qpos as Float64Array) || !finite(data.qvel as Float64Array) || !finite(data.qacc as Float64Array)) {
      (data.qpos as Float64Array).set(before.qpos);
      (data.qvel as Float64Array).set(before.qvel);
      (data.qacc_warmstart as Float64Array).fill(0);
      data.time = before.time;
      this.touched = new Set();
      mj.mj_forward(model, data);
      throw new WorldError("the simulation became numerically unstable (non-finite positions or accelerations); the state before this call was restored");
    }
    const v1 = this.objectVelocities();
    const dt = this.timestep;
    const rate = (a: Vec3, b: Vec3): Vec3 => [(b[0] - a[0]) / dt, (b[1] - a[1]) / dt, (b[2] - a[2]) / dt];
    this.lastStepAcc = new Map();
    for (const [id, after] of v1) {
      const was = v0.get(id);
      if (!was) continue;
      this.lastStepAcc.set(id, { linear: rate(was.linear, after.linear), angular: rate(was.angular, after.angular), com: rate(was.com, after.com) });
    }
  }

  /** Every object's velocities now (derived quantities must be current). */
  private objectVelocities(): Map<string, BodyVelocity> {
    const out = new Map<string, BodyVelocity>();
    for (const id of this.objectsById.keys()) {
      const b = this.mj.mj_name2id(this.model, OBJ.BODY, id);
      if (b < 0) continue;
      const origin = this.rawVelocity(OBJ.XBODY, b);
      out.set(id, { linear: origin.linear, angular: origin.angular, com: this.rawVelocity(OBJ.BODY, b).linear });
    }
    return out;
  }

  // ---- objects ----------------------------------------------------------------------

  /** Objects the tools may address now (hidden ones only after reveal()). */
  visibleObjects(): WorldObject[] {
    return [...this.objectsById.values()].filter((o) => this.revealed || !o.hidden);
  }

  /** Every object, hidden or not. */
  allObjects(): WorldObject[] {
    return [...this.objectsById.values()];
  }

  get hiddenRevealed(): boolean {
    return this.revealed;
  }

  /** Makes hidden objects addressable; returns the ids that were hidden until now. */
  reveal(): string[] {
    const newly = this.revealed ? [] : [...this.objectsById.values()].filter((o) => o.hidden).map((o) => o.id);
    this.revealed = true;
    return newly;
  }

  /**
   * The visible object a reference names: "object_3", "3", 3 (equivalent notation), a
   * created object's name, or a listed object's metadata name when only one object has it.
   */
  resolve(ref: unknown): WorldObject | null {
    const visible = (o: WorldObject | undefined) => (o && (this.revealed || !o.hidden) ? o : null);
    if (typeof ref === "number") return Number.isInteger(ref) && ref >= 0 ? visible(this.objectsById.get(`object_${ref}`)) : null;
    if (typeof ref !== "string") return null;
    const s = ref.trim();
    const num = /^(?:object[\s_-]?)?([0-9]+)$/i.exec(s);
    if (num) {
      const hit = visible(this.objectsById.get(`object_${Number(num[1])}`));
      if (hit) return hit;
    }
    const direct = visible(this.objectsById.get(s));
    if (direct) return direct;
    const named = this.visibleObjects().filter((o) => o.listedName === s);
    return named.length === 1 ? named[0] : null;
  }

  private bodyIdOf(name: string): number {
    const id = this.mj.mj_name2id(this.model, OBJ.BODY, name);
    if (id < 0) throw new WorldError(`no body named "${name}" in the simulation`);
    return id;
  }

  private bid(o: WorldObject): number {
    this.alive();
    return this.bodyIdOf(o.id);
  }

  mobility(o: WorldObject): Mobility {
    const b = this.bid(o);
    const m = this.model;
    const num = m.body_jntnum[b];
    const adr = m.body_jntadr[b];
    if (num === 0) return m.body_parentid[b] === 0 ? "static" : m.body_weldid[b] === 0 ? "static" : "carried";
    const types: number[] = [];
    for (let j = adr; j < adr + num; j++) types.push(this.model.jnt_type[j]);
    if (types.length === 1 && types[0] === JNT.FREE) return "free";
    if (types.every((t) => t === JNT.SLIDE)) return "slide";
    return "jointed";
  }

  // ---- state queries ----------------------------------------------------------------

  private ensureForward(): void {
    this.alive();
    if (!this.forwardValid) {
      this.mj.mj_forward(this.model, this.data);
      this.forwardValid = true;
    }
  }

  private invalidate(): void {
    this.forwardValid = false;
  }

  private positionOfBody(b: number): Vec3 {
    return vec3At(this.data.xpos, 3 * b);
  }

  /** Body-frame origin, world frame (m). */
  position(o: WorldObject): Vec3 {
    this.ensureForward();
    return this.positionOfBody(this.bid(o));
  }

  /** Body-frame orientation, unit quaternion (w, x, y, z). */
  quaternion(o: WorldObject): Quat {
    this.ensureForward();
    return quatAt(this.data.xquat, 4 * this.bid(o));
  }

  /** Body-frame orientation as a rotation matrix (body axes as columns, world frame). */
  rotation(o: WorldObject): Mat3 {
    this.ensureForward();
    return mat3At(this.data.xmat, 9 * this.bid(o));
  }

  /** Centre of mass of the body itself, world frame. */
  centerOfMass(o: WorldObject): Vec3 {
    this.ensureForward();
    return vec3At(this.data.xipos, 3 * this.bid(o));
  }

  /** Centre of mass of the whole scene (MuJoCo's subtree_com of the world body). */
  sceneCenterOfMass(): Vec3 {
    this.ensureForward();
    return vec3At(this.data.subtree_com, 0);
  }

  private objectVelocity(type: number, b: number): { angular: Vec3; linear: Vec3 } {
    this.ensureForward();
    return this.rawVelocity(type, b);
  }

  /** mj_objectVelocity (world frame) from the derived quantities as they are. */
  private rawVelocity(type: number, b: number): { angular: Vec3; linear: Vec3 } {
    this.mj.mj_objectVelocity(this.model, this.data, type, b, this.buf.GetView(), 0);
    const v = this.buf.GetView() as Float64Array;
    return { angular: [v[0], v[1], v[2]], linear: [v[3], v[4], v[5]] };
  }

  /** Linear velocity of the body-frame origin and angular velocity, world frame. */
  velocity(o: WorldObject): { linear: Vec3; angular: Vec3 } {
    return this.objectVelocity(OBJ.XBODY, this.bid(o));
  }

  /** Linear velocity of the body's centre of mass, world frame. */
  comVelocity(o: WorldObject): Vec3 {
    return this.objectVelocity(OBJ.BODY, this.bid(o)).linear;
  }

  /**
   * Acceleration of the body-frame origin (linear) and angular acceleration, world frame,
   * estimated from velocities: (v after − v before)/timestep across the last simulator step
   * of the most recent step call. (0, 0, 0) before any step, and for an object created
   * since. Reading it changes nothing; forces applied or velocities set since that step
   * show only after the next one. With MuJoCo's semi-implicit Euler a body in free fall
   * reads (0, 0, −g) to float precision. A body welded to the world (no joint anywhere up
   * its chain: floors, ramps, fixed pulleys) cannot move and reads exactly 0.
   */
  acceleration(o: WorldObject): { linear: Vec3; angular: Vec3 } {
    const b = this.bid(o);
    const a = this.lastStepAcc.get(o.id);
    if (!a || this.fixedToWorld(b)) return { linear: [0, 0, 0], angular: [0, 0, 0] };
    return { linear: [...a.linear], angular: [...a.angular] };
  }

  /** Linear acceleration of the body's centre of mass, world frame (same conventions as acceleration). */
  comAcceleration(o: WorldObject): Vec3 {
    const b = this.bid(o);
    const a = this.lastStepAcc.get(o.id);
    if (!a || this.fixedToWorld(b)) return [0, 0, 0];
    return [...a.com];
  }

  /** Whether the body is welded to the world: no joint between it and the world body. */
  private fixedToWorld(b: number): boolean {
    return this.model.body_weldid[b] === 0;
  }

  /** Gravity vector of the scene (m/s²). */
  gravity(): Vec3 {
    const opt = this.model.opt;
    const g = vec3At(opt.gravity, 0);
    opt.delete();
    return g;
  }

  /** Mass of the body itself (kg). */
  mass(o: WorldObject): number {
    return this.model.body_mass[this.bid(o)];
  }

  /** Inertia tensor about the body's centre of mass, world frame (kg·m²). */
  inertia(o: WorldObject): Mat3 {
    this.ensureForward();
    const b = this.bid(o);
    const d = vec3At(this.model.body_inertia, 3 * b);
    return rotateDiagonal(mat3At(this.data.ximat, 9 * b), d);
  }

  /** Spin angular momentum about the centre of mass, I·ω, world frame. */
  angularMomentum(o: WorldObject): Vec3 {
    const w = this.velocity(o).angular;
    return matVec(this.inertia(o), w);
  }

  /** ½ ωᵀ I ω (J). */
  rotationalEnergy(o: WorldObject): number {
    const w = this.velocity(o).angular;
    const l = matVec(this.inertia(o), w);
    return 0.5 * (w[0] * l[0] + w[1] * l[1] + w[2] * l[2]);
  }

  /** The body's geoms with their MuJoCo types, sizes and world placement. */
  geoms(o: WorldObject): GeomInfo[] {
    this.ensureForward();
    const b = this.bid(o);
    const m = this.model;
    const start = m.body_geomadr[b];
    const count = m.body_geomnum[b];
    const out: GeomInfo[] = [];
    for (let g = start; g < start + count && start >= 0; g++) {
      const aabb = { center: vec3At(m.geom_aabb, 6 * g), half: vec3At(m.geom_aabb, 6 * g + 3) };
      out.push(geomInfo(m.geom_type[g], vec3At(m.geom_size, 3 * g), vec3At(this.data.geom_xpos, 3 * g), mat3At(this.data.geom_xmat, 9 * g), aabb));
    }
    return out;
  }

  /** World-frame axis-aligned box around the body's geoms; null when it has none or one is unbounded. */
  boundingBox(o: WorldObject): { min: Vec3; max: Vec3 } | null {
    return boxAround(this.geoms(o));
  }

  /**
   * Stiffness (N/m or N·m/rad) of the spring acting on the body: its own joints' stiffness,
   * else that of a tendon attached to one of its sites; null when there is none.
   */
  springConstant(o: WorldObject): number | null {
    const b = this.bid(o);
    const m = this.model;
    const adr = m.body_jntadr[b];
    for (let j = adr; j < adr + m.body_jntnum[b]; j++) if (m.jnt_stiffness[j] > 0) return m.jnt_stiffness[j];
    const WRAP_SITE = 3;
    for (let t = 0; t < m.ntendon; t++) {
      const k = m.tendon_stiffness[t];
      if (!(k > 0)) continue;
      const wadr = m.tendon_adr[t];
      for (let w = wadr; w < wadr + m.tendon_num[t]; w++) {
        if (m.wrap_type[w] === WRAP_SITE && m.site_bodyid[m.wrap_objid[w]] === b) return k;
      }
    }
    return null;
  }

  private recordContacts(into: Set<string>): void {
    const { data } = this;
    const n = data.ncon;
    if (n === 0) return;
    const pairs: [number, number][] = [];
    const vec = data.contact;
    for (let k = 0; k < n; k++) {
      const c = vec.get(k);
      if (!c) continue;
      pairs.push([c.geom1, c.geom2]);
      c.delete();
    }
    vec.delete();
    const gb = this.model.geom_bodyid;
    for (const [g1, g2] of pairs) {
      if (g1 < 0 || g2 < 0) continue;
      const a = gb[g1];
      const b = gb[g2];
      into.add(a < b ? `${a}:${b}` : `${b}:${a}`);
    }
  }

  /** Whether the two bodies have a contact now (a MuJoCo contact between their geoms). */
  inContact(a: WorldObject, b: WorldObject): boolean {
    return this.contactBetween(a, b) !== null;
  }

  /**
   * The deepest contact MuJoCo has now between a geom of `a` and a geom of `b` (the first
   * such in MuJoCo's list when several are equally deep): its signed distance `dist` (m,
   * negative when the geoms overlap) and its unit normal oriented from `a` to `b` (MuJoCo's
   * frame normal points from its geom1 to its geom2, whichever body that is). Null when the
   * two are not in contact.
   */
  contactBetween(a: WorldObject, b: WorldObject): { dist: number; normal: Vec3 } | null {
    this.ensureForward();
    const ia = this.bid(a);
    const ib = this.bid(b);
    const gb = this.model.geom_bodyid;
    const vec = this.data.contact;
    let best: { dist: number; normal: Vec3 } | null = null;
    for (let k = 0; k < this.data.ncon; k++) {
      const c = vec.get(k);
      if (!c) continue;
      const g1 = c.geom1;
      const g2 = c.geom2;
      const b1 = g1 >= 0 ? gb[g1] : -1;
      const b2 = g2 >= 0 ? gb[g2] : -1;
      const sign = b1 === ia && b2 === ib ? 1 : b1 === ib && b2 === ia ? -1 : 0;
      if (sign !== 0 && (best === null || c.dist < best.dist)) {
        const f = c.frame as Float64Array;
        best = { dist: c.dist, normal: [sign * f[0], sign * f[1], sign * f[2]] };
      }
      c.delete();
    }
    vec.delete();
    return best;
  }

  /** Whether the two bodies touched at any simulator step of the most recent step call. */
  touchedDuringLastStep(a: WorldObject, b: WorldObject): boolean {
    return this.touched.has(this.pairKey(a, b));
  }

  private pairKey(a: WorldObject, b: WorldObject): string {
    const x = this.bid(a);
    const y = this.bid(b);
    return x < y ? `${x}:${y}` : `${y}:${x}`;
  }

  // ---- applied forces -----------------------------------------------------------------

  /** The force and torque the tools currently apply to the body (world frame, at its COM). */
  appliedWrench(o: WorldObject): Wrench {
    const w = this.applied.get(o.id);
    return w ? { force: [...w.force], torque: [...w.torque] } : { force: [0, 0, 0], torque: [0, 0, 0] };
  }

  /** Sets the persistent applied force and/or torque (replacing the previous value of each). */
  setApplied(o: WorldObject, change: { force?: Vec3; torque?: Vec3 }): void {
    this.bid(o);
    const w = this.appliedWrench(o);
    if (change.force) w.force = [...change.force];
    if (change.torque) w.torque = [...change.torque];
    this.applied.set(o.id, w);
    this.writeApplied();
  }

  /**
   * Adds a force and/or torque for `seconds` (a whole number of steps) on top of the
   * persistent ones, advances the simulation meanwhile, then removes it. Returns the steps.
   */
  applyFor(o: WorldObject, extra: { force?: Vec3; torque?: Vec3 }, seconds: number): number {
    this.checkDuration(seconds);
    const b = this.bid(o);
    const n = this.stepsFor(seconds);
    this.writeApplied();
    const x = this.data.xfrc_applied;
    const f = extra.force ?? [0, 0, 0];
    const t = extra.torque ?? [0, 0, 0];
    for (let i = 0; i < 3; i++) {
      x[6 * b + i] += f[i];
      x[6 * b + 3 + i] += t[i];
    }
    try {
      this.stepN(n);
    } finally {
      this.writeApplied();
      this.invalidate();
    }
    return n;
  }

  private writeApplied(): void {
    const x = this.data.xfrc_applied;
    x.fill(0);
    for (const [id, w] of this.applied) {
      const b = this.mj.mj_name2id(this.model, OBJ.BODY, id);
      if (b < 0) continue;
      const v = this.data.xfrc_applied;
      for (let i = 0; i < 3; i++) {
        v[6 * b + i] = w.force[i];
        v[6 * b + 3 + i] = w.torque[i];
      }
    }
    this.invalidate();
  }

  // ---- placing bodies -----------------------------------------------------------------

  /**
   * Moves the body-frame origin to `target` (world frame), keeping orientation and velocity.
   * Free bodies go exactly there; static bodies are moved as scenery; slide-jointed bodies
   * move along their axes as close to it as they can. Returns the new position.
   */
  moveTo(o: WorldObject, target: Vec3): Vec3 {
    const current = this.position(o);
    return this.translateBy(o, sub(target, current), target);
  }

  /** Moves the body by `delta` (world frame); see moveTo. Returns the new position. */
  translate(o: WorldObject, delta: Vec3): Vec3 {
    return this.translateBy(o, delta, add(this.position(o), delta));
  }

  private translateBy(o: WorldObject, delta: Vec3, target: Vec3): Vec3 {
    if (!delta.every(Number.isFinite)) throw new WorldError("position values must be finite numbers");
    const b = this.bid(o);
    const mob = this.mobility(o);
    const m = this.model;
    if (mob === "free") {
      const q = this.data.qpos;
      const adr = m.jnt_qposadr[m.body_jntadr[b]];
      q[adr] = target[0];
      q[adr + 1] = target[1];
      q[adr + 2] = target[2];
    } else if (mob === "static") {
      const parent = m.body_parentid[b];
      if (parent !== 0) throw new WorldError(`${o.id} is fixed to another body and cannot be moved on its own`);
      const p = m.body_pos;
      p[3 * b] += delta[0];
      p[3 * b + 1] += delta[1];
      p[3 * b + 2] += delta[2];
      this.staticPose.set(o.id, { pos: vec3At(m.body_pos, 3 * b), quat: quatAt(m.body_quat, 4 * b) });
    } else if (mob === "slide") {
      const fit = this.slideFit(b, delta);
      const q = this.data.qpos;
      for (const { joint, amount } of fit) q[m.jnt_qposadr[joint]] += amount;
    } else {
      throw new WorldError(
        mob === "jointed"
          ? `${o.id} turns on a hinge or ball joint and cannot be translated; use apply_torque or apply_force to move it`
          : `${o.id} is fixed inside another body and cannot be moved on its own`,
      );
    }
    this.invalidate();
    return this.position(o);
  }

  /**
   * Sets the linear velocity of the body-frame origin (world frame), keeping the angular
   * velocity. Free bodies take it exactly; slide-jointed bodies take its best fit along
   * their axes (relative to their parent). Returns the velocity now.
   */
  setVelocity(o: WorldObject, v: Vec3): Vec3 {
    if (!v.every(Number.isFinite)) throw new WorldError("velocity values must be finite numbers");
    const b = this.bid(o);
    const mob = this.mobility(o);
    const m = this.model;
    if (mob === "free") {
      const adr = m.jnt_dofadr[m.body_jntadr[b]];
      const qv = this.data.qvel;
      qv[adr] = v[0];
      qv[adr + 1] = v[1];
      qv[adr + 2] = v[2];
    } else if (mob === "slide") {
      const fit = this.slideFit(b, v);
      const qv = this.data.qvel;
      for (const { joint, amount } of fit) qv[m.jnt_dofadr[joint]] = amount;
    } else if (mob === "jointed") {
      throw new WorldError(`${o.id} turns on a hinge or ball joint; its linear velocity cannot be set (use apply_torque)`);
    } else {
      throw new WorldError(`${o.id} is fixed in place; it has no velocity to set`);
    }
    this.invalidate();
    return this.velocity(o).linear;
  }

  /**
   * The least-squares fit of a world-frame vector along a slide-jointed body's joint axes
   * (their current directions): the amount along each joint, by joint index.
   */
  private slideFit(b: number, v: Vec3): { joint: number; amount: number }[] {
    this.ensureForward();
    const m = this.model;
    const adr = m.body_jntadr[b];
    const axes: Vec3[] = [];
    for (let j = adr; j < adr + m.body_jntnum[b]; j++) axes.push(vec3At(this.data.xaxis, 3 * j));
    return leastSquares(axes, v).map((amount, k) => ({ joint: adr + k, amount }));
  }

  // ---- scene edits ----------------------------------------------------------------------

  /** Adds a free sphere body; the new object is visible at once with every attribute permitted. */
  createSphere(spec: SphereSpec): WorldObject {
    this.alive();
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(spec.name)) {
      throw new WorldError(`"${spec.name}" is not a usable name (letters, digits, _ . -; starting with a letter or _)`);
    }
    if (spec.name === "world" || this.mj.mj_name2id(this.model, OBJ.BODY, spec.name) >= 0 || this.objectsById.has(spec.name)) {
      throw new WorldError(`a body named "${spec.name}" already exists`);
    }
    const tree = structuredClone(this.tree);
    addSphere(tree, spec);
    this.rebuild(tree);
    const obj: WorldObject = { id: spec.name, listedName: null, permissions: "all", hidden: false, created: true, initialPosition: this.positionOfBody(this.bodyIdOf(spec.name)) };
    this.objectsById.set(spec.name, obj);
    return obj;
  }

  /**
   * Removes the body and what it carries (child bodies, and tendons, welds, actuators,
   * sensors that refer to them). Returns the ids of the objects removed.
   */
  deleteObject(o: WorldObject): string[] {
    this.bid(o);
    const tree = structuredClone(this.tree);
    const removed = removeBody(tree, o.id);
    if (!removed) throw new WorldError(`${o.id} is not a body of the scene's MJCF`);
    this.rebuild(tree);
    const gone: string[] = [];
    for (const name of removed) {
      if (this.objectsById.delete(name)) gone.push(name);
      this.applied.delete(name);
      this.staticPose.delete(name);
      this.lastStepAcc.delete(name);
    }
    this.writeApplied();
    return gone;
  }

  /**
   * Welds two bodies together where they are now: an equality weld constraint (MuJoCo
   * <weld>, solref 0.01 s) holding body2's current pose in body1's frame. Returns its name.
   */
  attach(a: WorldObject, b: WorldObject): string {
    const ia = this.bid(a);
    const ib = this.bid(b);
    if (ia === ib) throw new WorldError("an object cannot be attached to itself");
    const m = this.model;
    if (m.body_weldid[ia] === 0 && m.body_weldid[ib] === 0) {
      throw new WorldError(`${a.id} and ${b.id} are both fixed in place; they already move together`);
    }
    if (m.body_weldid[ia] === m.body_weldid[ib]) throw new WorldError(`${a.id} and ${b.id} are already one rigid body`);
    if (weldsBetween(this.tree, a.id, b.id).length > 0) throw new WorldError(`${a.id} and ${b.id} are already attached`);
    this.ensureForward();
    const pa = vec3At(this.data.xpos, 3 * ia);
    const pb = vec3At(this.data.xpos, 3 * ib);
    const qa = quatAt(this.data.xquat, 4 * ia);
    const qb = quatAt(this.data.xquat, 4 * ib);
    const rel = matTVec(quatToMat(qa), sub(pb, pa));
    const relq = quatMul(quatConj(qa), qb);
    let name: string;
    do name = `attach_${++this.weldCounter}`; while (this.mj.mj_name2id(this.model, OBJ.EQUALITY, name) >= 0);
    const tree = structuredClone(this.tree);
    addWeld(tree, name, a.id, b.id, [...rel, ...relq]);
    this.rebuild(tree);
    return name;
  }

  /** The scene's current MJCF text (with every edit so far). */
  mjcf(): string {
    return serializeXml(this.tree);
  }

  /**
   * Compiles an edited tree and carries the state over: joint positions and velocities
   * and time (recompile), applied forces, moved scenery. On failure the old model stays
   * and a WorldError says why.
   */
  private rebuild(tree: XmlElement): void {
    this.alive();
    const { mj } = this;
    let next: { model: MjModel; data: MjData };
    try {
      next = recompile(mj, tree, { model: this.model, data: this.data });
    } catch (e) {
      if (e instanceof MjcfError) throw new WorldError(`MuJoCo rejected the edited scene: ${e.message}`);
      throw e;
    }
    const oldModel = this.model;
    const oldData = this.data;
    this.model = next.model;
    this.data = next.data;
    this.tree = tree;
    this.setOptions();
    oldData.delete();
    oldModel.delete();
    for (const [name, pose] of this.staticPose) {
      const b = mj.mj_name2id(this.model, OBJ.BODY, name);
      if (b < 0) continue;
      this.model.body_pos.set(pose.pos, 3 * b);
      this.model.body_quat.set(pose.quat, 4 * b);
    }
    this.writeApplied();
    this.touched = new Set();
    mj.mj_forward(this.model, this.data);
    this.forwardValid = true;
  }

  private setOptions(): void {
    const opt = this.model.opt;
    opt.timestep = this.timestep;
    // MuJoCo would silently reset the whole state (time included) on a numerical blow-up;
    // stepN detects it and restores the state before the call instead.
    opt.disableflags = opt.disableflags | DISABLE_AUTORESET;
    opt.delete();
  }

  private alive(): void {
    if (this.disposed) throw new WorldError("the simulation has been disposed");
  }
}
