// --jobs N spreads a command's units over N Web Workers; its output must not depend on N.
// Each command runs at N = 1, 2 and 3 (under Deno, the CLI's runtime) on a small benchmark
// and three mechanisms, and its files and printed reports are compared byte for byte.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnMech } from "./cli.test_support.ts";

const root = mkdtempSync(join(tmpdir(), "mech-jobs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const JOBS = [1, 2, 3];
const MECHANISMS = "mechanics_damper,thermal_three_node_chain,electrical_resistor";

async function mech(...args: string[]) {
  const r = await spawnMech(args).done;
  expect(r.code, r.err).toBe(0);
  return r.out;
}
const files = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(join(dir, f), "utf8")]));

describe("--jobs N gives the same output for N = 1, 2, 3", () => {
  it("mech generate writes the same files, mech tasks verify and mech baseline answer print the same", async () => {
    const outs = [];
    for (const n of JOBS) {
      const dir = join(root, `gen${n}`);
      const printed = await mech("generate", "--mechanisms", MECHANISMS, "--per-level", "1", "--out", dir, "--json", "--jobs", String(n));
      const { dir: _, ...summary } = JSON.parse(printed);
      outs.push({ printed: JSON.stringify(summary), files: files(dir) });
    }
    expect(Object.keys(outs[0].files)).toEqual(["manifest.json", "problems.jsonl", "solutions.jsonl", "tasks.jsonl"]);
    for (const o of outs.slice(1)) {
      expect(o.printed).toBe(outs[0].printed);
      for (const [f, text] of Object.entries(outs[0].files)) expect(o.files[f] === text, `${f} differs`).toBe(true);
    }
    const dir = join(root, "gen1");
    const verified = await Promise.all(JOBS.map((n) => mech("tasks", "verify", dir, "--json", "--jobs", String(n))));
    expect(JSON.parse(verified[0]).findings).toEqual([]);
    expect(verified[1]).toBe(verified[0]);
    expect(verified[2]).toBe(verified[0]);
    const answered = [];
    for (const n of JOBS) answered.push(await mech("baseline", "answer", "--tasks", dir, "--json", "--jobs", String(n)));
    expect(answered[0].trim().split("\n")).toHaveLength(JSON.parse(verified[0]).tasks);
    expect(answered[1]).toBe(answered[0]);
    expect(answered[2]).toBe(answered[0]);
  });
  it("mech catalog check --numeric and --paths report the same", async () => {
    const mechanisms = MECHANISMS.split(",");
    for (const check of ["--numeric", "--paths"]) {
      const outs = [];
      for (const n of JOBS) outs.push(await mech("catalog", "check", check, ...mechanisms, "--json", "--jobs", String(n)));
      expect(JSON.parse(outs[0]).mechanisms).toHaveLength(3);
      expect(outs[1]).toBe(outs[0]);
      expect(outs[2]).toBe(outs[0]);
    }
  });
  it("a unit that fails names its mechanism and the command exits 2", async () => {
    const bad = join(root, "bad.json");
    const good = JSON.parse(readFileSync("catalog/mechanisms/thermal_two_masses.json", "utf8"));
    // a numeric block without the capacitance its heat capacitors need
    const { writeFileSync } = await import("node:fs");
    writeFileSync(bad, JSON.stringify({ ...good, id: "bad", numeric: { ...good.numeric, parameters: {} } }));
    for (const n of [1, 2]) {
      const r = await spawnMech(["catalog", "check", "--numeric", "thermal_three_node_chain", bad, "--jobs", String(n)]).done;
      expect(r.code).toBe(2);
      expect(r.err).toContain("bad.json");
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });
});
