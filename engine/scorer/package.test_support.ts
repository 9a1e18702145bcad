// The built package for the portable scorer's package and browser tests: one build into a
// temporary directory (npm/build.mjs, as npm run build:npm), the fixture inputs as
// one JSON file, and one scoring script that runs unchanged in Node, Deno and a browser page.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { EvalFixture, PhysmentFixture } from "./scorer.test_support.ts";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DENO = join(ROOT, "node_modules", ".bin", "deno");

export interface BuiltPackage {
  /** The package directory (package.json, the bundle, its types, README). */
  dir: string;
  tarball: string;
  bundle: string;
}

/** Builds and packs the scorer into a fresh temporary directory. */
export function buildPackage(): BuiltPackage {
  const base = mkdtempSync(join(tmpdir(), "mechbench-scorer-pkg-"));
  const dir = join(base, "mechbench-scorer");
  execFileSync(process.platform === "win32" ? "node.exe" : "node", [join(ROOT, "npm/build.mjs"), "--out", base, "--quiet", "mechbench-scorer"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const tgz = readdirSync(base).find((f) => f.endsWith(".tgz"));
  if (!tgz) throw new Error(`npm/build.mjs left no tarball in ${base}`);
  return { dir, tarball: join(base, tgz), bundle: join(dir, "mechbench-scorer.js") };
}

/** What the scoring script reads: the fixture benchmark's rows, the runs' records, the episode records. */
export function scoringInput(fx: EvalFixture, px: PhysmentFixture) {
  return { tasks: fx.tasks, solutions: fx.solutions, runs: fx.runs.map((r) => ({ model: r.model, records: r.records })), episodes: px.records };
}

/**
 * The body of a function (S, input) → scores, in plain JavaScript: the CLI's fields of each
 * run, and the PhysMent scores. Every runtime under test evaluates exactly this text.
 */
export const SCORE_BODY = `
  const items = S.benchmarkItems(input.tasks, input.solutions);
  const runs = input.runs.map((r) => {
    const x = S.scoreRun({ model: r.model, items, responses: r.records });
    return { model: x.model, items: x.items, missing: x.missing, families: x.families, failures: x.failures, tokens: x.tokens };
  });
  const physment = S.scoreEpisodes(input.episodes);
  return { version: S.SCORER_VERSION, runs, episodes: physment.episodes, summaries: physment.summaries };
`;

/** A module that imports the package by `specifier`, reads ./input.json, scores it and prints the JSON. */
export const scoringModule = (specifier: string) => `import * as S from ${JSON.stringify(specifier)};
import input from "./input.json" with { type: "json" };
const score = (S, input) => {${SCORE_BODY}};
console.log(JSON.stringify(score(S, input)));
`;
