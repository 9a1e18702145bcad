// The cluster files of deploy/: the Slurm scripts parse and hand mech the right shard and
// directories (mech replaced by a stub that records its arguments), and the Kubernetes Jobs
// carry the fields sharding relies on (no YAML parser among the dependencies: a line check).
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const deploy = fileURLToPath(new URL("../deploy/", import.meta.url));
let scratch = "";
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "mech-deploy-"));
  // a stub `mech` that writes its arguments, one per line
  writeFileSync(join(scratch, "mech"), `#!/bin/sh\nprintf '%s\\n' "$@" > "${join(scratch, "args")}"\n`);
  chmodSync(join(scratch, "mech"), 0o755);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function runScript(script: string, args: string[], env: Record<string, string>) {
  rmSync(join(scratch, "args"), { force: true });
  const r = spawnSync("bash", [join(deploy, "slurm", script), ...args], {
    encoding: "utf8",
    env: { PATH: `${scratch}:${process.env.PATH}`, HOME: scratch, ...env },
  });
  let recorded: string[] | null = null;
  try {
    recorded = readFileSync(join(scratch, "args"), "utf8").split("\n").slice(0, -1);
  } catch {
    // the stub was not called
  }
  return { code: r.status, err: r.stderr, args: recorded };
}

describe("deploy/slurm", () => {
  it("every script parses (bash -n)", () => {
    for (const s of ["shards.sbatch", "merge.sbatch", "submit.sh"]) {
      const r = spawnSync("bash", ["-n", join(deploy, "slurm", s)], { encoding: "utf8" });
      expect(r.status, `${s}: ${r.stderr}`).toBe(0);
    }
  });

  it("an array task runs mech with its shard I/N and its own directory; the array index is the shard", () => {
    const out = join(scratch, "runs", "m");
    const r = runScript("shards.sbatch", ["eval", "--tasks", "bench dir", "--model", "m"], { SLURM_ARRAY_TASK_ID: "3", MECH_SHARDS: "8", MECH_OUT: out });
    expect(r.code, r.err).toBe(0);
    expect(r.args).toEqual(["eval", "--tasks", "bench dir", "--model", "m", "--shard", "3/8", "--out", join(out, "shard-3")]);
    const first = runScript("shards.sbatch", ["generate"], { SLURM_ARRAY_TASK_ID: "1", MECH_SHARDS: "1", MECH_OUT: out });
    expect(first.args).toEqual(["generate", "--shard", "1/1", "--out", join(out, "shard-1")]);
  });

  it("refuses to run outside an array, past N, or without the settings it needs", () => {
    const out = join(scratch, "runs", "m");
    const cases: [Record<string, string>, string[], RegExp][] = [
      [{ MECH_SHARDS: "8", MECH_OUT: out }, ["eval"], /submit this script as an array job/],
      [{ SLURM_ARRAY_TASK_ID: "9", MECH_SHARDS: "8", MECH_OUT: out }, ["eval"], /array index 9 is not a shard of 1-8/],
      [{ SLURM_ARRAY_TASK_ID: "0", MECH_SHARDS: "8", MECH_OUT: out }, ["eval"], /array index 0 is not a shard of 1-8/],
      [{ SLURM_ARRAY_TASK_ID: "1", MECH_OUT: out }, ["eval"], /set MECH_SHARDS to N/],
      [{ SLURM_ARRAY_TASK_ID: "1", MECH_SHARDS: "8" }, ["eval"], /set MECH_OUT/],
      [{ SLURM_ARRAY_TASK_ID: "1", MECH_SHARDS: "8", MECH_OUT: out }, [], /give the mech command/],
    ];
    for (const [env, args, message] of cases) {
      const r = runScript("shards.sbatch", args, env);
      expect(r.code, JSON.stringify(env)).not.toBe(0);
      expect(r.err).toMatch(message);
      expect(r.args).toBeNull();
    }
  });

  it("the merge joins shard-1 … shard-N into merged", () => {
    const out = join(scratch, "runs", "m");
    const r = runScript("merge.sbatch", [], { MECH_SHARDS: "3", MECH_OUT: out });
    expect(r.code, r.err).toBe(0);
    expect(r.args).toEqual(["merge", join(out, "shard-1"), join(out, "shard-2"), join(out, "shard-3"), "--out", join(out, "merged")]);
  });

  it("the array script declares Slurm options and the submit script chains the merge with afterok", () => {
    const shards = readFileSync(join(deploy, "slurm", "shards.sbatch"), "utf8");
    expect(shards).toMatch(/^#SBATCH --job-name=/m);
    expect(shards).toContain("SLURM_ARRAY_TASK_ID");
    const submit = readFileSync(join(deploy, "slurm", "submit.sh"), "utf8");
    expect(submit).toMatch(/--array="1-\$MECH_SHARDS"/);
    expect(submit).toMatch(/--dependency="afterok:/);
  });
});

/** The `key: value` lines of a manifest with their indentation; comments dropped. */
function yamlLines(text: string): { indent: number; key: string; value: string }[] {
  return text.split("\n").filter((l) => l.trim() && !l.trimStart().startsWith("#")).flatMap((l) => {
    const m = /^(\s*)(?:- )?([A-Za-z_][\w-]*):\s*(.*?)\s*(?:#.*)?$/.exec(l);
    return m ? [{ indent: m[1].length, key: m[2], value: m[3] }] : [];
  });
}
const value = (lines: ReturnType<typeof yamlLines>, key: string) => lines.filter((l) => l.key === key).map((l) => l.value);

describe("deploy/kubernetes", () => {
  const shardsText = readFileSync(join(deploy, "kubernetes", "shards-job.yaml"), "utf8");
  const mergeText = readFileSync(join(deploy, "kubernetes", "merge-job.yaml"), "utf8");

  it("is plain YAML: spaces only, even indentation", () => {
    for (const [name, text] of [["shards-job.yaml", shardsText], ["merge-job.yaml", mergeText]]) {
      expect(text, name).not.toContain("\t");
      for (const l of yamlLines(text)) expect(l.indent % 2, `${name}: ${l.key}`).toBe(0);
    }
  });

  it("the shards are an Indexed Job of N completions, N in parallel, whose pods take the shard from the completion index", () => {
    const lines = yamlLines(shardsText);
    expect(value(lines, "kind")).toEqual(["Job"]);
    expect(value(lines, "apiVersion")).toEqual(["batch/v1"]);
    expect(value(lines, "completionMode")).toEqual(["Indexed"]);
    const n = value(lines, "completions")[0];
    expect(Number(n)).toBeGreaterThan(0);
    expect(value(lines, "parallelism")).toEqual([n]);
    // SHARDS, the N of --shard, is the completions count
    const shardsEnv = lines.findIndex((l) => l.key === "name" && l.value === "SHARDS");
    expect(lines[shardsEnv + 1]).toMatchObject({ key: "value", value: `"${n}"` });
    expect(shardsText).toContain("I=$((JOB_COMPLETION_INDEX + 1))");
    expect(shardsText).toMatch(/--shard "\$I\/\$SHARDS" --out "[^"]*\/shard-\$I"/);
    // a failed shard is rerun (and resumes): per-index retries need restartPolicy Never
    expect(Number(value(lines, "backoffLimitPerIndex")[0])).toBeGreaterThan(0);
    expect(value(lines, "restartPolicy")).toEqual(["Never"]);
    // the key from a Secret, the outputs on a claim
    expect(value(lines, "secretKeyRef")).toEqual([""]);
    expect(lines.find((l) => l.key === "name" && l.value === "OPENAI_API_KEY")).toBeTruthy();
    expect(value(lines, "claimName")).toEqual(["mech-data"]);
  });

  it("the merge Job joins shard-1 … shard-N of the same claim with mech merge", () => {
    const lines = yamlLines(mergeText);
    expect(value(lines, "kind")).toEqual(["Job"]);
    expect(value(lines, "claimName")).toEqual(["mech-data"]);
    const n = value(yamlLines(shardsText), "completions")[0];
    const shardsEnv = lines.findIndex((l) => l.key === "name" && l.value === "SHARDS");
    expect(lines[shardsEnv + 1]).toMatchObject({ key: "value", value: `"${n}"` });
    expect(mergeText).toMatch(/mech merge \$\(seq -f "\$D\/shard-%g" 1 "\$SHARDS"\) --out "\$D\/merged"/);
    // the merge's directories are the ones the shards write
    expect(shardsText).toContain('--out "/data/runs/gpt-5-mini/shard-$I"');
    expect(mergeText).toContain("D=/data/runs/gpt-5-mini");
  });

  it("the image is built from the compiled binary", () => {
    const docker = readFileSync(join(deploy, "Dockerfile"), "utf8");
    expect(docker).toContain("COPY dist/mech /usr/local/bin/mech");
    expect(docker).toContain("npm run compile");
  });
});
