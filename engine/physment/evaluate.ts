// From a finished episode's transcript to the record scoring reads: turns with their
// reasoning and tool results, the answer and its iteration, the prompt and the scene's
// ground truth. The agent loop and scoring stay independent; this is their only seam.
import type { TranscriptRecord } from "./agent/transcript.ts";
import { groupRecords } from "./agent/transcript.ts";
import { extractCalls } from "./agent/protocols.ts";
import type { Category, EpisodeRecord, EpisodeTurn, GroundTruth } from "./score/mod.ts";

export interface SceneTruth {
  /** The scene's number (scene7 → 7). */
  sceneId: number;
  answer: GroundTruth;
  /** Table 1 category; required for scenes outside the original ids 7–111. */
  category?: Category;
  /** Object numbers (object_3 → 3) and names. */
  objects: { id: number; name: string }[];
}

export class EvaluateError extends Error {
  override name = "EvaluateError";
}

/**
 * The reasoning of a text-protocol reply is its prose: the call list the protocol reads is
 * cut out (so the numbers in call arguments are not counted as assertions).
 */
function prose(content: string, protocol: string): string {
  if (protocol !== "text") return content;
  const parsed = extractCalls(content);
  if (!parsed.calls.length) return content;
  // drop every balanced JSON span that mentions "tool" (the calls), keep the rest
  return content.replace(/```[a-z]*\s*[\s\S]*?```/gi, (block) => (/"tool"\s*:/.test(block) ? " " : block))
    .replace(/\[\s*\{[\s\S]*?"tool"[\s\S]*?\}\s*\]/g, " ");
}

/** The EpisodeRecord of one transcript; `truth` comes from the scene file. */
export function episodeRecord(records: readonly TranscriptRecord[], truth: SceneTruth): EpisodeRecord {
  const g = groupRecords(records);
  if (!g.end) throw new EvaluateError(`the transcript of ${g.header.scene} has no end record (unfinished episode)`);
  const byIteration = new Map<number, EpisodeTurn>();
  const turn = (k: number) => {
    let t = byIteration.get(k);
    if (!t) byIteration.set(k, t = { iteration: k, reasoning: "", results: [], invalid_calls: 0 });
    return t;
  };
  let prompt = "";
  for (const m of g.messages) {
    if (m.iteration === 0 && (m.message.role === "system" || m.message.role === "user")) prompt += `${m.message.content}\n`;
    if (m.message.role === "assistant" && m.iteration >= 1) {
      const t = turn(m.iteration);
      t.reasoning = `${t.reasoning}${t.reasoning ? "\n" : ""}${prose(m.message.content ?? "", g.header.protocol)}`;
    }
  }
  for (const c of g.toolCalls) {
    if (c.iteration < 1) continue;
    const t = turn(c.iteration);
    if (c.status === "executed") t.results.push({ tool: c.tool, parameters: c.parameters, result: c.result, error: c.error, sim_time: c.sim_time });
    else if (c.status === "unreadable") t.invalid_calls++;
  }
  for (const inv of g.invalid) if (inv.iteration >= 1) turn(inv.iteration).invalid_calls++;
  const answered = g.end.answered && g.end.answer !== null;
  const record: EpisodeRecord = {
    scene_id: truth.sceneId,
    ...(truth.category ? { category: truth.category } : {}),
    model: g.header.model,
    variant: `${g.header.strategy}/${g.header.protocol}`,
    budget: g.header.budget,
    prompt,
    turns: [...byIteration.values()].sort((a, b) => a.iteration - b.iteration),
    answer: answered ? g.end.answer : null,
    answer_iteration: answered ? g.end.iterations : null,
    ground_truth: truth.answer,
    objects: truth.objects.map((o) => ({ id: o.id, name: o.name })),
  };
  return record;
}
