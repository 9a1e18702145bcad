// Start-up cost of the mech CLI: each case spawns one `deno run` process; the baseline
// is `deno run` of an empty program, so the ratios deno bench prints are what the CLI
// adds before doing its work.
//   npx deno bench --allow-read --allow-env --allow-run bench/startup_bench.ts
const granted = Deno.permissions.querySync({ name: "run" }).state === "granted";
const deno = Deno.execPath();
const mech = ["run", "--allow-read", "--allow-env", "cli/main.ts"];

if (!granted) {
  console.log("bench/startup_bench.ts: skipped (spawning processes needs --allow-run)");
} else {
  // one small compiled problem, the shape `mech compile --json` prints, for `mech solve --problem -`
  const compiled = new Deno.Command(deno, { args: [...mech, "compile", "thermal_two_masses", "--state", "mass1=COOLING", "--state", "mass2=HEATING", "--state", "conduction=FORWARD_HEAT_FLOW", "--json"], stdout: "piped" }).outputSync();
  const problem = new TextDecoder().decode(compiled.stdout).split("\n")[0] + "\n";
  const run = (args: string[], stdin?: string) => async () => {
    const child = new Deno.Command(deno, { args, stdin: stdin === undefined ? "null" : "piped", stdout: "null", stderr: "null" }).spawn();
    if (stdin !== undefined) {
      const w = child.stdin.getWriter();
      await w.write(new TextEncoder().encode(stdin));
      await w.close();
    }
    const status = await child.status;
    if (!status.success) throw new Error(`${args.join(" ")} exited ${status.code}`);
  };
  Deno.bench({ name: "deno run: an empty program", group: "startup", baseline: true, n: 10, warmup: 2, fn: run(["run", "bench/empty_program.ts"]) });
  Deno.bench({ name: "mech --help", group: "startup", n: 10, warmup: 2, fn: run([...mech, "--help"]) });
  Deno.bench({ name: "mech list", group: "startup", n: 10, warmup: 2, fn: run([...mech, "list"]) });
  Deno.bench({ name: "mech solve --problem - (one small problem)", group: "startup", n: 10, warmup: 2, fn: run([...mech, "solve", "--problem", "-"], problem) });
}
