// Recompiling an edited scene. MuJoCo's WebAssembly build has no spec compiler, so an
// edited MJCF tree is compiled afresh and the state of the old data carried into the new:
// joint positions and velocities by stable keys (names where MuJoCo has them, else the
// place in the body tree), and time.
import { serializeXml } from "../scene/xml.ts";
import type { XmlElement } from "../scene/xml.ts";
import { bodyName, compileModel, OBJ, objectName } from "./mujoco.ts";
import type { MjData, MjModel, Mujoco } from "./mujoco.ts";

/** Position and velocity coordinates per joint, indexed by mjtJoint (free, ball, slide, hinge). */
const JOINT_NQ = [7, 4, 1, 1];
const JOINT_NV = [6, 3, 1, 1];

interface JointState {
  qpos: number[];
  qvel: number[];
}

/**
 * A new model and data for `tree`, holding the old data's joint state (joints keyed by
 * name, or by their body and order; a joint whose type changed starts afresh) and time.
 * Throws MjcfError when MuJoCo rejects the tree; the old model and data stay untouched
 * (freeing them is the caller's).
 */
export function recompile(mj: Mujoco, tree: XmlElement, old: { model: MjModel; data: MjData }): { model: MjModel; data: MjData } {
  const saved = jointStates(mj, old.model, old.data);
  const time = old.data.time;
  const model = compileModel(mj, serializeXml(tree));
  const data = new mj.MjData(model);
  const keys = jointKeys(mj, model);
  const qpos = data.qpos as Float64Array;
  const qvel = data.qvel as Float64Array;
  for (let j = 0; j < model.njnt; j++) {
    const s = saved.get(keys[j]);
    if (!s) continue;
    const t = model.jnt_type[j];
    if (s.qpos.length !== JOINT_NQ[t] || s.qvel.length !== JOINT_NV[t]) continue;
    qpos.set(s.qpos, model.jnt_qposadr[j]);
    qvel.set(s.qvel, model.jnt_dofadr[j]);
  }
  data.time = time;
  return { model, data };
}

/** Every joint's positions and velocities, by its stable key. */
function jointStates(mj: Mujoco, model: MjModel, data: MjData): Map<string, JointState> {
  const keys = jointKeys(mj, model);
  const qpos = Array.from(data.qpos as Float64Array);
  const qvel = Array.from(data.qvel as Float64Array);
  const out = new Map<string, JointState>();
  for (let j = 0; j < model.njnt; j++) {
    const t = model.jnt_type[j];
    const qa = model.jnt_qposadr[j];
    const va = model.jnt_dofadr[j];
    out.set(keys[j], { qpos: qpos.slice(qa, qa + JOINT_NQ[t]), qvel: qvel.slice(va, va + JOINT_NV[t]) });
  }
  return out;
}

/**
 * Stable keys for joints across recompiles: names where MuJoCo has them, else the body's
 * key and the rank within the body. A body's key is its name, else the parent's key and
 * the rank among unnamed siblings.
 */
function jointKeys(mj: Mujoco, model: MjModel): string[] {
  const names: (string | null)[] = [];
  for (let b = 0; b < model.nbody; b++) names.push(b === 0 ? "world" : bodyName(mj, model, b));
  const jointNames: (string | null)[] = [];
  for (let j = 0; j < model.njnt; j++) jointNames.push(objectName(mj, model, OBJ.JOINT, j));
  const bodies: string[] = [];
  const unnamedRank = new Map<number, number>();
  const parent = model.body_parentid;
  for (let b = 0; b < model.nbody; b++) {
    const name = names[b];
    if (name !== null) bodies.push(name);
    else {
      const p = parent[b];
      const k = unnamedRank.get(p) ?? 0;
      unnamedRank.set(p, k + 1);
      bodies.push(`${bodies[p]}/#${k}`);
    }
  }
  const joints: string[] = [];
  for (let j = 0; j < model.njnt; j++) {
    const b = model.jnt_bodyid[j];
    joints.push(jointNames[j] ?? `${bodies[b]}#joint${j - model.body_jntadr[b]}`);
  }
  return joints;
}
