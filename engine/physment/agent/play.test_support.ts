// One episode on the drop scene (a ball in free fall; function calling, budget 5, zero-shot)
// through the real agent loop, its transcript kept in memory: for tests that need a real
// transcript, or a client's behaviour inside an episode.
import type { ModelClient } from "../../llm/model.ts";
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
