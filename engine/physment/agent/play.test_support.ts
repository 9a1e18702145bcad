// Episodes through the real agent loop, transcripts kept in memory: one on the drop scene (a
// ball in free fall; function calling, budget 5, zero-shot) for tests that need a real
// transcript or a client's behaviour inside an episode, and a scene's reference procedure
// played as the agent and scored.
import type { ModelClient } from "../../llm/model.ts";
import type { Scene } from "../scene/load.ts";
import { ProcedureClient, type ReferenceProcedure } from "../reference.ts";
import { sceneTruth } from "../setup.ts";
import { episodeRecord } from "../evaluate.ts";
import { scoreEpisode } from "../score/dimensions.ts";
import { parseTranscript } from "./transcript.ts";
import { dropScene } from "../sim/fixtures.test_support.ts";
import { sceneSetup } from "../setup.ts";
import { buildPrompt } from "./prompt.ts";
import { type EpisodeOptions, runEpisode } from "./loop.ts";
import { MemoryTranscriptStore } from "./transcript.ts";

/** The episode's result, or what it threw; and its transcript's text. */
export async function playDrop(client: ModelClient, options: Pick<EpisodeOptions, "retry" | "sleep"> = {}): Promise<{ result: Awaited<ReturnType<typeof runEpisode>> | null; error: unknown; text: string }> {
  const scene = await dropScene();
  const setup = await sceneSetup(scene, "drop");
  const store = new MemoryTranscriptStore();
  try {
    const run = runEpisode({
      client,
      toolbox: setup.toolbox,
      prompt: buildPrompt({ scene: setup.scene, specs: setup.toolbox.specs, budget: 5, strategy: "zero-shot", protocol: "function" }),
      protocol: "function",
      budget: 5,
      scene: "drop",
      strategy: "zero-shot",
      transcript: await store.create("drop"),
      ...options,
    });
    const [result, error] = await run.then((r) => [r, null] as const, (e: unknown) => [null, e] as const);
    return { result, error, text: store.files.get("drop") ?? "" };
  } finally {
    await setup.close?.();
  }
}

/** A reference procedure played as the agent on scene n (function calling, budget 20, zero-shot), and its strict score. */
export async function playReference(scene: Scene, n: number, proc: ReferenceProcedure): Promise<{ answered: boolean; correct: boolean }> {
  const setup = await sceneSetup(scene, String(n));
  const store = new MemoryTranscriptStore();
  try {
    const result = await runEpisode({
      client: new ProcedureClient(proc),
      toolbox: setup.toolbox,
      prompt: buildPrompt({ scene: setup.scene, specs: setup.toolbox.specs, budget: 20, strategy: "zero-shot", protocol: "function" }),
      protocol: "function",
      budget: 20,
      scene: String(n),
      strategy: "zero-shot",
      transcript: await store.create("e"),
    });
    const score = scoreEpisode(episodeRecord(parseTranscript(store.files.get("e")!).records, sceneTruth(scene, n)));
    return { answered: result.answered, correct: score.correct };
  } finally {
    await setup.close?.();
  }
}
