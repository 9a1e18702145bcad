// Binds a loaded scene to the agent loop and to scoring: a fresh world and toolbox per
// episode, the scene facts the prompt shows, and the ground truth scoring reads.
import type { Scene } from "./scene/load.ts";
import { World } from "./sim/world.ts";
import { makeToolBox } from "./tools/toolbox.ts";
import { permittedValues } from "./tools/inspect.ts";
import type { SceneSetup } from "./agent/runner.ts";
import type { SceneInfoInput } from "./agent/prompt.ts";
import type { SceneTruth } from "./evaluate.ts";
import type { Category } from "./score/mod.ts";

/**
 * The prompt's view of a scene: task, listed objects (hidden ones flagged), permissions, and
 * the values of the permitted attributes at t = 0 (as get_parameters reports them), and the
 * gravity and timestep the simulation actually has (from the world, so from the MJCF).
 */
export function sceneInfo(scene: Scene, id: string, world: World): SceneInfoInput {
  return {
    id,
    name: scene.metadata.scene_name,
    task: scene.metadata.task,
    problemType: scene.metadata.problem_type,
    objects: scene.objects.map((o) => ({ id: o.number, name: o.name, hidden: o.hidden })),
    permissions: Object.fromEntries(scene.objects.map((o) => [String(o.number), { ...(o.permissions ?? {}) }])),
    values: Object.fromEntries(
      world.allObjects().filter((o) => !o.hidden && !o.created).flatMap((o) => {
        const n = scene.objects.find((x) => x.key === o.id)?.number;
        return n === undefined ? [] : [[String(n), permittedValues(world, o)]];
      }),
    ),
    gravity: world.gravity(),
    timestep: world.timestep,
  };
}

/** A new simulation of the scene with its 26 tools; close() frees the WASM objects. */
export async function sceneSetup(scene: Scene, id: string): Promise<SceneSetup> {
  const world = await World.create(scene);
  return { toolbox: makeToolBox(world), scene: sceneInfo(scene, id, world), close: () => world.dispose() };
}

/** What scoring checks an episode of this scene against. */
export function sceneTruth(scene: Scene, sceneId: number, category?: Category): SceneTruth {
  return { sceneId, category, answer: scene.answer, objects: scene.objects.map((o) => ({ id: o.number, name: o.name })) };
}
