// End to end: the real CLI under Deno, its exit codes and messages (no stack traces).
import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runMech } from "./cli.test_support.ts";

const mech = runMech;

describe("mech (end to end)", () => {
  const dir = mkdtempSync(join(tmpdir(), "mech-"));
  it("solves a catalog mechanism", () => {
    const r = mech("solve", "thermal_two_masses", "--state", "mass1=COOLING", "--state", "mass2=HEATING", "--state", "conduction=FORWARD_HEAT_FLOW", "--json", "--limit", "1");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).count).toBe("1");
  });
  it.each([
    [["solve", "no_such_mechanism"], /^mech: unknown mechanism "no_such_mechanism"/],
    [["solve", join(dir, "missing.json")], /missing\.json: no such file/],
    [["solve", "thermal_two_masses", "--scenario", "x"], /^mech: thermal_two_masses has no scenario "x" \(expected one of "base", "mass1_hotter", "equal_temperatures"\)/],
    [["solve", "thermal_two_masses", "--bogus"], /Unexpected option or subcommand: `--bogus`/],
  ])("exits 2 with a clear message: %j", (args, message) => {
    const r = mech(...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
  });
  it("reports every problem of a malformed mechanism file with its JSON path, exit 2", () => {
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ id: "bad", components: [{ name: "m", type: "thermal.Nope" }], scenarios: [{ id: "base" }] }));
    const r = mech("validate", file);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${file}: at $.components[0].type: unknown component type "thermal.Nope"`);
    writeFileSync(file, '{"id": "bad",\n  "components": [\n');
    const s = mech("solve", file);
    expect(s.code).toBe(2);
    expect(s.err).toContain(`${file}:3:1: at $: invalid JSON: expected a value, found the end of the text`);
  });
});

describe("help", () => {
  it("the top-level help lists the commands one line each; help, completion and usage errors still go through @optique/run", () => {
    const help = mech("--help");
    expect(help.code).toBe(0);
    expect(help.out.split("\n").slice(0, 2)).toEqual(["Mechbench: exact qualitative simulation and mechanistic-reasoning benchmarks.", "Usage: mech COMMAND [ARG...]"]);
    expect(help.out).toMatch(/\n {2}simulate {2,}The bounded episode graph/);
    expect(help.out.trimEnd().split("\n").at(-1)).toBe("Run mech COMMAND --help for a command's usage and options.");
    expect(mech("help", "list").out).toContain("Usage: mech list");
    const bash = mech("completion", "bash");
    expect(bash.code).toBe(0);
    expect(bash.out).toContain("mech");
    // a value that looks like a meta argument takes the @optique/run path and parses the same
    expect(mech("list", "--help").out).toContain("Usage: mech list");
  });
  it("usage lines bracket repeatable options once, and enumerated options list their values", () => {
    const solve = mech("solve", "--help");
    expect(solve.code).toBe(0);
    expect(solve.out.split("\n")[0]).toContain(" [--state COMP=STATE...] ");
    expect(solve.out).not.toContain("[[");
    const run = mech("physment", "run", "--help");
    expect(run.out).toMatch(/--strategy STRATEGY +Prompting strategy: zero-shot \(default\), one-shot or few-shot-cot\./);
    const simulate = mech("simulate", "--help");
    expect(simulate.out).toMatch(/--rules PROFILE +Edge-rule profile: sound \(default/);
    expect(simulate.out).toMatch(/--format FORMAT +text \(default\), json/);
    // numbers in the help are plain, never quoted strings
    const evalHelp = mech("eval", "--help").out;
    expect(evalHelp).toMatch(/--rate-limit-attempts N +Attempts per item while the endpoint answers 429 \(default 20\)\./);
    expect(evalHelp).toMatch(/--timeout SECONDS +Per-request deadline, from sending the request to the last byte of the response; a timeout is an infrastructure failure \(default 600\)\./);
    expect(mech("generate", "--help").out).toMatch(/--per-level K +Tasks per \(family, mechanism, level\) cell \(default 4\)\./);
  });
});
