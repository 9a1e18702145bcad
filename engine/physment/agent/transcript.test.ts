import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runEpisode } from "./loop.ts";
import { buildPrompt } from "./prompt.ts";
import { scriptedAgent } from "./scripted_client.ts";
import {
  encodeRecord,
  episodeKey,
  FileTranscriptStore,
  finishedEnd,
  groupRecords,
  parseTranscript,
  readTranscript,
  recordedPrefix,
  TranscriptError,
  type TranscriptRecord,
} from "./transcript.ts";
import { FAKE_SCENE, FakeToolBox } from "./agent.test_support.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "physment-agent-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const header: TranscriptRecord = {
  type: "header",
  version: 1,
  scene: "s",
  model: "m",
  budget: 5,
  strategy: "zero-shot",
  protocol: "text",
  started: "2025-01-01T00:00:00.000Z",
};

describe("transcript files", () => {
  it("are written by an episode and read back, every line valid", async () => {
    const store = new FileTranscriptStore(join(dir, "run"));
    const toolbox = new FakeToolBox();
    const client = scriptedAgent([
      { reasoning: "Drop it.", calls: [{ tool: "step", parameters: { duration: 0.5 } }, { tool: "get_velocity", parameters: { object_id: "object_1" } }] },
      { reasoning: "Speed 4.905.", calls: [{ tool: "answer", parameters: { answer: 4.905 } }] },
    ], "text");
    const key = episodeKey({ scene: "fake1", model: "scripted", budget: 5, strategy: "few-shot-cot", protocol: "text" });
    const result = await runEpisode({
      client,
      toolbox,
      prompt: buildPrompt({ scene: FAKE_SCENE, specs: toolbox.specs, budget: 5, strategy: "few-shot-cot", protocol: "text" }),
      protocol: "text",
      budget: 5,
      scene: "fake1",
      strategy: "few-shot-cot",
      transcript: await store.create(key),
    });
    expect(result).toMatchObject({ answered: true, answer: 4.905, iterations: 2 });

    const records = await readTranscript(store.locate(key));
    expect(records.map((r) => r.type)).toEqual([
      "header",
      "message", // system
      "message", // initial prompt
      "usage",
      "message", // assistant
      "tool_call",
      "tool_call",
      "message", // Results
      "usage",
      "message",
      "tool_call",
      "message",
      "end",
    ]);
    const g = groupRecords(records);
    expect(g.header).toMatchObject({ scene: "fake1", model: "scripted", strategy: "few-shot-cot", protocol: "text" });
    expect(g.end).toMatchObject({ answered: true, answer: 4.905, iterations: 2, reason: "answered", tool_calls: 3 });
    expect(g.toolCalls.map((c) => c.result)).toEqual([null, { velocity: [0, 0, -4.905] }, { acknowledged: true }]);
    expect(finishedEnd(await store.read(key))).toEqual(g.end);
  });

  it("report bad lines as file:line", async () => {
    const path = join(dir, "bad.jsonl");
    const lines = [
      encodeRecord(header),
      "not json\n",
      JSON.stringify({ type: "message", iteration: -1, message: { role: "user", content: "x" } }) + "\n",
      JSON.stringify({ type: "teleport" }) + "\n",
      encodeRecord({ type: "invalid", iteration: 1, reason: "none" }),
    ];
    await writeFile(path, lines.join(""));
    const err = await readTranscript(path).catch((e) => e);
    expect(err).toBeInstanceOf(TranscriptError);
    expect((err as TranscriptError).issues.map((i) => i.line)).toEqual([2, 3, 4]);
    expect((err as Error).message.split("\n").map((l) => l.slice(0, path.length + 3))).toEqual([
      `${path}:2:`,
      `${path}:3:`,
      `${path}:4:`,
    ]);
  });
});

describe("transcript records", () => {
  it("are checked when written", () => {
    expect(() => encodeRecord({ ...header, budget: 0 } as TranscriptRecord)).toThrow(/invalid header record/);
    expect(encodeRecord(header).endsWith("\n")).toBe(true);
  });

  it("must start with one header and end with end or abort", () => {
    const end: TranscriptRecord = {
      type: "end",
      answered: false,
      answer: null,
      iterations: 5,
      reason: "budget_exhausted",
      tool_calls: 0,
      invalid_actions: 5,
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      finished: "2025-01-01T00:00:01.000Z",
      duration_ms: 1000,
    };
    const text = [encodeRecord({ type: "invalid", iteration: 1, reason: "x" }), encodeRecord(header), encodeRecord(end), encodeRecord(end)]
      .join("");
    expect(parseTranscript(text).issues.map((i) => [i.line, i.message])).toEqual([
      [1, "the first record must be the header, not invalid"],
      [2, "a second header"],
      [4, "end record after the end of the episode"],
    ]);
    expect(parseTranscript(encodeRecord(header) + encodeRecord(end) + "\n\n").issues).toEqual([]);
  });

  it("tell a finished episode from a partial one", () => {
    const abort = encodeRecord({ type: "abort", iteration: 2, kind: "timeout", error: "t", finished: "2025-01-01T00:00:00.000Z" });
    expect(finishedEnd(null)).toBeNull();
    expect(finishedEnd("")).toBeNull();
    expect(finishedEnd(encodeRecord(header))).toBeNull();
    expect(finishedEnd(encodeRecord(header) + abort)).toBeNull();
    expect(finishedEnd(encodeRecord(header) + '{"type":"end"')).toBeNull();
  });
});

describe("continuing a transcript", () => {
  const abort = encodeRecord({ type: "abort", iteration: 1, kind: "episode_timeout", error: "the episode passed its deadline of 1 s", finished: "2025-01-01T00:00:00.000Z" });
  const message = (content: string) => encodeRecord({ type: "message", iteration: 1, message: { role: "assistant", content } });

  it("an abort may be followed by the records of the run that continued the episode", () => {
    expect(parseTranscript(encodeRecord(header) + abort + message("again")).issues).toEqual([]);
    expect(parseTranscript(encodeRecord(header) + abort + encodeRecord(header)).issues.map((i) => i.message)).toEqual(["a second header"]);
  });

  it("recordedPrefix: the records up to the first line that cannot be read, each with the text up to its line's end", () => {
    const lines = [encodeRecord(header), message("é — ü"), abort];
    const text = lines.join("") + '{"type":"mess';
    const prefix = recordedPrefix(text)!;
    expect(prefix.map((r) => r.record.type)).toEqual(["header", "message", "abort"]);
    expect(prefix.map((r) => text.slice(0, r.end))).toEqual([lines[0], lines[0] + lines[1], lines.join("")]);
    // a damaged line in the middle: what follows it is not trusted
    expect(recordedPrefix(lines[0] + "{oops\n" + lines[1])!.map((r) => r.record.type)).toEqual(["header"]);
    expect(recordedPrefix(null)).toBeNull();
    expect(recordedPrefix(lines[1])).toBeNull();
    expect(recordedPrefix('{"type":"hea')).toBeNull();
  });

  it("FileTranscriptStore.resume keeps the prefix given (multi-byte characters included) and appends after it", async () => {
    const store = new FileTranscriptStore(join(dir, "resume"));
    const sink = await store.create("k");
    await sink.write(header);
    await sink.write({ type: "message", iteration: 1, message: { role: "assistant", content: "é — ü" } });
    await writeFile(store.locate("k"), (await store.read("k"))! + '{"type":"mess', { flag: "w" });
    const text = (await store.read("k"))!;
    const keep = text.slice(0, recordedPrefix(text)!.at(-1)!.end);
    const more = await store.resume("k", keep);
    await more.write({ type: "message", iteration: 1, message: { role: "user", content: "ñ" } });
    const after = (await store.read("k"))!;
    expect(after.startsWith(keep)).toBe(true);
    expect(parseTranscript(after).issues).toEqual([]);
    expect(parseTranscript(after).records.map((r) => r.type)).toEqual(["header", "message", "message"]);
  });
});

describe("episode keys", () => {
  it("are file-name safe and unambiguous", () => {
    const k = (scene: string, model: string) => episodeKey({ scene, model, budget: 10, strategy: "one-shot", protocol: "function" });
    expect(k("scene7", "gpt-4o")).toBe("scene7__gpt-4o__b10__one-shot__function");
    expect(k("scene7", "openai/gpt 4o")).toBe("scene7__openai%2Fgpt%204o__b10__one-shot__function");
    expect(k("a__b", "c")).not.toBe(k("a", "b__c"));
    expect(k("a_b", "c")).not.toBe(k("a%5Fb", "c"));
    expect(k("é", "m")).toBe("%C3%A9__m__b10__one-shot__function");
  });
});
