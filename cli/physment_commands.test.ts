import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fakeIo, fileIo, runMech, spawnMech } from "./cli.test_support.ts";
import { completion, startLoopback } from "../engine/llm/loopback.test_support.ts";
import { parseBudgets, parseSceneList, physmentReportCommand, physmentRunCommand, runProgress, scoreDirectory } from "./physment_commands.ts";
import { loadPhysmentScene, scenePaths } from "../engine/api/physment.ts";
import { runBenchmark } from "../engine/physment/agent/runner.ts";
import { scriptedAgent } from "../engine/physment/agent/scripted_client.ts";
import { FileTranscriptStore } from "../engine/physment/agent/transcript.ts";
import { sceneSetup } from "../engine/physment/setup.ts";
import { InputError } from "./io.ts";

// A drop scene of our own, laid out like PhysMent's (Scene101/scene101.{json,xml}).
const JSON_TEXT = JSON.stringify({
  metadata: { scene_name: "Drop", task: "Release the ball held 10 m up and report its vertical velocity after 0.5 s.", problem_type: "computation" },
  answer: -4.905,
  expected_behavior: "Step 0.5 s, read the velocity.",
  reasoning: "v = -g t.",
  number_of_objects: "2",
  objects: { object_1: { name: "ball", object_id: "1" }, object_2: { name: "ground", object_id: "2" } },
  object_permissions: { object_1_permissions: { geom_type: true, body_mass: true }, object_2_permissions: { geom_type: true } },
});
const XML_TEXT = `<mujoco model="drop"><option timestep="0.005"/><worldbody>
  <body name="object_2"><geom type="plane" size="5 5 0.1"/></body>
  <body name="object_1" pos="0 0 10"><freejoint name="object_1_joint"/><geom type="sphere" size="0.1" mass="1"/></body>
</worldbody></mujoco>`;

let root = "";
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "mechbench-physment-"));
  mkdirSync(join(root, "scenes", "Scene101"), { recursive: true });
  writeFileSync(join(root, "scenes", "Scene101", "scene101.json"), JSON_TEXT);
  writeFileSync(join(root, "scenes", "Scene101", "scene101.xml"), XML_TEXT);
  writeFileSync(join(root, "calls.json"), JSON.stringify([
    { tool: "step", parameters: { duration: 0.5 } },
    { tool: "get_velocity", parameters: { object_id: "object_1" } },
  ]));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("mech physment", () => {
  it("exec runs tool calls against a scene and prints one JSON result per line", () => {
    const r = runMech("physment", "exec", join(root, "scenes", "Scene101"), "--calls", join(root, "calls.json"));
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const lines = r.out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.tool)).toEqual(["step", "get_velocity"]);
    expect(lines[1].result.velocity[2]).toBeCloseTo(-4.905, 1);
  });

  it("exec: the README's example (docs/examples/scene7_calls.json on the built-in Scene7) runs", () => {
    const r = runMech("physment", "exec", "scenes/Scene7", "--calls", "docs/examples/scene7_calls.json");
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.tool)).toEqual(["get_position", "step", "get_velocity"]);
    expect(lines[2].result.velocity[2]).toBeCloseTo(-7.848, 2);
  });

  it("exec: bad calls and bad scene paths exit 2 with the place named", () => {
    writeFileSync(join(root, "bad_calls.json"), '[{"tool": "step", "parameters": {"duration": 0.1}}, {"parameters": {}}]');
    const bad = runMech("physment", "exec", join(root, "scenes", "Scene101"), "--calls", join(root, "bad_calls.json"));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("at $[1].tool");
    const path = runMech("physment", "exec", join(root, "nowhere"), "--calls", join(root, "calls.json"));
    expect(path.code).toBe(2);
    expect(path.err).toContain("expected a scene directory named SceneN or a sceneN.json file");
  });

  it("score: a scripted run's transcripts give the accuracy and the Final Score per budget", async () => {
    const { out, io, files } = await scriptedDropRun("run");
    expect(scoreDirectory(out, join(root, "scenes"), io, () => files)).toBe(0);
    const table = io.lines.join("\n");
    // 2 iterations of 5 and of 10: E = 0.6 and 0.8
    expect(table).toContain("| scripted | zero-shot/function | 5 | all | 1 | 1.000 | 1.000 | 1.000 | 0.600 |");
    expect(table).toContain("| scripted | zero-shot/function | 10 | all | 1 | 1.000 | 1.000 | 1.000 | 0.800 |");
  });

  it("report: a scripted run's transcripts give an HTML page with charts and Markdown tables", async () => {
    const { out, io, files } = await scriptedDropRun("run-report");
    expect(await physmentReportCommand({ dir: out, scenesDir: join(root, "scenes") }, io, () => files)).toBe(0);
    const md = io.lines.filter((l) => !l.startsWith("ERR ")).join("\n");
    expect(md).toContain("| scripted (zero-shot/function) | 100.0 | 100.0 | 100.0 |");
    expect(md).toContain("| Create / Delete / Attach | 100.0 (≥80 %) |");
    expect(md).toContain("| scripted (zero-shot/function) | 5 | 1 | 0 | 0 | 0 | 0 |");
    const page = readText(join(out, "report.html"));
    expect(page.match(/<svg/g)!.length).toBe(3);
    expect(page).not.toMatch(/https?:\/\//);
    expect(page).not.toMatch(/<script/i);
    // --out elsewhere; score's output is unchanged by the shared reading of transcripts.
    expect(await physmentReportCommand({ dir: out, scenesDir: join(root, "scenes"), out: join(root, "elsewhere.html") }, io, () => files)).toBe(0);
    expect(readText(join(root, "elsewhere.html"))).toBe(page);
  });

  it("run --reference plays the built-in scenes' procedures; score and report default to the built-in scenes", async () => {
    const out = join(root, "run-reference");
    const io = fileIo();
    const run = { reference: true, apiKeyEnv: "NO_SUCH_KEY", scenes: "7,101", budgets: "20", strategy: "zero-shot" as const, protocol: "tools" as const, out, concurrency: 2 };
    expect(await physmentRunCommand(run, io, () => undefined, (d) => readdirSync(d))).toBe(0);
    // both answered correctly (accuracy, regraded accuracy and C all 1)
    expect(io.lines.join("\n")).toContain("| reference | zero-shot/function | 20 | all | 2 | 1.000 | 1.000 | 1.000 |");
    io.lines.length = 0;
    expect(scoreDirectory(out, undefined, io, (d) => readdirSync(d))).toBe(0);
    expect(io.lines.join("\n")).toContain("| reference | zero-shot/function | 20 | all | 2 | 1.000 |");
  });

  it("run: a transcript directory another live process is writing is refused (the lock mech eval's runs take); the lock is released after a run", async () => {
    const out = join(root, "run-locked");
    mkdirSync(out, { recursive: true });
    const run = { reference: true, apiKeyEnv: "NO_SUCH_KEY", scenes: "7", budgets: "5", strategy: "zero-shot" as const, protocol: "tools" as const, out, concurrency: 1 };
    // another process refreshing its lock every second
    const write = () => writeFileSync(join(out, ".lock"), JSON.stringify({ pid: 424242, heartbeat: Date.now() }));
    write();
    const timer = setInterval(write, 200);
    try {
      await expect(physmentRunCommand(run, fakeIo(), () => undefined, (d) => readdirSync(d))).rejects.toThrow(`${out} is in use by process 424242; wait for it to finish (or stop it) before running again`);
    } finally {
      clearInterval(timer);
    }
    expect(readdirSync(out).filter((f) => f.endsWith(".jsonl"))).toEqual([]);
    rmSync(join(out, ".lock"));
    expect(await physmentRunCommand(run, fileIo(), () => undefined, (d) => readdirSync(d))).toBe(0);
    expect(readdirSync(out)).toEqual(["7__reference__b5__zero-shot__function.jsonl"]);
  });

  it("run: --model or --reference, never both; --reference needs the built-in scenes or a variant set, and function calling", async () => {
    const base = { apiKeyEnv: "NO_SUCH_KEY", scenes: "7", budgets: "5", strategy: "zero-shot" as const, protocol: "tools" as const, out: join(root, "never"), concurrency: 1 };
    const run = (extra: object) => physmentRunCommand({ ...base, ...extra }, fakeIo(), () => undefined, () => []);
    await expect(run({})).rejects.toThrow("name the model to run with --model (or play the reference procedures with --reference)");
    await expect(run({ model: "m", reference: true })).rejects.toThrow("--reference plays the scenes' own procedures; it takes no --model");
    await expect(run({ reference: true, scenesDir: join(root, "scenes"), scenes: "101" })).rejects.toThrow(/variant.json is missing, so .* is not a variant set/);
    await expect(run({ reference: true, protocol: "text" })).rejects.toThrow("--reference speaks function calling");
    await expect(run({ reference: true, scenes: "5" })).rejects.toThrow("no built-in scene 5 (built-in: 7…111, 105 scenes)");
    await expect(run({ model: "m" })).rejects.toThrow("no API key: set NO_SUCH_KEY");
  });

  it("score: transcripts of other scenes than the ones named are refused, not scored against the wrong gold", async () => {
    // the Scene101 of this test's directory is a drop scene; built-in scene 101 is not
    const out = join(root, "run-mismatch");
    const io = fileIo();
    const run = { reference: true, apiKeyEnv: "NO_SUCH_KEY", scenes: "101", budgets: "20", strategy: "zero-shot" as const, protocol: "tools" as const, out, concurrency: 1 };
    expect(await physmentRunCommand(run, io, () => undefined, (d) => readdirSync(d))).toBe(0);
    expect(() => scoreDirectory(out, join(root, "scenes"), io, (d) => readdirSync(d))).toThrow(
      /run-mismatch\/101__reference__b20__zero-shot__function\.jsonl: the transcript's prompt does not contain the task of .*Scene101\/scene101\.json; it was run on other scenes/,
    );
    // and a run on the drop scene, scored against the built-in scenes, is refused the same way
    const drop = await scriptedDropRun("run-drop");
    expect(() => scoreDirectory(drop.out, undefined, drop.io, () => drop.files)).toThrow(/scenes\/Scene101\/scene101\.json; it was run on other scenes/);
  });

  it("score and report: a transcript cut off mid-write (or empty) is unfinished, left out with a warning naming it; the rest is scored", async () => {
    const { out, io } = await scriptedDropRun("run-torn");
    const finished = readText(join(out, "101__scripted__b5__zero-shot__function.jsonl"));
    // a run killed while writing a line: the last line has no newline and is cut in half
    const lines = finished.trimEnd().split("\n");
    const torn = join(out, "101__scripted__b15__zero-shot__function.jsonl");
    writeFileSync(torn, lines.slice(0, 4).join("\n") + "\n" + lines[4].slice(0, 25));
    // killed between creating the file and writing its header
    const empty = join(out, "101__scripted__b20__zero-shot__function.jsonl");
    writeFileSync(empty, "");
    const files = readdirSync(out);
    expect(scoreDirectory(out, join(root, "scenes"), io, () => files)).toBe(0);
    const text = io.lines.join("\n");
    expect(text).toContain("| scripted | zero-shot/function | all | all | 2 | 1.000 |");
    expect(text).toContain(`ERR mech: ${torn}:5: unfinished (the last line was cut off (the run stopped while writing it)); left out`);
    expect(text).toContain(`ERR mech: ${empty}: unfinished (empty: the run stopped before writing its header); left out`);
    expect(text).toContain("2 unfinished transcript(s) left out (run again to finish them)");
    const report = fileIo();
    expect(await physmentReportCommand({ dir: out, scenesDir: join(root, "scenes") }, report, () => files)).toBe(0);
    expect(report.lines.join("\n")).toContain(`ERR mech: ${torn}:5: unfinished`);
    // the real command exits 0
    const cli = runMech("physment", "score", out, "--scenes-dir", join(root, "scenes"));
    expect(cli.code, cli.err).toBe(0);
    expect(cli.err).toContain(`${torn}:5: unfinished`);
    // a finished transcript with a damaged line is not an interrupted run: still refused, naming file and line
    writeFileSync(torn, [...lines.slice(0, 3), "{oops", ...lines.slice(3)].join("\n") + "\n");
    expect(() => scoreDirectory(out, join(root, "scenes"), fileIo(), () => files)).toThrow(new RegExp(`${torn}:4: not JSON`));
  });

  it("run: --timeout, --max-retries, --temperature and --max-output-tokens reach the endpoint; their defaults are mech eval's", async () => {
    const bodies: Record<string, unknown>[] = [];
    let slowFirst = true;
    const server = await startLoopback((body) => {
      bodies.push(body);
      const slow = slowFirst;
      slowFirst = false;
      return { ...completion({ toolCalls: [{ name: "answer", arguments: { answer: -4.905 } }] }), delayMs: slow ? 3_000 : 0 };
    });
    try {
      const base = { model: "some-model", baseUrl: server.baseURL, apiKeyEnv: "NO_SUCH_KEY", scenesDir: join(root, "scenes"), scenes: "101", budgets: "5", strategy: "zero-shot" as const, protocol: "tools" as const, concurrency: 1 };
      // the first request outlives --timeout 0.3, the one retry --max-retries allows answers
      const io = fileIo();
      const t0 = performance.now();
      expect(await physmentRunCommand({ ...base, out: join(root, "run-options"), timeout: 0.3, maxRetries: 1, temperature: 0.5, maxOutputTokens: 64 }, io, () => undefined, (d) => readdirSync(d))).toBe(0);
      expect(performance.now() - t0).toBeLessThan(2_900);
      expect(bodies).toHaveLength(2);
      // an unknown model gets the default profile of mech eval: temperature taken, the max_tokens field
      expect(bodies[1]).toMatchObject({ temperature: 0.5, max_tokens: 64 });
      expect(io.lines.join("\n")).toContain("retry 1 in");
      // without the options: mech eval's defaults (temperature 0, 20000 output tokens)
      bodies.length = 0;
      expect(await physmentRunCommand({ ...base, out: join(root, "run-defaults") }, fileIo(), () => undefined, (d) => readdirSync(d))).toBe(0);
      expect(bodies[0]).toMatchObject({ temperature: 0, max_tokens: 20_000 });
      // no retry left: a timeout failure, named by kind, exit 1; the transcript says so
      slowFirst = true;
      const failed = fileIo();
      expect(await physmentRunCommand({ ...base, out: join(root, "run-timeout"), timeout: 0.3, maxRetries: 0 }, failed, () => undefined, (d) => readdirSync(d))).toBe(1);
      expect(failed.lines.join("\n")).toContain("0 finished, 0 already done, 1 failed (timeout 1)");
      expect(failed.lines.join("\n")).toContain("run the same command again to retry");
    } finally {
      await server.close();
    }
  });

  it("run: --episode-timeout stops an episode at its deadline and records it as an episode_timeout failure; running again takes it up", async () => {
    let delayMs = 250;
    const server = await startLoopback(() => ({ ...completion({ toolCalls: [{ name: "step", arguments: { duration: 0.1 } }] }), delayMs }));
    try {
      const out = join(root, "run-deadline");
      const args = { model: "m", baseUrl: server.baseURL, apiKeyEnv: "NO_SUCH_KEY", scenesDir: join(root, "scenes"), scenes: "101", budgets: "5", strategy: "zero-shot" as const, protocol: "tools" as const, out, concurrency: 1, episodeTimeout: 0.6 };
      const io = fileIo();
      expect(await physmentRunCommand(args, io, () => undefined, (d) => readdirSync(d))).toBe(1);
      const text = io.lines.join("\n");
      expect(text).toContain("scene 101 budget 5: failed (episode_timeout): the episode passed its deadline of 0.6 s");
      expect(text).toContain("1 failed (episode_timeout 1)");
      const transcript = readText(join(out, "101__m__b5__zero-shot__function.jsonl")).trimEnd().split("\n").map((l) => JSON.parse(l));
      expect(transcript.at(-1)).toMatchObject({ type: "abort", kind: "episode_timeout" });
      delayMs = 0;
      const again = fileIo();
      expect(await physmentRunCommand(args, again, () => undefined, (d) => readdirSync(d))).toBe(0);
      expect(again.lines.join("\n")).toContain("1 finished, 0 already done, 0 failed");
    } finally {
      await server.close();
    }
  });

  it("run: the request and deadline options are parsed by mech itself; bad values exit 2 with the flag named", async () => {
    const bodies: Record<string, unknown>[] = [];
    const server = await startLoopback((body) => {
      bodies.push(body);
      return completion({ toolCalls: [{ name: "answer", arguments: { answer: -4.905 } }] });
    });
    try {
      const out = join(root, "run-flags");
      const r = await spawnMech(["physment", "run", "--model", "m", "--base-url", server.baseURL, "--scenes-dir", join(root, "scenes"), "--scenes", "101", "--budgets", "5", "--out", out,
        "--timeout", "30", "--max-retries", "2", "--temperature", "0.25", "--max-output-tokens", "100", "--episode-timeout", "60"]).done;
      expect(r.code, r.err).toBe(0);
      expect(bodies[0]).toMatchObject({ temperature: 0.25, max_tokens: 100 });
    } finally {
      await server.close();
    }
    for (const [flag, value] of [["--max-retries", "-1"], ["--episode-timeout", "soon"], ["--temperature", "3"]]) {
      const bad = runMech("physment", "run", "--reference", "--scenes", "7", "--out", join(root, "never"), flag, value);
      expect(bad.code, `${flag} ${value}`).toBe(2);
      expect(bad.err, `${flag} ${value}`).toContain(flag);
      expect(bad.err).not.toMatch(/\n\s+at /);
    }
  });

  it("run: --concurrency N plays N episodes at once; the results are printed in the grid's order whatever order they finish in", async () => {
    let inFlight = 0, peak = 0;
    // the episodes answer their scene's number, the earlier scenes more slowly: they finish in reverse order
    const server = await startLoopback((body) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      const scene = Number(/\(scene (\d+)\)/.exec((body.messages as { content: string }[])[1].content)![1]);
      const delayMs = 200 * (11 - scene);
      setTimeout(() => inFlight--, delayMs);
      return { ...completion({ toolCalls: [{ name: "answer", arguments: { answer: scene } }] }), delayMs };
    });
    try {
      const io = fileIo();
      const args = { model: "m", baseUrl: server.baseURL, apiKeyEnv: "NO_SUCH_KEY", scenes: "7-10", budgets: "5", strategy: "zero-shot" as const, protocol: "tools" as const, out: join(root, "run-parallel"), concurrency: 4 };
      expect(await physmentRunCommand(args, io, () => undefined, (d) => readdirSync(d))).toBe(0);
      expect(peak).toBe(4);
      const results = io.lines.filter((l) => /^ERR \[\d+\/4\]/.test(l));
      expect(results).toEqual([
        "ERR [1/4] scene 7 budget 5: answered 7 in 1",
        "ERR [2/4] scene 8 budget 5: answered 8 in 1",
        "ERR [3/4] scene 9 budget 5: answered 9 in 1",
        "ERR [4/4] scene 10 budget 5: answered 10 in 1",
      ]);
      // one at a time with --concurrency 1
      peak = 0;
      expect(await physmentRunCommand({ ...args, out: join(root, "run-serial"), concurrency: 1 }, fileIo(), () => undefined, (d) => readdirSync(d))).toBe(0);
      expect(peak).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("run's progress on a terminal: the status line is cleared before each result line and at the end", () => {
    const calls: string[] = [];
    const io = { ...fakeIo(), err: (t: string) => calls.push(`err ${t}`), status: (t: string | null) => calls.push(t === null ? "clear" : `status ${t}`) };
    const show = runProgress(io);
    const episode = (scene: string) => ({ scene, model: "m", budget: 5, strategy: "zero-shot" as const, protocol: "function" as const, key: scene });
    const result = { answered: true, answer: 1, iterations: 1, reason: "answered" as const, toolCalls: 1, invalidActions: 0, usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }, durationMs: 1 };
    show({ kind: "started", episode: episode("7"), index: 0, done: 0, total: 2 });
    show({ kind: "started", episode: episode("8"), index: 1, done: 0, total: 2 });
    show({ kind: "finished", episode: episode("8"), index: 1, done: 1, total: 2, result, replayed: 0 });
    show({ kind: "finished", episode: episode("7"), index: 0, done: 2, total: 2, result, replayed: 0 });
    expect(calls.filter((c) => c.startsWith("status")).at(-1)).toMatch(/1\/2 done, 1 running$/);
    expect(calls.slice(-5)).toEqual(["clear", "err [1/2] scene 7 budget 5: answered 1 in 1", "clear", "err [2/2] scene 8 budget 5: answered 1 in 1", "clear"]);
  });

  it("run killed with SIGKILL mid-episode resumes where the transcripts stop: nothing lost, only the requests in flight at the kill sent again", async () => {
    // a stateless endpoint: four measuring iterations, the answer in the fifth
    let requests = 0, kill: (() => void) | undefined;
    const server = await startLoopback((body) => {
      const k = (body.messages as { role: string }[]).filter((m) => m.role === "assistant").length + 1;
      if (++requests === 9) kill?.();
      const calls = k < 5 ? [{ name: "step", arguments: { duration: 0.1 }, id: `c${k}` }] : [{ name: "answer", arguments: { answer: -4.905 }, id: `c${k}` }];
      return { ...completion({ toolCalls: calls }), delayMs: 40 };
    });
    try {
      const out = join(root, "run-killed");
      const args = ["physment", "run", "--model", "m", "--base-url", server.baseURL, "--scenes-dir", join(root, "scenes"), "--scenes", "101", "--budgets", "5,10,15,20", "--out", out, "--concurrency", "2"];
      const first = spawnMech(args);
      kill = () => first.child.kill("SIGKILL");
      expect((await first.done).signal).toBe("SIGKILL");
      const sentBefore = requests;
      // episodes were cut off mid-way: responses recorded, no end
      const partial = readdirSync(out).filter((f) => {
        const t = readText(join(out, f));
        return t.includes('"type":"usage"') && !t.includes('"type":"end"');
      });
      expect(partial.length).toBeGreaterThanOrEqual(1);
      const second = await spawnMech(args).done;
      expect(second.code, second.err).toBe(0);
      expect(second.err).toMatch(/\d finished, \d already done, 0 failed/);
      expect(second.err).toMatch(/continued after \d recorded response/);
      // 4 episodes × 5 responses, plus at most the two requests in flight at the kill
      expect(requests - 20, `${sentBefore} before the kill`).toBeLessThanOrEqual(2);
      for (const f of readdirSync(out)) {
        const records = readText(join(out, f)).trimEnd().split("\n").map((l) => JSON.parse(l));
        expect(records.filter((r) => r.type === "header"), f).toHaveLength(1);
        expect(records.filter((r) => r.type === "usage").map((r) => r.iteration), f).toEqual([1, 2, 3, 4, 5]);
      }
    } finally {
      await server.close();
    }
  });

  it("score: a scene file that breaks the scene schema is named with its JSON path", async () => {
    const { out, io, files } = await scriptedDropRun("run-broken-scene");
    mkdirSync(join(root, "broken", "Scene101"), { recursive: true });
    writeFileSync(join(root, "broken", "Scene101", "scene101.json"), JSON.stringify({ ...JSON.parse(JSON_TEXT), answer: { value: 1 } }));
    expect(() => scoreDirectory(out, join(root, "broken"), io, () => files)).toThrow(/broken\/Scene101\/scene101\.json: at \$\.answer: /);
  });

  it("verify: an unknown or malformed --scenes exits 2 and names the problem", () => {
    const unknown = runMech("physment", "verify", "--scenes", "5");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("--scenes: no built-in scene 5");
    const malformed = runMech("physment", "verify", "--scenes", "7-x");
    expect(malformed.code).toBe(2);
    expect(malformed.err).toContain('--scenes: "7-x" is not a scene number or a range like 7-111');
  });

  it("parses scene lists, budgets and scene paths, with clear errors", () => {
    expect(parseSceneList("7-9,12,8")).toEqual([7, 8, 9, 12]);
    expect(() => parseSceneList("9-7")).toThrow(/runs backwards/);
    expect(() => parseSceneList("seven")).toThrow(InputError);
    expect(parseBudgets("5,10")).toEqual([5, 10]);
    expect(() => parseBudgets("0")).toThrow(/not a positive whole number/);
    expect(scenePaths("Scenes/Scene12/")).toEqual({ json: "Scenes/Scene12/scene12.json", xml: "Scenes/Scene12/scene12.xml", number: 12 });
    expect(scenePaths("x/scene7.json").xml).toBe("x/scene7.xml");
  });
});

/**
 * A scripted agent's run on this test's drop scene (budgets 5 and 10, answered correctly in
 * two iterations) into `root/name`, and an Io over real files that records the output.
 */
async function scriptedDropRun(name: string) {
  const scene = await loadPhysmentScene(join(root, "scenes", "Scene101"));
  const out = join(root, name);
  const turns = [
    { calls: [{ tool: "step", parameters: { duration: 0.5 } }, { tool: "get_velocity", parameters: { object_id: "object_1" } }] },
    { reasoning: "v = -4.9 m/s", calls: [{ tool: "answer", parameters: { answer: -4.905 } }] },
  ];
  const summary = await runBenchmark({
    scenes: ["101"],
    models: [{ name: "scripted", client: () => scriptedAgent(turns, "function") }],
    budgets: [5, 10],
    factory: (id) => sceneSetup(scene, id),
    store: new FileTranscriptStore(out),
  });
  expect(summary.finished).toBe(2);
  return { out, io: fileIo(), files: readdirSync(out) };
}

/** The tests read real files, as main.ts's Io does. */
function readText(p: string): string {
  return readFileSync(p, "utf8");
}
