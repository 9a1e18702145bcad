// The portable scorer's tarball size and cold import time in Node: the packed tarball
// (run `npm run build:npm` first) is installed offline into a fresh temporary project, then
// fresh `node` processes import it, alternating with empty `node -e ''` processes as the
// baseline; the figure is the difference of the two medians.
// Usage: node bench/scorer_import.mjs [--runs 10]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const at = process.argv.indexOf("--runs");
const runs = at > 0 ? Number(process.argv[at + 1]) : 10;
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs: expected a positive integer");

const version = /SCORER_VERSION = "([^"]+)"/.exec(readFileSync(join(root, "engine/scorer/version.ts"), "utf8"))?.[1];
const tarball = join(root, "dist/npm", `mechbench-scorer-${version}.tgz`);
if (!existsSync(tarball)) {
  console.error(`${tarball}: not built; run npm run build:npm first`);
  process.exit(2);
}

const project = mkdtempSync(join(tmpdir(), "mechbench-scorer-import-"));
try {
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "import-bench", private: true, type: "module" }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], { cwd: project, stdio: "ignore" });
  const time = (args) => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { cwd: project, stdio: "ignore" });
    if (r.status !== 0) throw new Error(`node ${args.join(" ")}: exit ${r.status}`);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  const empty = ["-e", ""];
  const load = ["--input-type=module", "-e", "await import('mechbench-scorer')"];
  // one untimed pass of each, so both find the files in the page cache
  time(empty);
  time(load);
  const base = [], withScorer = [];
  for (let i = 0; i < runs; i++) {
    base.push(time(empty));
    withScorer.push(time(load));
  }
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const bundle = statSync(join(project, "node_modules/mechbench-scorer/mechbench-scorer.js")).size;
  const size = statSync(tarball).size;
  console.log(`tarball ${size} bytes (${(size / 1024).toFixed(1)} kB); bundle ${(bundle / 1024).toFixed(1)} kB unpacked`);
  console.log(`node ${process.version}, ${runs} runs each, alternating: node -e '' median ${median(base).toFixed(1)} ms; importing mechbench-scorer median ${median(withScorer).toFixed(1)} ms; difference ${(median(withScorer) - median(base)).toFixed(1)} ms`);
} finally {
  rmSync(project, { recursive: true, force: true });
}
