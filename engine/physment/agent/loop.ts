// One PhysMent episode (paper §3.2): up to I_max iterations; iteration k is ONE model
// response, whose tool calls are executed in order on the ToolBox and whose results are
// appended to the context for iteration k+1. The episode ends when `answer` has been called
// (ToolBox.answered is set; later calls in the same response are skipped) or when the budget
// is spent, in which case there is no answer and scoring counts the scene as incorrect.
import type { ToolBox, ToolResult } from "../protocol.ts";
import { addUsage, type ChatMessage, type ModelClient, ModelError, type Usage, ZERO_USAGE } from "../../llm/model.ts";
import { type InitialPrompt, iterationsLeftReminder, type Strategy } from "./prompt.ts";
import { type Protocol, protocolByName, type ProtocolName } from "./protocols.ts";
import { callWithRetry, type RetryPolicyInput, type Sleep } from "../../llm/retry.ts";
import { type EndReason, TRANSCRIPT_VERSION, type TranscriptRecord, type TranscriptSink } from "./transcript.ts";

export interface EpisodeOptions {
  client: ModelClient;
  /** The model's name in the transcript (default client.model). */
  model?: string;
  toolbox: ToolBox;
  prompt: InitialPrompt;
  protocol: ProtocolName | Protocol;
  /** I_max. */
  budget: number;
  /** Scene id and prompting strategy, for the transcript header. */
  scene: string;
  strategy: Strategy;
  transcript?: TranscriptSink;
  /** Retries of each model request (see retry.ts); default: no retries. */
  retry?: RetryPolicyInput;
  sleep?: Sleep;
  random?: () => number;
  signal?: AbortSignal;
  /**
   * The episode's deadline, milliseconds of wall time: past it the request in flight (or the
   * backoff wait) is cancelled, the transcript ends with an abort record of kind
   * episode_timeout, and an EpisodeTimeoutError is thrown. Default: none.
   */
  timeoutMs?: number;
  /** The request fields the run sends an endpoint beside its messages (handed to a function model as its controls). */
  controls?: Readonly<Record<string, unknown>>;
  /** Monotonic milliseconds, for durations (default performance.now). */
  now?: () => number;
  /** Wall clock, for the header and end timestamps. */
  clock?: () => Date;
}

/** What a finished episode did. */
export interface EpisodeResult {
  /** Whether the agent called `answer`. */
  answered: boolean;
  /** The answer it submitted, or null. */
  answer: string | number | (string | number)[] | null;
  /** k: responses used. */
  iterations: number;
  /** Why the episode ended: the agent answered, or its budget was spent. */
  reason: "answered" | "budget_exhausted";
  /** Calls that were executed or rejected as unreadable (skipped ones excluded). */
  toolCalls: number;
  /** Responses without any usable call. */
  invalidActions: number;
  /** The tokens the episode's responses used, summed. */
  usage: Usage;
  /** Wall time of the episode in this run, milliseconds. */
  durationMs: number;
}

/**
 * An episode stopped at its deadline (EpisodeOptions.timeoutMs); a run records the episode
 * as failed with this error's kind, and the next run continues it.
 *
 * @example
 * ```ts
 * import { runPhysment } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * // an agent that never replies, stopped after 50 ms
 * const run = await runPhysment({ model: { id: "silent", function: () => new Promise(() => {}) }, scenes: [7], budgets: [5], episodeTimeoutMs: 50 });
 * assert.equal(run.summary.outcomes[0].kind, "episode_timeout");
 * ```
 */
export class EpisodeTimeoutError extends Error {
  /** The error's name, for messages and logs. */
  override name = "EpisodeTimeoutError";
  /** The failure kind its abort record and the run's summary name. */
  readonly kind = "episode_timeout";
  /**
   * The deadline passed.
   *
   * @param timeoutMs The deadline, milliseconds.
   */
  constructor(readonly timeoutMs: number) {
    super(`the episode passed its deadline of ${timeoutMs / 1000} s`);
  }
}

/** Why an episode failed, as its abort record and the run's summary name it. */
export type FailureKind = ModelError["kind"] | EpisodeTimeoutError["kind"] | "internal";

export function failureKind(err: unknown): FailureKind {
  return err instanceof ModelError || err instanceof EpisodeTimeoutError ? err.kind : "internal";
}

export async function runEpisode(opts: EpisodeOptions): Promise<EpisodeResult> {
  if (opts.timeoutMs === undefined) return await playEpisode(opts);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new EpisodeTimeoutError(opts.timeoutMs!)), opts.timeoutMs);
  try {
    return await playEpisode({ ...opts, signal: opts.signal ? AbortSignal.any([opts.signal, deadline.signal]) : deadline.signal });
  } finally {
    clearTimeout(timer);
  }
}

async function playEpisode(opts: EpisodeOptions): Promise<EpisodeResult> {
  const protocol = typeof opts.protocol === "string" ? protocolByName(opts.protocol) : opts.protocol;
  const { client, toolbox, budget } = opts;
  if (!Number.isInteger(budget) || budget < 1) throw new RangeError(`budget must be a positive integer, not ${budget}`);
  const now = opts.now ?? (() => performance.now());
  const clock = opts.clock ?? (() => new Date());
  const write = (r: TranscriptRecord) => opts.transcript?.write(r) ?? Promise.resolve();
  const t0 = now();
  const tools = protocol.tools(toolbox.specs);

  await write({
    type: "header",
    version: TRANSCRIPT_VERSION,
    scene: opts.scene,
    model: opts.model ?? client.model,
    budget,
    strategy: opts.strategy,
    protocol: protocol.name,
    started: clock().toISOString(),
  });
  const messages: ChatMessage[] = [];
  const push = async (iteration: number, message: ChatMessage) => {
    messages.push(message);
    await write({ type: "message", iteration, message });
  };
  await push(0, { role: "system", content: opts.prompt.system });
  await push(0, { role: "user", content: opts.prompt.user });

  let usage = ZERO_USAGE;
  let toolCalls = 0;
  let invalidActions = 0;
  let simTime = 0;

  const abort = async (iteration: number, err: unknown): Promise<never> => {
    // a request cancelled by the deadline fails as "aborted": the deadline is the reason
    const reason = opts.signal?.aborted ? opts.signal.reason : undefined;
    if (reason instanceof EpisodeTimeoutError) err = reason;
    const kind = failureKind(err);
    await write({
      type: "abort",
      iteration,
      kind,
      error: err instanceof Error ? err.message : String(err),
      finished: clock().toISOString(),
    });
    throw err;
  };

  for (let k = 1; k <= budget; k++) {
    const asked = now();
    let res;
    try {
      if (opts.signal?.aborted) throw new ModelError("aborted", "aborted");
      // each request gets the conversation as it is now (the loop appends to it afterwards)
      res = await callWithRetry(() => client.chat([...messages], tools, { signal: opts.signal, context: { task: { scene: opts.scene, budget, iteration: k, strategy: opts.strategy, protocol: protocol.name }, ...(opts.controls ? { controls: opts.controls } : {}) } }), opts.retry ?? { maxAttempts: 1 }, {
        sleep: opts.sleep,
        random: opts.random,
        signal: opts.signal,
        onRetry: ({ attempt, delayMs, error }) =>
          write({ type: "retry", iteration: k, attempt, delay_ms: delayMs, kind: error.kind, error: error.message }),
      });
    } catch (err) {
      return await abort(k, err);
    }
    usage = addUsage(usage, res.usage);
    await write({
      type: "usage",
      iteration: k,
      usage: res.usage,
      latency_ms: Math.max(0, now() - asked),
      finish_reason: res.finishReason ?? null,
    });
    await push(k, protocol.assistantMessage(res));

    const parsed = protocol.parse(res);
    if (parsed.invalid !== null) {
      invalidActions++;
      await write({ type: "invalid", iteration: k, reason: parsed.invalid });
    }
    const results: (ToolResult | null)[] = [];
    for (const [index, pc] of parsed.calls.entries()) {
      const common = {
        type: "tool_call" as const,
        iteration: k,
        index,
        ...(pc.callId !== undefined ? { call_id: pc.callId } : {}),
        ...(pc.rawArguments !== undefined ? { raw_arguments: pc.rawArguments } : {}),
      };
      const started = now();
      if (toolbox.answered !== null) {
        results.push(null);
        await write({
          ...common,
          status: "skipped",
          tool: pc.tool,
          parameters: pc.call?.parameters ?? {},
          result: null,
          error: false,
          sim_time: simTime,
          started_ms: Math.max(0, started - t0),
          duration_ms: 0,
        });
        continue;
      }
      let r: ToolResult;
      if (pc.call === null) {
        r = { tool: pc.tool, parameters: {}, result: { error: pc.error ?? "unreadable call" }, error: true, sim_time: simTime };
      } else {
        try {
          r = toolbox.call(pc.call);
        } catch (err) {
          return await abort(k, err);
        }
      }
      simTime = r.sim_time;
      toolCalls++;
      results.push(r);
      await write({
        ...common,
        status: pc.call === null ? "unreadable" : "executed",
        tool: r.tool,
        parameters: r.parameters,
        result: r.result,
        error: r.error,
        sim_time: r.sim_time,
        started_ms: Math.max(0, started - t0),
        duration_ms: Math.max(0, now() - started),
      });
    }
    const feedback = protocol.feedback(parsed, results);
    // While the episode goes on, the model is told how many iterations remain (as the published
    // harness does each turn): appended to a user feedback message, else as a user message.
    if (toolbox.answered === null && k < budget) {
      const reminder = iterationsLeftReminder(budget - k, budget);
      const last = feedback.at(-1);
      if (last?.role === "user") feedback[feedback.length - 1] = { ...last, content: `${last.content}\n${reminder}` };
      else feedback.push({ role: "user", content: reminder });
    }
    for (const m of feedback) await push(k, m);

    if (toolbox.answered !== null) return await finish(k, "answered");
  }
  return await finish(budget, "budget_exhausted");

  async function finish(iterations: number, reason: EndReason): Promise<EpisodeResult> {
    const answered = toolbox.answered;
    const result: EpisodeResult = {
      answered: answered !== null,
      answer: answered?.value ?? null,
      iterations,
      reason,
      toolCalls,
      invalidActions,
      usage,
      durationMs: Math.max(0, now() - t0),
    };
    await write({
      type: "end",
      answered: result.answered,
      answer: result.answer,
      iterations,
      reason,
      tool_calls: toolCalls,
      invalid_actions: invalidActions,
      usage,
      finished: clock().toISOString(),
      duration_ms: result.durationMs,
    });
    return result;
  }
}
