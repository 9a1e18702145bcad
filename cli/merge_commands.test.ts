// Sharded runs end to end: N = 3 `mech … --shard I/3` processes and `mech merge` give what one
// unsharded process gives (generation byte for byte; eval and PhysMent the same records and
// scores), a killed shard resumes without sending anything twice, and bad merges are refused.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completion, type Loopback, startLoopback } from "../engine/llm/loopback.test_support.ts";
import { userMessage, writeSmallBenchmark } from "../engine/eval/eval.test_support.ts";
import type { EvalItem } from "../engine/eval/items.ts";
import { shardOf } from "../engine/shard/shard.ts";
import { fileIo, spawnMech } from "./cli.test_support.ts";
import { mergeCommand } from "./merge_commands.ts";

let root = "";
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "mech-shards-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (...p: string[]) => join(root, ...p);
const mech = (args: string[]) => spawnMech(args, { MECHBENCH_CACHE_DIR: at("cache") }).done;
const shards = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Every file under `dir` (relative path → bytes as text), the lock aside. */
function tree(dir: string, base = dir): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) for (const [k, v] of tree(p, base)) out.set(k, v);
    else if (name !== ".lock") out.set(p.slice(base.length + 1), readFileSync(p, "utf8"));
  }
  return out;
}

/** Runs a merge in process and returns what it threw (the message the CLI prints after "mech: "). */
async function mergeError(dirs: string[], out: string, extra: Partial<Parameters<typeof mergeCommand>[0]> = {}): Promise<string> {
  try {
    await mergeCommand({ dirs, out, allowUnfinished: false, json: false, ...extra }, fileIo());
  } catch (e) {
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  return "no error";
}

describe("mech generate --shard and mech merge", () => {
  const sel = ["--mechanisms", "electrical_resistor,thermal_three_node_chain,thermal_two_masses", "--per-level", "2"];

  // De-duplication runs once, in the assembly both paths call (generate.test.ts tests it
  // on a family that repeats prompts); since transition answers are kept distinct, this
  // selection has no duplicate left to remove, so the byte equality is what is checked.
  it("three shard processes merged are the unsharded benchmark, byte for byte", async () => {
    const [whole, ...parts] = await Promise.all([
      mech(["generate", ...sel, "--out", at("g-whole")]),
      ...shards(3).map((i) => mech(["generate", ...sel, "--shard", `${i}/3`, "--out", at(`g${i}`)])),
    ]);
    expect(whole.code, whole.err).toBe(0);
    for (const p of parts) expect(p.code, p.err).toBe(0);
    expect(parts[0].out).toMatch(/^shard 1\/3 of the MechReasoner benchmark in .*g1: \d+ of 18 pools \(0 already there/);
    const manifest = JSON.parse(readFileSync(at("g-whole", "manifest.json"), "utf8")) as { retained: number };
    expect(manifest.retained).toBeGreaterThan(0);
    const merged = await mech(["merge", at("g1"), at("g2"), at("g3"), "--out", at("g-merged")]);
    expect(merged.code, merged.err).toBe(0);
    expect(merged.out).toBe(whole.out.replace(at("g-whole"), at("g-merged")));
    expect(tree(at("g-merged"))).toEqual(tree(at("g-whole")));
    // the shards hold every pool exactly once
    const pools = shards(3).flatMap((i) => readdirSync(at(`g${i}`, "pools")));
    expect(pools).toHaveLength(18);
    expect(new Set(pools).size).toBe(18);
  });

  it("a shard stopped between pools continues where it stopped; the merge is unchanged", async () => {
    const dir = at("g2");
    const gone = readdirSync(join(dir, "pools"))[0];
    unlinkSync(join(dir, "pools", gone));
    // a pool file cut off mid-write never carries its final name
    writeFileSync(join(dir, "pools", `.${gone}.partial`), "{\"mech");
    expect(await mergeError([at("g1"), dir, at("g3")], at("g-unfinished"))).toMatch(new RegExp(`ShardError: .*g2 \\(shard 2/3\\) is unfinished: 1 pool missing \\(${gone.replace("--", "/").replace(".json", "")}\\); run its mech generate --shard command again, it continues`));
    const again = await mech(["generate", ...sel, "--shard", "2/3", "--out", dir]);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/\(\d+ already there, 1 generated now/);
    const io = fileIo();
    await mergeCommand({ dirs: [at("g3"), at("g1"), dir], out: at("g-resumed"), allowUnfinished: false, json: false }, io);
    expect(tree(at("g-resumed"))).toEqual(tree(at("g-whole")));
  });

  it("missing, duplicate, mismatched or other shards and a non-empty --out are refused, naming the directories (exit 2)", async () => {
    expect(await mergeError([at("g1"), at("g3")], at("x"))).toMatch(/shard 2\/3 missing \(given: .*g1 = 1\/3, .*g3 = 3\/3\)/);
    expect(await mergeError([at("g1"), at("g2"), at("g2"), at("g3")], at("x"))).toMatch(/shard 2\/3 given twice: .*g2 and .*g2/);
    const other = await mech(["generate", ...sel, "--seed", "other", "--shard", "2/3", "--out", at("g2-other")]);
    expect(other.code, other.err).toBe(0);
    expect(await mergeError([at("g1"), at("g2-other"), at("g3")], at("x"))).toMatch(/g2-other and .*g1 are shards of runs with different settings \(settings: .*"seed":"other"/);
    expect(await mergeError([at("g1"), at("g2"), at("g3")], at("g-whole"))).toMatch(/--out .*g-whole: is not empty \(4 entries\); a merge writes into a new or empty directory/);
    expect(await mergeError([at("g-whole")], at("x"))).toMatch(/g-whole: not a shard directory \(no shard\.json and no run\.json\)/);
    // another shard's directory is refused for this shard, unless --force
    const wrong = await mech(["generate", ...sel, "--shard", "1/3", "--out", at("g2")]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/g2 holds shard 2\/3 of another generation \(another shard\); choose another --out, or pass --force/);
    const cli = await mech(["merge", at("g1"), at("g3"), "--out", at("x")]);
    expect(cli.code).toBe(2);
    expect(cli.err).toMatch(/^mech: shard 2\/3 missing/);
    expect(cli.err).not.toMatch(/^\s+at /m);
    for (const bad of ["0/3", "4/3", "a/b", "1/0"]) {
      const r = await mech(["generate", ...sel, "--shard", bad, "--out", at("never")]);
      expect(r.code, bad).toBe(2);
      expect(r.err, bad).toMatch(/^mech: --shard: /);
    }
    expect(existsSync(at("never"))).toBe(false);
    expect(existsSync(at("x"))).toBe(false);
  });
});

/** A record without what differs between two runs of the same item (timings, cache use). */
const comparableRecord = (line: string) => {
  const { attempts: _a, latency_ms: _l, finished: _f, cached: _c, ...rest } = JSON.parse(line) as Record<string, unknown>;
  return rest;
};
const recordLines = (dir: string) => readFileSync(join(dir, "records.jsonl"), "utf8").split("\n").filter(Boolean);
const scoreJson = async (dir: string) => {
  const r = await mech(["eval", "score", dir, "--json"]);
  expect(r.code, r.err).toBe(0);
  const { runs } = JSON.parse(r.out) as { runs: { dir?: string }[] };
  return runs.map(({ dir: _, ...rest }) => rest);
};

describe("mech eval --shard and mech merge", () => {
  let tasks: string;
  let items: EvalItem[];
  beforeAll(() => {
    ({ dir: tasks, items } = writeSmallBenchmark());
  });

  it("three baseline shards merged: the unsharded run's records, in benchmark order, and its scores", async () => {
    const args = ["eval", "--tasks", tasks, "--model", "baseline:replay"];
    const [whole, ...parts] = await Promise.all([mech([...args, "--out", at("e-whole")]), ...shards(3).map((i) => mech([...args, "--shard", `${i}/3`, "--out", at(`e${i}`)]))]);
    expect(whole.code, whole.err).toBe(0);
    for (const p of parts) expect(p.code, p.err).toBe(0);
    expect(shards(3).map((i) => recordLines(at(`e${i}`)).length)).toEqual(shards(3).map((i) => items.filter((it) => shardOf(it.task_id, 3) === i).length));
    const merged = await mech(["merge", at("e1"), at("e2"), at("e3"), "--out", at("e-merged")]);
    expect(merged.code, merged.err).toBe(0);
    expect(merged.out).toContain(`| all | ${items.length} | ${items.length} | 0 | 0 | 0 |`);
    const lines = recordLines(at("e-merged"));
    expect(lines.map((l) => (JSON.parse(l) as { task_id: string }).task_id)).toEqual(items.map((i) => i.task_id));
    const byId = (ls: string[]) => new Map(ls.map((l) => [(JSON.parse(l) as { task_id: string }).task_id, comparableRecord(l)]));
    expect(byId(lines)).toEqual(byId(recordLines(at("e-whole"))));
    const config = (d: string) => {
      const { created: _, ...rest } = JSON.parse(readFileSync(join(d, "run.json"), "utf8")) as Record<string, unknown>;
      return rest;
    };
    expect(config(at("e-merged"))).toEqual(config(at("e-whole")));
    expect(await scoreJson(at("e-merged"))).toEqual(await scoreJson(at("e-whole")));
    // a shard's own run.json says which shard it is; resuming it as another is refused
    expect(JSON.parse(readFileSync(at("e2", "run.json"), "utf8")).selection.shard).toEqual({ index: 2, count: 3 });
    const wrong = await mech([...args, "--shard", "1/3", "--out", at("e2")]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/holds a different run \(selection: .*"shard":\{"count":3,"index":2\}/);
    expect(await mergeError([at("e1"), at("e2"), at("e-whole")], at("x"))).toMatch(/e-whole: a run of mech eval without --shard/);
  });

  describe("against a slow loopback endpoint", () => {
    let server: Loopback;
    const byPrompt = new Map<string, EvalItem>();
    beforeAll(async () => {
      for (const it of items) byPrompt.set(it.prompt, it);
      server = await startLoopback((body) => {
        const it = byPrompt.get(userMessage(body))!;
        return { ...completion({ content: "```json\n" + JSON.stringify({ answer: it.gold }) + "\n```" }), delayMs: 60 };
      });
    });
    afterAll(() => server.close());

    it("a shard killed with SIGKILL is refused by merge, resumes when rerun (only the requests in flight at the kill sent again), and the merge equals the unsharded run", async () => {
      const args = ["eval", "--tasks", tasks, "--model", "loopback-model", "--base-url", server.baseURL, "--no-cache", "--concurrency", "2"];
      const whole = await mech([...args, "--out", at("l-whole")]);
      expect(whole.code, whole.err).toBe(0);
      server.requests.length = 0;
      const victim = shards(3).reduce((best, i) => (items.filter((it) => shardOf(it.task_id, 3) === i).length > items.filter((it) => shardOf(it.task_id, 3) === best).length ? i : best), 1);
      const mine = items.filter((it) => shardOf(it.task_id, 3) === victim);
      const others = shards(3).filter((i) => i !== victim).map((i) => mech([...args, "--shard", `${i}/3`, "--out", at(`l${i}`)]));
      const killed = spawnMech([...args, "--shard", `${victim}/3`, "--out", at(`l${victim}`)]);
      const records = join(at(`l${victim}`), "records.jsonl");
      for (let i = 0; i < 1000 && !(existsSync(records) && recordLines(at(`l${victim}`)).length >= 3); i++) await new Promise((r) => setTimeout(r, 10));
      killed.child.kill("SIGKILL");
      expect((await killed.done).signal).toBe("SIGKILL");
      for (const r of await Promise.all(others)) expect(r.code, r.err).toBe(0);
      const before = new Set(recordLines(at(`l${victim}`)).map((l) => (JSON.parse(l) as { task_id: string }).task_id));
      expect(before.size).toBeLessThan(mine.length);
      const dirs = shards(3).map((i) => at(`l${i}`));
      expect(await mergeError(dirs, at("l-merged"))).toMatch(new RegExp(`l${victim} \\(shard ${victim}/3\\) is unfinished: ${mine.length - before.size} items? without a record; run its mech eval --shard command again`));

      const again = await mech([...args, "--shard", `${victim}/3`, "--out", at(`l${victim}`)]);
      expect(again.code, again.err).toBe(0);
      expect(again.err).toContain(`${before.size} already finished`);
      const sent = server.requests.map(userMessage);
      for (const it of items) {
        const n = sent.filter((p) => p === it.prompt).length;
        if (shardOf(it.task_id, 3) !== victim || before.has(it.task_id)) expect(n, it.task_id).toBe(1);
        else expect(n).toBeGreaterThanOrEqual(1);
      }
      // only the (at most two) requests in flight at the kill were sent twice
      expect(sent.length - items.length).toBeLessThanOrEqual(2);

      const merged = await mech(["merge", ...dirs, "--out", at("l-merged")]);
      expect(merged.code, merged.err).toBe(0);
      const byId = (d: string) => new Map(recordLines(d).map((l) => [(JSON.parse(l) as { task_id: string }).task_id, comparableRecord(l)]));
      expect(byId(at("l-merged"))).toEqual(byId(at("l-whole")));
      expect(await scoreJson(at("l-merged"))).toEqual(await scoreJson(at("l-whole")));
    });
  });
});

/** A transcript's records without their timings (two plays of an episode differ only there). */
const TIMING = new Set(["started", "finished", "latency_ms", "started_ms", "duration_ms"]);
const transcript = (path: string) =>
  readFileSync(path, "utf8").split("\n").filter(Boolean).map((l) => Object.fromEntries(Object.entries(JSON.parse(l) as Record<string, unknown>).filter(([k]) => !TIMING.has(k))));

describe("mech physment run --shard and mech merge", () => {
  const args = ["physment", "run", "--reference", "--scenes", "7,8,101", "--budgets", "5,20", "--concurrency", "2"];

  it("three shard processes merged: the unsharded run's transcripts and scores", async () => {
    const [whole, ...parts] = await Promise.all([mech([...args, "--out", at("p-whole")]), ...shards(3).map((i) => mech([...args, "--shard", `${i}/3`, "--out", at(`p${i}`)]))]);
    expect(whole.code, whole.err).toBe(0);
    for (const p of parts) expect(p.code, p.err).toBe(0);
    const merged = await mech(["merge", at("p1"), at("p2"), at("p3"), "--out", at("p-merged")]);
    expect(merged.code, merged.err).toBe(0);
    expect(merged.out).toBe(whole.out);
    const names = readdirSync(at("p-whole")).filter((f) => f.endsWith(".jsonl")).sort();
    expect(names).toHaveLength(6);
    expect(readdirSync(at("p-merged")).sort()).toEqual(names);
    for (const f of names) {
      expect(transcript(at("p-merged", f)), f).toEqual(transcript(at("p-whole", f)));
      // copied through the transcript store record by record: the shard's bytes
      const from = shards(3).map((i) => at(`p${i}`, f)).find(existsSync)!;
      expect(readFileSync(at("p-merged", f), "utf8")).toBe(readFileSync(from, "utf8"));
    }
    const score = await mech(["physment", "score", at("p-merged")]);
    expect(score.out).toBe((await mech(["physment", "score", at("p-whole")])).out);
    // a shard's directory takes only that shard's command again
    const unsharded = await mech([...args, "--out", at("p1")]);
    const other = await mech([...args, "--shard", "2/3", "--out", at("p1")]);
    expect(unsharded.code).toBe(2);
    expect(unsharded.err).toMatch(/p1 holds shard 1\/3 of a sharded run; continue it with --shard 1\/3, or join the shards with mech merge/);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/p1 holds shard 1\/3 of this run; choose another --out/);
  });

  it("an unfinished episode is refused unless --allow-unfinished; the unsharded command then finishes the merged run", async () => {
    const victim = shards(3).find((i) => readdirSync(at(`p${i}`)).some((f) => f.endsWith(".jsonl")))!;
    const file = readdirSync(at(`p${victim}`)).find((f) => f.endsWith(".jsonl"))!;
    const path = at(`p${victim}`, file);
    const text = readFileSync(path, "utf8");
    // cut the end record and half of the line before it, as a kill mid-write leaves it
    const lines = text.trimEnd().split("\n");
    truncateSync(path, Buffer.byteLength(lines.slice(0, -2).join("\n") + "\n" + lines.at(-2)!.slice(0, 10)));
    const dirs = shards(3).map((i) => at(`p${i}`));
    expect(await mergeError(dirs, at("p-partial"))).toMatch(new RegExp(`1 episode unfinished: .*p${victim}/${file.replaceAll(".", "\\.")}; run the shard's mech physment run --shard command again`));
    const io = fileIo();
    await mergeCommand({ dirs, out: at("p-partial"), allowUnfinished: true, json: false }, io);
    expect(io.lines.join("\n")).toMatch(/6 episodes, 1 unfinished \(run the unsharded mech physment run with --out .*p-partial to finish them\)/);
    const finish = await mech([...args, "--out", at("p-partial")]);
    expect(finish.code, finish.err).toBe(0);
    expect(finish.err).toMatch(/1 finished, 5 already done, 0 failed/);
    expect(transcript(at("p-partial", file))).toEqual(transcript(at("p-whole", file)));
  });
});
