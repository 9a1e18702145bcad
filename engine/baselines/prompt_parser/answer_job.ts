// The parser over many prompts as units of work (engine/parallel): each unit a run of
// consecutive prompts, each read on its own (the parser keeps nothing between prompts), so
// the answers are the same in any worker.
import type { UnitHandler } from "../../parallel/units.ts";
import { answerPrompt, PromptParseError } from "./mod.ts";

/** A prompt's reading: the answer, or why the prompt could not be read; and the milliseconds it took. */
export interface PromptReading {
  answer: Record<string, unknown> | null;
  error: string | null;
  ms: number;
}

/** Consecutive prompts of a benchmark. */
export interface AnswerUnit {
  prompts: string[];
}

/** Each reading reports the prompt's position in its unit, as it ends. */
export const answerHandler: UnitHandler<null, AnswerUnit, PromptReading[], number> = () => (unit, emit) =>
  unit.prompts.map((prompt, position) => {
    const t0 = performance.now();
    let reading: PromptReading;
    try {
      reading = { answer: answerPrompt(prompt).answer, error: null, ms: 0 };
    } catch (e) {
      if (!(e instanceof PromptParseError)) throw e;
      reading = { answer: null, error: e.message, ms: 0 };
    }
    reading.ms = performance.now() - t0;
    emit(position);
    return reading;
  });

/** The worker module that serves answerHandler. */
export const ANSWER_WORKER: URL = new URL("./answer_worker.ts", import.meta.url);
