// The same inputs give byte-identical output under every runtime: this suite runs
// under Node and under Deno against one checked-in golden file.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { solveCommand, runCommand } from "./commands.ts";
import { simulateCommand } from "./episode_commands.ts";
import type { Io } from "./io.ts";

const capture = (fn: (io: Io) => void): string => {
  const lines: string[] = [];
  const noFiles = () => {
    throw new Error("these commands read and write no files");
  };
  fn({ readText: noFiles, writeText: noFiles, out: (t) => lines.push(t), err: (t) => lines.push(t) });
  return lines.join("\n") + "\n";
};

describe("determinism", () => {
  it("mech solve thermal_two_masses --scenario mass1_hotter --json --limit 3 matches the golden output", () => {
    const text = capture((io) => solveCommand({ mechanism: "thermal_two_masses", state: [], scenario: "mass1_hotter", json: true, limit: 3 }, io));
    expect(text).toBe(readFileSync(new URL("./golden/solve_thermal_two_masses.jsonl", import.meta.url), "utf8"));
  });
  it("mech simulate mechanics_damper --scenario moving_toward_wall --first --horizon 2 --json matches the golden graph", () => {
    const text = capture((io) =>
      simulateCommand({ mechanism: "mechanics_damper", scenario: "moving_toward_wall", first: true, maxInitial: 1000, horizon: 2, json: true, limit: 20 }, io)
    );
    expect(text).toBe(readFileSync(new URL("./golden/simulate_mechanics_damper.json", import.meta.url), "utf8"));
  });
  it("mech run matches the golden summary (rows of the mechanisms in the golden file)", () => {
    // only these rows: the catalog grows, their figures must not move
    const keep = /^\| (mechanism|---|mechanics_damper|thermal_two_masses) /;
    const text = capture((io) => runCommand({ json: false }, io)).split("\n").filter((l) => keep.test(l) || l.startsWith("|---")).join("\n") + "\n";
    expect(text).toBe(readFileSync(new URL("./golden/run.md", import.meta.url), "utf8"));
  });
});

describe("runtime", () => {
  // `npm run test:deno` sets MECHBENCH_RUNTIME=deno: prove the workers really run on Deno.
  it("runs on the runtime the script asked for", () => {
    const actual = "Deno" in globalThis ? "deno" : "node";
    expect(actual).toBe(process.env.MECHBENCH_RUNTIME ?? "node");
  });
});
