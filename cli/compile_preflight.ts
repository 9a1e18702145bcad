// The compile step's preflight: what the binary needs, checked from the module graph of
// its entry point before deno compile runs (and on its own where no denort is at hand).
// deno compile embeds exactly the modules the graph reaches (and the npm packages kept
// in), so a binary that compiles can still fail at run time when a module reads one of
// the project's files by path, reads an environment variable it was not granted, or
// imports a package the compile step excluded. Each of those is a problem found here.
//
// `preflightProblems` is pure (its inputs gathered by `gatherPreflight`), so the
// tests feed it broken inputs as well as the real ones.

/** One module of `deno info --json`. */
export interface GraphModule {
  specifier: string;
  /** Its file, for modules on disk. */
  local?: string;
  error?: string;
}

export interface PreflightInput {
  /** The entry point, relative to the project root. */
  entry: string;
  /** Project-relative paths (forward slashes) of the graph's modules outside node_modules, with their text. */
  modules: ReadonlyMap<string, string>;
  /** Modules deno could not resolve or load: specifier and its error. */
  unresolved: readonly { specifier: string; error: string }[];
  /** npm packages the graph reaches (names, scoped ones with their scope). */
  packages: readonly string[];
  /** package.json's runtime dependencies (what the compile step keeps in the binary). */
  runtimeDependencies: readonly string[];
  /** The permissions baked into the binary. */
  permissions: readonly string[];
  /** Project files that must be embedded: each must be a module of the graph. */
  requiredAssets: readonly string[];
  /** Embedded copies that must equal their sources (a stale generated module): what, and whether it is current. */
  freshness: readonly { asset: string; source: string; current: boolean }[];
  /** Worker modules the compile step embeds with --include (project-relative paths). */
  workers: readonly string[];
}

/** Permissions the binary must never hold: it runs no subprocess, loads no native code, reads no system information. */
const FORBIDDEN = ["-A", "--allow-all", "--allow-run", "--allow-ffi", "--allow-sys", "--allow-hrtime", "--allow-import"];

// `import.meta.main` is how a script knows it is the entry; the others locate files on disk
const LOCATES_FILES = /import\.meta\.(url|dirname|filename|resolve)\b/;
// a Web Worker's module next to the code: embedded with --include, so the binary has it
const WORKER_URL = /new URL\("\.\/([a-z_]+_worker\.ts)", import\.meta\.url\)/g;

/** The worker modules a module names (WORKER_URL), as project-relative paths. */
export function workerModules(path: string, text: string): string[] {
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "";
  return [...text.matchAll(WORKER_URL)].map((m) => dir + m[1]);
}
// an environment variable read by name: env("X"), Deno.env.get("X"), process.env.X / ["X"]
const ENV_READ = /\benv(?:\.get)?\(\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*\)|process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*\])/g;

/** The --allow-env list of the permissions (null: not granted; "all": granted unscoped). */
function envGrant(permissions: readonly string[]): string[] | "all" | null {
  for (const p of permissions) {
    if (p === "--allow-env") return "all";
    if (p.startsWith("--allow-env=")) return p.slice("--allow-env=".length).split(",");
  }
  return null;
}

const granted = (grant: string[] | "all" | null, name: string) =>
  grant === "all" || (grant ?? []).some((g) => (g.endsWith("*") ? name.startsWith(g.slice(0, -1)) : g === name));

/** Line number (1-based) of a character offset. */
const lineAt = (text: string, at: number) => text.slice(0, at).split("\n").length;

/** Every reason the binary would not work as built; empty when it would. */
export function preflightProblems(p: PreflightInput): string[] {
  const problems: string[] = [];
  if (!p.modules.has(p.entry)) problems.push(`the entry point ${p.entry} is not in its own module graph (missing file?)`);
  for (const u of p.unresolved) problems.push(`${u.specifier} cannot be loaded: ${u.error}`);

  for (const flag of p.permissions) {
    const name = flag.split("=")[0];
    if (FORBIDDEN.includes(name)) {
      const what = name.startsWith("--allow-") && name !== "--allow-all" ? `${name.slice("--allow-".length)} permission` : "blanket permission";
      problems.push(`the binary would be granted ${flag}; it needs no ${what}`);
    }
  }
  const grant = envGrant(p.permissions);
  if (grant === "all") problems.push("the binary would read every environment variable (--allow-env without a list)");

  const kept = new Set(p.runtimeDependencies);
  for (const pkg of p.packages) {
    if (!kept.has(pkg)) problems.push(`the graph imports ${pkg}, which is not a runtime dependency in package.json: the compile step leaves it out of the binary`);
  }

  for (const [path, text] of p.modules) {
    for (const w of workerModules(path, text)) if (!p.workers.includes(w)) problems.push(`${path}: starts the worker ${w}, which the compile step does not embed (--include)`);
    // a worker's URL is embedded (above); any other use of import.meta locates a file on disk
    const locate = LOCATES_FILES.exec(text.replace(WORKER_URL, ""));
    if (locate) {
      problems.push(`${path}:${lineAt(text, locate.index)}: ${locate[0]} locates a file next to the code; the binary has no project files at run time (import the asset as a module instead)`);
    }
    for (const m of text.matchAll(ENV_READ)) {
      const name = m[1] ?? m[2] ?? m[3];
      if (!granted(grant, name)) problems.push(`${path}:${lineAt(text, m.index)}: reads the environment variable ${name}, which the binary is not granted`);
    }
  }

  for (const asset of p.requiredAssets) {
    if (!p.modules.has(asset)) problems.push(`${asset} is not embedded: no module of the graph imports it`);
  }
  for (const f of p.freshness) {
    if (!f.current) problems.push(`${f.asset} is stale: it does not hold the current ${f.source} (run npm run prepare)`);
  }
  return problems;
}

/** The npm package a node_modules path belongs to. */
export function packageOf(path: string): string | null {
  const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  return m ? m[1] : null;
}
