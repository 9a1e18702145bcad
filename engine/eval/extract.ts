// Answer extraction (paper A.7), in its order: the whole response as JSON; else the
// first fenced block that holds a JSON object (a malformed one fails at once); else the
// text from the first "{" to the last "}". An object with an `answer` field yields that
// field; any other parsed value is the payload itself.

/** An answer payload and the rule that found it, or why there is none (a protocol failure). */
export type Extraction =
  | { ok: true; payload: unknown; via: "whole" | "fence" | "braces" }
  | { ok: false; reason: string };

/** A fenced block: ``` or ```json (any info string), its body, the closing ```. */
const FENCE = /```[^\n`]*\n([\s\S]*?)```/g;

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A JSON object (not null, not an array). */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const answerOf = (v: unknown) => (isObject(v) && Object.hasOwn(v, "answer") ? v.answer : v);

/**
 * The answer payload of a response text (paper A.7), tried in order: the whole text as JSON;
 * else the first fenced block holding a JSON object; else the text from the first `{` to the
 * last `}`. An object with an `answer` field yields that field.
 *
 * @param text The model's response text.
 * @returns `{ ok: true, payload, via }` (which rule found it), or `{ ok: false, reason }`; never throws.
 *
 * @example The three rules, and a reply with no JSON
 * ```ts
 * import { extractAnswer } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(extractAnswer('{"answer": {"necessity_labels": "UUNN"}}'), { ok: true, payload: { necessity_labels: "UUNN" }, via: "whole" });
 * const fence = "`".repeat(3);
 * assert.deepEqual(extractAnswer(`Here:\n${fence}json\n{"answer": 3}\n${fence}`), { ok: true, payload: 3, via: "fence" });
 * assert.deepEqual(extractAnswer('So {"answer": "PI"} it is.'), { ok: true, payload: "PI", via: "braces" });
 * assert.deepEqual(extractAnswer("no idea"), { ok: false, reason: "no JSON object in the response" });
 * ```
 */
export function extractAnswer(text: string): Extraction {
  if (!text.trim()) return { ok: false, reason: "empty response" };
  const whole = parse(text);
  if (whole.ok) return { ok: true, payload: answerOf(whole.value), via: "whole" };
  // a matching fence: the first fenced block whose body starts with an object
  for (const m of text.matchAll(FENCE)) {
    if (!m[1].trimStart().startsWith("{")) continue;
    const body = parse(m[1]);
    if (!body.ok) return { ok: false, reason: "the fenced JSON object does not parse" };
    return { ok: true, payload: answerOf(body.value), via: "fence" };
  }
  const first = text.indexOf("{"), last = text.lastIndexOf("}");
  if (first < 0 || last < first) return { ok: false, reason: "no JSON object in the response" };
  const braces = parse(text.slice(first, last + 1));
  if (!braces.ok) return { ok: false, reason: "the text from the first { to the last } does not parse" };
  return { ok: true, payload: answerOf(braces.value), via: "braces" };
}
