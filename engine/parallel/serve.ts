// The worker side of runUnits (units.ts): a worker module calls serveUnits with its job's
// handler. The handler is built from the first (setup) message; every unit after it is
// answered with its result, or with its error's name and message (a worker never dies of
// a unit's error, so the thread that started it decides what to do).
import { parseToWorker } from "./protocol.ts";
import type { UnitHandler } from "./units.ts";

/** The part of a worker's global scope serveUnits uses. */
interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (ev: MessageEvent) => void): void;
}

/** Serves the units this worker is sent with `handler` (call it once, at the top of a worker module). */
export function serveUnits<Init, Unit, Result, Event = never>(handler: UnitHandler<Init, Unit, Result, Event>): void {
  const scope = globalThis as unknown as WorkerScope;
  let run: ((unit: Unit, emit: (event: Event) => void) => Result) | undefined;
  // a setup that fails is reported with the first unit (the thread that started us waits on units)
  let setupError: unknown;
  scope.addEventListener("message", (ev) => {
    let index = 0;
    try {
      const m = parseToWorker<Init, Unit>(ev.data);
      if (m.type === "init") {
        try {
          run = handler(m.init);
        } catch (e) {
          setupError = e;
        }
        return;
      }
      index = m.index;
      if (setupError !== undefined) throw setupError;
      if (!run) throw new Error("a unit arrived before the job's setup");
      const result = run(m.unit, (event) => scope.postMessage({ type: "event", index, event }));
      scope.postMessage({ type: "result", index, result });
    } catch (e) {
      scope.postMessage({ type: "error", index, name: e instanceof Error ? e.name : "Error", message: e instanceof Error ? e.message : String(e) });
    }
  });
}
