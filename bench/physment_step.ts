// npx deno run --allow-read --allow-write --allow-run --allow-env bench/physment_step.ts
// One measured run, printed as Markdown: mj_step throughput of mujoco-js (the official
// MuJoCo WebAssembly build) against native MuJoCo on the same scene
// (bench/native/step_scene.xml). The native side is a small C harness
// (bench/native/step_harness.c) compiled here against Debian's libmujoco-dev; without
// a C compiler or the library the native column says so.
import loadMujoco from "mujoco-js";

const STEPS = 100_000;
const sceneUrl = new URL("./native/step_scene.xml", import.meta.url);
const harnessUrl = new URL("./native/step_harness.c", import.meta.url);
const xml = await Deno.readTextFile(sceneUrl);

async function wasmRun(): Promise<{ seconds: number; ncon: number; z0: number; version: string }> {
  const mujoco = await loadMujoco();
  mujoco.FS.mkdir("/bench");
  mujoco.FS.writeFile("/bench/step_scene.xml", xml);
  const model = mujoco.MjModel.loadFromXML("/bench/step_scene.xml");
  const data = new mujoco.MjData(model);
  for (let i = 0; i < STEPS / 10; i++) mujoco.mj_step(model, data); // warm-up, as the harness
  mujoco.mj_resetData(model, data);
  const t0 = performance.now();
  for (let i = 0; i < STEPS; i++) mujoco.mj_step(model, data);
  const seconds = (performance.now() - t0) / 1000;
  const out = { seconds, ncon: data.ncon, z0: data.xpos[5], version: String(mujoco.mj_versionString()) };
  data.delete();
  model.delete();
  return out;
}

async function nativeRun(): Promise<{ seconds: number; ncon: number; z0: number; version: string } | string> {
  const dir = await Deno.makeTempDir({ prefix: "mechbench-native-" });
  const exe = `${dir}/step_harness`;
  try {
    const cc = await new Deno.Command("cc", { args: ["-O2", "-o", exe, harnessUrl.pathname, "-lmujoco"], stderr: "piped" }).output();
    if (!cc.success) return `not built (cc: ${new TextDecoder().decode(cc.stderr).trim().split("\n")[0]}); install libmujoco-dev`;
    const run = await new Deno.Command(exe, { args: [sceneUrl.pathname, String(STEPS)], stdout: "piped", stderr: "piped" }).output();
    if (!run.success) return `failed: ${new TextDecoder().decode(run.stderr).trim()}`;
    const j = JSON.parse(new TextDecoder().decode(run.stdout));
    return { seconds: j.seconds, ncon: j.ncon, z0: j.z0, version: j.mujoco };
  } catch (e) {
    return `not available (${e instanceof Error ? e.message : String(e)})`;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const wasm = await wasmRun();
const native = await nativeRun();
const rate = (s: number) => `${(STEPS / s / 1000).toFixed(1)} k`;
console.log(`Machine: ${navigator.hardwareConcurrency} logical cores, ${Deno.build.os}/${Deno.build.arch}, Deno ${Deno.version.deno}\n`);
console.log(`#### mj_step on bench/native/step_scene.xml (10 free bodies, contacts), ${STEPS} steps after ${STEPS / 10} warm-up steps\n`);
console.log("| build | MuJoCo | time | steps/s | contacts at the end | object_1 z at the end |");
console.log("|---|---|---:|---:|---:|---:|");
console.log(`| mujoco-js (WebAssembly) | ${wasm.version} | ${wasm.seconds.toFixed(3)} s | ${rate(wasm.seconds)} | ${wasm.ncon} | ${wasm.z0.toFixed(6)} |`);
if (typeof native === "string") console.log(`| native (libmujoco-dev) | — | ${native} | — | — | — |`);
else {
  console.log(`| native (libmujoco-dev) | ${native.version} | ${native.seconds.toFixed(3)} s | ${rate(native.seconds)} | ${native.ncon} | ${native.z0.toFixed(6)} |`);
  console.log(`\nnative / WebAssembly steps/s in this run: ${(wasm.seconds / native.seconds).toFixed(2)}× (the two MuJoCo versions differ; see the note in the README)`);
}
