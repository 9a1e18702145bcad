// npm run compile: what it says when deno compile cannot get denort, the
// permissions it bakes into the binary against what the README says, and its preflight.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BINARY_PERMISSIONS, denortAdvice, denortFailure } from "./compile.ts";
import { packageOf, type PreflightInput, preflightProblems, workerModules } from "./compile_preflight.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const deno = join(root, "node_modules", ".bin", "deno");

// deno compile's standard error, as captured offline (RUST_BACKTRACE=1 adds the backtrace)
const c = (code: string, s: string) => `\x1b[0m\x1b[${code}m${s}\x1b[0m`;
const offline = [
  `${c("32", "Check")} cli/main.ts`,
  `${c("32", "Compile")} cli/main.ts to dist/mech`,
  `${c("32", "Download")} https://dl.deno.land/release/v2.9.6/denort-x86_64-unknown-linux-gnu.zip`,
  `\x1b[0m\x1b[1m\x1b[31merror\x1b[0m: Writing deno compile executable to temporary file 'dist/mech.tmp-48869b0ed693f55b'`,
  "",
  "Caused by:",
  "    0: Setting up base binary.",
  "    1: error sending request for url (https://dl.deno.land/release/v2.9.6/denort-x86_64-unknown-linux-gnu.zip): client error (Connect): dns error: failed to lookup address information: Name or service not known",
  "    2: client error (Connect)",
  "    3: dns error",
  "    4: failed to lookup address information: Name or service not known",
  "",
  "Stack backtrace:",
  "   0: <unknown>",
  "",
].join("\n");

describe("npm run compile without denort", () => {
  it("recognises a failed denort download and names its innermost cause", () => {
    expect(denortFailure(offline)).toEqual({
      kind: "download",
      url: "https://dl.deno.land/release/v2.9.6/denort-x86_64-unknown-linux-gnu.zip",
      cause: "failed to lookup address information: Name or service not known",
    });
    const refused = offline.replace(/dns error: failed to lookup[^\n]*/, "tcp connect error: Connection refused (os error 111)")
      .replace("    3: dns error\n    4: failed to lookup address information: Name or service not known", "    3: tcp connect error\n    4: Connection refused (os error 111)");
    expect(denortFailure(refused)?.cause).toBe("Connection refused (os error 111)");
    const notFound = `${c("32", "Download")} https://dl.deno.land/release/v9.9.9/denort-x86_64-unknown-linux-gnu.zip\nerror: Writing deno compile executable to temporary file 'x'\n\nCaused by:\n    0: Setting up base binary.\n    1: Download could not be found, aborting\n`;
    expect(denortFailure(notFound)).toMatchObject({ kind: "download", cause: "Download could not be found, aborting" });
  });

  it("recognises a DENORT_BIN that names no file, and nothing else", () => {
    const missing = "error: Writing deno compile executable to temporary file 'x.tmp'\n\nCaused by:\n    0: Could not find denort at 'bin/denort'\n    1: No such file or directory (os error 2)\n";
    expect(denortFailure(missing)).toEqual({ kind: "missing", path: "bin/denort", cause: "No such file or directory (os error 2)" });
    expect(denortFailure("Check cli/main.ts\nerror: TS2322 [ERROR]: Type 'string' is not assignable to type 'number'.\n")).toBeNull();
    expect(denortFailure(`${c("32", "Check")} cli/main.ts\n${c("32", "Compile")} cli/main.ts to dist/mech\n`)).toBeNull();
  });

  it("says what to do: DENORT_BIN, the Deno version and the release asset it comes from", () => {
    const text = denortAdvice(denortFailure(offline)!, "2.9.6", "x86_64-unknown-linux-gnu");
    expect(text).toContain("could not download denort");
    expect(text).toContain("failed to lookup address information");
    expect(text).toContain("Set DENORT_BIN to a denort binary of the same Deno version as this project's, 2.9.6 (`npx deno --version`)");
    expect(text).toContain("https://github.com/denoland/deno/releases/download/v2.9.6/denort-x86_64-unknown-linux-gnu.zip");
    expect(text).toContain("DENORT_BIN=path/to/denort npm run compile");
    expect(text).not.toMatch(/Stack backtrace|Caused by/);
  });

  it("end to end: with DENORT_BIN naming no file, exits 1 with the advice and no backtrace", () => {
    // --no-check: the test is about denort, not about the type-check before it
    const dir = mkdtempSync(join(tmpdir(), "mech-compile-"));
    try {
      const version = /^deno (\S+)/.exec(spawnSync(deno, ["--version"], { encoding: "utf8" }).stdout)![1];
      const r = spawnSync(deno, ["run", "--allow-read", "--allow-run", "cli/compile.ts", join(dir, "mech"), "--no-check"], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1", RUST_BACKTRACE: "1", DENORT_BIN: join(dir, "no-denort") },
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`DENORT_BIN names ${join(dir, "no-denort")}, which cannot be read`);
      expect(r.stderr).toContain(`same Deno version as this project's, ${version}`);
      expect(r.stderr).toContain(`https://github.com/denoland/deno/releases/download/v${version}/denort-`);
      expect(r.stderr).not.toMatch(/Stack backtrace|Caused by|^error:/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("the binary's permissions", () => {
  it("are read, write, net and a list of environment variables, and the README states exactly these", () => {
    expect(BINARY_PERMISSIONS).toEqual([
      "--allow-read",
      "--allow-write",
      "--allow-net",
      "--allow-env=NO_COLOR,FORCE_COLOR,NODE_DISABLE_COLORS,COLUMNS,HOME,XDG_CACHE_HOME,MECHBENCH_*,OPENAI_*",
    ]);
    const readme = readFileSync(join(root, "README.md"), "utf8");
    expect(readme).toContain(`\`${BINARY_PERMISSIONS.join(" ")}\``);
  });
});

describe("the compile step's preflight", () => {
  // A project that would make a working binary: entry, one asset, kept packages, scoped env.
  const good = (): PreflightInput => ({
    entry: "cli/main.ts",
    modules: new Map([
      ["cli/main.ts", 'import "./lib.ts";\nif (import.meta.main) run();\n'],
      ["cli/lib.ts", 'const home = env("HOME");\nconst key = env("OPENAI_API_KEY");\n'],
      ["catalog/mechanisms/a.json", "{}"],
    ]),
    unresolved: [],
    packages: ["zod", "@optique/core"],
    runtimeDependencies: ["zod", "@optique/core", "openai"],
    permissions: BINARY_PERMISSIONS,
    requiredAssets: ["catalog/mechanisms/a.json"],
    freshness: [{ asset: "scenes/scenes.gen.ts", source: "scenes/Scene7/", current: true }],
    workers: [],
  });

  it("finds nothing wrong with a project that would work", () => {
    expect(preflightProblems(good())).toEqual([]);
  });

  it("takes a Web Worker's module next to the code when the compile step includes it, and names one it does not", () => {
    const p = good();
    const modules = new Map(p.modules);
    modules.set("engine/tasks/job.ts", 'export const W = new URL("./job_worker.ts", import.meta.url);\n');
    expect(workerModules("engine/tasks/job.ts", modules.get("engine/tasks/job.ts")!)).toEqual(["engine/tasks/job_worker.ts"]);
    expect(preflightProblems({ ...p, modules, workers: ["engine/tasks/job_worker.ts"] })).toEqual([]);
    expect(preflightProblems({ ...p, modules })).toEqual(["engine/tasks/job.ts: starts the worker engine/tasks/job_worker.ts, which the compile step does not embed (--include)"]);
  });

  it("names each way the binary would fail at run time, with file and line", () => {
    const p = good();
    const modules = new Map(p.modules);
    modules.set("engine/x.ts", 'const a = 1;\nconst t = readFileSync(new URL("data.json", import.meta.url));\nconst s = Deno.env.get("SECRET");\n');
    modules.delete("catalog/mechanisms/a.json");
    expect(preflightProblems({
      ...p,
      modules,
      unresolved: [{ specifier: "file:///p/cli/gone.ts", error: "Module not found" }],
      packages: [...p.packages, "vitest"],
      permissions: ["--allow-read", "--allow-run", "--allow-env"],
      freshness: [{ asset: "engine/solve/wasm/release.gen.ts", source: "assembly/build/release.wasm", current: false }],
    })).toEqual([
      "file:///p/cli/gone.ts cannot be loaded: Module not found",
      "the binary would be granted --allow-run; it needs no run permission",
      "the binary would read every environment variable (--allow-env without a list)",
      "the graph imports vitest, which is not a runtime dependency in package.json: the compile step leaves it out of the binary",
      "engine/x.ts:2: import.meta.url locates a file next to the code; the binary has no project files at run time (import the asset as a module instead)",
      "catalog/mechanisms/a.json is not embedded: no module of the graph imports it",
      "engine/solve/wasm/release.gen.ts is stale: it does not hold the current assembly/build/release.wasm (run npm run prepare)",
    ]);
  });

  it("refuses an environment variable outside the granted list, and a missing entry point", () => {
    const p = good();
    const modules = new Map(p.modules);
    modules.set("cli/lib.ts", 'const x = process.env.TOKEN;\nconst y = env("MECHBENCH_CACHE_DIR");\nconst z = process.env["GITHUB_TOKEN"];\n');
    modules.delete("cli/main.ts");
    expect(preflightProblems({ ...p, modules })).toEqual([
      "the entry point cli/main.ts is not in its own module graph (missing file?)",
      "cli/lib.ts:1: reads the environment variable TOKEN, which the binary is not granted",
      "cli/lib.ts:3: reads the environment variable GITHUB_TOKEN, which the binary is not granted",
    ]);
    expect(preflightProblems({ ...p, permissions: ["-A"] })[0]).toBe("the binary would be granted -A; it needs no blanket permission");
  });

  it("names the package of a node_modules path", () => {
    expect(packageOf("/p/node_modules/@optique/core/dist/parser.js")).toBe("@optique/core");
    expect(packageOf("/p/node_modules/zod/index.js")).toBe("zod");
    expect(packageOf("/p/engine/x.ts")).toBeNull();
  });

  it("end to end: passes on this project without denort (graph, packages, permissions, embedded assets)", () => {
    const r = spawnSync(deno, ["run", "--allow-read", "--allow-run", "cli/compile.ts", "--preflight"], { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", DENORT_BIN: "no-such-denort" } });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^preflight: cli\/main\.ts reaches \d+ project modules and 10 packages \(@optique\/core, @optique\/run, fflate, gpt-tokenizer, mujoco-js, odex, openai, vega, vega-lite, zod\), all kept in the binary; 4 worker modules included; \d+ assets embedded and current; permissions --allow-read /);
    // every catalog mechanism and every scene directory is among the embedded assets
    const assets = Number(/; (\d+) assets embedded/.exec(r.stdout)![1]);
    const count = (dir: string, re: RegExp) => readdirSync(join(root, dir)).filter((n) => re.test(n)).length;
    expect(assets).toBe(2 + count("catalog/components", /\.json$/) + count("catalog/mechanisms", /\.json$/) + count("scenes", /^Scene\d+$/));
  }, 60_000);
});
