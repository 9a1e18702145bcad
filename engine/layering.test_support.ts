// The layering rules of docs/architecture.md as data, the import graph of the source
// tree, and the check of one against the other. docs/architecture.md's folder table is
// the only place the rules are written; this module reads it rather than keeping a copy.
import { readdirSync, readFileSync } from "node:fs";
import { posix } from "node:path";

/**
 * One row of the folder table: a folder (ending in "/"; "./" is the repository's root
 * files), and the folders it may import. ENTRIES among them stands for the public entries
 * (the files deno.json exports), which such a folder may import wherever they live.
 */
export interface FolderRule {
  folder: string;
  mayImport: string[] | "any";
}

/** The may-import cell's words for the public entries. */
export const ENTRIES = "the public entries";

/** An import of one source file by another, both relative to the repository root. */
export interface ImportEdge {
  from: string;
  to: string;
  /** The import re-exports names (`export … from`). */
  reexport?: boolean;
}

export class RuleTableError extends Error {
  override name = "RuleTableError";
}

const FOLDER = /^`((?:\.|[a-z_/]+)\/)`$/;

/**
 * The folder table of docs/architecture.md: rows whose first cell is a backticked folder
 * ending in "/" and whose third cell lists backticked folders, "—" (none) or "any".
 */
export function readRuleTable(markdown: string, file = "docs/architecture.md"): FolderRule[] {
  const rules: FolderRule[] = [];
  markdown.split("\n").forEach((line, i) => {
    if (!line.startsWith("| `")) return;
    const cells = line.split("|").slice(1, -1).map((c) => c.trim());
    const m = FOLDER.exec(cells[0]);
    if (!m) return;
    if (cells.length !== 3) throw new RuleTableError(`${file}:${i + 1}: a folder row has three cells (folder | holds | may import), found ${cells.length}`);
    const allowed = cells[2];
    let mayImport: FolderRule["mayImport"];
    if (allowed === "any") mayImport = "any";
    else if (allowed === "—") mayImport = [];
    else {
      mayImport = allowed.split(",").map((s) => s.trim()).map((s) => {
        if (s === ENTRIES) return ENTRIES;
        const f = FOLDER.exec(s);
        if (!f) throw new RuleTableError(`${file}:${i + 1}: "${s}" in the may-import cell is not a backticked folder ending in "/"`);
        return f[1];
      });
    }
    if (rules.some((r) => r.folder === m[1])) throw new RuleTableError(`${file}:${i + 1}: ${m[1]} has a second row`);
    rules.push({ folder: m[1], mayImport });
  });
  for (const r of rules) {
    if (r.mayImport === "any") continue;
    for (const f of r.mayImport) if (f !== ENTRIES && !rules.some((o) => o.folder === f)) throw new RuleTableError(`${file}: ${r.folder} may import ${f}, which has no row`);
  }
  return rules;
}

/** Test files and test support: they may import anything and nothing may import them. */
export const isTestFile = (path: string): boolean => /\.test(_support)?\.ts$/.test(path);

// Static imports and re-exports at the start of a line (so examples inside comments are not
// read), and dynamic imports of a string literal anywhere outside a comment line.
const STATIC = /^(?:import|export)\s+(?:type\s+)?(?:[\w*{][^;]*?\s+from\s+)?"([^"]+)"/gm;
const DYNAMIC = /^(?![ \t]*(?:\/\/|\*)).*?\bimport\(\s*"([^"]+)"\s*\)/gm;

const REEXPORT = /^export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+"([^"]+)"/gm;

/** The relative specifiers a file's source re-exports from (`export … from "…"`). */
export function reexportSpecifiers(source: string): string[] {
  return [...source.matchAll(REEXPORT)].map((m) => m[1]).filter((s) => s.startsWith("."));
}

/** The relative imports of one file's source text, as written. */
export function importSpecifiers(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(STATIC)) out.push(m[1]);
  for (const m of source.matchAll(DYNAMIC)) out.push(m[1]);
  return out.filter((s) => s.startsWith("."));
}

/** Every TypeScript file under the given folders of `root`, as paths relative to it. */
export function sourceFiles(root: string, folders: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(posix.join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith(".ts")) out.push(path);
    }
  };
  for (const f of folders) walk(f.replace(/\/$/, ""));
  return out.sort();
}

/** The import edges of `files` (paths relative to `root`), each once. */
export function importGraph(root: string, files: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    const source = readFileSync(posix.join(root, from), "utf8");
    const resolve = (spec: string) => posix.join(posix.dirname(from), spec);
    const reexported = new Set(reexportSpecifiers(source).map(resolve));
    for (const to of new Set(importSpecifiers(source).map(resolve))) edges.push(reexported.has(to) ? { from, to, reexport: true } : { from, to });
  }
  return edges;
}

/** The most specific folder of the table that holds `path`, or undefined ("./" holds the root's own files). */
export function folderOf(rules: FolderRule[], path: string): FolderRule | undefined {
  if (!path.includes("/")) return rules.find((r) => r.folder === "./");
  let best: FolderRule | undefined;
  for (const r of rules) if (r.folder !== "./" && path.startsWith(r.folder) && (!best || r.folder.length > best.folder.length)) best = r;
  return best;
}

/** The files deno.json's `exports` names, relative to the root ("./mod.ts" → "mod.ts"). */
export function publicEntries(denoJson: string): string[] {
  const exports = (JSON.parse(denoJson) as { exports?: string | Record<string, string> }).exports ?? {};
  const paths = typeof exports === "string" ? [exports] : Object.values(exports);
  return paths.map((p) => posix.normalize(p));
}

/**
 * Every import against the rules, as "from → to: why". Test files are exempt as importers.
 * Besides the table: production code imports no test file, only a mod.ts re-exports
 * (`export … from`: elsewhere it hides where a name lives), and a folder with a mod.ts is
 * imported from outside only through it (`modFolders`: the folders that have one; a
 * deeper folder with a row of its own is not part of it).
 */
export function layeringViolations(rules: FolderRule[], files: string[], edges: ImportEdge[], modFolders: string[], entries: string[] = []): string[] {
  const out: string[] = [];
  for (const f of files) {
    if (!isTestFile(f) && !folderOf(rules, f)) out.push(`${f}: in no folder of the table`);
  }
  for (const { from, to, reexport } of edges) {
    if (isTestFile(from)) continue;
    const edge = `${from} → ${to}`;
    if (reexport && !from.endsWith("/mod.ts") && !entries.includes(from)) out.push(`${edge}: re-exports, which only a folder's mod.ts or a public entry does`);
    if (isTestFile(to)) {
      out.push(`${edge}: production code imports a test file`);
      continue;
    }
    const src = folderOf(rules, from), dst = folderOf(rules, to);
    if (!src) continue; // reported above
    if (!dst) {
      out.push(`${edge}: ${to} is in no folder of the table`);
      continue;
    }
    const viaEntry = src.mayImport !== "any" && src.mayImport.includes(ENTRIES) && entries.includes(to);
    if (src !== dst && src.mayImport !== "any" && !src.mayImport.includes(dst.folder) && !viaEntry) {
      out.push(`${edge}: ${src.folder} may not import ${dst.folder}${src.mayImport.includes(ENTRIES) ? ` (only ${ENTRIES}: ${entries.join(", ")})` : ""}`);
    }
    for (const m of modFolders) {
      const inside = to.startsWith(m) && dst.folder.length <= m.length;
      if (inside && !from.startsWith(m) && to !== `${m}mod.ts` && !viaEntry) out.push(`${edge}: ${m} is imported only through ${m}mod.ts`);
    }
  }
  return out;
}
