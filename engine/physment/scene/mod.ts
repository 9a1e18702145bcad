// PhysMent scenes: the metadata schema and the loader.
export { DEFAULT_TIMESTEP, isSceneError, loadScene, SceneError } from "./load.ts";
export type { Scene, SceneErrorKind, SceneInput, SceneObject } from "./load.ts";
export { SceneJson } from "./schema.ts";
export type { ObjectPermissions, SceneAnswer } from "./schema.ts";
