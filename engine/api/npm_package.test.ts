// The mechbench npm package as a Node user gets it: built and packed by npm/build.mjs (as
// npm run build:npm), installed from the tarball into a fresh project with npm offline (a
// lockfile taken from the repository's pins, so npm needs only the tarballs npm ci cached,
// and an unreachable proxy, so any network attempt fails), then a script that generates a
// benchmark in memory, evaluates a function model on it, scores it and counts a state's
// interpretations runs under `node`; its numbers must equal the same calls made in-process.
// A TypeScript file using the package type-checks against its declarations, and the
// package's README lists every entry and its example runs.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as mechreasoner from "./mechreasoner.ts";
import * as solver from "./solver.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const denoJson = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")) as { version: string; exports: Record<string, string> };
const repoPackage = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };

/**
 * The script's body, a function of the two entries (M: mechreasoner, S: solver): the issue's
 * example 7 with a model that answers some tasks right, and one state's interpretations
 * counted one by one. The installed package and the source both run exactly this text.
 */
const BODY = `
  const benchmark = await M.generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
  const answers = new Map(benchmark.solutions.map((s) => [s.task_id, s.answer]));
  const model = {
    id: "half-oracle",
    // the right answer for tasks whose id ends in an even digit, an empty one otherwise
    function: (request) => {
      const id = String(request.task.task_id);
      const answer = /[02468]$/.test(id) ? answers.get(id) : {};
      return { content: JSON.stringify({ answer }), usage: { prompt_tokens: request.prompt.length, completion_tokens: 7 }, finishReason: "stop" };
    },
  };
  const run = await M.evaluate({ benchmark, model });
  const [state] = S.solveStates(S.mechanism("mechanics_accelerate"));
  let n = 0n;
  for (const _ of S.interpretations(state)) n++;
  return { tasks: benchmark.tasks.map((t) => t.task_id), sent: run.summary.sent, score: M.scoreEvaluation(run), state: state.label, count: String(state.count), interpretations: String(n) };
`;

const SCRIPT = `import * as M from "mechbench/mechreasoner";
import * as S from "mechbench/solver";
const example = async (M, S) => {${BODY}};
console.log(JSON.stringify(await example(M, S)));
`;

/**
 * A TypeScript user of the package, checked with tsc and not run: the types are the source's
 * (an unresolved declaration would be `any` and leave the @ts-expect-error lines unused).
 */
const TYPED = `import * as mechbench from "mechbench";
import { evaluate, generateBenchmark, type ModelFunction, scoreEvaluation } from "mechbench/mechreasoner";
import { interpretations, mechanism, solveStates } from "mechbench/solver";
import { SCORER_VERSION, scoreRun } from "mechbench/scorer";

const model: ModelFunction = (request) => ({ content: request.prompt, usage: { prompt_tokens: 1, completion_tokens: 1 } });
const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
const score = scoreEvaluation(await evaluate({ benchmark, model: { id: "m", function: model } }));
export const accuracy: number | null = score.families.at(-1)!.e2e_accuracy;
const [state] = solveStates(mechanism("mechanics_accelerate"));
export const count: bigint = state.count;
for (const row of interpretations(state)) row satisfies Record<string, string>;
// @ts-expect-error an exact count is a bigint
export const wrong: number = state.count;
// @ts-expect-error a model's id is a string
await mechbench.evaluate({ benchmark, model: { id: 1, function: model } });
export const scorer: string = SCORER_VERSION + typeof scoreRun;
`;

/** Milliseconds the build, the install and the script may take before the test fails instead of waiting. */
const LIMIT_MS = 240_000;

let base = "";
let project = "";
let tarball = "";
const timings: Record<string, number> = {};

/** Runs a command with a deadline; a failure or a timeout throws `what` with the command's stderr. */
function run(cmd: string, args: string[], cwd: string, what: string, env: NodeJS.ProcessEnv = process.env): string {
  const t0 = performance.now();
  try {
    return execFileSync(cmd, args, { cwd, env, encoding: "utf8", timeout: LIMIT_MS, stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    const err = e as { status?: number | null; signal?: string | null; stderr?: string };
    const how = err.signal ? `killed by ${err.signal} after ${Math.round(performance.now() - t0)} ms` : `exit ${err.status}`;
    throw new Error(`${what} (${cmd} ${args.join(" ")}: ${how})\n${String(err.stderr ?? "").trim().split("\n").slice(-15).join("\n")}`);
  }
}

/**
 * A lockfile for a project that depends on the mechbench tarball: every package its
 * dependencies reach, at the repository lockfile's versions and integrities (the same paths,
 * so the same layout). With it npm resolves nothing from the registry and takes the tarballs
 * npm ci cached.
 */
function projectLock(deps: Record<string, string>): object {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, Record<string, unknown>> };
  const entries: Record<string, Record<string, unknown>> = {};
  /** Node's resolution of `name` from the package at `from` ("" for the project). */
  const locate = (from: string, name: string): string | undefined => {
    for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf("/node_modules/")))) {
      const path = `${dir ? `${dir}/` : ""}node_modules/${name}`;
      if (lock.packages[path]) return path;
      if (!dir) return undefined;
    }
  };
  const queue = Object.keys(deps).map((name) => {
    const path = locate("", name);
    if (!path) throw new Error(`package-lock.json has no ${name}, which the package depends on`);
    return path;
  });
  while (queue.length) {
    const path = queue.shift()!;
    if (entries[path]) continue;
    const { dev: _dev, devOptional: _devOptional, ...entry } = lock.packages[path];
    // where npm would fetch it (the repository's lockfile leaves the default registry out):
    // with it npm needs no registry metadata, only the tarball, found in the cache by integrity
    const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    entry.resolved ??= `https://registry.npmjs.org/${name}/-/${name.split("/").pop()}-${entry.version}.tgz`;
    entries[path] = entry;
    const wanted = { ...(entry.dependencies as object), ...(entry.optionalDependencies as object), ...(entry.peerDependencies as object) };
    for (const name of Object.keys(wanted)) {
      const found = locate(path, name);
      if (found) queue.push(found);
    }
  }
  return { name: "mechbench-user", lockfileVersion: 3, requires: true, packages: { "": { name: "mechbench-user", dependencies: { mechbench: `file:${tarball}` } }, ...entries } };
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "mechbench-npm-"));
  let t0 = performance.now();
  run(process.execPath, [join(ROOT, "npm/build.mjs"), "--out", base, "--quiet", "mechbench"], ROOT, "npm/build.mjs could not build the mechbench package");
  timings.build = performance.now() - t0;
  const tgz = readdirSync(base).find((f) => /^mechbench-\d.*\.tgz$/.test(f));
  if (!tgz) throw new Error(`npm/build.mjs left no mechbench tarball in ${base}`);
  tarball = join(base, tgz);
  const manifest = JSON.parse(readFileSync(join(base, "mechbench/package.json"), "utf8")) as { dependencies: Record<string, string> };

  project = join(base, "user");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "mechbench-user", private: true, type: "module", dependencies: { mechbench: `file:${tarball}` } }));
  writeFileSync(join(project, "package-lock.json"), JSON.stringify(projectLock(manifest.dependencies)));
  // offline, and a proxy nobody listens on: a request npm would make anyway fails at once
  const offline = { ...process.env, npm_config_offline: "true", npm_config_proxy: "http://127.0.0.1:9", npm_config_https_proxy: "http://127.0.0.1:9", npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
  t0 = performance.now();
  run("npm", ["install", "--offline", "--no-audit", "--no-fund"], project, "npm could not install the mechbench tarball offline: its dependencies must be in npm's cache at package-lock.json's versions (npm ci puts them there)", offline);
  timings["offline install"] = performance.now() - t0;
  writeFileSync(join(project, "example.mjs"), SCRIPT);
}, 2 * LIMIT_MS + 60_000);

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
  const took = Object.entries(timings).map(([step, ms]) => `${step} ${Math.round(ms)} ms`);
  if (took.length) console.log(`mechbench package: ${took.join(", ")}`);
});

const installed = (file: string) => join(project, "node_modules/mechbench", file);

describe("the mechbench npm package", () => {
  it("is an ES module package at deno.json's version whose exports mirror deno.json's, each with declarations", () => {
    const manifest = JSON.parse(readFileSync(installed("package.json"), "utf8")) as { name: string; version: string; type: string; exports: Record<string, unknown> };
    expect(manifest.name).toBe("mechbench");
    expect(manifest.version).toBe(denoJson.version);
    expect(manifest.type).toBe("module");
    expect(Object.keys(manifest.exports).sort()).toEqual([...Object.keys(denoJson.exports), "./package.json"].sort());
    for (const [key, target] of Object.entries(manifest.exports)) {
      if (key === "./package.json") continue;
      const { types, default: code } = target as { types: string; default: string };
      expect(readFileSync(installed(code), "utf8").length, `${key}: ${code}`).toBeGreaterThan(0);
      expect(readFileSync(installed(types), "utf8"), `${key}: ${types}`).toMatch(/export\s/);
    }
  });

  it("declares the packages its code imports at package.json's versions, and bundles none", () => {
    const manifest = JSON.parse(readFileSync(installed("package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(manifest.dependencies.zod).toBe(repoPackage.dependencies.zod);
    for (const [name, range] of Object.entries(manifest.dependencies)) expect(range, name).toBe(repoPackage.dependencies[name]);
    // the CLI's parser is not part of the library
    expect(manifest.dependencies["@optique/core"]).toBeUndefined();
    const code = readdirSync(installed(".")).filter((f) => f.endsWith(".js")).map((f) => readFileSync(installed(f), "utf8")).join("\n");
    expect(code).not.toMatch(/\/node_modules\//);
  });

  it("reaches no Deno API and reads no file beside itself: no Deno., no import.meta, no require(", () => {
    for (const f of readdirSync(installed(".")).filter((f) => f.endsWith(".js"))) {
      const code = readFileSync(installed(f), "utf8");
      expect(code, f).not.toMatch(/\bDeno\./);
      expect(code, f).not.toMatch(/\bimport\.meta\b/);
      expect(code, f).not.toMatch(/\brequire\(/);
    }
  });

  it("generates, evaluates a function model, scores and solves under node, to the numbers of the same calls in-process", async () => {
    const t0 = performance.now();
    const out = JSON.parse(run("node", ["example.mjs"], project, "the example failed under node")) as Record<string, unknown>;
    timings["example under node"] = performance.now() - t0;
    const example = new (Object.getPrototypeOf(async () => {}).constructor)("M", "S", BODY) as (m: unknown, s: unknown) => Promise<unknown>;
    const expected = JSON.parse(JSON.stringify(await example(mechreasoner, solver)));
    expect(out).toEqual(expected);
    // the numbers are not trivial: some tasks right, some wrong, all sent, interpretations counted
    const all = (out.score as { families: { family: string; e2e_accuracy: number }[] }).families.at(-1)!;
    expect(all.family).toBe("all");
    expect(all.e2e_accuracy).toBeGreaterThan(0);
    expect(all.e2e_accuracy).toBeLessThan(1);
    expect(out.sent).toBe((out.tasks as string[]).length);
    expect(out.interpretations).toBe(out.count);
    expect(Number(out.count)).toBeGreaterThan(0);
  });

  it("gives TypeScript users its declarations: precise types, wrong calls rejected", () => {
    writeFileSync(join(project, "typed.ts"), TYPED);
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify({
      // skipLibCheck as most projects set it: a dependency's own declarations are not ours to check
      compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: true, lib: ["es2022", "dom"], types: [] },
      files: ["typed.ts"],
    }));
    run(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "."], project, "typed.ts does not type-check against the installed package");
  });

  it("has a README whose table lists every entry and whose example runs under node", () => {
    const readme = readFileSync(installed("README.md"), "utf8");
    const listed = [...readme.matchAll(/^\| `(mechbench[^`]*)` \|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(Object.keys(denoJson.exports).map((k) => `mechbench${k.slice(1)}`).sort());
    const code = /```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(code).toBeDefined();
    writeFileSync(join(project, "readme.mjs"), code!);
    expect(run("node", ["readme.mjs"], project, "the README's example failed under node")).toMatch(/family: 'all'/);
  });
});
