// From a finished episode's transcript to the record scoring reads: turns with their
// reasoning and tool results, the answer and its iteration, the prompt and the scene's
// ground truth. The agent loop and scoring stay independent; this is their only seam.
import type { TranscriptRecord } from "./agent/transcript.ts";
import { groupRecords, type ParsedTranscript, parseTranscript, unfinishedReason } from "./agent/transcript.ts";
import { extractCalls } from "./agent/protocols.ts";
import { type Category, type EpisodeRecord, type EpisodeScore, type EpisodeTurn, type GroundTruth, scoreEpisode } from "./score/mod.ts";
import { RunError } from "../files/errors.ts";

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

/** A transcript's text and where it came from (a file's path, or memory:KEY for one kept in memory). */
export interface TranscriptText {
  /** The transcript's place, for messages: a file path or memory:KEY. */
  source: string;
  /** The JSON Lines text, as the run wrote it (possibly cut off by a kill). */
  text: string;
}

/** What scoring needs of a scene: its ground truth, and its task and file (to tell scenes apart). */
export interface SceneKey {
  /** The gold answer and the objects. */
  truth: SceneTruth;
  /** The scene's task text, which the transcript's prompt must contain. */
  task: string;
  /** The scene's metadata file, for messages. */
  file: string;
}

/** A transcript without an end record: left out of the scores. */
export interface UnfinishedTranscript {
  /** Where the transcript is (TranscriptText.source). */
  source: string;
  /** The line that was cut off or damaged, or null when the transcript simply stops. */
  line: number | null;
  /** Why it stopped, in words (an abort's kind and error, a torn line, …). */
  reason: string;
}

/**
 * A transcript was run on other scenes than the ones it is scored against: its prompt does
 * not carry the task of the scene with its number (PhysMent's set and ours share the numbers).
 *
 * @example A run on the built-in scene 7, scored against another scene 7
 * ```ts
 * import { runPhysment, SceneMismatchError, scorePhysment } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const run = await runPhysment({ model: { reference: true }, scenes: [7], budgets: [5] });
 * const scenesDir = await Deno.makeTempDir();
 * await Deno.mkdir(`${scenesDir}/Scene7`);
 * await Deno.writeTextFile(`${scenesDir}/Scene7/scene7.json`, JSON.stringify({
 *   metadata: { scene_name: "Drop", task: "Report the ball's speed after 1 s.", problem_type: "computation" },
 *   answer: 9.81, expected_behavior: "", reasoning: "", number_of_objects: 1,
 *   objects: { object_1: { name: "ball", object_id: "1" } }, object_permissions: {},
 * }));
 * assert.throws(() => scorePhysment(run.transcripts, { scenesDir }), SceneMismatchError);
 * ```
 */
export class SceneMismatchError extends RunError {
  /** The error's name, for messages and logs. */
  override name = "SceneMismatchError";
  /**
   * A transcript that does not belong to the scene of its number.
   *
   * @param source The transcript.
   * @param sceneFile The scene file whose task its prompt lacks.
   */
  constructor(readonly source: string, readonly sceneFile: string) {
    super(`${source}: the transcript's prompt does not contain the task of ${sceneFile}; it was run on other scenes`);
  }
}

/**
 * Scores every finished transcript against its scene (looked up by the number in its
 * header); unfinished ones are listed apart, not scored. A damaged line in a finished
 * transcript is not an interrupted run and is an error, as is a transcript whose prompt does
 * not carry its scene's task (it was run on other scenes: scoring it against these would be
 * silently wrong).
 */
export function scoreTranscripts(
  transcripts: readonly TranscriptText[],
  sceneKey: (scene: number) => SceneKey,
): { scores: EpisodeScore[]; unfinished: UnfinishedTranscript[] } {
  const keys = new Map<number, SceneKey>();
  const cached = (n: number) => {
    let key = keys.get(n);
    if (!key) keys.set(n, key = sceneKey(n));
    return key;
  };
  const scores: EpisodeScore[] = [];
  const unfinished: UnfinishedTranscript[] = [];
  for (const { source, text } of transcripts) {
    const parsed = parseTranscript(text);
    if (!parsed.records.some((r) => r.type === "end")) {
      unfinished.push({ source, ...unfinishedReason(parsed) });
      continue;
    }
    scores.push(scoreTranscript(source, parsed, cached));
  }
  return { scores, unfinished };
}

/**
 * The score of one finished transcript (it has an end record) against the scene of its
 * header's number.
 *
 * @throws {RunError} When a line is damaged, the header is missing or names no scene number.
 * @throws {SceneMismatchError} When its prompt lacks the scene's task.
 */
export function scoreTranscript(source: string, parsed: ParsedTranscript, sceneKey: (scene: number) => SceneKey): EpisodeScore {
  // a damaged line in a finished transcript is not an interrupted run
  if (parsed.issues.length) throw new RunError(`${source}:${parsed.issues[0].line}: ${parsed.issues[0].message}`);
  const header = parsed.records[0];
  if (header?.type !== "header") throw new RunError(`${source}:1: a transcript starts with its header`);
  const n = Number(header.scene);
  if (!Number.isInteger(n)) throw new RunError(`${source}:1: scene "${header.scene}" is not a scene number`);
  const key = sceneKey(n);
  const prompt = parsed.records.flatMap((r) => (r.type === "message" && r.iteration === 0 && r.message.role === "user" ? [r.message.content ?? ""] : []));
  if (!prompt.some((c) => c.includes(key.task))) throw new SceneMismatchError(source, key.file);
  return scoreEpisode(episodeRecord(parsed.records, key.truth));
}
