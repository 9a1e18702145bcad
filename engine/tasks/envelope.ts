// The persisted user message: four header lines (family, mechanism, task id, prompt
// tokens), a blank line and the family's prompt body. The system message is fixed and
// not part of a task.
import { sha256 } from "../files/sha256.ts";
import { countTokens } from "./tokens.ts";

export const SYSTEM_MESSAGE = "Answer qualitative mechanistic benchmark tasks as JSON. Return only the requested JSON object.";

/** `9380` → `9,380` (fixed, not locale-dependent). */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * The normalized prompt: the body with every run of white space folded to one space
 * and the ends trimmed. Two tasks whose bodies normalize equally are duplicates.
 */
export function normalizePrompt(body: string): string {
  return body.replace(/\s+/g, " ").trim();
}

/** `task_` + the first 16 hex digits of SHA-256 over family, mechanism and normalized body. */
export function taskId(family: string, mechanism: string, body: string): string {
  return `task_${sha256(`${family}\n${mechanism}\n${normalizePrompt(body)}`).slice(0, 16)}`;
}

export interface Envelope {
  taskId: string;
  prompt: string;
  promptTokens: number;
}

/**
 * The complete user message. `Prompt tokens` states the o200k_base count of the whole
 * message, header included, found as a fixed point (a longer number can add a token).
 * Should the count oscillate, the header keeps the larger value; `promptTokens` is
 * always the exact count of the returned message.
 */
export function envelope(title: string, family: string, mechanism: string, body: string): Envelope {
  const id = taskId(family, mechanism, body);
  const header = (n: number) => `Task family: ${title}\nMechanism id: ${mechanism}\nTask id: ${id}\nPrompt tokens: ${groupThousands(n)}\n\n`;
  const text = (n: number) => header(n) + body;
  const bodyTokens = countTokens(body);
  // o200k_base splits text into pieces before merging, and a letter right after a
  // newline always starts a new piece: for a body starting with a letter the message's
  // count is the header's plus the body's, so only the short header is recounted.
  // (Tests and mech tasks verify recount whole messages.)
  const total = /^[A-Za-z]/.test(body) ? (n: number) => countTokens(header(n)) + bodyTokens : (n: number) => countTokens(text(n));
  let stated = bodyTokens + countTokens(header(bodyTokens));
  for (let round = 0; round < 8; round++) {
    const actual = total(stated);
    if (actual === stated) return { taskId: id, prompt: text(stated), promptTokens: stated };
    stated = round < 4 ? actual : Math.max(actual, stated);
  }
  const prompt = text(stated);
  return { taskId: id, prompt, promptTokens: countTokens(prompt) };
}
