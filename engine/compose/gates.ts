// The acceptance gates of a composed candidate, in the order it meets them (docs/compose.md,
// "Gates"): the library, the converter checks, the numerical check, the episode graph's
// soundness against the same runs, and a start case whose bounded graph moves. Each gate
// answers null (passed) or why it rejects; none shares logic with the composer.
import type { Library } from "../model/library.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import { MechanismError } from "../model/issues.ts";
import type { MechanismModel } from "../model/model.ts";
import { checkSource } from "../audit/catalog_check.ts";
import { checkMechanism } from "../numeric/check.ts";
import { numericSource } from "../numeric/source_model.ts";
import { Session } from "../episode/session.ts";
import { checkPaths } from "../episode/soundness.ts";
import { edgeRules } from "../episode/rules.ts";
import { initialEpisodes } from "../episode/initial.ts";
import { reach } from "../episode/reach.ts";
import type { GATES } from "../model/composer_record.ts";

/** A gate's name. */
export type Gate = typeof GATES[number];

/** Why a candidate was rejected: the gate and one line. */
export interface Rejection {
  /** The gate that rejected the candidate. */
  gate: Gate;
  /** Why, in one line. */
  reason: string;
}

/** The horizon of the frozen gate's bounded graph, and the edges it must reach. */
export const FROZEN_HORIZON = 3;
export const FROZEN_MIN_EDGES = 3;
/** Episodes the frozen gate expands before it calls the start case large enough. */
const FROZEN_MAX_EPISODES = 20_000;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).split("\n")[0];

/** Gate 1: the file validates against the component library. */
export function libraryGate(file: string, data: unknown, library: Library): { model: MechanismModel } | Rejection {
  try {
    return { model: loadMechanism(data, file, library) };
  } catch (e) {
    if (e instanceof MechanismError) return { gate: "library", reason: message(e) };
    throw e;
  }
}

/** Gate 2: every converter check passes (warnings allowed, as for the built-in files). */
export function converterGate(file: string, data: unknown, library: Library): Rejection | null {
  const report = checkSource({ file, data }, library);
  if (report.ok) return null;
  const failed = report.checks.find((c) => c.status === "failed")!;
  return { gate: "converter", reason: `${failed.id}: ${failed.errors[0]?.message ?? failed.title}` };
}

/** Gate 3: the numerical check observes at least one state and contradicts nothing. */
export function numericGate(file: string, data: unknown, library: Library): Rejection | null {
  try {
    const n = numericSource({ file, data }, library);
    if ("reason" in n) return { gate: "numeric", reason: n.reason };
    const report = checkMechanism(n.model, n.def, n.block);
    const bad = [...report.states.filter((s) => s.disposition === "contradiction").map((s) => `state ${s.label}: ${s.failure ?? ""}`),
      ...report.transitions.filter((t) => t.disposition === "contradiction").map((t) => `change ${t.from} -> ${t.to}: ${t.failure ?? ""}`)];
    if (bad.length) return { gate: "numeric", reason: `${bad.length} contradiction${bad.length === 1 ? "" : "s"}, first ${bad[0]}` };
    if (!report.states.length) return { gate: "numeric", reason: "no state observed" };
    return null;
  } catch (e) {
    return { gate: "numeric", reason: message(e) };
  }
}

/** Gate 4: every pair of consecutive observations is joined by admissible edges (sound rules). */
export function pathsGate(file: string, data: unknown, library: Library): Rejection | null {
  try {
    const n = numericSource({ file, data }, library);
    if ("reason" in n) return { gate: "paths", reason: n.reason };
    const session = new Session(n.model, "base", { rules: edgeRules("sound", []) });
    const report = checkPaths(session, n.def, n.block);
    if (report.violations.length) {
      const v = report.violations[0];
      return { gate: "paths", reason: `${report.violations.length} observed change${report.violations.length === 1 ? "" : "s"} without an admissible path, first ${JSON.stringify(v).slice(0, 200)}` };
    }
    return null;
  } catch (e) {
    return { gate: "paths", reason: message(e) };
  }
}

/** Thrown from a layer callback: the graph already has the edges the gate wants. */
class Enough extends Error {}

/** Gate 5: from the first episode of the start scenario, the bounded graph has a few edges. */
export function frozenGate(model: MechanismModel, scenario: string): Rejection | null {
  try {
    const session = new Session(model, scenario, { rules: edgeRules("sound", []) });
    const x0 = initialEpisodes(model, scenario, { states: {}, cells: [] }, 1, true);
    const onLayer = (_: unknown, g: { edges: unknown[] }) => {
      if (g.edges.length >= FROZEN_MIN_EDGES) throw new Enough();
    };
    const graph = reach(session, x0, FROZEN_HORIZON, { maxEpisodes: FROZEN_MAX_EPISODES, onLayer });
    if (graph.edges.length < FROZEN_MIN_EDGES && !graph.stopped) {
      return { gate: "frozen", reason: `the start case's graph has ${graph.edges.length} edge${graph.edges.length === 1 ? "" : "s"} within ${FROZEN_HORIZON} steps (at least ${FROZEN_MIN_EDGES} wanted)` };
    }
    return null;
  } catch (e) {
    if (e instanceof Enough) return null;
    return { gate: "frozen", reason: message(e) };
  }
}
