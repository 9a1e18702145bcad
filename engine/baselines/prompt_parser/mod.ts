// The prompt-text symbolic parser (paper A.3): a baseline that reads only the rendered
// prompt of a task, rebuilds the typed task, and answers it with the engine's public
// solver and episode-graph semantics. It imports nothing from the task generators and
// reads no file; a prompt it cannot read is a PromptParseError naming the line.
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

export interface ParsedAnswer {
  taskId: string;
  family: string;
  answer: Record<string, unknown>;
}

/** Reads a task prompt (the exact user message) and computes its answer. */
export function answerPrompt(prompt: string): ParsedAnswer {
  const t = new PromptText(prompt);
  const f = FAMILIES[t.family];
  if (!f) t.fail(0, `a task family title (${Object.keys(FAMILIES).join(", ")})`);
  return { taskId: t.taskId, family: f.id, answer: f.answer(t) };
}
