// The six family normalizers (paper A.7). Each projects a parsed payload onto its
// family's documented answer and returns the canonical form, or rejects it with a
// reason (a protocol failure). The gold is read only for the requested keys and
// widths, never to repair a value. Normalizers never throw.
import type { FamilyId } from "../tasks/family.ts";
import { isObject } from "./extract.ts";

/** A normalizer's result: the canonical answer, or why the payload is rejected. */
export type Normalized = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

/** What a normalizer may read of the gold: the requested case ids, or the label width. */
export interface Request {
  /** The case ids a state-consistency answer must cover. */
  caseIds?: readonly string[];
  /** The length a label string must have. */
  width?: number;
}

const reject = (reason: string): Normalized => ({ ok: false, reason });

/** An integer, an integral number or a decimal digit string, as a non-negative integer; else null. */
function count(v: unknown): number | null {
  if (typeof v === "number") return Number.isInteger(v) && v >= 0 ? v : null;
  if (typeof v === "string" && /^[0-9]+$/.test(v)) {
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

/**
 * State consistency's normalizer: per requested case, the consistent candidate ids (`S` and a
 * number), deduplicated and sorted; a missing case has none; a given `consistent_count` must
 * match the ids.
 *
 * @param payload The extracted answer payload.
 * @param req The requested case ids (requestOf).
 * @returns The canonical `{ case_results }`, or a rejection with its reason; never throws.
 *
 * @example
 * ```ts
 * import { normalizeStateConsistency } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const r = normalizeStateConsistency({ case_results: { base: { consistent_ids: ["S3", "S1", "S3"] } } }, { caseIds: ["base", "C1"] });
 * assert.deepEqual(r, { ok: true, value: { case_results: { base: { consistent_count: 2, consistent_ids: ["S1", "S3"] }, C1: { consistent_count: 0, consistent_ids: [] } } } });
 * assert.equal(normalizeStateConsistency({ case_results: { base: { consistent_count: 5, consistent_ids: ["S1"] } } }, { caseIds: ["base"] }).ok, false);
 * ```
 */
export function normalizeStateConsistency(payload: unknown, req: Request): Normalized {
  if (!isObject(payload)) return reject("the payload is not an object");
  const results = payload.case_results;
  if (!isObject(results)) return reject("case_results is missing or not an object");
  const out: Record<string, { consistent_count: number; consistent_ids: string[] }> = {};
  for (const id of req.caseIds ?? []) {
    const v = Object.hasOwn(results, id) ? results[id] : undefined;
    // a missing case, or one whose value is not an object, has no consistent candidate
    if (!isObject(v)) {
      out[id] = { consistent_count: 0, consistent_ids: [] };
      continue;
    }
    const raw = v.consistent_ids ?? [];
    if (!Array.isArray(raw)) return reject(`${id}: consistent_ids is not an array`);
    const ids = [...new Set(raw.filter((x): x is string => typeof x === "string").map((x) => x.trim()).filter((x) => /^S[0-9]+$/.test(x)))]
      .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)) || (a < b ? -1 : a > b ? 1 : 0));
    let n = ids.length;
    if (Object.hasOwn(v, "consistent_count") && v.consistent_count !== undefined) {
      const c = count(v.consistent_count);
      if (c === null) return reject(`${id}: consistent_count is not a non-negative integer`);
      if (c !== ids.length) return reject(`${id}: consistent_count ${c} does not match ${ids.length} ids`);
      n = c;
    }
    out[id] = { consistent_count: n, consistent_ids: ids };
  }
  return { ok: true, value: { case_results: out } };
}

function labels(key: string, alphabet: string): (payload: unknown, req: Request) => Normalized {
  const pattern = new RegExp(`^[${alphabet}]*$`);
  return (payload, req) => {
    if (!isObject(payload)) return reject("the payload is not an object");
    const v = payload[key];
    if (typeof v !== "string") return reject(`${key} is missing or not a string`);
    if (v.length !== req.width) return reject(`${key} has ${v.length} characters, not ${req.width}`);
    if (!pattern.test(v)) return reject(`${key} may hold only ${[...alphabet].join(", ")}`);
    return { ok: true, value: { [key]: v } };
  };
}

/** Plausibility's normalizer: `plausibility_labels`, P or I per narrative, of the requested width. */
export const normalizePlausibility: (payload: unknown, req: Request) => Normalized = labels("plausibility_labels", "PI");
/** Necessity's normalizer: `necessity_labels`, N or U per claim, of the requested width. */
export const normalizeNecessity: (payload: unknown, req: Request) => Normalized = labels("necessity_labels", "NU");
/** Functional recovery's normalizer: `plan_statuses`, U, D or R per plan, of the requested width. */
export const normalizeFunctionalRecovery: (payload: unknown, req: Request) => Normalized = labels("plan_statuses", "UDR");

const TRIPLE_KEYS = ["component", "source_state", "target_state"];

/**
 * Transition's normalizer: the admissible (component, source state, target state) triples,
 * each with exactly those three non-empty fields, no repeats, sorted.
 *
 * @param payload The extracted answer payload.
 * @returns The canonical `{ admissible_component_state_transitions }`, or a rejection with its reason; never throws.
 *
 * @example
 * ```ts
 * import { normalizeTransition } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const t = (component: string, source_state: string, target_state: string) => ({ component, source_state, target_state });
 * const r = normalizeTransition({ admissible_component_state_transitions: [t("spring2", "UNLOADED", "TENSED"), t("mass1", "REST", "MOVING")] });
 * assert.deepEqual(r, { ok: true, value: { admissible_component_state_transitions: [t("mass1", "REST", "MOVING"), t("spring2", "UNLOADED", "TENSED")] } });
 * assert.equal(normalizeTransition({ admissible_component_state_transitions: [{ component: "mass1" }] }).ok, false);
 * ```
 */
export function normalizeTransition(payload: unknown): Normalized {
  if (!isObject(payload)) return reject("the payload is not an object");
  const list = payload.admissible_component_state_transitions;
  if (!Array.isArray(list)) return reject("admissible_component_state_transitions is missing or not an array");
  const seen = new Set<string>();
  const out: { component: string; source_state: string; target_state: string }[] = [];
  for (const [i, t] of list.entries()) {
    if (!isObject(t)) return reject(`entry ${i} is not an object`);
    const keys = Object.keys(t);
    if (keys.length !== 3 || !TRIPLE_KEYS.every((k) => keys.includes(k))) return reject(`entry ${i} must have exactly component, source_state and target_state`);
    if (!TRIPLE_KEYS.every((k) => typeof t[k] === "string" && (t[k] as string).length > 0)) return reject(`entry ${i} has an empty or non-string field`);
    const triple = { component: t.component as string, source_state: t.source_state as string, target_state: t.target_state as string };
    const key = JSON.stringify(triple);
    if (seen.has(key)) return reject(`entry ${i} repeats an earlier triple`);
    seen.add(key);
    out.push(triple);
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  out.sort((a, b) => cmp(a.component, b.component) || cmp(a.source_state, b.source_state) || cmp(a.target_state, b.target_state));
  return { ok: true, value: { admissible_component_state_transitions: out } };
}

/**
 * Trace faithfulness's normalizer: `unfaithful_step_count` must be an integer.
 *
 * @param payload The extracted answer payload.
 * @returns The canonical `{ unfaithful_step_count }`, or a rejection with its reason; never throws.
 *
 * @example
 * ```ts
 * import { normalizeTraceFaithfulness } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(normalizeTraceFaithfulness({ unfaithful_step_count: 3 }), { ok: true, value: { unfaithful_step_count: 3 } });
 * assert.deepEqual(normalizeTraceFaithfulness({ unfaithful_step_count: "3" }), { ok: false, reason: "unfaithful_step_count is not an integer" });
 * ```
 */
export function normalizeTraceFaithfulness(payload: unknown): Normalized {
  if (!isObject(payload)) return reject("the payload is not an object");
  const v = payload.unfaithful_step_count;
  if (typeof v !== "number" || !Number.isInteger(v)) return reject("unfaithful_step_count is not an integer");
  return { ok: true, value: { unfaithful_step_count: v } };
}

/**
 * The request a gold answer implies: its case ids (state consistency) or its label width.
 *
 * @param family The task's family.
 * @param gold The task's gold answer payload.
 * @returns The case ids (state consistency), the label width (plausibility, necessity, functional recovery), or nothing.
 *
 * @example
 * ```ts
 * import { requestOf } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(requestOf("necessity", { necessity_labels: "UUNN" }), { width: 4 });
 * assert.deepEqual(requestOf("state_consistency", { case_results: { base: {}, C1: {} } }), { caseIds: ["base", "C1"] });
 * assert.deepEqual(requestOf("trace_faithfulness", { unfaithful_step_count: 3 }), {});
 * ```
 */
export function requestOf(family: FamilyId, gold: Record<string, unknown>): Request {
  switch (family) {
    case "state_consistency":
      return { caseIds: isObject(gold.case_results) ? Object.keys(gold.case_results) : [] };
    case "plausibility":
      return { width: String(gold.plausibility_labels ?? "").length };
    case "necessity":
      return { width: String(gold.necessity_labels ?? "").length };
    case "functional_recovery":
      return { width: String(gold.plan_statuses ?? "").length };
    default:
      return {};
  }
}

/**
 * A payload normalized by its family's normalizer (paper A.7): the canonical answer, or why it
 * is rejected (a protocol failure).
 *
 * @param family The task's family.
 * @param payload The extracted answer payload (extractAnswer).
 * @param req What the gold requests (requestOf).
 * @returns `{ ok: true, value }` with the canonical answer, or `{ ok: false, reason }`; never throws.
 *
 * @example
 * ```ts
 * import { normalize, requestOf } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const gold = { plausibility_labels: "PIP" };
 * assert.deepEqual(normalize("plausibility", { plausibility_labels: "PPI" }, requestOf("plausibility", gold)), { ok: true, value: { plausibility_labels: "PPI" } });
 * assert.deepEqual(normalize("plausibility", { plausibility_labels: "PP" }, requestOf("plausibility", gold)), { ok: false, reason: "plausibility_labels has 2 characters, not 3" });
 * ```
 */
export function normalize(family: FamilyId, payload: unknown, req: Request): Normalized {
  try {
    switch (family) {
      case "state_consistency":
        return normalizeStateConsistency(payload, req);
      case "plausibility":
        return normalizePlausibility(payload, req);
      case "necessity":
        return normalizeNecessity(payload, req);
      case "functional_recovery":
        return normalizeFunctionalRecovery(payload, req);
      case "transition":
        return normalizeTransition(payload);
      case "trace_faithfulness":
        return normalizeTraceFaithfulness(payload);
    }
  } catch (e) {
    // defensive: a normalizer bug must not crash scoring; the property tests keep this unreachable
    return reject(`normalizer error: ${e instanceof Error ? e.message : String(e)}`);
  }
}
