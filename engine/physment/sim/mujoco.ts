// One MuJoCo WebAssembly module per process, loaded lazily (a shared promise), and the
// one way PhysMent turns MJCF text into an MjModel: write it to the module's in-memory
// file system, load it, and turn MuJoCo's failures into MjcfError with MuJoCo's own
// message (which names the element and line). Runtime-agnostic: no host file system.
import loadMujoco from "mujoco-js";
import type { MainModule, MjData, MjModel } from "mujoco-js";

export type Mujoco = MainModule;
export type { MjData, MjModel };

/**
 * MuJoCo object types used here (mjtObj). XBODY is the body's own frame; BODY, in
 * mj_objectVelocity, is its inertial frame (centred at the COM).
 */
export const OBJ = { BODY: 1, XBODY: 2, JOINT: 3, GEOM: 5, SITE: 6, EQUALITY: 17, TENDON: 18 } as const;
/** MuJoCo joint types (mjtJoint). */
export const JNT = { FREE: 0, BALL: 1, SLIDE: 2, HINGE: 3 } as const;
/** MuJoCo geom type names, indexed by mjtGeom. */
export const GEOM_TYPES = ["plane", "hfield", "sphere", "capsule", "ellipsoid", "cylinder", "box", "mesh", "sdf"] as const;

let modulePromise: Promise<Mujoco> | null = null;
/** Lines MuJoCo printed (stdout and stderr) since the last `takeOutput()`. */
let captured: string[] = [];
let fileCounter = 0;
const DIR = "/physment";

/** The process-wide MuJoCo module (loaded on first use). */
export function mujoco(): Promise<Mujoco> {
  if (!modulePromise) {
    const capture = (s: string) => {
      captured.push(String(s));
      if (captured.length > 200) captured = captured.slice(-100);
    };
    modulePromise = (loadMujoco as (opts?: unknown) => Promise<Mujoco>)({ print: capture, printErr: capture }).then((m) => {
      try {
        m.FS.mkdir(DIR);
      } catch { /* exists */ }
      return m;
    });
    modulePromise.catch(() => {
      modulePromise = null;
    });
  }
  return modulePromise;
}

function takeOutput(): string {
  const s = captured.join("\n").trim();
  captured = [];
  return s;
}

/** MuJoCo rejected an MJCF text; `message` is MuJoCo's own. */
export class MjcfError extends Error {
  override name = "MjcfError";
  constructor(message: string, readonly element?: string, readonly line?: number) {
    super(message);
  }
}

/** Reads a NUL-terminated string from the module's memory (MuJoCo error objects keep their message at offset 0). */
function heapString(mj: Mujoco, ptr: number): string {
  const probe = new mj.DoubleBuffer(1);
  const buffer = (probe.GetView() as Float64Array).buffer;
  probe.delete();
  const bytes = new Uint8Array(buffer);
  let end = ptr;
  while (end < bytes.length && bytes[end] !== 0 && end - ptr < 4000) end++;
  return new TextDecoder().decode(bytes.subarray(ptr, end));
}

function describeMujocoError(mj: Mujoco, e: unknown): MjcfError {
  const err = e as { excPtr?: unknown; name?: string; message?: string };
  let text: string;
  if (err && typeof err.excPtr === "number") {
    text = heapString(mj, err.excPtr).trim();
    try {
      (mj as unknown as { decrementExceptionRefcount(e: unknown): void }).decrementExceptionRefcount(e);
    } catch { /* already released */ }
    if (!text) text = String(err.name ?? "MuJoCo error");
  } else {
    text = e instanceof Error ? e.message : String(e);
  }
  return fromMessage(text);
}

function fromMessage(text: string): MjcfError {
  const message = text.replace(/^(XML )?Error:\s*/, "").replace(/\s*\n\s*/g, "; ").trim();
  const element = /Element '([^']*)'/.exec(text)?.[1] ?? /Element name '([^']*)'/.exec(text)?.[1];
  const line = /line (\d+)/i.exec(text)?.[1] ?? /Line number=(\d+)/.exec(text)?.[1];
  return new MjcfError(message, element, line ? Number(line) : undefined);
}

/** Compiles MJCF text; throws MjcfError with MuJoCo's message when MuJoCo rejects it. */
export function compileModel(mj: Mujoco, xml: string): MjModel {
  const path = `${DIR}/model_${++fileCounter}.xml`;
  mj.FS.writeFile(path, xml);
  takeOutput();
  let model: MjModel | null = null;
  try {
    model = mj.MjModel.loadFromXML(path) as MjModel | null;
  } catch (e) {
    throw describeMujocoError(mj, e);
  } finally {
    try {
      mj.FS.unlink(path);
    } catch { /* gone */ }
  }
  const printed = takeOutput();
  if (!model) throw fromMessage(printed || "MuJoCo could not load the model");
  return model;
}

/** Body name as MuJoCo stores it, or null for an unnamed body. */
export function bodyName(mj: Mujoco, model: MjModel, id: number): string | null {
  return objectName(mj, model, OBJ.BODY, id);
}

/** Name of any named MuJoCo object, or null when it has none. */
export function objectName(mj: Mujoco, model: MjModel, type: number, id: number): string | null {
  const name = mj.mj_id2name(model, type, id);
  // mj_id2name returns junk (not null) for unnamed objects in this build: confirm by the reverse lookup.
  if (typeof name !== "string" || name === "" || mj.mj_name2id(model, type, name) !== id) return null;
  return name;
}
