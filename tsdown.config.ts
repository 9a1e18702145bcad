// The portable scorer's bundle (npm run build:npm → engine/scorer/build.mjs): one ES module
// for any runtime with zod bundled in, so the package has no dependencies, and one .d.ts
// with zod's types inlined for the same reason. Two builds, so that nothing is shared
// between the code and the declarations and the code stays a single file.
import { defineConfig, type UserConfig } from "tsdown";

const common: UserConfig = {
  entry: { "mechbench-scorer": "engine/scorer/mod.ts" },
  format: "esm",
  platform: "neutral",
  target: "es2022",
  outDir: "dist/npm",
  // everything the entry imports goes into the one file, zod included
  deps: { alwaysBundle: [/./], onlyBundle: ["zod"] },
  // build.mjs writes the package's own package.json; the repository's is not touched
  exports: false,
  publint: false,
  // build.mjs empties the directory first (the two builds run side by side)
  clean: false,
};

export default defineConfig([
  { ...common, minify: true, dts: false },
  {
    ...common,
    dts: {
      emitDtsOnly: true,
      resolve: ["zod"],
      compilerOptions: { allowImportingTsExtensions: true, strict: true, lib: ["es2022", "dom"] },
    },
  },
]);
