// Test scaffolding: scenes written inline (MJCF text plus a generated sceneN.json) and
// the paths of the published PhysMent scenes (read by tests only, never copied).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isSceneError, loadScene } from "../scene/load.ts";
import type { Scene } from "../scene/load.ts";
import { World } from "./world.ts";

/** The published scenes, beside the repository (a checkout without them skips their tests). */
export const PUBLISHED_SCENES = fileURLToPath(new URL("../../../../shared/physment-scenes/Scenes", import.meta.url));
export const PUBLISHED_SCENES_PRESENT = existsSync(PUBLISHED_SCENES);

/** Published scene N, loaded from its files in place. */
export async function publishedScene(n: number): Promise<Scene> {
  const dir = `${PUBLISHED_SCENES}/Scene${n}`;
  const s = await loadScene({
    json: readFileSync(`${dir}/scene${n}.json`, "utf8"),
    xml: readFileSync(`${dir}/scene${n}.xml`, "utf8"),
    file: `Scenes/Scene${n}/scene${n}.json`,
  });
  if (isSceneError(s)) throw s;
  return s;
}

export const FULL_PERMISSIONS = {
  geom_type: true,
  body_pos: true,
  body_quat: true,
  body_mass: true,
  geom_density: true,
  geom_size: true,
  geom_radius: true,
} as const;

export interface ObjectSpec {
  name?: string;
  permissions?: Record<string, boolean>;
}

/** sceneN.json text listing the given objects (default: full permissions). */
export function sceneJson(objects: Record<string, ObjectSpec>, extra: Record<string, unknown> = {}): string {
  const entries = Object.entries(objects);
  return JSON.stringify({
    metadata: { scene_name: "test scene", task: "a test", problem_type: "computation" },
    answer: 0,
    expected_behavior: "",
    reasoning: "",
    number_of_objects: String(entries.length),
    objects: Object.fromEntries(entries.map(([k, o]) => [k, { name: o.name ?? k, object_id: k.replace("object_", "") }])),
    object_permissions: Object.fromEntries(entries.map(([k, o]) => [`${k}_permissions`, o.permissions ?? FULL_PERMISSIONS])),
    ...extra,
  });
}

/** A Scene from MJCF text; every body named object_N is listed unless `objects` says otherwise. */
export async function sceneOf(xml: string, objects?: Record<string, ObjectSpec>): Promise<Scene> {
  const listed = objects ?? Object.fromEntries([...xml.matchAll(/name="(object_[0-9]+)"/g)].map((m) => [m[1], {}]));
  const s = await loadScene({ json: sceneJson(listed), xml, file: "inline/scene0.json" });
  if (isSceneError(s)) throw s;
  return s;
}

export async function worldOf(xml: string, objects?: Record<string, ObjectSpec>): Promise<World> {
  return World.create(await sceneOf(xml, objects));
}

/** MJCF with the given bodies and options (gravity off unless given). */
export function mjcf(bodies: string, opts: { gravity?: string; timestep?: string; extra?: string } = {}): string {
  const step = opts.timestep ? ` timestep="${opts.timestep}"` : "";
  return `<mujoco>
  <option gravity="${opts.gravity ?? "0 0 0"}"${step}/>
  <worldbody>
${bodies}
  </worldbody>
${opts.extra ?? ""}
</mujoco>`;
}

/** A free sphere body object_N. */
export function sphere(n: number, pos: string, opts: { radius?: number; density?: number; extra?: string } = {}): string {
  return `    <body name="object_${n}" pos="${pos}">
      <joint name="object_${n}_joint" type="free"/>
      <geom type="sphere" size="${opts.radius ?? 0.1}" density="${opts.density ?? 1000}"${opts.extra ?? ""}/>
    </body>`;
}

const DROP_JSON = JSON.stringify({
  metadata: {
    scene_name: "Drop from ten metres",
    task: "The ball is held at rest 10 m above the ground. Release it and report its vertical velocity 0.5 s later.",
    problem_type: "computation",
  },
  answer: -4.905,
  expected_behavior: "Step 0.5 s and read the ball's velocity.",
  reasoning: "v = -g t = -9.81 * 0.5 = -4.905 m/s.",
  number_of_objects: "2",
  objects: { object_1: { name: "ball", object_id: "1" }, object_2: { name: "ground", object_id: "2" } },
  object_permissions: {
    object_1_permissions: { geom_type: true, body_pos: true, body_mass: true },
    object_2_permissions: { geom_type: true, body_pos: true },
  },
});
const DROP_XML = `<mujoco model="drop">
  <option timestep="0.005" gravity="0 0 -9.81"/>
  <worldbody>
    <body name="object_2" pos="0 0 0"><geom type="plane" size="5 5 0.1"/></body>
    <body name="object_1" pos="0 0 10"><freejoint name="object_1_joint"/><geom type="sphere" size="0.1" mass="1"/></body>
  </worldbody>
</mujoco>`;

/** A one-ball drop scene of our own, laid out like PhysMent's (gold: v = −g·t after 0.5 s). */
export async function dropScene(): Promise<Scene> {
  const s = await loadScene({ json: DROP_JSON, xml: DROP_XML, file: "drop/scene1.json" });
  if (isSceneError(s)) throw s;
  return s;
}
