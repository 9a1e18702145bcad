// Transcripts written record by record (each line checked by the transcript schema), for
// the viewer's tests: any scene, model and budget, any number of iterations and calls, at
// the sizes real runs reach, without running MuJoCo. The prompt carries the built-in
// scene's task, so scoring accepts them.
import { encodeRecord, episodeKey, type TranscriptRecord } from "../agent/transcript.ts";
import { builtinSceneTexts } from "../../../scenes/mod.ts";
import { prose } from "../../report/viewer.test_support.ts";

export interface SyntheticEpisode {
  scene: number;
  model: string;
  budget: number;
  /** Iterations before the answer; each makes `calls` tool calls. */
  iterations: number;
  calls: number;
  /** The answer given in the last iteration, or null to run out of budget. */
  answer: number | string | null;
  /** Characters of reply text per iteration. */
  replyChars?: number;
}

const TIME = "2026-12-04T12:00:00.000Z";

/** The transcript of one synthetic episode and its key (its file name without .jsonl). */
export function syntheticTranscript(e: SyntheticEpisode): { key: string; text: string } {
  const task = JSON.parse(builtinSceneTexts(e.scene)!.json).metadata.task as string;
  const records: TranscriptRecord[] = [
    { type: "header", version: 1, scene: String(e.scene), model: e.model, budget: e.budget, strategy: "zero-shot", protocol: "function", started: TIME },
    { type: "message", iteration: 0, message: { role: "system", content: "You are a physicist running experiments." } },
    { type: "message", iteration: 0, message: { role: "user", content: `Task: ${task}\n${prose(`prompt/${e.scene}`, 10_000)}` } },
  ];
  let calls = 0;
  const last = Math.min(e.iterations, e.budget);
  for (let k = 1; k <= last; k++) {
    const answering = k === last && e.answer !== null && e.iterations <= e.budget;
    const names = answering ? ["answer"] : Array.from({ length: e.calls }, (_, i) => (i % 2 ? "get_position" : "step"));
    const toolCalls = names.map((name, i) => ({ id: `c${k}_${i}`, name, arguments: name === "answer" ? JSON.stringify({ answer: e.answer }) : name === "step" ? '{"duration":0.1}' : '{"object_id":"object_1"}' }));
    records.push({ type: "usage", iteration: k, usage: { prompt_tokens: 3000 + 100 * k, completion_tokens: 200, total_tokens: 3200 + 100 * k }, latency_ms: 900, finish_reason: "tool_calls" });
    records.push({ type: "message", iteration: k, message: { role: "assistant", content: `Iteration ${k}: the height was ${(4 - 0.049 * k * k).toFixed(4)} m. ${prose(`reply/${e.scene}/${e.model}/${e.budget}/${k}`, e.replyChars ?? 300)}`, tool_calls: toolCalls } });
    toolCalls.forEach((c, i) => {
      const result = c.name === "answer" ? { answered: true } : c.name === "step" ? { time: 0.1 * k } : { position: [0, 0, 4 - 0.049 * k * k] };
      records.push({ type: "tool_call", iteration: k, index: i, status: "executed", call_id: c.id, tool: c.name, parameters: JSON.parse(c.arguments), raw_arguments: c.arguments, result, error: false, sim_time: 0.1 * k, started_ms: 1000 * k, duration_ms: 2 });
      records.push({ type: "message", iteration: k, message: { role: "tool", tool_call_id: c.id, content: JSON.stringify(result) } });
      calls++;
    });
  }
  const answered = e.answer !== null && e.iterations <= e.budget;
  records.push({
    type: "end",
    answered,
    answer: answered ? e.answer : null,
    iterations: last,
    reason: answered ? "answered" : "budget_exhausted",
    tool_calls: calls,
    invalid_actions: 0,
    usage: { prompt_tokens: 3000 * last, completion_tokens: 200 * last, total_tokens: 3200 * last },
    finished: TIME,
    duration_ms: 1000 * last,
  });
  return { key: episodeKey({ scene: String(e.scene), model: e.model, budget: e.budget, strategy: "zero-shot", protocol: "function" }), text: records.map(encodeRecord).join("") };
}
