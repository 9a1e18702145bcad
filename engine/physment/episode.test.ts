// End to end: a scene of our own, the real World and tools, the agent loop (a scripted
// agent, then the real openai client against a loopback server), the transcript, and the
// score of the episode.
import { startHostile } from "../llm/hostile.test_support.ts";
import { playDrop } from "./agent/play.test_support.ts";
import { afterEach, describe, expect, it } from "vitest";
import { dropScene } from "./sim/fixtures.test_support.ts";
import { sceneSetup, sceneTruth } from "./setup.ts";
import { buildPrompt } from "./agent/prompt.ts";
import { runEpisode } from "./agent/loop.ts";
import { scriptedAgent, type ScriptedTurn } from "./agent/scripted_client.ts";
import { OpenAIModelClient } from "../llm/openai_client.ts";
import { MemoryTranscriptStore, parseTranscript } from "./agent/transcript.ts";
import { completion, type Loopback, startLoopback } from "./agent/agent.test_support.ts";
import { runBenchmark } from "./agent/runner.ts";
import { episodeRecord } from "./evaluate.ts";
import { scoreEpisode } from "./score/dimensions.ts";
import type { ProtocolName } from "./agent/protocols.ts";
import { type ModelClient, ModelError } from "../llm/model.ts";

const REFERENCE: ScriptedTurn[] = [
  { reasoning: "First I read where the ball is.", calls: [{ tool: "get_position", parameters: { object_id: "object_1" } }] },
  {
    reasoning: "It is at 10 m. Release it for 0.5 s and read the velocity.",
    calls: [{ tool: "step", parameters: { duration: 0.5 } }, { tool: "get_velocity", parameters: { object_id: "object_1" } }],
  },
  { reasoning: "The vertical velocity is -4.9 m/s, as -g·t predicts.", calls: [{ tool: "answer", parameters: { answer: -4.905 } }] },
];

async function episode(protocol: ProtocolName, client: ModelClient = scriptedAgent(REFERENCE, protocol)) {
  const scene = await dropScene();
  const setup = await sceneSetup(scene, "drop");
  const store = new MemoryTranscriptStore();
  const sink = await store.create("drop");
  try {
    const result = await runEpisode({
      client,
      toolbox: setup.toolbox,
      prompt: buildPrompt({ scene: setup.scene, specs: setup.toolbox.specs, budget: 5, strategy: "zero-shot", protocol }),
      protocol,
      budget: 5,
      scene: "drop",
      strategy: "zero-shot",
      transcript: sink,
    });
    const records = parseTranscript(store.files.get("drop")!).records;
    return { result, records, score: scoreEpisode(episodeRecord(records, sceneTruth(scene, 1, "easy_single_physics"))) };
  } finally {
    await setup.close?.();
  }
}

describe("a PhysMent episode end to end", () => {
  let server: Loopback | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it.each(["function", "text"] as const)("the scripted agent follows the reference procedure (%s protocol) and scores as expected", async (protocol) => {
    const { result, records, score } = await episode(protocol);
    expect(result.answered).toBe(true);
    expect(result.iterations).toBe(3);
    // the simulator's own free fall: 100 steps of 0.005 s under g = 9.81
    const velocity = records.find((r) => r.type === "tool_call" && r.tool === "get_velocity");
    expect(velocity?.type === "tool_call" && (velocity.result!.velocity as number[])[2]).toBeCloseTo(-4.905, 1);
    expect(score.correct).toBe(true);
    expect(score.C).toBe(1);
    expect(score.E).toBeCloseTo(1 - 3 / 5, 12);
    expect(score.V).toBe(1);
    expect(score.G).toBe(1); // -4.9 is traceable to the earlier get_velocity result
  });

  it("the real openai client over HTTP: function calls replayed by a loopback server, scored like the scripted run", async () => {
    server = await startLoopback([
      completion({ content: "Reading the ball.", toolCalls: [{ name: "get_position", arguments: { object_id: "object_1" } }] }),
      completion({
        content: "Release for half a second.",
        toolCalls: [{ name: "step", arguments: { duration: 0.5 } }, { name: "get_velocity", arguments: { object_id: 1 } }],
      }),
      completion({ content: "v = -4.9 m/s.", toolCalls: [{ name: "answer", arguments: { answer: "-4.905" } }] }),
    ]);
    const client = new OpenAIModelClient({ model: "loopback-model", baseURL: server.baseURL, apiKey: "test-key", timeoutMs: 10_000 });
    const { result, score } = await episode("function", client);
    expect(server.requests).toHaveLength(3);
    // the tools went out as OpenAI function tools with JSON Schema parameters
    const tools = server.requests[0].tools as { function: { name: string; parameters: { type: string } } }[];
    expect(tools.map((t) => t.function.name)).toContain("apply_force");
    expect(tools).toHaveLength(26);
    expect(result.answered).toBe(true);
    expect(score.correct).toBe(true);
    expect(score.E).toBeCloseTo(0.4, 12);
  });

  it("an agent that never answers uses the whole budget and scores incorrect, E = 0", async () => {
    const idle: ScriptedTurn[] = Array.from({ length: 5 }, () => ({ calls: [{ tool: "get_position", parameters: { object_id: "object_9" } }] }));
    const { result, score } = await episode("function", scriptedAgent(idle, "function"));
    expect(result.answered).toBe(false);
    expect(result.reason).toBe("budget_exhausted");
    expect(score.correct).toBe(false);
    expect(score.E).toBe(0);
    expect(score.V).toBe(0); // object_9 does not exist: every call is an error result
  });

  it("the runner resumes: a finished episode is not run again", async () => {
    const scene = await dropScene();
    const store = new MemoryTranscriptStore();
    const opts = {
      scenes: ["drop"],
      models: [{ name: "scripted", client: () => scriptedAgent(REFERENCE, "function") }],
      budgets: [5],
      factory: () => sceneSetup(scene, "drop"),
      store,
      sleep: () => Promise.resolve(),
    };
    const first = await runBenchmark(opts);
    expect([first.finished, first.skipped, first.failed]).toEqual([1, 0, 0]);
    const second = await runBenchmark(opts);
    expect([second.finished, second.skipped, second.failed]).toEqual([0, 1, 0]);
  });
});

describe("a PhysMent episode against a hostile endpoint", () => {
  it("a body trickled in slowly fails each request at its deadline (the same client as mech eval's), retried, then the episode ends as a timeout", async () => {
    const server = await startHostile(() => "trickle");
    try {
      const client = new OpenAIModelClient({ model: "hostile", baseURL: server.baseURL, apiKey: "unused", timeoutMs: 500 });
      const t0 = performance.now();
      const { error, text } = await playDrop(client, { retry: { maxAttempts: 2 }, sleep: () => Promise.resolve() });
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).kind).toBe("timeout");
      expect(performance.now() - t0).toBeLessThan(3_000); // two attempts of 0.5 s, not the trickle's minutes
      expect(parseTranscript(text).records.some((r) => r.type === "retry" && r.kind === "timeout")).toBe(true);
      expect(server.requests).toBe(2);
    } finally {
      await server.close();
    }
  });
});
