// The npm package as a user gets it: built and packed by npm/build.mjs, installed
// from the tarball into a fresh project with npm --offline (it has no dependencies),
// imported from Node and from Deno (read access to that project only), scoring the fixture
// runs and episodes to the CLI's numbers; the bundle free of platform APIs; and the
// README's examples run against it, their `// prints:` comments checked.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCORER_VERSION } from "./version.ts";
import { buildPackage, type BuiltPackage, DENO, ROOT, scoringInput, scoringModule } from "./package.test_support.ts";
import { CLI_FIELDS, evalFixture, type EvalFixture, physmentFixture, type PhysmentFixture } from "./scorer.test_support.ts";

let pkg: BuiltPackage;
let project: string;
let fx: EvalFixture;
let px: PhysmentFixture;

beforeAll(async () => {
  [fx, px] = await Promise.all([evalFixture(), physmentFixture()]);
  pkg = buildPackage();
  project = mkdtempSync(join(tmpdir(), "mechbench-scorer-user-"));
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "scorer-user", private: true, type: "module" }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", pkg.tarball], { cwd: project, stdio: ["ignore", "pipe", "pipe"] });
  writeFileSync(join(project, "input.json"), JSON.stringify(scoringInput(fx, px)));
  writeFileSync(join(project, "score.mjs"), scoringModule("mechbench-scorer"));
}, 300_000);

afterAll(() => {
  for (const d of [pkg && dirname(pkg.dir), project, fx?.tasksDir, fx && dirname(fx.runs[0].dir)]) if (d) rmSync(d, { recursive: true, force: true });
});

/** Node with the installed package, from the project directory. */
const node = (file: string) => execFileSync("node", [file], { cwd: project, encoding: "utf8" });
/** Deno allowed to read the project and nothing else. */
const deno = (file: string) => execFileSync(DENO, ["run", "--no-lock", "--node-modules-dir=manual", `--allow-read=${project}`, file], { cwd: project, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });

interface Scores {
  version: string;
  runs: Record<string, unknown>[];
  episodes: unknown[];
  summaries: unknown[];
}

function expectCliNumbers(out: Scores) {
  expect(out.version).toBe(SCORER_VERSION);
  expect(out.runs).toHaveLength(fx.runs.length);
  fx.runs.forEach((run, k) => {
    for (const f of CLI_FIELDS) expect(out.runs[k][f], `${run.model}: ${f}`).toEqual(run.cli[f]);
  });
  expect(out.episodes).toEqual(JSON.parse(JSON.stringify(px.scores)));
  expect(out.summaries).toEqual(JSON.parse(JSON.stringify(px.summaries)));
}

describe("the packed scorer", () => {
  it("is an ES module package with no dependencies, at SCORER_VERSION", () => {
    const manifest = JSON.parse(readFileSync(join(project, "node_modules/mechbench-scorer/package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.version).toBe(SCORER_VERSION);
    expect(manifest.type).toBe("module");
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.exports).toEqual({ ".": { types: "./mechbench-scorer.d.ts", default: "./mechbench-scorer.js" }, "./package.json": "./package.json" });
    expect(pkg.tarball).toMatch(new RegExp(`mechbench-scorer-${SCORER_VERSION.replaceAll(".", "\\.")}\\.tgz$`));
  });

  it("uses no platform API: no node: import, no Deno., no require(, no WebAssembly, in the bundle or its types", () => {
    const js = readFileSync(pkg.bundle, "utf8");
    const dts = readFileSync(join(pkg.dir, "mechbench-scorer.d.ts"), "utf8");
    // the declarations keep the doc comments, whose examples may assert with node:assert; code only
    const code = (t: string) => t.replace(/\/\*[\s\S]*?\*\//g, "");
    for (const text of [js, code(dts)]) {
      expect(text).not.toMatch(/["'`]node:/);
      expect(text).not.toMatch(/\bDeno\./);
      expect(text).not.toMatch(/\brequire\(/);
      expect(text).not.toMatch(/WebAssembly/);
    }
    // one file: nothing imported beside it
    expect(js).not.toMatch(/(^|[;\s}])import\s*[{*"'\w]/);
  });

  it("scores the fixture runs and episodes from Node to the CLI's numbers", () => {
    expectCliNumbers(JSON.parse(node("score.mjs")) as Scores);
  });

  it("scores them from Deno, allowed to read the project only, to the same numbers", () => {
    expectCliNumbers(JSON.parse(deno("score.mjs")) as Scores);
  });

  it("runs the README's examples (Node and Deno) and prints what their comments say", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Portable scorer"), readme.indexOf("## Layout"));
    const examples = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(examples.length).toBeGreaterThanOrEqual(2);
    examples.forEach((code, k) => {
      const expected = [...code.matchAll(/\/\/ prints: (.*)$/gm)].map((m) => m[1]);
      expect(expected.length, `example ${k + 1} checks its output`).toBeGreaterThan(0);
      const file = join(project, `readme_${k + 1}.mjs`);
      writeFileSync(file, code);
      expect(node(file).trimEnd().split("\n"), `example ${k + 1} under Node`).toEqual(expected);
      expect(deno(file).trimEnd().split("\n"), `example ${k + 1} under Deno`).toEqual(expected);
    });
  });
});
