// Every command that reads or writes only the paths the user names works as the single
// binary runs it: with the binary's permissions, except that reading and writing are
// narrowed to one directory outside the project, run from that directory. A command
// that read one of the project's own files at run time (the catalog, the scenes, the
// kernels, a template) would fail here, as it would from the binary, which has no
// project files beside it.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BINARY_PERMISSIONS } from "./compile.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const deno = join(root, "node_modules", ".bin", "deno");

describe("the commands under the binary's permissions, reads and writes confined to the user's directory", () => {
  it("generate, verify, eval, score, report, simulate, solve, compile, validate, baseline answers and PhysMent run, score, report and verify", () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "mech-binary-")));
    try {
      const permissions = BINARY_PERMISSIONS.map((p) => (p === "--allow-read" || p === "--allow-write" ? `${p}=${dir}` : p));
      expect(permissions.filter((p) => p.startsWith("--allow-read=") || p.startsWith("--allow-write="))).toHaveLength(2);
      const mech = (...args: string[]) => {
        const r = spawnSync(deno, ["run", ...permissions, join(root, "cli", "main.ts"), ...args], {
          cwd: dir,
          encoding: "utf8",
          maxBuffer: 256 * 1024 * 1024,
          env: { ...process.env, NO_COLOR: "1", HOME: dir, XDG_CACHE_HOME: join(dir, "cache") },
        });
        return { args: args.join(" "), code: r.status ?? r.signal, err: r.stderr.split("\n").filter((l) => !/^\[\d+\/\d+\]/.test(l)).join("\n") };
      };
      copyFileSync(join(root, "catalog", "mechanisms", "mechanics_damper.json"), join(dir, "damper.json"));
      const runs = [
        mech("list"),
        mech("solve", "mechanics_damper", "--limit", "1"),
        mech("validate", "damper.json"),
        mech("compile", "damper.json", "--state", "mass1=MOVING_NEGATIVE"),
        mech("simulate", "mechanics_damper", "--horizon", "1"),
        // one job: a Web Worker's modules are read from disk under deno run, which this narrowed
        // read forbids, while the binary embeds them (--include; the compile preflight checks it)
        mech("generate", "--mechanisms", "mechanics_damper,thermal_two_masses", "--per-level", "1", "--out", "tasks", "--jobs", "1"),
        mech("tasks", "verify", "tasks", "--jobs", "1"),
        mech("eval", "--tasks", "tasks", "--model", "baseline:replay", "--out", "replay"),
        mech("eval", "score", "replay"),
        mech("eval", "report", "replay", "--out", "report.html"),
        mech("baseline", "answer", "--tasks", "tasks", "--jobs", "1"),
        mech("physment", "verify", "--scenes", "7-9"),
        mech("physment", "run", "--reference", "--scenes", "7-8", "--budgets", "5", "--out", "pm"),
        mech("physment", "score", "pm"),
        mech("physment", "report", "pm"),
      ];
      expect(runs.filter((r) => r.code !== 0)).toEqual([]);
      for (const f of ["tasks/manifest.json", "replay", "report.html", "pm/report.html"]) expect(existsSync(join(dir, f))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
