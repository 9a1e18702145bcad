// Retries of one model request with exponential backoff. Only retryable ModelErrors are
// retried (HTTP 429, timeouts, transport failures, HTTP 408/409/5xx, malformed bodies);
// anything else fails at once. Attempt n (from 1) that fails waits
//   min(maxDelayMs, max(baseDelayMs · factor^(n-1) · (1 - jitter·u), Retry-After))
// with u uniform in [0, 1) before attempt n+1, and after maxAttempts attempts the last error
// is thrown. Sleep and randomness are injectable so tests run without real waiting.
import { z } from "zod";
import { ModelError } from "./model.ts";
import { DEFAULT_MAX_RETRIES } from "./defaults.ts";

export const RetryPolicy = z.object({
  /** Attempts per model request, the first included. */
  maxAttempts: z.int().positive().default(DEFAULT_MAX_RETRIES + 1),
  baseDelayMs: z.number().min(0).default(1_000),
  maxDelayMs: z.number().min(0).default(60_000),
  factor: z.number().min(1).default(2),
  /** Fraction of each delay that is randomized downwards (0: none). */
  jitter: z.number().min(0).max(1).default(0.5),
}).strict();
export type RetryPolicy = z.output<typeof RetryPolicy>;
export type RetryPolicyInput = z.input<typeof RetryPolicy>;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryHooks {
  sleep?: Sleep;
  random?: () => number;
  /** Called before each wait, with the attempt that failed. */
  onRetry?: (info: { attempt: number; delayMs: number; error: ModelError }) => void | Promise<void>;
  signal?: AbortSignal;
  /** Which retryable errors to retry (default: all of them). */
  shouldRetry?: (error: ModelError) => boolean;
}

export function backoffDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfterSeconds: number | undefined,
  random: () => number,
): number {
  const exp = policy.baseDelayMs * policy.factor ** (attempt - 1);
  const jittered = Math.min(policy.maxDelayMs, exp) * (1 - policy.jitter * random());
  const asked = retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : 0;
  return Math.min(policy.maxDelayMs, Math.max(jittered, asked));
}

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ModelError("aborted", "aborted"));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ModelError("aborted", "aborted"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });

export async function callWithRetry<T>(
  fn: () => Promise<T>,
  policyInput: RetryPolicyInput = {},
  hooks: RetryHooks = {},
): Promise<T> {
  const policy = RetryPolicy.parse(policyInput);
  const sleep = hooks.sleep ?? realSleep;
  const random = hooks.random ?? Math.random;
  for (let attempt = 1;; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof ModelError) || !err.retryable || attempt >= policy.maxAttempts) throw err;
      if (hooks.shouldRetry && !hooks.shouldRetry(err)) throw err;
      if (hooks.signal?.aborted) throw new ModelError("aborted", "aborted", { cause: err });
      const delayMs = backoffDelay(policy, attempt, err.retryAfterSeconds, random);
      await hooks.onRetry?.({ attempt, delayMs, error: err });
      await sleep(delayMs, hooks.signal);
    }
  }
}
