// The `mech` commands' output, byte for byte, against goldens recorded before the CLI became
// a shell over the public API: each command runs as a user runs it (a Deno process with the
// task's permissions), in a scratch directory; its exit code, stdout and stderr are compared
// after the scratch path and wall-clock timings are masked. UPDATE_GOLDENS=1 rewrites them.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnMech } from "./cli.test_support.ts";

const GOLDEN = new URL("./golden/commands/", import.meta.url);
const update = process.env.UPDATE_GOLDENS === "1";
let tmp = "";

/** One command: a name (its golden file) and its arguments ($TMP is the scratch directory). */
type Case = [name: string, args: string[]];

// in order: later commands read what earlier ones wrote
const CASES: Case[] = [
  ["list", ["list"]],
  ["run_json", ["run", "--json"]],
  ["solve_text", ["solve", "thermal_two_masses", "--limit", "2"]],
  ["solve_json", ["solve", "thermal_two_masses", "--json", "--limit", "1"]],
  ["solve_unknown", ["solve", "no_such_mechanism"]],
  ["compile_text", ["compile", "electrical_resistor"]],
  ["validate_ok", ["validate", "catalog/mechanisms/mechanics_damper.json"]],
  ["validate_missing", ["validate", "$TMP/missing.json"]],
  ["simulate_text", ["simulate", "mechanics_damper", "--first", "--horizon", "2"]],
  ["simulate_dot", ["simulate", "thermal_two_masses", "--first", "--horizon", "1", "--format", "dot"]],
  ["explain_edge", ["explain-edge", "thermal_two_masses", "--scenario", "mass1_hotter", "--from", "mass1=COOLING", "--to", "conduction=REVERSE_HEAT_FLOW conduction.Q_flow=negative"]],
  ["explain_edge_json", ["explain-edge", "thermal_two_masses", "--scenario", "mass1_hotter", "--from", "mass1=COOLING", "--to", "conduction=REVERSE_HEAT_FLOW conduction.Q_flow=negative", "--json"]],
  ["catalog_list", ["catalog", "list"]],
  ["catalog_show", ["catalog", "show", "mechanics_damper"]],
  ["catalog_check", ["catalog", "check", "thermal_two_masses", "mechanics_damper"]],
  ["catalog_check_numeric", ["catalog", "check", "--numeric", "thermal_two_masses"]],
  ["catalog_check_paths", ["catalog", "check", "--paths", "mechanics_damper"]],
  ["catalog_edges", ["catalog", "edges", "mechanics_damper", "thermal_two_masses", "--horizon", "2"]],
  ["export_modelica", ["export", "modelica", "thermal_two_masses"]],
  // one job: with several, the progress lines come in the order the workers finish (the files do not change)
  ["generate", ["generate", "--mechanisms", "mechanics_damper,thermal_two_masses", "--per-level", "1", "--out", "$TMP/bench", "--jobs", "1"]],
  ["generate_json", ["generate", "--mechanisms", "mechanics_damper", "--families", "necessity,transition", "--per-level", "1", "--out", "$TMP/bench_small", "--json"]],
  ["generate_bad_seed", ["generate", "--seed", "no spaces", "--out", "$TMP/never"]],
  ["generate_shard_1", ["generate", "--mechanisms", "mechanics_damper,thermal_two_masses", "--per-level", "1", "--shard", "1/2", "--out", "$TMP/gs1", "--jobs", "1"]],
  ["generate_shard_2", ["generate", "--mechanisms", "mechanics_damper,thermal_two_masses", "--per-level", "1", "--shard", "2/2", "--out", "$TMP/gs2", "--jobs", "1"]],
  ["merge_generation", ["merge", "$TMP/gs1", "$TMP/gs2", "--out", "$TMP/merged"]],
  ["tasks_stats", ["tasks", "stats", "$TMP/bench", "--quality"]],
  ["tasks_verify", ["tasks", "verify", "$TMP/bench"]],
  ["tasks_verify_json", ["tasks", "verify", "$TMP/merged", "--json"]],
  ["tasks_show_unknown", ["tasks", "show", "task_0000", "--dir", "$TMP/bench"]],
  ["baseline_answer", ["baseline", "answer", "--tasks", "$TMP/bench", "--json"]],
  ["eval_replay", ["eval", "--model", "baseline:replay", "--tasks", "$TMP/bench", "--out", "$TMP/run_replay"]],
  ["eval_majority_json", ["eval", "--model", "baseline:majority", "--tasks", "$TMP/bench", "--out", "$TMP/run_majority", "--json"]],
  ["eval_no_model", ["eval", "--tasks", "$TMP/bench", "--out", "$TMP/never"]],
  ["eval_score", ["eval", "score", "$TMP/run_replay", "$TMP/run_majority"]],
  ["eval_score_json", ["eval", "score", "$TMP/run_majority", "--json"]],
  ["eval_report", ["eval", "report", "$TMP/run_replay", "--out", "$TMP/report.html", "--replicates", "200"]],
  ["eval_shard_1", ["eval", "--model", "baseline:replay", "--tasks", "$TMP/bench", "--shard", "1/2", "--out", "$TMP/es1", "--json"]],
  ["eval_shard_2", ["eval", "--model", "baseline:replay", "--tasks", "$TMP/bench", "--shard", "2/2", "--out", "$TMP/es2", "--json"]],
  ["merge_eval", ["merge", "$TMP/es1", "$TMP/es2", "--out", "$TMP/emerged", "--json"]],
  ["physment_verify", ["physment", "verify", "--scenes", "7,8"]],
  ["physment_run_reference", ["physment", "run", "--reference", "--scenes", "7,8", "--budgets", "5", "--out", "$TMP/pm"]],
  ["physment_score", ["physment", "score", "$TMP/pm"]],
  ["physment_report", ["physment", "report", "$TMP/pm", "--out", "$TMP/pm.html"]],
  ["physment_exec", ["physment", "exec", "scenes/Scene7", "--calls", "$TMP/calls.json"]],
  ["physment_bad_scenes", ["physment", "run", "--reference", "--scenes", "3-1", "--out", "$TMP/never"]],
];

/** The scratch path, and timings that differ from run to run, masked. */
function masked(text: string): string {
  return text
    .replaceAll(tmp, "$TMP")
    .replace(/\b\d+(\.\d+)? ?(s|ms|µs)\b/g, "<time>")
    .replace(/\d+(\.\d+)? items\/s/g, "<rate> items/s")
    .replace(/token counting \d+ %/g, "token counting <share> %")
    .replace(/"(latency_ms|totalMs|tokenMs|elapsed_ms|items_per_second)":\s*[\d.e+-]+/g, '"$1": <time>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<date>");
}

describe("mech's output against the goldens recorded before the CLI moved onto the public API", () => {
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), "mech-goldens-"));
    writeFileSync(join(tmp, "calls.json"), JSON.stringify([{ tool: "get_position", parameters: { object_id: 1 } }, { tool: "no_such_tool", parameters: {} }]));
    if (update) mkdirSync(GOLDEN, { recursive: true });
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  for (const [name, args] of CASES) {
    it(`mech ${args.join(" ")}`, async () => {
      const r = await spawnMech(args.map((a) => a.replaceAll("$TMP", tmp)), { MECHBENCH_CACHE_DIR: join(tmp, "cache") }).done;
      const text = `exit ${r.code}\n--- stdout\n${masked(r.out)}--- stderr\n${masked(r.err)}`;
      const file = new URL(`${name}.txt`, GOLDEN);
      if (update) writeFileSync(file, text);
      expect(text).toBe(readFileSync(file, "utf8"));
    }, 180_000);
  }
});
