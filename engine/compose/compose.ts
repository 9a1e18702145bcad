// The composer: candidates drawn from a seed, each given scenarios read from its own
// numerical runs and passed through the acceptance gates, until the requested number is
// accepted. Everything a candidate is comes from keyed random streams (seed, candidate
// index, purpose), so the same seed and settings give the same files under every runtime.
import { keyedRandom, type Random } from "../files/random.ts";
import type { Library } from "../model/library.ts";
import type { MechanismModel } from "../model/model.ts";
import { COMPOSER_VERSION, type ComposerRecord, type ComposeSettings, GATES } from "../model/composer_record.ts";
import { genericModel } from "../numeric/assemble.ts";
import { observeSample } from "../numeric/check.ts";
import { composeStructure, type Draft, type Kind, KIND_MIN_COMPONENTS, KINDS, timeScale } from "./structure.ts";
import { converterGate, frozenGate, type Gate, libraryGate, numericGate, pathsGate, type Rejection } from "./gates.ts";

/**
 * The composer cannot reach the requested count within its candidate budget.
 *
 * @example Handle a composition that falls short
 * ```ts
 * import { ComposeError, composeMechanisms } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * let composed;
 * try {
 *   composed = composeMechanisms({ seed: "example", count: 2, components: { min: 3, max: 4 }, domains: ["thermal"] });
 * } catch (e) {
 *   if (!(e instanceof ComposeError)) throw e;
 *   console.error(`too few candidates pass the gates: ${e.message}`);
 * }
 * assert.ok(composed === undefined || composed.mechanisms.length === 2);
 * ```
 */
export class ComposeError extends Error {
  /** The error's name, for messages and logs. */
  override name = "ComposeError";
}

/** Candidates tried per requested mechanism before the composer gives up. */
export const CANDIDATES_PER_MECHANISM = 20;

/** Scenarios drawn per mechanism besides `base`: the nominal start and further draws. */
export const DRAWN_SCENARIOS = 3;

/** One accepted mechanism: its id and its file's text. */
export interface ComposedFile {
  /** The mechanism's id, `composed_NNN_<kind>`. */
  id: string;
  /** The file's name in a catalog directory, `<id>.json`. */
  file: string;
  /** The mechanism file's JSON object. */
  data: Record<string, unknown>;
  /** Its text: two-space indented JSON and a newline. */
  text: string;
}

/** What one candidate came to (for progress and for the rejection summary). */
export interface CandidateEvent {
  /** The candidate's index, from 0. */
  index: number;
  /** What the candidate is made of. */
  kind: Kind;
  /** Its number of components. */
  components: number;
  /** Accepted so far, this one included. */
  accepted: number;
  /** The requested count. */
  count: number;
  /** Absent when accepted. */
  rejection?: Rejection;
  /** Milliseconds the candidate took. */
  ms: number;
}

/** The composed catalog: the accepted files and the record beside them. */
export interface Composed {
  /** The accepted mechanisms, in acceptance order. */
  mechanisms: ComposedFile[];
  /** What composer.json holds: version, seed, settings, candidates and rejections by gate. */
  record: ComposerRecord;
  /** Up to three reasons per gate, for the summary. */
  reasons: Record<Gate, string[]>;
}

/** The kinds the domains allow (electrical circuits come with the thermal network they heat). */
export function kindsOf(domains: readonly string[]): Kind[] {
  return KINDS.filter((k) => k === "electrothermal" ? domains.includes("electrical") : domains.includes(k));
}

/** The variables whose sign names each multi-state component's local state (a mass's v, a conductor's Q_flow). */
function stateVariables(model: MechanismModel): string[] {
  const out: string[] = [];
  for (const inst of model.instances) {
    if (inst.states.length < 2) continue;
    const vars = new Set(model.restrictions.filter((r) => r.instance === inst.name && r.state !== null).map((r) => model.variables[r.var].name));
    out.push(...[...vars].sort());
  }
  return out;
}

/**
 * The case restrictions a start gives: each chosen variable's cell at t = 0 of the run from
 * that start, skipped where the value lies within the projection's tolerance of a landmark
 * (its cell would be a matter of rounding).
 */
function restrictionsAt(model: MechanismModel, library: Library, numeric: NumericDraft, start: Record<string, number>, variables: readonly string[]): Record<string, string[]> {
  const sys = genericModel(model, library).build({ parameters: numeric.parameters, start, stopTime: numeric.stopTime });
  const obs = observeSample(model, sys, "start", 0, sys.y0);
  const out: Record<string, string[]> = {};
  for (const name of variables) {
    const v = model.variableIndex.get(name)!;
    const c = obs.cells.get(v);
    if (!c || c.cell !== c.raw) continue;
    out[name] = [model.variables[v].cells[c.cell]];
  }
  return out;
}

interface NumericDraft {
  parameters: Record<string, number>;
  start: Record<string, number>;
  stopTime: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : word.endsWith("s") ? "es" : "s"}`;

/** The title: the kind and the main parts counted. */
function titleOf(kind: Kind, index: number, draft: Draft): string {
  const counts = new Map<string, number>();
  for (const c of draft.components) counts.set(c.type.split(".")[1], (counts.get(c.type.split(".")[1]) ?? 0) + 1);
  const parts = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 4).map(([t, n]) => `${n} × ${t}`);
  return `Composed ${kind} mechanism ${index}: ${parts.join(", ")}`;
}

/** The file of a candidate, its scenarios not yet drawn. */
function fileOf(id: string, title: string, draft: Draft, numeric: NumericDraft): Record<string, unknown> {
  return {
    id,
    title,
    provenance: `Composed by mechbench-compose ${COMPOSER_VERSION} from the component library`,
    description: draft.sentences.join(" "),
    components: draft.components.map((c) => ({ name: c.name, type: c.type })),
    connections: draft.connections,
    ...(draft.free.length ? { free: draft.free } : {}),
    scenarios: [{ id: "base", description: "No additional restrictions." }],
    numeric: { parameters: numeric.parameters, start: numeric.start, stopTime: numeric.stopTime },
  };
}

/** Draws the scenarios: the nominal start's restrictions in full, then further starts with about half their variables each. */
function drawScenarios(model: MechanismModel, library: Library, draft: Draft, numeric: NumericDraft, rng: Random): { scenarios: Record<string, unknown>[]; starts: Record<string, Record<string, number>> } {
  const variables = stateVariables(model);
  const scenarios: Record<string, unknown>[] = [{ id: "base", description: "No additional restrictions." }];
  const starts: Record<string, Record<string, number>> = {};
  const seen = new Set<string>();
  for (let k = 0; k < DRAWN_SCENARIOS; k++) {
    const start = k === 0 ? numeric.start : draft.drawStart(rng);
    const chosen = k === 0 ? variables : rng.shuffle(variables).slice(0, Math.max(1, Math.ceil(variables.length / 2))).sort();
    const restrict = restrictionsAt(model, library, numeric, start, chosen);
    const key = JSON.stringify(restrict);
    if (seen.has(key)) continue;
    seen.add(key);
    const id = k === 0 ? "start" : `draw${k}`;
    const what = Object.entries(restrict).map(([v, cells]) => `${v} ${cells[0]}`).join(", ");
    scenarios.push({
      id,
      description: `${k === 0 ? "The numeric start" : `A drawn start (${k})`}, as its run shows it at t = 0${what ? `: ${what}` : " (no variable away from a landmark)"}.`,
      restrict,
    });
    starts[id] = start;
  }
  return { scenarios, starts };
}

/** One candidate: its file, or the gate that rejects it; `onStep` hears how long each step took. */
export function composeCandidate(
  seed: string,
  index: number,
  accepted: number,
  settings: ComposeSettings,
  library: Library,
  onStep?: (step: string, ms: number) => void,
): { kind: Kind; components: number; file?: ComposedFile; rejection?: Rejection; data: Record<string, unknown> } {
  let t = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    onStep?.(step, now - t);
    t = now;
  };
  const stream = (purpose: string) => keyedRandom(`mechbench-compose/${COMPOSER_VERSION}/${seed}/${index}/${purpose}`);
  const rng = stream("structure");
  const kinds = kindsOf(settings.domains);
  let size = rng.between(settings.components.min, settings.components.max);
  const fitting = kinds.filter((k) => KIND_MIN_COMPONENTS[k] <= size);
  const kind = rng.pick(fitting.length ? fitting : kinds);
  size = Math.max(size, KIND_MIN_COMPONENTS[kind]);
  const draft = composeStructure(kind, size, rng, library);
  const { stopTime, frequency } = timeScale(draft.timeConstants);
  const parameters = { ...draft.parameters };
  for (const s of draft.sines) parameters[`${s}.f`] = frequency;
  const numeric: NumericDraft = { parameters, start: draft.drawStart(stream("start")), stopTime };
  const id = `composed_${String(accepted + 1).padStart(3, "0")}_${kind}`;
  const file = `${id}.json`;
  const data = fileOf(id, titleOf(kind, accepted + 1, draft), draft, numeric);
  const components = draft.components.length;
  const loaded = libraryGate(file, data, library);
  lap("library");
  if ("gate" in loaded) return { kind, components, rejection: loaded, data };
  let drawn;
  try {
    drawn = drawScenarios(loaded.model, library, draft, numeric, stream("scenarios"));
  } catch (e) {
    // a model that cannot be assembled or solved at t = 0 fails the numerical check anyway
    return { kind, components, rejection: { gate: "numeric", reason: (e instanceof Error ? e.message : String(e)).split("\n")[0] }, data };
  }
  lap("scenarios");
  data.scenarios = drawn.scenarios;
  const others = Object.fromEntries(Object.entries(drawn.starts).filter(([id]) => id !== "start"));
  data.numeric = { ...(data.numeric as object), ...(Object.keys(others).length ? { scenarios: others } : {}) };
  const gates: [Gate, () => Rejection | null][] = [
    ["converter", () => converterGate(file, data, library)],
    ["numeric", () => numericGate(file, data, library)],
    ["paths", () => pathsGate(file, data, library)],
    ["frozen", () => {
      const final = libraryGate(file, data, library);
      return "gate" in final ? final : frozenGate(final.model, "start");
    }],
  ];
  for (const [name, gate] of gates) {
    const rejection = gate();
    lap(name);
    if (rejection) return { kind, components, rejection, data };
  }
  return { kind, components, file: { id, file, data, text: JSON.stringify(data, null, 2) + "\n" }, data };
}

/** Where a composition stands after some candidates: enough to continue it. */
export interface ComposeProgress {
  /** Candidates tried so far. */
  candidates: number;
  /** Rejections so far, by gate. */
  rejected: Record<Gate, number>;
  /** Up to three reasons per gate. */
  reasons: Record<Gate, string[]>;
  /** The mechanisms accepted so far. */
  mechanisms: ComposedFile[];
}

/** Hooks of a composition: each candidate's outcome (after `state` is updated), and where to start. */
export interface ComposeHooks {
  onCandidate?: (e: CandidateEvent, state: ComposeProgress) => void;
  /** Continue a composition from this state (the same seed and settings). */
  from?: ComposeProgress;
}

/** The empty progress: no candidate tried. */
export function noProgress(): ComposeProgress {
  return {
    candidates: 0,
    rejected: Object.fromEntries(GATES.map((g) => [g, 0])) as Record<Gate, number>,
    reasons: Object.fromEntries(GATES.map((g) => [g, [] as string[]])) as Record<Gate, string[]>,
    mechanisms: [],
  };
}

/**
 * Composes `settings.count` mechanisms that pass every gate, trying candidates in order.
 * Each candidate depends only on the seed, the settings, its index and the number accepted
 * before it, so a composition continued from its progress gives the same files.
 *
 * @throws {ComposeError} When CANDIDATES_PER_MECHANISM × count candidates do not reach the count.
 */
export function compose(seed: string, settings: ComposeSettings, library: Library, hooks: ComposeHooks = {}): Composed {
  const state = hooks.from ? structuredClone(hooks.from) : noProgress();
  const budget = CANDIDATES_PER_MECHANISM * settings.count;
  while (state.mechanisms.length < settings.count) {
    const index = state.candidates;
    if (index >= budget) {
      const worst = GATES.filter((g) => state.rejected[g]).sort((a, b) => state.rejected[b] - state.rejected[a])[0];
      throw new ComposeError(`${budget} candidates gave ${state.mechanisms.length} of ${settings.count} mechanisms; most were rejected by the ${worst} gate (${state.reasons[worst][0] ?? ""})`);
    }
    const t0 = performance.now();
    const c = composeCandidate(seed, index, state.mechanisms.length, settings, library);
    if (c.file) state.mechanisms.push(c.file);
    else {
      state.rejected[c.rejection!.gate]++;
      if (state.reasons[c.rejection!.gate].length < 3) state.reasons[c.rejection!.gate].push(c.rejection!.reason);
    }
    state.candidates = index + 1;
    hooks.onCandidate?.({ index, kind: c.kind, components: c.components, accepted: state.mechanisms.length, count: settings.count, rejection: c.rejection, ms: performance.now() - t0 }, state);
  }
  const record: ComposerRecord = {
    format: "mechbench-composed/1",
    composer: { name: "mechbench-compose", version: COMPOSER_VERSION },
    seed,
    settings,
    candidates: state.candidates,
    rejected: state.rejected,
    mechanisms: state.mechanisms.map((m) => m.id),
  };
  return { mechanisms: state.mechanisms, record, reasons: state.reasons };
}
