// The "must show": a run through a scripted OpenAI-compatible endpoint (the loopback
// server, over HTTP with the real client) over PhysMent's 105 published scenes at I_max = 5
// completes with no failed episode, and every transcript is scored (about 10 s under Node,
// 6 s under Deno, so all 105 rather than a sample). The scenes are read from beside the
// repository; without them the test is skipped (and counted by the skip reporter).
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { completion, type ReplayReply, startLoopback } from "../engine/llm/loopback.test_support.ts";
import { physmentRunCommand } from "./physment_commands.ts";
import { fileIo } from "./cli.test_support.ts";

const SCENES = fileURLToPath(new URL("../../shared/physment-scenes/Scenes", import.meta.url));

/**
 * A scripted agent served over HTTP: it looks at the first object the prompt lists, steps
 * and reads it for four iterations, and answers in the fifth.
 */
function scriptedReply(body: Record<string, unknown>): ReplayReply {
  const messages = body.messages as { role: string; content: string | null }[];
  const k = messages.filter((m) => m.role === "assistant").length + 1;
  const id = /object_\d+/.exec(messages[1].content ?? "")?.[0] ?? "object_1";
  const turns = [
    [{ name: "get_position", arguments: { object_id: id } }, { name: "step", arguments: { duration: 0.5 } }],
    [{ name: "get_velocity", arguments: { object_id: id } }],
    [{ name: "get_parameters", arguments: { object_id: id } }],
    [{ name: "step", arguments: { duration: 0.2 } }, { name: "get_position", arguments: { object_id: id } }],
  ];
  return completion({ content: `Iteration ${k}.`, toolCalls: turns[k - 1] ?? [{ name: "answer", arguments: { answer: 0 } }] });
}

describe.skipIf(!existsSync(SCENES))("physment run over the published scenes", () => {
  it("a scripted endpoint at I_max = 5 over all 105 scenes: every episode finishes, none fails, all are scored", async () => {
    const server = await startLoopback(scriptedReply);
    const out = mkdtempSync(join(tmpdir(), "mechbench-physment-published-"));
    try {
      const io = fileIo();
      const code = await physmentRunCommand(
        { model: "scripted", baseUrl: server.baseURL, apiKeyEnv: "NO_SUCH_KEY", scenesDir: SCENES, scenes: "7-111", budgets: "5", strategy: "zero-shot", protocol: "tools", out, concurrency: 4 },
        io,
        () => undefined,
        (d) => readdirSync(d),
      );
      const text = io.lines.join("\n");
      expect(code, text).toBe(0);
      expect(text).toContain("105 finished, 0 already done, 0 failed; transcripts in");
      expect(text).toContain("| scripted | zero-shot/function | 5 | all | 105 |");
      expect(server.requests).toHaveLength(105 * 5);
    } finally {
      await server.close();
      rmSync(out, { recursive: true, force: true });
    }
  });
});
