// Scoring a PhysMent run and reporting on it from a script: from a transcript directory,
// from a run's transcripts in memory, or from transcript texts; the per-episode scores (C,
// E, G, V, R), the summaries (accuracy, G′, the Final Score) and the report as values.
import { readdirSync, readFileSync } from "node:fs";
import { z } from "zod";
import { scoreTranscripts, type TranscriptText, type UnfinishedTranscript } from "../physment/evaluate.ts";
import { type EpisodeScore, type Summary, summarize } from "../physment/score/mod.ts";
import { buildReport, htmlReport, markdownReport } from "../physment/report/mod.ts";
import { fsReason } from "../files/fs_reason.ts";
import { gapTable, memorizationGap } from "./physment_gap.ts";
import { OptionsError, RunError } from "../files/errors.ts";
import { checkOptions } from "./options.ts";
import type { PhysmentRun, PhysmentTranscript } from "./physment_run.ts";
import { sceneKey } from "./physment_scenes.ts";

/**
 * Reads a transcript directory: every `*.jsonl` file, in name order (the files
 * `mech physment run` and runPhysment write, one per episode).
 *
 * @param dir The directory.
 * @returns Each transcript's episode key, path and text.
 * @throws {RunError} When the directory or a file cannot be read, or it holds no transcript.
 *
 * @example
 * ```ts
 * import { loadPhysmentTranscripts, runPhysment } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const out = await Deno.makeTempDir();
 * await runPhysment({ model: { reference: true }, scenes: [7], budgets: [5], out });
 * const transcripts = loadPhysmentTranscripts(out);
 * assert.equal(transcripts.length, 1);
 * assert.match(transcripts[0].source, /7__reference__b5__zero-shot__function\.jsonl$/);
 * ```
 */
export function loadPhysmentTranscripts(dir: string): PhysmentTranscript[] {
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".jsonl")).map((e) => e.name).sort();
  } catch (e) {
    throw new RunError(`${dir}: ${(e as { code?: string }).code === "ENOENT" ? "no such directory" : fsReason(e)}`);
  }
  if (!names.length) throw new RunError(`${dir}: no transcripts (*.jsonl)`);
  return names.map((name) => {
    const source = `${dir.replace(/\/+$/, "")}/${name}`;
    try {
      return { key: name.slice(0, -".jsonl".length), source, text: readFileSync(source, "utf8") };
    } catch (e) {
      throw new RunError(`${source}: ${fsReason(e)}`);
    }
  });
}

/** Where scorePhysment finds each transcript's scene. */
export interface ScorePhysmentOptions {
  /** The scenes the run played, a directory of SceneN folders (default: a run's own scenesDir, else the built-in scenes). */
  scenesDir?: string;
}

/** A run's scores. */
export interface PhysmentScores {
  /** One score per finished transcript, in the transcripts' order. */
  scores: EpisodeScore[];
  /** Per model × variant × budget × category, and "all": accuracy, the dimensions' means, G′ and the Final Score (`mech physment score`'s rows). */
  summaries: Summary[];
  /** The transcripts without an end record, left out (run again to finish them). */
  unfinished: UnfinishedTranscript[];
}

/** What scorePhysment scores: a transcript directory, a run, or transcripts (where each is, for messages, and its text). */
export type PhysmentTranscriptSource = string | PhysmentRun | readonly TranscriptText[];

/**
 * Scores a run's finished transcripts against their scenes' ground truth, as
 * `mech physment score` does: per episode the correctness C, efficiency E, groundedness G,
 * action validity V and reasoning diversity R; per model, budget and category the strict and
 * regraded accuracy, the dimensions' means, G′ and the Final Score. Unfinished transcripts
 * are listed apart.
 *
 * @param transcripts A transcript directory, a run from runPhysment, or transcripts ({source, text}).
 * @param options `scenesDir`: the scenes the run played.
 * @returns The episodes' scores, the summaries and the unfinished transcripts.
 * @throws {RunError} When a finished transcript has a damaged line, or was run on other scenes (SceneMismatchError), or the directory cannot be read.
 * @throws {UnknownSceneError} When a transcript's scene is not built in (and no scenesDir is given).
 * @throws {SceneError} When a scene's metadata file cannot be read or is malformed.
 *
 * @example
 * ```ts
 * import { runPhysment, scorePhysment } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const run = await runPhysment({ model: { reference: true }, scenes: [7], budgets: [5] });
 * const { scores, summaries } = scorePhysment(run);
 * assert.equal(scores[0].correct, true);
 * const all = summaries.find((s) => s.budget === "all" && s.category === "all")!;
 * assert.equal(all.accuracy, 1);
 * console.log(all.final_score, all.G_prime);
 * ```
 */
export function scorePhysment(transcripts: PhysmentTranscriptSource, options: ScorePhysmentOptions = {}): PhysmentScores {
  const o = checkOptions("scorePhysment", z.object({ scenesDir: z.string().min(1).optional() }).strict(), options);
  const run = typeof transcripts === "object" && !Array.isArray(transcripts) ? transcripts as PhysmentRun : null;
  const list: readonly TranscriptText[] = typeof transcripts === "string" ? loadPhysmentTranscripts(transcripts) : run ? run.transcripts : transcripts as readonly TranscriptText[];
  if (!Array.isArray(list)) throw new OptionsError("scorePhysment: transcripts: expected a transcript directory, a run from runPhysment, or an array of {source, text}");
  const scenesDir = o.scenesDir ?? run?.settings.scenes_dir ?? undefined;
  const { scores, unfinished } = scoreTranscripts(list, (n) => sceneKey("scorePhysment", n, scenesDir));
  return { scores, summaries: summarize(scores), unfinished };
}

/** A PhysMent report. */
export interface PhysmentReport {
  /** One self-contained HTML page (no script, no URL): Table 2, the category heatmap, accuracy per budget per group, the six dimensions, failure modes. */
  html: string;
  /** The same tables as Markdown. */
  markdown: string;
}

/**
 * The report on scored episodes, as `mech physment report` writes it: an HTML page with its
 * charts, and its tables as Markdown.
 *
 * @param scored The result of scorePhysment, or episode scores (of one or more runs).
 * @param options `variants`: the scores of a run on variants of the same scenes, shown beside these per category.
 * @returns The HTML page and the Markdown tables.
 * @throws {OptionsError} When there is no scored episode.
 *
 * @example
 * ```ts
 * import { physmentReport, runPhysment, scorePhysment } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const run = await runPhysment({ model: { reference: true }, scenes: [7], budgets: [5] });
 * const report = await physmentReport(scorePhysment(run));
 * assert.match(report.html, /^<!DOCTYPE html>/i);
 * assert.match(report.markdown, /\| reference \(zero-shot\/function\) \|/);
 * ```
 */
export async function physmentReport(scored: PhysmentScores | readonly EpisodeScore[], options: PhysmentReportOptions = {}): Promise<PhysmentReport> {
  const scoresOf = (x: PhysmentScores | readonly EpisodeScore[]) => (Array.isArray(x) ? x as readonly EpisodeScore[] : (x as PhysmentScores).scores);
  const scores = scoresOf(scored);
  if (!scores?.length) throw new OptionsError("physmentReport: scored: expected at least one scored episode");
  const data = buildReport(scores, summarize(scores));
  if (options.variants !== undefined) {
    const variants = scoresOf(options.variants);
    if (!variants?.length) throw new OptionsError("physmentReport: variants: expected at least one scored episode");
    const rows = memorizationGap(scores, variants);
    if (!rows.length) throw new OptionsError("physmentReport: variants: no scene was played by the same model, strategy and protocol in both runs");
    data.tables.splice(1, 0, gapTable(rows));
  }
  return { html: await htmlReport(data), markdown: markdownReport(data) };
}

/** What physmentReport adds. */
export interface PhysmentReportOptions {
  /**
   * A run of the same model on variants of the scenes (mech physment vary): the report
   * then shows accuracy on both side by side per category, the memorization gap.
   */
  variants?: PhysmentScores | readonly EpisodeScore[];
}
