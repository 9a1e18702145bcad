// Builds the standalone `mech` binary with `deno compile`. The project keeps a
// node_modules directory, which deno compile would embed whole (the Deno binary, the
// AssemblyScript toolchain, vitest …: some 300 MB); only the runtime dependencies of
// package.json are needed, so everything else is excluded.
//
// deno compile builds the binary around `denort`, Deno's runtime without the tooling,
// which it downloads for its own version. Where that download fails (no network), this
// script says how to supply one through DENORT_BIN instead of passing on deno's error.
//
// Before compiling it runs the preflight (cli/compile_preflight.ts) on the entry
// point's module graph; `--preflight` runs only that, which works without denort.
import { type GraphModule, packageOf, type PreflightInput, preflightProblems, workerModules } from "./compile_preflight.ts";

/**
 * The environment variables the binary may read: colour and width (the argument
 * parser's help), HOME and XDG_CACHE_HOME (the response cache's default directory),
 * MECHBENCH_* (MECHBENCH_CACHE_DIR) and OPENAI_* (the default API key variable and
 * the settings the `openai` client reads). `--api-key-env` can name another
 * variable of the last two prefixes.
 */
export const BINARY_ENV = ["NO_COLOR", "FORCE_COLOR", "NODE_DISABLE_COLORS", "COLUMNS", "HOME", "XDG_CACHE_HOME", "MECHBENCH_*", "OPENAI_*"];

/**
 * The permissions deno compile bakes into the binary. Read and write are not scoped:
 * the commands read and write paths the user names (mechanism and problem files,
 * benchmark and run directories, reports, the response cache). Nor is net:
 * `mech eval` and `mech physment run` call whatever endpoint --base-url names, and
 * `mech baseline serve` listens on --host/--port. No subprocesses, no system
 * information.
 */
export const BINARY_PERMISSIONS = ["--allow-read", "--allow-write", "--allow-net", `--allow-env=${BINARY_ENV.join(",")}`];

/** Why deno compile could not set up denort, read from its standard error. */
export type DenortFailure =
  | { kind: "download"; url: string | null; cause: string }
  | { kind: "missing"; path: string; cause: string };

// deno colours its messages even into a pipe
// deno-lint-ignore no-control-regex
const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

/** The innermost "Caused by" entry of deno's error report (before any backtrace), or else its error line. */
function innermostCause(text: string): string {
  const report = text.split("Stack backtrace:")[0];
  const causes = [...report.matchAll(/^\s+\d+: (.+)$/gm)].map((m) => m[1].trim());
  return causes.at(-1) ?? /^error: (.+)$/m.exec(report)?.[1].trim() ?? "";
}

/**
 * Recognises deno compile's failure to obtain denort: a download that failed (no
 * network, refused, not found) or a DENORT_BIN naming a file that is not there.
 * Anything else is null (the caller passes deno's own message on).
 */
export function denortFailure(stderr: string): DenortFailure | null {
  const text = stripAnsi(stderr);
  if (!/^error: /m.test(text)) return null;
  const missing = /Could not find denort at '([^']*)'/.exec(text);
  if (missing) return { kind: "missing", path: missing[1], cause: innermostCause(text) };
  const request = /error sending request for url \((\S*denort-[^)\s]*)\)/.exec(text);
  const download = /^Download (\S*denort-\S*)/m.exec(text);
  if (request || (download && /Setting up base binary|Download could not be found/.test(text))) {
    return { kind: "download", url: request?.[1] ?? download?.[1] ?? null, cause: innermostCause(text) };
  }
  return null;
}

/** What to do about a denort failure, for a Deno version and target (`deno --version`, Deno.build.target). */
export function denortAdvice(f: DenortFailure, version: string, target: string): string {
  const asset = `denort-${target}.zip`;
  const release = `https://github.com/denoland/deno/releases/download/v${version}/${asset}`;
  const head = f.kind === "missing"
    ? `npm run compile: DENORT_BIN names ${f.path}, which cannot be read (${f.cause}).`
    : `npm run compile: deno compile could not download denort, the runtime the binary is built around${f.url ? ` (${f.url})` : ""}: ${f.cause}.`;
  return [
    head,
    `Set DENORT_BIN to a denort binary of the same Deno version as this project's, ${version} (\`npx deno --version\`):`,
    `  1. on a machine with network access, download the release asset ${asset} of Deno v${version}:`,
    `     ${release}`,
    `  2. unzip it and copy the denort binary in it to this machine (chmod +x denort)`,
    `  3. DENORT_BIN=path/to/denort npm run compile`,
  ].join("\n");
}

const encoder = new TextEncoder();
function write(s: string) {
  const bytes = encoder.encode(s);
  for (let n = 0; n < bytes.length;) n += Deno.stderr.writeSync(bytes.subarray(n));
}

const ENTRY = "cli/main.ts";
const root = new URL("../", import.meta.url);
const rel = (path: string) => path.slice(decodeURIComponent(root.pathname).length);
const readText = (path: string) => Deno.readTextFileSync(new URL(path, root));
const exists = (path: string) => {
  try {
    Deno.statSync(new URL(path, root));
    return true;
  } catch {
    return false;
  }
};
const filesIn = (dir: string, test: (name: string) => boolean) =>
  [...Deno.readDirSync(new URL(dir, root))].filter((e) => test(e.name)).map((e) => `${dir}${e.name}`).sort();

/** The preflight's inputs: the entry's module graph (`deno info --json`), package.json, the assets and their sources. */
async function gatherPreflight(): Promise<PreflightInput> {
  const info = await new Deno.Command(Deno.execPath(), { args: ["info", "--json", ENTRY], cwd: root, stdin: "null", stdout: "piped", stderr: "piped" }).output();
  if (!info.success) throw new Error(`deno info ${ENTRY} failed: ${new TextDecoder().decode(info.stderr).trim()}`);
  const graph = JSON.parse(new TextDecoder().decode(info.stdout)) as { modules: GraphModule[] };
  const modules = new Map<string, string>();
  const packages = new Set<string>();
  const unresolved: { specifier: string; error: string }[] = [];
  for (const m of graph.modules) {
    if (m.error) unresolved.push({ specifier: m.specifier, error: m.error });
    if (!m.local) continue;
    const pkg = packageOf(m.local);
    if (pkg) packages.add(pkg);
    else modules.set(rel(m.local), Deno.readTextFileSync(m.local));
  }
  const pkgJson = JSON.parse(readText("package.json")) as { dependencies?: Record<string, string> };
  const scenes = filesIn("scenes/", (n) => /^Scene\d+$/.test(n));
  const requiredAssets = [
    "engine/solve/wasm/release.gen.ts",
    "scenes/scenes.gen.ts",
    ...filesIn("catalog/components/", (n) => n.endsWith(".json")),
    ...filesIn("catalog/mechanisms/", (n) => n.endsWith(".json")),
    ...scenes.map((d) => `${d}/reference.ts`),
  ];
  const workers = [...new Set([...modules].flatMap(([path, text]) => workerModules(path, text)))].sort();
  return {
    entry: ENTRY,
    workers,
    modules,
    unresolved,
    packages: [...packages].sort(),
    runtimeDependencies: Object.keys(pkgJson.dependencies ?? {}),
    permissions: BINARY_PERMISSIONS,
    requiredAssets,
    freshness: [await kernelFreshness(), ...await sceneFreshness(scenes)],
  };
}

/** The embedded kernel equals the built one. */
async function kernelFreshness() {
  const source = "assembly/build/release.wasm";
  const asset = "engine/solve/wasm/release.gen.ts";
  if (!exists(source) || !exists(asset)) return { asset, source, current: false };
  const { RELEASE_WASM_BASE64 } = await import(new URL(asset, root).href) as { RELEASE_WASM_BASE64: string };
  const built = Deno.readFileSync(new URL(source, root));
  const embedded = Uint8Array.from(atob(RELEASE_WASM_BASE64), (c) => c.charCodeAt(0));
  return { asset, source, current: embedded.length === built.length && embedded.every((b, i) => b === built[i]) };
}

/** Every scene directory's files are embedded as they are on disk. */
async function sceneFreshness(dirs: readonly string[]) {
  const asset = "scenes/scenes.gen.ts";
  if (!exists(asset)) return [{ asset, source: "scenes/SceneN/", current: false }];
  const { SCENE_TEXTS } = await import(new URL(asset, root).href) as { SCENE_TEXTS: Record<number, { json: string; xml: string }> };
  return dirs.map((d) => {
    const n = Number(d.slice("scenes/Scene".length));
    const t = SCENE_TEXTS[n];
    const current = t !== undefined && t.json === readText(`${d}/scene${n}.json`) && t.xml === readText(`${d}/scene${n}.xml`);
    return { asset, source: `${d}/`, current };
  });
}

/** The --exclude flags that keep all but the runtime dependencies out of the binary. */
function excludeFlags(): string[] {
  const pkg = JSON.parse(readText("package.json"));
  const runtime = new Set(Object.keys(pkg.dependencies ?? {}));
  const keep = (name: string) => [...runtime].some((dep) => dep === name || dep.startsWith(name + "/"));
  const excludes: string[] = [];
  for (const entry of Deno.readDirSync(new URL("node_modules/", root))) {
    if (entry.name.startsWith("@") && entry.isDirectory) {
      for (const sub of Deno.readDirSync(new URL(`node_modules/${entry.name}/`, root))) {
        if (!keep(`${entry.name}/${sub.name}`)) excludes.push(`--exclude=node_modules/${entry.name}/${sub.name}`);
      }
    } else if (!keep(entry.name)) {
      excludes.push(`--exclude=node_modules/${entry.name}`);
    }
  }
  return excludes;
}

/**
 * Runs deno compile. Its progress lines pass through as they come; from its first
 * "error:" line on, its standard error is held back, and a denort failure is replaced
 * by what to do about it (deno's report and Rust backtrace are not shown).
 */
async function main(): Promise<number> {
  const input = await gatherPreflight();
  const problems = preflightProblems(input);
  if (problems.length) {
    write(`npm run compile: the binary would not work as built:\n${problems.map((p) => `  - ${p}`).join("\n")}\n`);
    return 1;
  }
  if (Deno.args.includes("--preflight")) {
    console.log(`preflight: ${input.entry} reaches ${input.modules.size} project modules and ${input.packages.length} packages (${input.packages.join(", ")}), all kept in the binary; ${input.workers.length} worker modules included; ${input.requiredAssets.length} assets embedded and current; permissions ${BINARY_PERMISSIONS.join(" ")}`);
    return 0;
  }
  // [OUTPUT] and flags for deno compile (e.g. --no-check)
  const flags = Deno.args.filter((a) => a.startsWith("-") && a !== "--preflight");
  const output = Deno.args.find((a) => !a.startsWith("-")) ?? "dist/mech";
  const args = ["compile", ...BINARY_PERMISSIONS, ...flags, ...excludeFlags(), ...input.workers.map((w) => `--include=${w}`), "--output", output, "cli/main.ts"];
  const child = new Deno.Command(Deno.execPath(), { args, stdin: "null", stdout: "inherit", stderr: "piped" }).spawn();
  let held = "";
  let pending = "";
  for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
    if (held) {
      held += chunk;
      continue;
    }
    pending += chunk;
    let nl: number;
    while (!held && (nl = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, nl + 1);
      pending = pending.slice(nl + 1);
      if (stripAnsi(line).startsWith("error:")) held = line;
      else write(line);
    }
    if (held) {
      held += pending;
      pending = "";
    }
  }
  if (pending) held += pending;
  const { code } = await child.status;
  if (code === 0) {
    write(held);
    return 0;
  }
  const failure = denortFailure(held);
  if (!failure) {
    write(held);
    return code;
  }
  write(denortAdvice(failure, Deno.version.deno, Deno.build.target) + "\n");
  return 1;
}

if (import.meta.main) Deno.exit(await main());
