// Reference procedures: a scene's scripted experiment, written as a generator that yields
// one batch of tool calls per iteration and receives their results, and returns the
// measured answer. The same procedure runs directly against a ToolBox (to produce and
// verify the gold answer) and as a model client inside the agent loop (the scripted
// reference agent), so both see exactly the same calls.
import type { ToolBox, ToolCall, ToolResult } from "./protocol.ts";
import { type ChatMessage, type ChatOptions, type FunctionTool, type ModelClient, ModelError, type ModelResponse } from "../llm/model.ts";

/** An answer: a number, a text (an object, a code), or a list of them for a multi-part question. */
export type Answer = number | string | (number | string)[];

/** One iteration: the calls of one model response (the answer call goes in the last). */
export type Procedure = Generator<ToolCall[], Answer, ToolResult[]>;

export interface ReferenceProcedure {
  /** What the experiment does, in a sentence (shown by `mech physment verify`). */
  summary: string;
  run(): Procedure;
  /** A closed form the measurement must agree with, where one exists. */
  closedForm?: { value: number | number[]; tolerance: number; formula: string };
}

export class ProcedureError extends Error {
  override name = "ProcedureError";
}

/** Runs a procedure against a toolbox: every call, in order; the answer is submitted through `answer`. */
export function runProcedure(proc: ReferenceProcedure, box: ToolBox): { answer: Answer; calls: ToolResult[]; iterations: number } {
  const gen = proc.run();
  const calls: ToolResult[] = [];
  let results: ToolResult[] = [];
  let iterations = 0;
  for (;;) {
    const step = iterations === 0 ? gen.next() : gen.next(results);
    if (step.done) {
      iterations++;
      const r = box.call({ tool: "answer", parameters: { answer: step.value } });
      calls.push(r);
      if (r.error) throw new ProcedureError(`the answer ${JSON.stringify(step.value)} was rejected: ${JSON.stringify(r.result)}`);
      return { answer: step.value, calls, iterations };
    }
    iterations++;
    results = step.value.map((c) => box.call(c));
    for (const r of results) {
      calls.push(r);
      if (r.error) throw new ProcedureError(`${r.tool}(${JSON.stringify(r.parameters)}) failed: ${JSON.stringify(r.result)}`);
    }
  }
}

/**
 * The scripted reference agent: a model client that plays a procedure through the agent
 * loop's function-calling protocol, reading each batch's results back from the tool
 * messages the loop sends.
 */
export class ProcedureClient implements ModelClient {
  readonly model = "reference";
  readonly #gen: Procedure;
  #started = false;
  #answered = false;
  #n = 0;

  constructor(proc: ReferenceProcedure) {
    this.#gen = proc.run();
  }

  chat(messages: readonly ChatMessage[], _tools?: readonly FunctionTool[], options: ChatOptions = {}): Promise<ModelResponse> {
    if (options.signal?.aborted) return Promise.reject(new ModelError("aborted", "aborted"));
    // the answer is the procedure's last reply: asking again is asking an exhausted script
    if (this.#answered) return Promise.reject(new ModelError("fatal", `procedure exhausted: it answered after ${this.#n} responses`));
    let step: IteratorResult<ToolCall[], Answer>;
    if (!this.#started) {
      this.#started = true;
      step = this.#gen.next();
    } else {
      // the tool messages after the last assistant message carry this batch's results
      const last = messages.findLastIndex((m) => m.role === "assistant");
      const results = messages.slice(last + 1).filter((m) => m.role === "tool").map((m) => JSON.parse(m.content) as ToolResult);
      step = this.#gen.next(results.map((r) => ({ ...r, error: r.result !== null && typeof r.result === "object" && "error" in r.result })));
    }
    this.#answered = step.done === true;
    const calls = step.done ? [{ tool: "answer", parameters: { answer: step.value } }] : step.value;
    const n = ++this.#n;
    return Promise.resolve({
      content: null,
      toolCalls: calls.map((c, i) => ({ id: `ref_${n}_${i}`, name: c.tool, arguments: JSON.stringify(c.parameters) })),
      usage: null,
      finishReason: "tool_calls",
    });
  }
}
