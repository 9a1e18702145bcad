// The source tree against docs/architecture.md's folder table, and the checker itself on
// small hand-made graphs (a wrong import must be reported, naming file → file).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ENTRIES, type FolderRule, importGraph, publicEntries, isTestFile, importSpecifiers, layeringViolations, readRuleTable, reexportSpecifiers, RuleTableError, sourceFiles } from "./layering.test_support.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const CHECKED = ["engine/", "catalog/", "scenes/", "cli/", "examples/"];

describe("the source tree keeps docs/architecture.md's layering", () => {
  const rules = readRuleTable(readFileSync(`${root}/docs/architecture.md`, "utf8"));
  const entries = publicEntries(readFileSync(`${root}/deno.json`, "utf8"));
  const files = [...sourceFiles(root, CHECKED), ...entries.filter((e) => !e.includes("/"))];
  const modFolders = [...new Set(files.filter((f) => f.endsWith("/mod.ts")).map((f) => f.slice(0, -"mod.ts".length)))];

  it("the table lists every checked folder and some rules", () => {
    for (const f of CHECKED) expect(rules.map((r) => r.folder)).toContain(f === "engine/" ? "engine/files/" : f);
    expect(rules.map((r) => r.folder)).toContain("./");
    expect(entries).toContain("mod.ts");
    expect(rules.length).toBeGreaterThan(15);
    expect(files.length).toBeGreaterThan(300);
  });

  it("no import goes against the table, into a test file, or past a folder's mod.ts", () => {
    const edges = importGraph(root, files.filter((f) => !isTestFile(f)));
    expect(edges.length).toBeGreaterThan(1000);
    for (const e of edges) expect(existsSync(`${root}/${e.to}`), `${e.from} imports ${e.to}, which does not exist`).toBe(true);
    expect(layeringViolations(rules, files, edges, modFolders, entries)).toEqual([]);
  });
});

describe("the layering checker", () => {
  const rules: FolderRule[] = [
    { folder: "engine/files/", mayImport: [] },
    { folder: "engine/model/", mayImport: ["engine/files/"] },
    { folder: "engine/compile/", mayImport: ["engine/files/", "engine/model/"] },
    { folder: "cli/", mayImport: "any" },
  ];
  const files = ["engine/files/sha256.ts", "engine/model/sign.ts", "engine/model/model.ts", "engine/compile/problem.ts", "cli/main.ts", "engine/model/model.test.ts"];

  it("reports a deliberately wrong import, naming file → file and the rule", () => {
    const wrong = { from: "engine/model/model.ts", to: "engine/compile/problem.ts" };
    expect(layeringViolations(rules, files, [wrong], [])).toEqual([
      "engine/model/model.ts → engine/compile/problem.ts: engine/model/ may not import engine/compile/",
    ]);
  });

  it("accepts imports down the table, within a folder, from any-folders and from tests", () => {
    const edges = [
      { from: "engine/compile/problem.ts", to: "engine/model/sign.ts" },
      { from: "engine/model/model.ts", to: "engine/model/sign.ts" },
      { from: "cli/main.ts", to: "engine/compile/problem.ts" },
      { from: "engine/model/model.test.ts", to: "engine/compile/problem.ts" },
    ];
    expect(layeringViolations(rules, files, edges, [])).toEqual([]);
  });

  it("reports production code importing a test file, a file outside the table, and a folder entered past its mod.ts", () => {
    const edges = [
      { from: "engine/compile/problem.ts", to: "engine/model/model.test.ts" },
      { from: "engine/compile/problem.ts", to: "vendor/x.ts" },
      { from: "engine/compile/problem.ts", to: "engine/model/model.ts" },
    ];
    expect(layeringViolations(rules, [...files, "stray/a.ts"], edges, ["engine/model/"])).toEqual([
      "stray/a.ts: in no folder of the table",
      "engine/compile/problem.ts → engine/model/model.test.ts: production code imports a test file",
      "engine/compile/problem.ts → vendor/x.ts: vendor/x.ts is in no folder of the table",
      "engine/compile/problem.ts → engine/model/model.ts: engine/model/ is imported only through engine/model/mod.ts",
    ]);
  });

  it("reports a re-export outside a mod.ts", () => {
    const edges = [
      { from: "engine/compile/problem.ts", to: "engine/model/sign.ts", reexport: true },
      { from: "engine/model/mod.ts", to: "engine/model/sign.ts", reexport: true },
    ];
    expect(layeringViolations(rules, [...files, "engine/model/mod.ts"], edges, [])).toEqual([
      "engine/compile/problem.ts → engine/model/sign.ts: re-exports, which only a folder's mod.ts or a public entry does",
    ]);
    expect(reexportSpecifiers(`export { a } from "./a.ts";\nexport * as b from "./b.ts";\nexport type { C } from "../c.ts";\nimport { d } from "./d.ts";\nexport { d };`)).toEqual(["./a.ts", "./b.ts", "../c.ts"]);
  });

  it("a folder that may import only the public entries imports nothing else; entries may re-export", () => {
    const withEntries: FolderRule[] = [...rules, { folder: "engine/api/", mayImport: ["engine/model/"] }, { folder: "examples/", mayImport: [ENTRIES] }, { folder: "./", mayImport: ["engine/api/"] }];
    const entries = ["mod.ts", "engine/api/solver.ts"];
    const edges = [
      { from: "examples/a.ts", to: "engine/api/solver.ts" },
      { from: "examples/a.ts", to: "engine/model/model.ts" },
      { from: "mod.ts", to: "engine/api/solver.ts", reexport: true },
      { from: "engine/api/solver.ts", to: "engine/model/model.ts", reexport: true },
    ];
    expect(layeringViolations(withEntries, ["examples/a.ts", "mod.ts", "engine/api/solver.ts"], edges, [], entries)).toEqual([
      `examples/a.ts → engine/model/model.ts: examples/ may not import engine/model/ (only ${ENTRIES}: mod.ts, engine/api/solver.ts)`,
    ]);
    expect(publicEntries(JSON.stringify({ exports: { ".": "./mod.ts", "./solver": "./engine/api/solver.ts" } }))).toEqual(entries);
  });

  it("a file belongs to the most specific folder of the table", () => {
    const nested: FolderRule[] = [...rules, { folder: "engine/model/deep/", mayImport: ["engine/files/", "engine/model/", "engine/compile/"] }];
    const edge = { from: "engine/model/deep/x.ts", to: "engine/compile/problem.ts" };
    expect(layeringViolations(nested, ["engine/model/deep/x.ts"], [edge], [])).toEqual([]);
    expect(layeringViolations(rules, ["engine/model/deep/x.ts"], [edge], [])).toHaveLength(1);
  });

  it("reads imports at the start of a line and dynamic imports, not examples in comments", () => {
    const src = [
      `import { a } from "./a.ts";`,
      `import type { B } from "../b.ts";`,
      `export { c } from "./c.ts";`,
      `export * from "./d.ts";`,
      `import "./side.ts";`,
      `import {\n  e,\n  f,\n} from "./ef.ts";`,
      `import { z } from "zod";`,
      ` * import { g } from "./in_doc_comment.ts";`,
      `// const h = await import("./in_line_comment.ts");`,
      `const i = await import("./dynamic.ts");`,
    ].join("\n");
    expect(importSpecifiers(src).sort()).toEqual(["../b.ts", "./a.ts", "./c.ts", "./d.ts", "./dynamic.ts", "./ef.ts", "./side.ts"]);
  });

  it("reads the folder table and refuses a malformed row", () => {
    const table = [
      "| folder | holds | may import |",
      "|---|---|---|",
      "| `engine/files/` | ground | — |",
      "| `engine/model/` | model | `engine/files/` |",
      "| `cli/` | the command | any |",
    ].join("\n");
    expect(readRuleTable(table)).toEqual([
      { folder: "engine/files/", mayImport: [] },
      { folder: "engine/model/", mayImport: ["engine/files/"] },
      { folder: "cli/", mayImport: "any" },
    ]);
    expect(() => readRuleTable(table + "\n| `engine/x/` | x | engine/model |")).toThrow(RuleTableError);
    expect(() => readRuleTable(table + "\n| `engine/x/` | x | `engine/nowhere/` |")).toThrow(/engine\/x\/ may import engine\/nowhere\/, which has no row/);
    expect(() => readRuleTable(table + "\n| `cli/` | again | any |")).toThrow(/cli\/ has a second row/);
  });
});
