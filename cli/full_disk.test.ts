// A full disk during mech eval, mech generate and mech physment run, simulated by pointing the
// file a command writes next at /dev/full (every write to it fails with ENOSPC, as on a full
// disk). Each command stops with exit 2 and a message naming the path; what it wrote before
// is intact; once the "space is freed" (the link removed) the same command completes, with
// nothing lost and no answered request sent again.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completion, type Loopback, startLoopback } from "../engine/llm/loopback.test_support.ts";
import { userMessage, writeSmallBenchmark } from "../engine/eval/eval.test_support.ts";
import type { EvalItem } from "../engine/eval/items.ts";
import { spawnMech } from "./cli.test_support.ts";
import { planRun } from "../engine/eval/plan.ts";
import { readTaskSet } from "../engine/tasks/store.ts";
import { FileTranscriptStore } from "../engine/physment/agent/transcript.ts";
import { fsMessage } from "../engine/files/fs_reason.ts";
import { runBenchmark } from "../engine/physment/agent/runner.ts";
import { ProcedureClient } from "../engine/physment/reference.ts";
import { sceneSetup } from "../engine/physment/setup.ts";
import { builtinReference } from "../scenes/mod.ts";
import { sceneByNumber } from "../engine/api/physment_scenes.ts";

const canSimulate = existsSync("/dev/full");
const scratch = () => mkdtempSync(join(tmpdir(), "mech-full-disk-"));
const full = (path: string) => symlinkSync("/dev/full", path);
// writing a device takes Deno's --allow-all; the simulation needs it, the commands do not
const mech = (args: string[]) => spawnMech(args, {}, ["--allow-all"]).done;

describe.skipIf(!canSimulate)("a full disk", () => {
  let tasks = "";
  let items: EvalItem[] = [];
  let server: Loopback;
  const requests: string[] = [];
  beforeAll(async () => {
    ({ dir: tasks, items } = writeSmallBenchmark());
    const gold = new Map(items.map((it) => [it.prompt, it]));
    server = await startLoopback((body) => {
      const prompt = userMessage(body);
      requests.push(prompt);
      return completion({ content: JSON.stringify({ answer: gold.get(prompt)!.gold }) });
    });
  });
  afterAll(() => server.close());

  // a full disk under mech eval is simulated in engine/eval/runner.test.ts ("a full disk"),
  // with a writer that fails mid-line: /dev/full cannot stand in for records.jsonl, which
  // is read back first, and a device is refused there
  it("mech eval: a records.jsonl that is a device is refused at once, exit 2, the path named", async () => {
    const dir = scratch(), out = join(dir, "run");
    const plan = planRun({ set: readTaskSet(tasks), selection: { families: null, mechanisms: null, limit: 6 }, model: "m", baseUrl: server.baseURL, apiKeyEnv: null, settings: { max_output_tokens: 100, temperature: 0, reasoning_effort: null, json_object: false } });
    mkdirSync(out);
    writeFileSync(join(out, "run.json"), JSON.stringify(plan.config, null, 2) + "\n");
    full(join(out, "records.jsonl"));
    requests.length = 0;
    const r = await mech(["eval", "--retry-failed", out, "--no-cache"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`mech: ${join(out, "records.jsonl")}: not a regular file`);
    expect(requests).toHaveLength(0);
  });

  it("mech generate: stops naming the file; run again after space is freed, it completes and verifies", async () => {
    const out = join(scratch(), "bench");
    mkdirSync(out);
    full(join(out, ".solutions.jsonl.partial"));
    const args = ["generate", "--mechanisms", "electrical_resistor", "--per-level", "1", "--force", "--out", out];
    const r = await mech(args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${join(out, "solutions.jsonl")}: no space left on the device`);
    expect(r.err).not.toMatch(/internal error|^\s+at /m);
    expect(existsSync(join(out, "manifest.json"))).toBe(false); // never a manifest over half a benchmark
    expect(existsSync(join(out, ".solutions.jsonl.partial"))).toBe(false); // no partial file left holding space
    const again = await mech(args);
    expect(again.err).not.toMatch(/internal error/);
    expect(again.code).toBe(0);
    expect((await mech(["tasks", "verify", out])).code).toBe(0);
  }, 120_000);

  it("the PhysMent runner: a transcript that cannot be written stops the run naming it; resumed, every episode finishes", async () => {
    const out = join(scratch(), "pm");
    // the second episode's transcript takes its header, then the disk is full
    class FullAfterHeader extends FileTranscriptStore {
      override async create(key: string) {
        const sink = await super.create(key);
        if (!key.startsWith("8__")) return sink;
        let writes = 0;
        return { write: (r: Parameters<typeof sink.write>[0]) => (writes++ ? Promise.reject(fsMessage(this.locate(key), Object.assign(new Error("ENOSPC"), { code: "ENOSPC" }))) : sink.write(r)) };
      }
    }
    const scenes = new Map([[7, await sceneByNumber("test", 7, undefined)], [8, await sceneByNumber("test", 8, undefined)]]);
    const run = (store: FileTranscriptStore) =>
      runBenchmark({
        scenes: ["7", "8"],
        models: [{ name: "reference", client: (e: { scene: string }) => new ProcedureClient(builtinReference(Number(e.scene))!) }],
        budgets: [5],
        factory: (id) => sceneSetup(scenes.get(Number(id))!, id),
        store,
        concurrency: 1,
      });
    await expect(run(new FullAfterHeader(out))).rejects.toThrow(`${join(out, "8__reference__b5__zero-shot__function.jsonl")}: no space left on the device`);
    expect(readFileSync(join(out, "7__reference__b5__zero-shot__function.jsonl"), "utf8")).toMatch(/"type":"end"/);
    // space freed: the finished episode is skipped, the stopped one runs to its end
    const again = await run(new FileTranscriptStore(out));
    expect(again.outcomes.map((o) => o.status)).toEqual(["skipped", "finished"]);
    expect(readFileSync(join(out, "8__reference__b5__zero-shot__function.jsonl"), "utf8")).toMatch(/"type":"end"/);
  }, 120_000);
});
