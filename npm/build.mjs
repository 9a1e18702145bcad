// npm run build:npm: the library's two npm packages, built with tsdown and packed.
//   mechbench-scorer  the portable scorer (engine/scorer/mod.ts): one ES module for any
//                     runtime with zod bundled in, so it has no dependencies, and one .d.ts
//                     with zod's types inlined for the same reason.
//   mechbench         the whole library: one ES module per entry of deno.json's `exports`,
//                     for Node 20 and later, with declarations; the runtime dependencies the
//                     bundle imports are declared at package.json's versions, not bundled.
// Each package is written to OUT/NAME/ (its bundle, declarations, package.json, README.md)
// and packed into OUT (dist/npm by default). Plain JavaScript so it runs under Node without
// a TypeScript loader.
// Usage: node npm/build.mjs [--out OUT] [--quiet] [NAME...]   (no NAME: both packages)
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const readJson = (file) => JSON.parse(readFileSync(join(root, file), "utf8"));

/** Options both builds of a package share; each package adds its own. */
const common = {
  config: false,
  cwd: root,
  format: "esm",
  fixedExtension: false,
  // the script writes each package's own package.json; the repository's is not touched
  exports: false,
  publint: false,
  // the script empties the directory first (a package's two builds run side by side)
  clean: false,
};
// the source's .ts import specifiers, and DOM types for fetch, AbortSignal and the like
const dtsCompilerOptions = { allowImportingTsExtensions: true, strict: true, lib: ["es2022", "dom"] };

const packages = {
  "mechbench-scorer": {
    // its version is the scorer's SCORER_VERSION, read from its one definition
    version() {
      const v = /SCORER_VERSION = "([^"]+)"/.exec(readFileSync(join(root, "engine/scorer/version.ts"), "utf8"))?.[1];
      if (!v) throw new Error("engine/scorer/version.ts: no SCORER_VERSION = \"…\" found");
      return v;
    },
    readme: "engine/scorer/README.md",
    builds() {
      const shared = {
        ...common,
        entry: { "mechbench-scorer": "engine/scorer/mod.ts" },
        platform: "neutral",
        target: "es2022",
        // everything the entry imports goes into the one file, zod included
        deps: { alwaysBundle: [/./], onlyBundle: ["zod"] },
      };
      // two builds, so that nothing is shared between the code and the declarations and the
      // code stays a single file
      return [
        { ...shared, minify: true, dts: false },
        { ...shared, dts: { emitDtsOnly: true, resolve: ["zod"], compilerOptions: dtsCompilerOptions } },
      ];
    },
    manifest(name, version) {
      return {
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
    },
  },

  mechbench: {
    version: () => readJson("deno.json").version,
    readme: "npm/mechbench.md",
    builds() {
      const shared = {
        ...common,
        entry: Object.fromEntries(Object.entries(libraryExports()).map(([key, file]) => [entryName(key), file])),
        platform: "node",
        target: "node20",
        // package.json's dependencies stay imports (tsdown's default); anything else from
        // node_modules would be bundled, and a devDependency in the library is a mistake
        deps: { onlyBundle: [] },
        // the only import.meta.url of the source names the Web Workers' modules beside it
        // (engine/**/*_job.ts); Node has no Web Workers, so the package refuses jobs > 1
        // before any is started and the URL is never used: a fixed base keeps the bundle
        // free of import.meta (it reads no file beside itself)
        define: { "import.meta.url": JSON.stringify("file:///mechbench-npm/") },
      };
      return [
        // JSDoc lives in the declarations; the code keeps only legal and annotation comments
        { ...shared, dts: false, outputOptions: { comments: { legal: true, annotation: true, jsdoc: false } } },
        { ...shared, dts: { emitDtsOnly: true, compilerOptions: dtsCompilerOptions } },
      ];
    },
    manifest(name, version, dir) {
      const files = readdirSync(dir).filter((f) => f.endsWith(".js") || f.endsWith(".d.ts")).sort();
      const exports = {};
      for (const key of Object.keys(libraryExports())) exports[key] = { types: `./${entryName(key)}.d.ts`, default: `./${entryName(key)}.js` };
      exports["./package.json"] = "./package.json";
      const repo = readJson("package.json");
      return {
        name,
        version,
        description: repo.description,
        license: readJson("deno.json").license,
        type: "module",
        engines: { node: ">=20" },
        main: "./index.js",
        types: "./index.d.ts",
        exports,
        files: [...files, "README.md"],
        dependencies: bundleDependencies(dir, files, name, repo.dependencies),
      };
    },
    // the entries' examples name the JSR package; in this package they are imported by its name
    finish(name, dir) {
      for (const f of readdirSync(dir).filter((f) => f.endsWith(".d.ts"))) {
        const text = readFileSync(join(dir, f), "utf8");
        writeFileSync(join(dir, f), text.replaceAll(`"${readJson("deno.json").name}`, `"${name}`));
      }
    },
  },
};

/** deno.json's exports: "." or "./sub" → source file. */
function libraryExports() {
  return readJson("deno.json").exports;
}

/** The bundle's file for an export key: "." → index, "./solver" → solver. */
function entryName(key) {
  return key === "." ? "index" : key.replace(/^\.\//, "").replaceAll("/", "_");
}

/**
 * The packages the built files import (statements at the start of a line, and dynamic
 * imports in the code; the code carries no comments), each at package.json's version.
 */
function bundleDependencies(dir, files, self, declared) {
  const names = new Set();
  for (const f of files) {
    const text = readFileSync(join(dir, f), "utf8");
    const specifiers = [
      ...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm),
      ...text.matchAll(/^import\s*["']([^"']+)["']/gm),
      ...(f.endsWith(".d.ts") ? [] : text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)),
    ].map((m) => m[1]);
    for (const s of specifiers) {
      if (s.startsWith(".") || s.startsWith("node:")) continue;
      const pkg = s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0];
      if (pkg !== self) names.add(pkg);
    }
  }
  const deps = {};
  for (const n of [...names].sort()) {
    if (!declared[n]) throw new Error(`${self}: the bundle imports ${n}, which is not among package.json's dependencies`);
    deps[n] = declared[n];
  }
  return deps;
}

/** Builds, describes and packs one package into out/name; returns the tarball's path. */
async function buildPackage(name, out, quiet) {
  const spec = packages[name];
  const dir = join(out, name);
  const version = spec.version();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { build } = await import("tsdown");
  for (const options of spec.builds()) await build({ ...options, outDir: dir, logLevel: quiet ? "error" : "info" });
  spec.finish?.(name, dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify(spec.manifest(name, version, dir), null, 2) + "\n");
  copyFileSync(join(root, spec.readme), join(dir, "README.md"));
  const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", out], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }));
  const tarball = join(out, packed[0].filename);
  console.log(`${basename(tarball)}: ${statSync(tarball).size} bytes (${packed[0].entryCount} files, unpacked ${packed[0].unpackedSize} bytes) in ${out}`);
  return tarball;
}

const args = process.argv.slice(2);
const at = args.indexOf("--out");
const out = resolve(at >= 0 && args[at + 1] ? args[at + 1] : join(root, "dist/npm"));
const names = args.filter((a, i) => !a.startsWith("--") && !(at >= 0 && i === at + 1));
for (const n of names) if (!packages[n]) throw new Error(`unknown package ${n}: expected ${Object.keys(packages).join(" or ")}`);
mkdirSync(out, { recursive: true });
for (const name of names.length ? names : Object.keys(packages)) await buildPackage(name, out, args.includes("--quiet"));
