// The prompt-text symbolic parser (paper A.3): a baseline that reads only the rendered
// prompt of a task, rebuilds the typed task, and answers it with the engine's public
// solver and episode-graph semantics. It imports nothing from the task generators and
// reads no file; a prompt it cannot read is a PromptParseError naming the line.
import { ResultCache, withSolveCache } from "../../solve/solver.ts";
import { PromptParseError, PromptText } from "./text.ts";
import { answerStateConsistency } from "./state_consistency.ts";
import { answerFunctionalRecovery, answerNecessity, answerPlausibility, answerTransition } from "./episode_families.ts";
import { answerTraceFaithfulness } from "./trace_faithfulness.ts";

export { PromptParseError };

/** The family titles of the prompt header, and each one's answerer. */
const FAMILIES: Record<string, { id: string; answer: (t: PromptText) => Record<string, unknown> }> = {
  "state consistency": { id: "state_consistency", answer: answerStateConsistency },
  "plausibility": { id: "plausibility", answer: answerPlausibility },
  "necessity": { id: "necessity", answer: answerNecessity },
  "transition": { id: "transition", answer: answerTransition },
  "functional recovery": { id: "functional_recovery", answer: answerFunctionalRecovery },
  "trace faithfulness": { id: "trace_faithfulness", answer: answerTraceFaithfulness },
};

/** The parser's answer to a prompt: the task it read and the answer it computed. */
export interface ParsedAnswer {
  /** The task id of the prompt's header. */
  taskId: string;
  /** The family id of the prompt's header title. */
  family: string;
  /** The answer payload, in the shape the family's gold has. */
  answer: Record<string, unknown>;
}

/** Kernel results across prompts (bounded): prompts of one mechanism solve the same components, as the models read are shared (model.ts). */
const results = new ResultCache();

/** Reads a task prompt (the exact user message) and computes its answer. */
export function answerPrompt(prompt: string): ParsedAnswer {
  const t = new PromptText(prompt);
  const f = FAMILIES[t.family];
  if (!f) t.fail(0, `a task family title (${Object.keys(FAMILIES).join(", ")})`);
  return { taskId: t.taskId, family: f.id, answer: withSolveCache(results, () => f.answer(t)) };
}

/** The model name the parser answers under as a chat model (`mech baseline serve`). */
export const PARSER_MODEL = "prompt-parser";

/**
 * The parser as a chat model's reply to a user message: its answer as the response JSON, or
 * why it could not read the prompt (a reply without a JSON object: a protocol failure of the
 * baseline, naming the line). Use it as a function model to evaluate the parser in process.
 *
 * @param prompt A task prompt, exactly as sent.
 * @returns The reply text.
 *
 * @example The parser evaluated as a function model: every answer is the gold
 * ```ts
 * import { evaluate, generateBenchmark, parserReply, scoreEvaluation } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const run = await evaluate({ benchmark, model: { id: "prompt-parser", function: (req) => parserReply(req.prompt) } });
 * assert.equal(scoreEvaluation(run).families.at(-1)?.e2e_accuracy, 1);
 * assert.match(parserReply("hello"), /^prompt-parser could not read the prompt: /);
 * ```
 */
export function parserReply(prompt: string): string {
  try {
    return JSON.stringify({ answer: answerPrompt(prompt).answer });
  } catch (e) {
    if (e instanceof PromptParseError) return `${PARSER_MODEL} could not read the prompt: ${e.message}`;
    throw e;
  }
}

export { ANSWER_WORKER, answerHandler, type AnswerUnit, type PromptReading } from "./answer_job.ts";
