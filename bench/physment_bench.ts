// deno bench --allow-read --allow-env bench/
// The cost of PhysMent tool calls on bench/native/step_scene.xml through the ToolBox
// (argument validation, lookup, MuJoCo read, result object): a query (get_position, the
// baseline), a derived query (get_kinetic_energy) and one simulator step (step 0.005 s).
import { loadScene, SceneError } from "../engine/physment/scene/load.ts";
import { World } from "../engine/physment/sim/world.ts";
import { makeToolBox } from "../engine/physment/tools/toolbox.ts";

const xml = await Deno.readTextFile(new URL("./native/step_scene.xml", import.meta.url));
const objects = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`object_${i + 1}`, { name: `body ${i + 1}`, object_id: String(i + 1) }]));
const permissions = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`object_${i + 1}_permissions`, { geom_type: true, body_mass: true, body_pos: true }]));
const json = JSON.stringify({
  metadata: { scene_name: "step bench", task: "benchmark", problem_type: "benchmark" },
  answer: 0,
  expected_behavior: "",
  reasoning: "",
  number_of_objects: "10",
  objects,
  object_permissions: permissions,
});
const scene = await loadScene({ json, xml, file: "bench/native/scene1.json" });
if (scene instanceof SceneError) throw scene;
const world = await World.create(scene);
const box = makeToolBox(world);
box.call({ tool: "step", parameters: { duration: 0.5 } }); // let the bodies settle into contact

Deno.bench({ name: "tool call: get_position", group: "tool calls", baseline: true, fn: () => void box.call({ tool: "get_position", parameters: { object_id: "object_3" } }) });
Deno.bench({ name: "tool call: get_kinetic_energy", group: "tool calls", fn: () => void box.call({ tool: "get_kinetic_energy", parameters: { object_id: "object_3", mass: 4.19 } }) });
Deno.bench({ name: "tool call: step 0.005 s (one mj_step)", group: "tool calls", fn: () => void box.call({ tool: "step", parameters: { duration: 0.005 } }) });
