// `mech compose` as users run it, and a composed catalog through the benchmark's commands:
// generate --catalog, tasks verify --catalog, tasks stats --quality --catalog, baseline answer.
import { describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnMech } from "./cli.test_support.ts";

const temp = () => mkdtempSync(join(tmpdir(), "mech-compose-"));
const mech = async (...args: string[]) => await spawnMech(args).done;
const files = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(join(dir, f), "utf8")]));

describe("mech compose", () => {
  it.each([
    [["--count", "3", "--domains", "thermal,magnetic"], /^mech: --domains: unknown domain "magnetic" \(expected translational, rotational, thermal, electrical\)$/m],
    [["--count", "3", "--components", "9-4"], /^mech: --components: MIN 9 is above MAX 4$/m],
    [["--count", "0"], /^mech: --count: expected at least 1 mechanism, got 0$/m],
    [["--count", "3", "--components", "3-x"], /^mech: --components: expected MIN-MAX \(e\.g\. 3-20\) or N, got "3-x"$/m],
    [["--count", "3", "--domains", "electrical"], /^mech: --domains: electrical needs thermal too/m],
  ])("refuses %j with a clear error and exit 2, writing nothing", async (args, message) => {
    const out = join(temp(), "never");
    const r = await mech("compose", "--seed", "s", ...args, "--out", out);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it("writes the same bytes twice, refuses a full directory, and its catalog makes a benchmark every command accepts", async () => {
    const root = temp();
    const [a, b] = [join(root, "a"), join(root, "b")];
    const args = ["compose", "--seed", "cli", "--count", "3", "--components", "3-7", "--domains", "thermal,translational"];
    const first = await mech(...args, "--out", a);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^3 composed mechanisms in .* \(seed cli, 3-7 components, domains translational,thermal; composer 1\)$/m);
    expect(first.out).toMatch(/^\| frozen \| \d+ \| /m);
    expect((await mech(...args, "--out", b)).code).toBe(0);
    expect(files(b)).toEqual(files(a));
    const record = JSON.parse(files(a)["composer.json"]);
    expect(record).toMatchObject({ format: "mechbench-composed/1", seed: "cli", settings: { count: 3, components: { min: 3, max: 7 } } });
    expect(Object.keys(files(a))).toEqual([...record.mechanisms.map((id: string) => `${id}.json`), "composer.json"].sort());

    const again = await mech(...args, "--out", a);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/is not empty .* pass --force/);

    const bench = join(root, "bench");
    const generated = await mech("generate", "--catalog", a, "--per-level", "1", "--out", bench);
    expect(generated.code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(bench, "manifest.json"), "utf8"));
    expect(manifest.catalog).toEqual({ source: "directory", mechanisms: 3, composer: { name: "mechbench-compose", version: "1", seed: "cli", settings: record.settings } });
    expect(manifest.mechanisms.every((m: { components: number; variables: number }) => m.components >= 3 && m.variables > m.components)).toBe(true);

    const bare = await mech("tasks", "verify", bench);
    expect(bare.code).toBe(2);
    expect(bare.err).toMatch(/was generated from a catalog directory of 3 mechanisms \(composed by mechbench-compose 1, seed cli\); name it with --catalog DIR/);
    const verified = await mech("tasks", "verify", bench, "--catalog", a);
    expect(verified.code).toBe(0);
    expect(verified.out).toMatch(/tasks verified/);
    expect((await mech("tasks", "stats", bench, "--quality", "--catalog", a)).code).toBe(0);
    const parsed = await mech("baseline", "answer", "--tasks", bench);
    expect(parsed.code).toBe(0);
  }, 600_000);

  it("continues a composition killed with SIGKILL and ends with the files of an uninterrupted one", async () => {
    const root = temp();
    const [whole, killed] = [join(root, "whole"), join(root, "killed")];
    const args = ["compose", "--seed", "resume", "--count", "5", "--components", "8-12", "--domains", "thermal,rotational"];
    expect((await mech(...args, "--out", whole)).code).toBe(0);
    const run = spawnMech([...args, "--out", killed]);
    const progress = join(killed, "composer.partial.json");
    let seen = 0;
    while (seen < 2) {
      await new Promise((r) => setTimeout(r, 20));
      if (!existsSync(progress)) continue;
      try {
        seen = JSON.parse(readFileSync(progress, "utf8")).mechanisms.length;
      } catch { /* renamed into place while read */ }
    }
    run.child.kill("SIGKILL");
    expect((await run.done).signal).toBe("SIGKILL");
    expect(existsSync(join(killed, "composer.json"))).toBe(false);
    const resumed = await mech(...args, "--out", killed);
    expect(resumed.code).toBe(0);
    expect(resumed.err).toMatch(/mechanisms were there from an interrupted run/);
    expect(files(killed)).toEqual(files(whole));
  }, 600_000);
});
