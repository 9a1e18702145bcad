// npm run build:npm: the portable scorer as an npm package. Bundles engine/scorer/mod.ts
// with tsdown (tsdown.config.ts: one ES module, zod inside, one .d.ts), writes the
// package's package.json and README beside them, and packs it; the tarball lands in the
// output directory's parent (dist/ by default). Plain JavaScript so it runs under Node
// without a TypeScript loader. Usage: node engine/scorer/build.mjs [--out DIR] [--quiet]
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const at = args.indexOf("--out");
const out = resolve(at >= 0 && args[at + 1] ? args[at + 1] : join(root, "dist/npm"));
const quiet = args.includes("--quiet");

// the package's version is the scorer's SCORER_VERSION, read from its one definition
const versionSource = readFileSync(join(root, "engine/scorer/version.ts"), "utf8");
const version = /SCORER_VERSION = "([^"]+)"/.exec(versionSource)?.[1];
if (!version) throw new Error("engine/scorer/version.ts: no SCORER_VERSION = \"…\" found");
const name = "mechbench-scorer";

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const { build } = await import("tsdown");
await build({ config: join(root, "tsdown.config.ts"), cwd: root, outDir: out, logLevel: quiet ? "error" : "info" });

const pkg = {
  name,
  version,
  description: "Mechbench's portable scorer: MechReasoner's extraction, normalizers, outcome classes, A.3 metrics, B1–B4 bins and cluster bootstrap, and PhysMent's Eq. 4 and six-dimension scoring, on plain JSON in any JavaScript runtime.",
  license: "UNLICENSED",
  type: "module",
  main: "./mechbench-scorer.js",
  types: "./mechbench-scorer.d.ts",
  exports: { ".": { types: "./mechbench-scorer.d.ts", default: "./mechbench-scorer.js" }, "./package.json": "./package.json" },
  files: ["mechbench-scorer.js", "mechbench-scorer.d.ts", "README.md"],
  sideEffects: false,
};
writeFileSync(join(out, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
copyFileSync(join(root, "engine/scorer/README.md"), join(out, "README.md"));

const dest = dirname(out);
const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", dest], { cwd: out, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }));
const tarball = join(dest, packed[0].filename);
console.log(`${basename(tarball)}: ${statSync(tarball).size} bytes (${packed[0].entryCount} files, unpacked ${packed[0].unpackedSize} bytes) in ${dest}`);
