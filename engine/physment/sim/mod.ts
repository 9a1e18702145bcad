// The simulated world of a PhysMent scene on mujoco-js.
export { MAX_STEP_SECONDS, World, WorldError } from "./world.ts";
export type { GeomInfo, Mobility, WorldObject, WorldOptions } from "./world.ts";
export { MjcfError, mujoco } from "./mujoco.ts";
export type { Mat3, Quat, Vec3 } from "./math.ts";
