// What the run viewer shows of PhysMent runs (`mech view`): a row per episode (scene,
// category, model, budget, correct, C, E, G, V, R, failure modes) and per episode its
// timeline as the transcript recorded it: the prompt, then per iteration the model's reply
// and reasoning, every tool call with its arguments and its result (JSON as returned, so
// numbers keep every digit), invalid replies and retries; then where it stopped and why,
// and the answer against the truth with Eq. 4's band. Scores are scoring's own
// (scoreTranscript); a transcript that cannot be scored (cut off, damaged, another scene)
// is still shown, marked with the reason.
import type { Tone, ViewerBlock, ViewerData, ViewerEntry, ViewerRow } from "../../report/viewer.ts";
import { type ParsedTranscript, parseTranscript, type TranscriptRecord, unfinishedReason } from "../agent/transcript.ts";
import { type SceneKey, scoreTranscript, type TranscriptText } from "../evaluate.ts";
import { categoryOfScene, DEFAULT_TOLERANCE, type EpisodeScore, type PartGrade, toleranceBand } from "../score/mod.ts";
import { episodeFailureModes, runName } from "./episodes.ts";
import { RunError } from "../../files/errors.ts";

const json = (v: unknown) => JSON.stringify(v);
/** A tool result as JSON (every digit as returned): on one line when short, indented when long. */
const resultText = (v: unknown) => {
  const line = JSON.stringify(v);
  return line.length <= 160 ? line : JSON.stringify(v, null, 1);
};
const r3 = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 1000);

/** A link name from a transcript's key: every character outside [A-Za-z0-9_.-] as ~ and its code. */
export function episodeLinkId(key: string): string {
  return `ep_${key.replace(/[^A-Za-z0-9_.-]/g, (c) => `~${c.codePointAt(0)!.toString(16)}`)}`;
}

function partLine(p: PartGrade): string {
  const answer = p.predicted === null ? "(missing)" : p.predicted.raw;
  const verdict = p.correct ? "correct" : "wrong";
  if (typeof p.truth === "number" && p.predicted?.kind === "number") {
    const band = toleranceBand(p.truth, DEFAULT_TOLERANCE);
    return `answer ${answer} · truth ${p.truth} ± ${r3(band) ?? band} (ε_abs ${DEFAULT_TOLERANCE.epsAbs} + ${100 * DEFAULT_TOLERANCE.epsRel} % of |truth|) = [${p.truth - band}, ${p.truth + band}] → ${verdict}`;
  }
  return `answer "${answer}" · truth "${p.truth}" (the answer's normalized text must be contained in the truth's) → ${verdict}`;
}

function gradeStep(s: EpisodeScore): ViewerBlock {
  const g = s.detail.grade;
  const parts: [string, string][] = g.strict.parts.map((p) => [`part ${p.index + 1}`, partLine(p)]);
  const extra = g.strict.answerParts > g.strict.truthParts ? [["extra parts", `${g.strict.answerParts - g.strict.truthParts} more than the truth's ${g.strict.truthParts}`] as [string, string]] : [];
  const modes = episodeFailureModes(s);
  return {
    kind: "step",
    label: s.correct ? "Graded: correct" : s.answered ? "Graded: wrong" : "Graded: no answer",
    tone: s.correct ? "good" : "bad",
    blocks: [
      { kind: "fields", label: "answer against the truth (Eq. 4)", rows: [...parts, ...extra, ["strict", `${s.correct ? "pass" : "fail"}, C = ${r3(s.C)}`], ["regraded (§5.4)", `${s.regrade.pass ? "pass" : "fail"}${s.regrade.regraded ? ` by class ${s.regrade.classes.join(", ")}` : ""}, C = ${r3(s.regrade.C)}`]] },
      {
        kind: "fields",
        label: "dimensions",
        rows: [
          ["E (efficiency)", String(r3(s.E))],
          ["G (groundedness)", s.G === null ? "— (no numeric assertion)" : `${r3(s.G)} (${s.detail.assertions.filter((a) => a.grounded).length} of ${s.detail.assertions.length} assertions grounded)`],
          ["V (action validity)", `${r3(s.V)} (${s.detail.valid_calls} of ${s.detail.calls} calls executed)`],
          ["R (reasoning diversity)", `${r3(s.R)} (${s.detail.bigrams} bigrams)`],
          ["failure modes", modes.length ? modes.join(", ") : "none"],
        ],
      },
    ],
  };
}

/** The episode's timeline: its records in order, an iteration per step. */
function timeline(records: readonly TranscriptRecord[]): ViewerBlock[] {
  const out: ViewerBlock[] = [];
  let step: Extract<ViewerBlock, { kind: "step" }> | null = null;
  const into = (iteration: number, b: ViewerBlock) => {
    if (iteration < 1) return out.push(b);
    if (!step || step.label !== `Iteration ${iteration}`) out.push(step = { kind: "step", label: `Iteration ${iteration}`, blocks: [] });
    step.blocks.push(b);
  };
  for (const r of records) {
    switch (r.type) {
      case "header":
        out.push({ kind: "fields", label: "episode", rows: [["scene", r.scene], ["model", r.model], ["budget", `${r.budget} iterations`], ["strategy", r.strategy], ["protocol", r.protocol], ["started", r.started]] });
        break;
      case "message": {
        const m = r.message;
        if (m.role === "system") into(r.iteration, { kind: "text", label: "system message", text: m.content });
        else if (m.role === "user") into(r.iteration, { kind: "text", label: r.iteration === 0 ? "prompt (user message)" : "sent to the model", text: m.content });
        else if (m.role === "assistant") {
          if (m.reasoning) into(r.iteration, { kind: "text", label: "reasoning (returned beside the reply)", text: m.reasoning });
          // a reply that is only tool calls has no text to show; its calls follow
          if (m.content || !m.tool_calls?.length) into(r.iteration, { kind: "text", label: "reply", text: m.content ?? "(no text)" });
        }
        // tool messages carry the results shown with each call
        break;
      }
      case "usage":
        into(r.iteration, { kind: "fields", rows: [["response", `${r.usage ? `${r.usage.prompt_tokens} prompt + ${r.usage.completion_tokens} completion tokens, ` : ""}${Math.round(r.latency_ms)} ms, finish reason ${r.finish_reason ?? "—"}`]] });
        break;
      case "tool_call": {
        const failed = r.status === "unreadable" || r.error;
        const tone: Tone | undefined = failed ? "bad" : r.status === "skipped" ? "warn" : undefined;
        const status = r.status === "executed" ? (r.error ? "executed, returned an error" : "executed") : r.status === "unreadable" ? "unreadable arguments: nothing ran" : "skipped: it followed the answer";
        into(r.iteration, {
          kind: "step",
          label: `call ${r.index + 1}: ${r.tool}${failed ? " (failed)" : r.status === "skipped" ? " (skipped)" : ""}`,
          tone,
          blocks: [
            { kind: "fields", rows: [["status", status], ["arguments", json(r.parameters)], ...(r.status === "unreadable" && r.raw_arguments !== undefined ? [["as sent", r.raw_arguments] as [string, string]] : []), ["simulation time", `${r.sim_time} s`], ["took", `${Math.round(r.duration_ms)} ms`]] },
            { kind: "text", label: "result", text: r.result === null ? "(none)" : resultText(r.result), tone },
          ],
        });
        break;
      }
      case "invalid":
        into(r.iteration, { kind: "text", label: "invalid reply", text: r.reason, tone: "bad" });
        break;
      case "retry":
        into(r.iteration, { kind: "fields", label: `request failed (attempt ${r.attempt})`, rows: [["error", `${r.kind}: ${r.error}`], ["retried after", `${Math.round(r.delay_ms)} ms`]], tone: "warn" });
        break;
      case "abort":
        out.push({ kind: "step", label: `Stopped in iteration ${r.iteration}: ${r.kind}`, tone: "warn", blocks: [{ kind: "text", label: "error", text: r.error }, { kind: "fields", rows: [["at", r.finished]] }] });
        step = null;
        break;
      case "end":
        out.push({
          kind: "step",
          label: r.reason === "answered" ? `Ended: answered in iteration ${r.iterations}` : `Ended: the budget ran out after ${r.iterations} iterations`,
          tone: r.answered ? undefined : "bad",
          blocks: [{
            kind: "fields",
            rows: [["answer", r.answer === null ? "(none)" : json(r.answer)], ["tool calls", String(r.tool_calls)], ["invalid actions", String(r.invalid_actions)], ["tokens", `${r.usage.prompt_tokens} prompt + ${r.usage.completion_tokens} completion`], ["duration", `${(r.duration_ms / 1000).toFixed(1)} s`]],
          }],
        });
        step = null;
        break;
    }
  }
  return out;
}

/** One transcript as the viewer reads it. */
interface Reading {
  source: string;
  key: string;
  parsed: ParsedTranscript;
  score: EpisodeScore | null;
  mark: string | null;
}

/**
 * The viewer's data for PhysMent transcripts (one or more run directories).
 *
 * @param p `transcripts`: each transcript's key (its file name without .jsonl), where it is, and its text;
 *   `sceneKey`: a scene's truth by number, or why it cannot be had; `problems`: what reading the runs found.
 * @returns A row and an entry per transcript, ordered by scene, model, budget and place.
 */
export function physmentViewData(p: { transcripts: readonly (TranscriptText & { key: string })[]; sceneKey: (scene: number) => SceneKey | string; problems: readonly string[] }): ViewerData {
  const keys = new Map<number, SceneKey | string>();
  const readings: Reading[] = p.transcripts.map(({ source, text, key }) => {
    const parsed = parseTranscript(text);
    if (!parsed.records.some((r) => r.type === "end")) {
      const u = unfinishedReason(parsed);
      return { source, key, parsed, score: null, mark: `unfinished${u.line === null ? "" : ` (line ${u.line})`}: ${u.reason}` };
    }
    const lookup = (n: number): SceneKey => {
      let k = keys.get(n);
      if (k === undefined) keys.set(n, k = p.sceneKey(n));
      if (typeof k === "string") throw new NotScored(k);
      return k;
    };
    try {
      return { source, key, parsed, score: scoreTranscript(source, parsed, lookup), mark: null };
    } catch (e) {
      // what scoring refuses (a damaged line, another scene's transcript, a scene not to be had) marks the entry
      if (!(e instanceof RunError || e instanceof NotScored)) throw e;
      return { source, key, parsed, score: null, mark: `not scored: ${e instanceof NotScored ? e.message : withoutSource(e.message, source)}` };
    }
  });
  const headerOf = (r: Reading) => (r.parsed.records[0]?.type === "header" ? r.parsed.records[0] : null);
  const sceneOf = (r: Reading) => {
    const n = Number(headerOf(r)?.scene);
    return Number.isInteger(n) ? n : null;
  };
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = readings.map((r, i) => ({ r, i })).sort((a, b) =>
    (sceneOf(a.r) ?? Infinity) - (sceneOf(b.r) ?? Infinity) || cmp(headerOf(a.r)?.model ?? "", headerOf(b.r)?.model ?? "") ||
    (headerOf(a.r)?.budget ?? 0) - (headerOf(b.r)?.budget ?? 0) || a.i - b.i
  ).map((x) => x.r);
  const ids = new Set<string>();
  const entries: ViewerEntry[] = [];
  const rows: ViewerRow[] = [];
  for (const r of sorted) {
    let id = episodeLinkId(r.key);
    for (let k = 2; ids.has(id); k++) id = `${episodeLinkId(r.key)}-${k}`;
    ids.add(id);
    const h = headerOf(r), s = r.score, scene = sceneOf(r);
    const model = s ? runName(s.model, s.variant) : h ? runName(h.model, `${h.strategy}/${h.protocol}`) : null;
    const blocks = timeline(r.parsed.records);
    if (s) blocks.push(gradeStep(s));
    else blocks.push({ kind: "step", label: "Not scored", tone: "warn", blocks: [{ kind: "text", label: "why", text: r.mark ?? "", open: true }] });
    rows.push({
      entry: entries.length,
      cells: [scene, s?.category ?? (scene === null ? null : categoryOfScene(scene)), model, h?.budget ?? null, s ? (s.correct ? "yes" : "no") : null, r3(s?.C ?? null), r3(s?.E ?? null), r3(s?.G ?? null), r3(s?.V ?? null), r3(s?.R ?? null), s ? episodeFailureModes(s).join(", ") || "none" : null],
      tone: s ? (s.correct ? "good" : "bad") : "warn",
      ...(r.mark ? { mark: r.mark } : {}),
    });
    entries.push({ id, title: `Scene ${scene ?? "?"} · ${model ?? "?"} · budget ${h?.budget ?? "?"}`, blocks: [{ kind: "fields", rows: [["transcript", r.source]] }, ...blocks] });
  }
  const models = new Set(rows.map((r) => r.cells[2]));
  return {
    title: "PhysMent runs",
    note: `${rows.length.toLocaleString("en-US")} episodes of ${models.size} model${models.size === 1 ? "" : "s"}; ${rows.filter((r) => r.mark).length} marked (unfinished or not scored).`,
    problems: [...p.problems],
    columns: [
      { label: "scene", numeric: true, facet: true, width: "3.8em" },
      { label: "category", facet: true },
      { label: "model", facet: true },
      { label: "budget", numeric: true, facet: true, width: "4.3em" },
      { label: "correct", facet: true, width: "4.6em" },
      { label: "C", numeric: true, width: "3.6em" },
      { label: "E", numeric: true, width: "3.6em" },
      { label: "G", numeric: true, width: "3.6em" },
      { label: "V", numeric: true, width: "3.6em" },
      { label: "R", numeric: true, width: "3.6em" },
      { label: "failure mode", facet: true },
    ],
    rows,
    entries,
  };
}

/** An error's message without the transcript's place (the entry names it): "line N: …" or the sentence alone. */
function withoutSource(message: string, source: string): string {
  if (!message.startsWith(`${source}:`)) return message;
  const rest = message.slice(source.length + 1);
  const line = /^(\d+): /.exec(rest);
  return line ? `line ${line[1]}: ${rest.slice(line[0].length)}` : rest.trimStart();
}

/** A transcript's scene could not be had (the lookup said why). */
class NotScored extends Error {
  override name = "NotScored";
}
