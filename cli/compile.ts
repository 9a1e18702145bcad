// Builds the standalone `mech` binary with `deno compile`. The project keeps a
// node_modules directory, which deno compile would embed whole (the Deno binary, the
// AssemblyScript toolchain, vitest …: some 300 MB); only the runtime dependencies of
// package.json are needed, so everything else is excluded.
const pkg = JSON.parse(Deno.readTextFileSync(new URL("../package.json", import.meta.url)));
const runtime = new Set(Object.keys(pkg.dependencies ?? {}));
const keep = (name: string) => [...runtime].some((dep) => dep === name || dep.startsWith(name + "/"));
const excludes: string[] = [];
for (const entry of Deno.readDirSync(new URL("../node_modules/", import.meta.url))) {
  if (entry.name.startsWith("@") && entry.isDirectory) {
    for (const sub of Deno.readDirSync(new URL(`../node_modules/${entry.name}/`, import.meta.url))) {
      if (!keep(`${entry.name}/${sub.name}`)) excludes.push(`--exclude=node_modules/${entry.name}/${sub.name}`);
    }
  } else if (!keep(entry.name)) {
    excludes.push(`--exclude=node_modules/${entry.name}`);
  }
}
const output = Deno.args[0] ?? "dist/mech";
const args = [
  "compile",
  "--allow-read",
  "--allow-write",
  "--allow-net",
  "--allow-env",
  ...excludes,
  "--output",
  output,
  "cli/main.ts",
];
const { code } = new Deno.Command(Deno.execPath(), { args, stdout: "inherit", stderr: "inherit" }).outputSync();
Deno.exit(code);
