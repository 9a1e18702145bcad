// Fuzzing the loaders of every file a user hands mech, structure-aware
// (engine/files/mutate.test_support.ts): 10,000 mutated mechanism files, 10,000 mutated scene
// files (5,000 metadata JSON, 5,000 MJCF), 10,000 mutated records.jsonl texts and 10,000
// mutated transcripts. Each is accepted, or refused by an error of the class the CLI prints
// with exit 2, naming the file and the place (JSON path or line); never another exception,
// a hang or a crash. The seeds are fixed (FUZZ_SEED overrides them), and fast-check prints a
// failing case's seed and path so it replays.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { spawnMech } from "./cli.test_support.ts";
import { mutateJson, mutateXml, mutations } from "../engine/files/mutate.test_support.ts";
import { parseMechanism } from "../engine/api/mechanisms.ts";
import { MechanismError } from "../engine/model/issues.ts";
import { readRun } from "../engine/eval/run_store.ts";
import { RunError } from "../engine/files/errors.ts";
import { EVAL_RUN_FORMAT } from "../engine/eval/run_records.ts";
import { parseTranscript } from "../engine/physment/agent/transcript.ts";
import { loadScene, SceneError } from "../engine/physment/scene/load.ts";
import { scriptedAgent } from "../engine/physment/agent/scripted_client.ts";
import { playDrop } from "../engine/physment/agent/play.test_support.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261204);
const RUNS = 10_000;
const root = new URL("..", import.meta.url);
const text = (rel: string) => readFileSync(new URL(rel, root), "utf8");

describe("fuzzed mechanism files", () => {
  it(`${RUNS.toLocaleString("en-US")} mutations of a catalog mechanism: accepted, or a MechanismError naming the file and the place`, () => {
    const bases = ["catalog/mechanisms/thermal_two_masses.json", "catalog/mechanisms/electrical_resistor.json"].map((p) => JSON.parse(text(p)) as unknown);
    let refused = 0;
    fc.assert(fc.property(fc.nat(1), mutations, (b, ms) => {
      const source = mutateJson(bases[b], ms);
      try {
        parseMechanism(source, "fuzz.json");
      } catch (e) {
        if (!(e instanceof MechanismError)) throw e;
        refused++;
        expect(e.issues.length).toBeGreaterThan(0);
        for (const i of e.issues) expect(i.file).toMatch(/^fuzz\.json(:\d+:\d+)?$/);
        expect(e.message).toContain("fuzz.json");
      }
    }), { numRuns: RUNS, seed: SEED });
    expect(refused).toBeGreaterThan(RUNS / 2);
  }, 300_000);
});

describe("fuzzed files through the CLI itself", () => {
  it("mech validate on 200 mutated mechanism files: exit 0 or 2, every refusal on a located line, never a stack trace", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mech-fuzz-cli-"));
    const base = JSON.parse(text("catalog/mechanisms/thermal_two_masses.json")) as unknown;
    const files = fc.sample(mutations, { numRuns: 200, seed: SEED }).map((ms, i) => {
      const f = join(dir, `m${i}.json`);
      writeFileSync(f, mutateJson(base, ms));
      return f;
    });
    const r = await spawnMech(["validate", ...files]).done;
    expect([0, 2]).toContain(r.code);
    expect(r.err).not.toMatch(/internal error|^\s+at /m);
    // every file is named: as ok on stdout, or in a refusal on stderr
    for (const f of files) expect(r.out.includes(`${f}: ok`) || r.err.includes(f), f).toBe(true);
  }, 120_000);
});

describe("fuzzed scene files", () => {
  const json = text("scenes/Scene7/scene7.json"), xml = text("scenes/Scene7/scene7.xml");
  const check = async (input: { json: string; xml: string }) => {
    const r = await loadScene({ ...input, file: "Scene7/scene7.json" });
    if (!(r instanceof SceneError)) return false;
    // located: the metadata's JSON path or the MJCF's line, in the file named
    expect(r.message).toMatch(/scene7\.(json|xml)/);
    return true;
  };

  it(`${(RUNS / 2).toLocaleString("en-US")} mutations of a scene's metadata JSON and ${(RUNS / 2).toLocaleString("en-US")} of its MJCF: a scene, or a SceneError naming the file`, async () => {
    let refused = 0;
    await fc.assert(fc.asyncProperty(mutations, async (ms) => {
      if (await check({ json: mutateJson(JSON.parse(json), ms), xml })) refused++;
    }), { numRuns: RUNS / 2, seed: SEED });
    await fc.assert(fc.asyncProperty(mutations, async (ms) => {
      if (await check({ json, xml: mutateXml(xml, ms) })) refused++;
    }), { numRuns: RUNS / 2, seed: SEED + 1 });
    expect(refused).toBeGreaterThan(RUNS / 10);
  }, 600_000);
});

describe("fuzzed run records", () => {
  const config = {
    format: EVAL_RUN_FORMAT, model: "m", endpoint: "http://127.0.0.1:9/v1", api_key_env: null,
    tasks: { dir: "tasks", completion_sha256: "0".repeat(64), retained: 2 },
    selection: { families: null, mechanisms: null, limit: null },
    settings: { max_output_tokens: 100, temperature: 0, reasoning_effort: null, json_object: false },
    request: {}, system_message: "s", items: 2, created: "2026-12-01T00:00:00.000Z",
  };
  const base = { task_id: "task_00000000000000a1", family: "necessity", mechanism: "m", request_sha256: "a".repeat(64), attempts: [{ started: "2026-12-01T00:00:00.000Z", latency_ms: 3, error: null }], latency_ms: 3, finished: "2026-12-01T00:00:01.000Z" };
  const lines = [
    { type: "response", ...base, content: '{"answer": {}}', finish_reason: "stop", usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 }, cached: false },
    { type: "failure", ...base, task_id: "task_00000000000000a2", class: "timeout", error: { kind: "timeout", status: null, message: "late" } },
  ];

  it(`${RUNS.toLocaleString("en-US")} mutated records.jsonl texts: read, or a RunError naming records.jsonl and the line`, () => {
    const dir = mkdtempSync(join(tmpdir(), "mech-fuzz-run-"));
    writeFileSync(join(dir, "run.json"), JSON.stringify(config));
    let refused = 0;
    fc.assert(fc.property(fc.nat(1), mutations, (k, ms) => {
      const mutated = lines.map((l, i) => (i === k ? mutateJson(l, ms).replaceAll("\n", " ") : JSON.stringify(l)));
      writeFileSync(join(dir, "records.jsonl"), mutated.join("\n") + "\n");
      try {
        readRun(dir);
      } catch (e) {
        if (!(e instanceof RunError)) throw e;
        refused++;
        expect(e.message).toMatch(/records\.jsonl:\d+: /);
      }
    }), { numRuns: RUNS, seed: SEED });
    expect(refused).toBeGreaterThan(RUNS / 2);
  }, 300_000);
});

describe("fuzzed transcripts", () => {
  let transcript = "";
  beforeAll(async () => {
    const agent = scriptedAgent([{ reasoning: "Step, then read.", calls: [{ tool: "step", parameters: { duration: 0.5 } }, { tool: "get_velocity", parameters: { object_id: "object_1" } }] }, { reasoning: "Done.", calls: [{ tool: "answer", parameters: { answer: -4.905 } }] }], "function");
    transcript = (await playDrop(agent)).text;
  }, 120_000);

  it(`${RUNS.toLocaleString("en-US")} transcripts with a line mutated: parsed, every problem on a numbered line`, () => {
    const lines = transcript.trimEnd().split("\n");
    expect(lines.length).toBeGreaterThan(3);
    fc.assert(fc.property(fc.nat(), mutations, (k, ms) => {
      const i = k % lines.length;
      const mutated = [...lines];
      mutated[i] = mutateJson(JSON.parse(lines[i]), ms).replaceAll("\n", " ");
      const parsed = parseTranscript(mutated.join("\n") + "\n");
      for (const issue of parsed.issues) {
        expect(issue.line).toBeGreaterThanOrEqual(1);
        expect(issue.line).toBeLessThanOrEqual(lines.length + 1);
        expect(issue.message.length).toBeGreaterThan(0);
      }
    }), { numRuns: RUNS, seed: SEED });
  }, 300_000);
});
