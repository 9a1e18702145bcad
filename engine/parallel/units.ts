// Units of work spread over Web Workers. The caller fixes the plan (the units, in the order
// their results are joined); workers take the next unit as they come free, so which worker
// ran what never shows in the result: results come back by unit index, and `onResult`
// sees them in unit order. With one job everything runs in this thread through the same
// handler, so the outputs are the same for any number of jobs. The message protocol is
// in protocol.ts; the worker side is serve.ts.
import { promisePool } from "./pool.ts";
import { type FromWorker, parseFromWorker, type ToWorker } from "./protocol.ts";

/**
 * One job's handler, built once per worker (or once in this thread) from the job's setup
 * message: it turns a unit into its result, and may report events (progress) as it goes.
 */
export type UnitHandler<Init, Unit, Result, Event = never> = (init: Init) => (unit: Unit, emit: (event: Event) => void) => Result;

/** What runUnits spreads: the worker module, its setup, the units and the handler itself. */
export interface UnitWork<Init, Unit, Result, Event = never> {
  /** The worker module (it calls serveUnits with `handler`). */
  entry: URL;
  /** Sent once to each worker before its first unit (structured-cloned). */
  init: Init;
  /** The units, in the order their results are joined. */
  units: readonly Unit[];
  /** The same handler the worker module serves; used in this thread when jobs is 1. */
  handler: UnitHandler<Init, Unit, Result, Event>;
  /** How an error names a unit (a mechanism id, a task range). */
  name(unit: Unit, index: number): string;
  /**
   * Error classes that cross from a worker as themselves (by name), for the caller to tell
   * bad input from a defect; any other error of a worker is a UnitError.
   */
  errors?: readonly (new (message: string) => Error)[];
}

export interface RunUnitsOptions<Result, Event> {
  /** Workers at most (1: in this thread, no worker). */
  jobs: number;
  /** Stops every worker; runUnits then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Each result, in unit order (a result waits for those before it). */
  onResult?: (result: Result, index: number) => void;
  /**
   * Events as the handlers report them (in the order they arrive). A throw stops the run
   * with that error: in this thread it reaches the handler through its `emit`; with
   * workers every worker is terminated.
   */
  onEvent?: (event: Event, index: number) => void;
}

/**
 * A unit of work failed in a worker: the message names the unit (a mechanism, a file, a
 * range of tasks); `causeName` is the class of the worker's error.
 *
 * @example
 * ```ts
 * import { UnitError } from "@mechbench/mechbench/solver";
 *
 * const e = new UnitError("mechanism mechanics_damper", "RangeError", "Invalid array length");
 * console.log(e.message); // "mechanism mechanics_damper: Invalid array length"
 * ```
 */
export class UnitError extends Error {
  /** The error's name, for messages and logs. */
  override name = "UnitError";
  /** `unit`: the unit's name; `causeName`: the class of the worker's error; `message`: its message. */
  constructor(readonly unit: string, readonly causeName: string, message: string) {
    super(`${unit}: ${message}`);
  }
}

/**
 * More than one job was asked for where there are no Web Workers (Node has none; its
 * worker threads are another API): run under Deno, or with `jobs: 1`.
 *
 * @example
 * ```ts
 * import { numericCheck, WorkersUnavailableError } from "@mechbench/mechbench/solver";
 *
 * try {
 *   await numericCheck([], { jobs: 2 });
 * } catch (e) {
 *   if (!(e instanceof WorkersUnavailableError)) throw e;
 *   console.log("one job here:", e.message);
 * }
 * ```
 */
export class WorkersUnavailableError extends Error {
  /** The error's name, for messages and logs. */
  override name = "WorkersUnavailableError";
}

/** Whether this runtime has Web Workers (Deno, browsers); Node does not. */
export const hasWorkers = (): boolean => typeof (globalThis as { Worker?: unknown }).Worker === "function";

/**
 * Runs every unit and returns the results in unit order. With jobs > 1 (and more than one
 * unit) the units go to min(jobs, units) Web Workers; the first failure terminates them
 * all and is thrown as a UnitError naming its unit; an abort terminates them all too.
 */
export async function runUnits<Init, Unit, Result, Event = never>(work: UnitWork<Init, Unit, Result, Event>, options: RunUnitsOptions<Result, Event>): Promise<Result[]> {
  const { units } = work;
  const results: Result[] = new Array(units.length);
  const have = new Uint8Array(units.length);
  let released = 0;
  const settle = (index: number, result: Result) => {
    results[index] = result;
    have[index] = 1;
    while (released < units.length && have[released]) {
      const k = released++;
      options.onResult?.(results[k], k);
    }
  };
  const jobs = Math.max(1, Math.min(Math.floor(options.jobs), units.length));
  if (jobs === 1) {
    const run = work.handler(work.init);
    for (let i = 0; i < units.length; i++) {
      // a turn of the event loop between units, so an abort from a timer or a signal handler is seen
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      options.signal?.throwIfAborted();
      let result: Result;
      // in this thread an error is thrown as it is (its class, its stack)
      result = run(units[i], (e) => options.onEvent?.(e, i));
      settle(i, result);
    }
    return results;
  }
  if (!hasWorkers()) throw new WorkersUnavailableError(`${jobs} jobs need Web Workers, which this runtime does not have (run under Deno, or with jobs: 1)`);
  options.signal?.throwIfAborted();
  const WorkerCtor = (globalThis as unknown as { Worker: new (url: URL, o: { type: "module" }) => Worker }).Worker;
  const workers = Array.from({ length: jobs }, () => new WorkerCtor(work.entry, { type: "module" }));
  const idle = [...workers];
  for (const w of workers) w.postMessage({ type: "init", init: work.init } satisfies ToWorker<Init, Unit>);
  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal!.reason);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    await promisePool(units, jobs, (unit, index, stopped) =>
      new Promise<void>((resolve, reject) => {
        const w = idle.pop()!;
        const fail = (e: unknown) => {
          cleanup();
          reject(e);
        };
        const onMessage = (ev: MessageEvent) => {
          let m: FromWorker<Result, Event>;
          try {
            m = parseFromWorker<Result, Event>(ev.data);
          } catch (e) {
            return fail(new UnitError(work.name(unit, index), "ProtocolError", e instanceof Error ? e.message : String(e)));
          }
          if (m.type === "event") {
            // the caller's own error (a progress callback that stops the run) is thrown as it is
            try {
              options.onEvent?.(m.event, index);
            } catch (e) {
              fail(e);
            }
          }
          else if (m.type === "error") fail(workerError(work, unit, index, m.name, m.message));
          else {
            cleanup();
            idle.push(w);
            try {
              settle(index, m.result);
            } catch (e) {
              return reject(e);
            }
            resolve();
          }
        };
        // an error the worker did not catch (its module failed to load, say)
        const onError = (ev: ErrorEvent) => {
          ev.preventDefault();
          fail(new UnitError(work.name(unit, index), "WorkerError", ev.message || "the worker failed"));
        };
        const onStop = () => fail(stop.signal.reason ?? stopped.reason);
        const cleanup = () => {
          w.removeEventListener("message", onMessage);
          w.removeEventListener("error", onError);
          stop.signal.removeEventListener("abort", onStop);
          stopped.removeEventListener("abort", onStop);
        };
        if (stop.signal.aborted || stopped.aborted) return onStop();
        w.addEventListener("message", onMessage);
        w.addEventListener("error", onError);
        stop.signal.addEventListener("abort", onStop, { once: true });
        stopped.addEventListener("abort", onStop, { once: true });
        w.postMessage({ type: "unit", index, unit } satisfies ToWorker<Init, Unit>);
      })
    );
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
    for (const w of workers) w.terminate();
  }
  return results;
}

/**
 * A worker's error in this thread: a class the job lets cross (by name) as itself, its
 * message naming the unit unless it already does; any other as a UnitError.
 */
function workerError<U>(work: { name(unit: U, index: number): string; errors?: readonly (new (message: string) => Error)[] }, unit: U, index: number, name: string, message: string): Error {
  const where = work.name(unit, index);
  const known = work.errors?.find((c) => c.name === name);
  if (!known) return new UnitError(where, name, message);
  const e = new known(message.includes(where) ? message : `${where}: ${message}`);
  return e;
}
