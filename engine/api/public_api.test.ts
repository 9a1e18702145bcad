// The public entries (deno.json `exports`) as JSR sees them: for each entry, the
// documentation lint passes, every exported function and class has an @example, and every
// @example of the entry's modules passes as a test; the package publishes (no slow types,
// every module the entries reach is in it, no tests, CLI, benches, examples or docs); and
// each zod schema's explicit type is exactly the type of the schema it annotates, so the
// schemas stay the one source of the record types. Everything runs the deno binary, so it
// runs the same under Node and under Deno.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DENO = join(ROOT, "node_modules", ".bin", "deno");
const denoJson = JSON.parse(readFileSync(join(ROOT, "deno.json"), "utf8")) as { exports: Record<string, string> };
const entries = Object.entries(denoJson.exports).map(([key, file]) => ({ key, file: file.replace(/^\.\//, "") }));
/** Generous: each command type-checks the entries' whole module graph on a shared machine. */
const LIMIT_MS = 600_000;

interface Ran {
  code: number | null;
  out: string;
  err: string;
}

/** `deno ARGS…` from the repository's root, without colours. */
function deno(args: readonly string[]): Promise<Ran> {
  const child = spawn(DENO, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
  let out = "", err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), LIMIT_MS);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    })
  );
}

/** The repository's own files (relative paths) in the module graph of `files`. */
async function localGraph(files: readonly string[]): Promise<Set<string>> {
  const local = new Set<string>();
  for (const file of files) {
    const r = await deno(["info", "--json", file]);
    expect(r.code, `deno info ${file}: ${r.err.slice(-2000)}`).toBe(0);
    for (const m of (JSON.parse(r.out) as { modules: { specifier: string }[] }).modules) {
      if (!m.specifier.startsWith("file://")) continue;
      const path = relative(ROOT, fileURLToPath(m.specifier));
      if (!path.startsWith("..") && !path.split(/[\\/]/).includes("node_modules")) local.add(path);
    }
  }
  return local;
}

interface Diagnostic {
  code: string;
  /** The first line: `error[code]: message`. */
  head: string;
  /** `path:line:col` of the symbol it is about. */
  at: string;
  /** For private-type-ref: the referenced declaration's line number and text. */
  referenced?: { line: number; text: string };
}

/** `deno doc --lint`'s diagnostics, parsed from its text output. */
function parseDocLint(text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const block of text.split(/\n(?=error\[)/)) {
    const head = /^error\[([a-z-]+)\]: .*/m.exec(block);
    if (!head) continue;
    const at = /-->\s+(\S+)/.exec(block)?.[1] ?? "?";
    const ref = /^\s*(\d+) \| (.*)\n\s*\| - this is the referenced type/m.exec(block);
    out.push({ code: head[1], head: head[0], at: relative(ROOT, at), referenced: ref ? { line: Number(ref[1]), text: ref[2] } : undefined });
  }
  return out;
}

/**
 * Whether a private-type-ref points into another package: deno doc reports every type
 * a public signature takes from a dependency (zod's `ZodObject`, `output`, …) as private,
 * since it cannot be exported from our entry (denoland/deno#27364). Those are left out;
 * a reference to one of our own declarations (found at its line in a module of the graph)
 * is an error like any other.
 */
function refersOutside(d: Diagnostic, graph: ReadonlySet<string>, lines: (file: string) => string[]): boolean {
  if (d.code !== "private-type-ref" || !d.referenced) return false;
  const { line, text } = d.referenced;
  for (const file of graph) if (lines(file)[line - 1]?.trimEnd() === text.trimEnd()) return false;
  return true;
}

interface DocNode {
  name: string;
  declarations: { kind: string; location: { filename: string }; jsDoc?: { tags?: { kind: string }[] }; def?: { elements?: DocNode[] } }[];
}

/** Every exported symbol of an entry (namespace members as `ns.name`), from `deno doc --json`. */
async function docSymbols(file: string): Promise<{ name: string; node: DocNode }[]> {
  const r = await deno(["doc", "--json", file]);
  expect(r.code, `deno doc --json ${file}: ${r.err.slice(-2000)}`).toBe(0);
  const nodes = (JSON.parse(r.out) as { nodes: Record<string, { symbols: DocNode[] }> }).nodes;
  const out: { name: string; node: DocNode }[] = [];
  const walk = (list: DocNode[], prefix: string) => {
    for (const node of list) {
      out.push({ name: prefix + node.name, node });
      for (const d of node.declarations) if (d.kind === "namespace" && d.def?.elements) walk(d.def.elements, `${prefix}${node.name}.`);
    }
  };
  for (const m of Object.values(nodes)) walk(m.symbols, "");
  return out;
}

/** Modules whose examples an earlier entry's test ran (the root entry shares its modules with two others). */
const docTested = new Set<string>();

describe.each(entries)("the $key entry ($file)", ({ file }) => {
  it("passes deno doc --lint (types of other packages aside)", async () => {
    const r = await deno(["doc", "--lint", file]);
    const graph = await localGraph([file]);
    const cache = new Map<string, string[]>();
    const lines = (f: string) => cache.get(f) ?? cache.set(f, readFileSync(join(ROOT, f), "utf8").split("\n")).get(f)!;
    const diagnostics = parseDocLint(r.err + r.out);
    const problems = diagnostics.filter((d) => !refersOutside(d, graph, lines)).map((d) => `${d.at}: ${d.head}`);
    expect(problems, `deno doc --lint ${file}:\n${problems.join("\n")}`).toEqual([]);
    if (r.code !== 0) expect(diagnostics.length, `deno doc --lint ${file} failed without a diagnostic:\n${r.err.slice(-3000)}`).toBeGreaterThan(0);
  }, LIMIT_MS);

  it("has an @example on every exported function and class", async () => {
    const missing = (await docSymbols(file))
      .filter(({ node }) => node.declarations.some((d) => d.kind === "function" || d.kind === "class"))
      .filter(({ node }) => !node.declarations.some((d) => d.jsDoc?.tags?.some((t) => t.kind === "example")))
      .map(({ name, node }) => `${name} (${relative(ROOT, fileURLToPath(node.declarations[0].location.filename))})`);
    expect(missing, `functions and classes of ${file} without an @example:\n${missing.join("\n")}`).toEqual([]);
  }, LIMIT_MS);

  // the modules an earlier entry's test ran are not run again (a filtered run runs them all)
  it("passes deno test --doc on the entry and every module whose symbols it exports", async () => {
    const files = new Set([file]);
    for (const { node } of await docSymbols(file)) {
      for (const d of node.declarations) {
        if (!d.location.filename.startsWith("file://")) continue;
        const path = relative(ROOT, fileURLToPath(d.location.filename));
        if (!path.startsWith("..") && !path.split(/[\\/]/).includes("node_modules")) files.add(path);
      }
    }
    const fresh = [...files].filter((f) => !docTested.has(f)).sort();
    for (const f of fresh) docTested.add(f);
    if (fresh.length) {
      const r = await deno(["test", "--doc", "-A", "--no-prompt", ...fresh]);
      expect(r.code, `deno test --doc over ${fresh.length} modules of ${file}:\n${(r.out + r.err).slice(-6000)}`).toBe(0);
    }
  }, LIMIT_MS);
});

describe("the package", () => {
  it("publishes: deno publish --dry-run passes and holds the entries' graph, without tests, CLI, benches, examples or docs", async () => {
    const r = await deno(["publish", "--dry-run", "--allow-dirty"]);
    expect(r.code, `deno publish --dry-run:\n${(r.out + r.err).slice(-6000)}`).toBe(0);
    const published = new Set(
      [...(r.out + r.err).matchAll(/^\s+(file:\/\/\S+)/gm)].map((m) => relative(ROOT, fileURLToPath(m[1]))),
    );
    const graph = await localGraph(entries.map((e) => e.file));
    const absent = [...graph].filter((f) => !published.has(f)).sort();
    expect(absent, "modules the entries reach that the package leaves out").toEqual([]);
    const unwanted = [...published].filter((f) => /(\.test\.ts|\.test_support\.ts)$/.test(f) || /^(cli|bench|examples|docs|npm|assembly|deploy)\//.test(f)).sort();
    expect(unwanted, "files the package must not hold").toEqual([]);
  }, LIMIT_MS);
});

describe("zod schemas in the public API", () => {
  it("are annotated with exactly the type of the schema they hold", () => {
    const program = ts.createProgram(entries.map((e) => join(ROOT, e.file)), {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      resolveJsonModule: true,
      noEmit: true,
      strict: true,
      skipLibCheck: true,
      types: [],
    });
    const checker = program.getTypeChecker();
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const sf of program.getSourceFiles()) {
      if (sf.isDeclarationFile || relative(ROOT, sf.fileName).startsWith("..") || sf.fileName.includes("/node_modules/")) continue;
      for (const stmt of sf.statements) {
        if (!ts.isVariableStatement(stmt) || !stmt.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
        for (const d of stmt.declarationList.declarations) {
          if (!d.type || !d.initializer || !/^z\.Zod/.test(d.type.getText(sf))) continue;
          const declared = checker.getTypeFromTypeNode(d.type);
          const actual = checker.getTypeAtLocation(d.initializer);
          const where = `${relative(ROOT, sf.fileName)}: ${d.name.getText(sf)}`;
          checked.push(where);
          // the compiler checks schema → annotation; the other direction catches an annotation
          // that leaves out or widens what the schema holds
          if (!checker.isTypeAssignableTo(declared, actual) || !checker.isTypeAssignableTo(actual, declared)) wrong.push(where);
        }
      }
    }
    expect(checked.length, "annotated schemas found").toBeGreaterThan(20);
    expect(wrong, `explicit types that differ from their schema's:\n${wrong.join("\n")}`).toEqual([]);
  }, LIMIT_MS);
});
