// Baselines served as models, so they run through the same runner, records and scorer as
// any endpoint (A.3): `baseline:majority` answers the majority/constant payload fitted to
// the benchmark's gold marginal; `baseline:replay` answers the gold itself (100 % by
// construction: an integrity check of the whole evaluation path). Each answers the
// request's user message by the task it is; a prompt of no known task is an error.
import type { ChatMessage, ChatOptions, FunctionTool, ModelClient, ModelResponse } from "../llm/model.ts";
import { ModelError } from "../llm/model.ts";
import { majorityBaseline } from "./baselines.ts";
import type { EvalItem } from "./items.ts";

/** The in-process baselines: the majority/constant answers (Table 5) and the gold replayed. */
export const BASELINES = ["majority", "replay"] as const;
/** An in-process baseline's name. */
export type BaselineName = (typeof BASELINES)[number];

export class BaselineClient implements ModelClient {
  readonly model: string;
  readonly #byPrompt: Map<string, Record<string, unknown>>;

  /** `all`: every item of the benchmark (the majority is fitted to the whole release, not the selection). */
  constructor(readonly name: BaselineName, all: readonly EvalItem[]) {
    this.model = `baseline:${name}`;
    const answers = name === "majority"
      ? majorityBaseline(all.map((i) => ({ task_id: i.task_id, family: i.family, answer: i.gold })))
      : new Map(all.map((i) => [i.task_id, i.gold]));
    this.#byPrompt = new Map(all.map((i) => [i.prompt, answers.get(i.task_id)!]));
  }

  chat(messages: readonly ChatMessage[], _tools?: readonly FunctionTool[], options: ChatOptions = {}): Promise<ModelResponse> {
    if (options.signal?.aborted) return Promise.reject(new ModelError("aborted", "aborted"));
    const user = messages.findLast((m) => m.role === "user");
    const answer = user ? this.#byPrompt.get(user.content as string) : undefined;
    if (!answer) return Promise.reject(new ModelError("fatal", `${this.model}: the request's user message is not a prompt of this benchmark`));
    return Promise.resolve({ content: JSON.stringify({ answer }), toolCalls: [], usage: null, finishReason: "stop" });
  }
}
