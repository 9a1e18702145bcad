// The ModelClient contract (model.ts) as one suite of tests, declared for every implementation
// by one line in that implementation's test file: modelClientContract(name, cases). The cases
// are the implementation's own factory: each sets a client up (against a loopback server, a
// script, a procedure …) to give one kind of reply or failure. A case that does not exist for
// a client (a client answering in process has no connection to lose) is declared so, with the
// reason, and shows as a skipped test whose name says why.
import { describe, expect, it } from "vitest";
import {
  type ChatMessage,
  type FunctionTool,
  type ModelClient,
  ModelError,
  type ModelErrorKind,
  ModelResponse,
  type Usage,
} from "./model.ts";

/** The request a case sends unless its setup names another. */
export const CONTRACT_REQUEST: readonly ChatMessage[] = [
  { role: "system", content: "You are a model under the model-client contract." },
  { role: "user", content: "Say something." },
];

/** The tools offered with every request of the suite (the client may use them or not). */
export const CONTRACT_TOOLS: readonly FunctionTool[] = [{
  type: "function",
  function: {
    name: "answer",
    description: "Submit the final answer.",
    parameters: { type: "object", properties: { answer: { type: "number" } }, required: ["answer"] },
  },
}];

/** How long a slow case's reply takes: far past the deadline the suite sets. */
export const SLOW_MS = 30_000;
const DEADLINE_MS = 100;
/** How soon after cancellation a call must have ended. */
const PROMPT_MS = 2_000;

/** A client set up for one case, the request to send it, and what to release afterwards. */
export interface Prepared {
  client: ModelClient;
  messages?: readonly ChatMessage[];
  close?: () => Promise<void>;
}

/** A case that does not exist for a client, and why. */
export interface DoesNotApply {
  doesNotApply: string;
}

/** Sets a client up for one case (with what the reply should hold), or says the case does not exist. */
export type CaseSetup<T = object> = (() => Promise<Prepared & T>) | DoesNotApply;

/** The failure classes a call can end in, cancellation aside (that is a case of its own). */
export type FailureKind = Exclude<ModelErrorKind, "aborted">;

export interface ContractCases {
  /** A reply of text and no tool calls: the text and usage the client should report. */
  text: CaseSetup<{ content: string; usage: Usage | null }>;
  /** A reply with neither text nor tool calls. */
  empty: CaseSetup;
  /** A reply of tool calls: each call's name and arguments as the model made them. */
  toolCalls: CaseSetup<{ calls: { name: string; arguments: string }[] }>;
  /** A failure of each class, with what else the error should carry (HTTP status, Retry-After). */
  errors: Record<FailureKind, CaseSetup<{ error?: { status?: number; retryAfterSeconds?: number } }>>;
  /** A reply that takes SLOW_MS to arrive, so the call is in flight when a deadline passes. */
  slow: CaseSetup;
}

/** Each failure class the suite provokes, in the order model.ts names them. */
const FAILURE_KINDS: readonly FailureKind[] = ["rate_limit", "timeout", "transport", "server", "malformed", "oversize", "fatal"];

const NO_NETWORK: DoesNotApply = { doesNotApply: "answers in process: no server or connection to fail" };

/** The failures of a server or connection, for a client that answers in process and has neither. */
export const NO_NETWORK_ERRORS = { rate_limit: NO_NETWORK, timeout: NO_NETWORK, transport: NO_NETWORK, server: NO_NETWORK, malformed: NO_NETWORK, oversize: NO_NETWORK };

/** The slow case of a client that answers in process. */
export const NEVER_IN_FLIGHT: DoesNotApply = {
  doesNotApply: "answers in process at once: no call is ever in flight when a deadline passes",
};

/** Whether each class may be retried, as model.ts documents it. */
const RETRYABLE: Record<ModelErrorKind, boolean> = {
  rate_limit: true,
  timeout: true,
  transport: true,
  server: true,
  malformed: true,
  oversize: false,
  fatal: false,
  aborted: false,
};

const ask = (p: Prepared, signal?: AbortSignal) => p.client.chat(p.messages ?? CONTRACT_REQUEST, CONTRACT_TOOLS, { signal });

/** A response the interface allows: exactly ModelResponse's fields, ids present. */
function expectWellFormed(r: ModelResponse): void {
  expect(ModelResponse.safeParse(r).error).toBeUndefined();
}

/** The call's failure, which must be a ModelError (a response fails the test, showing it). */
async function failure(p: Prepared, signal?: AbortSignal): Promise<ModelError> {
  const outcome: unknown = await ask(p, signal).then((r) => r, (e: unknown) => e);
  expect(outcome).toBeInstanceOf(ModelError);
  return outcome as ModelError;
}

/** Declares one case: a skipped test naming the reason when it does not apply. */
function declare<T>(title: string, setup: CaseSetup<T>, body: (p: Prepared & T) => Promise<void>): void {
  if (typeof setup !== "function") {
    it.skip(`${title} — does not apply: ${setup.doesNotApply}`);
    return;
  }
  it(title, async () => {
    const p = await setup();
    try {
      await body(p);
    } finally {
      await p.close?.();
    }
  });
}

type ReplyCheck<T> = (r: ModelResponse, p: T) => void;

const checkText: ReplyCheck<{ content: string; usage: Usage | null }> = (r, p) => {
  expectWellFormed(r);
  expect(r.content).toBe(p.content);
  expect(r.toolCalls).toEqual([]);
  expect(r.usage).toEqual(p.usage);
  expect(r.finishReason).toBe("stop");
};

const checkEmpty: ReplyCheck<object> = (r) => {
  expectWellFormed(r);
  expect([null, ""]).toContain(r.content);
  expect(r.toolCalls).toEqual([]);
  expect(r.finishReason).toBe("stop");
};

const checkToolCalls: ReplyCheck<{ calls: { name: string; arguments: string }[] }> = (r, p) => {
  expectWellFormed(r);
  expect(r.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments }))).toEqual(p.calls);
  expect(new Set(r.toolCalls.map((c) => c.id)).size).toBe(r.toolCalls.length);
  expect(r.finishReason).toBe("tool_calls");
};

/**
 * Cancellation before the call, with the first reply case the client has: the aborted call
 * must not count (no script step, no request), so the next call gets that reply.
 */
function abortedBefore<T>(setup: CaseSetup<T>, check: ReplyCheck<T>): void {
  const title = "a call whose signal is already aborted fails at once as aborted, and the next call is answered as if it had not been made";
  declare(title, setup, async (p) => {
    const t0 = performance.now();
    const err = await failure(p, AbortSignal.abort());
    expect(performance.now() - t0).toBeLessThan(PROMPT_MS);
    expect(err.kind).toBe("aborted");
    expect(err.retryable).toBe(false);
    check(await ask(p), p);
  });
}

export function modelClientContract(name: string, cases: ContractCases): void {
  describe(`${name} keeps the ModelClient contract`, () => {
    declare("a reply of text comes with no tool calls, its usage and finish reason stop", cases.text, async (p) => {
      checkText(await ask(p), p);
    });

    declare("a reply without text or tool calls has content null (or empty), no tool calls and finish reason stop", cases.empty, async (p) => {
      checkEmpty(await ask(p), p);
    });

    declare("tool calls come with distinct ids, the names and argument texts the model made, and finish reason tool_calls", cases.toolCalls, async (p) => {
      checkToolCalls(await ask(p), p);
    });

    for (const kind of FAILURE_KINDS) {
      const retry = RETRYABLE[kind] ? "retryable" : "not retryable";
      declare(`a failure of class ${kind} is a ModelError of kind ${kind}, ${retry}`, cases.errors[kind], async (p) => {
        const err = await failure(p);
        expect(err.kind).toBe(kind);
        expect(err.retryable).toBe(RETRYABLE[kind]);
        if (p.error) expect({ status: err.status, retryAfterSeconds: err.retryAfterSeconds }).toMatchObject(p.error);
      });
    }

    if (typeof cases.text === "function") abortedBefore(cases.text, checkText);
    else if (typeof cases.toolCalls === "function") abortedBefore(cases.toolCalls, checkToolCalls);
    else abortedBefore(cases.empty, checkEmpty);

    declare("a deadline passing while the call is in flight ends it promptly as aborted", cases.slow, async (p) => {
      const t0 = performance.now();
      const err = await failure(p, AbortSignal.timeout(DEADLINE_MS));
      expect(performance.now() - t0).toBeLessThan(DEADLINE_MS + PROMPT_MS);
      expect(err.kind).toBe("aborted");
      expect(err.retryable).toBe(false);
    });
  });
}
