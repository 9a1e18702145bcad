import { beforeEach, describe, expect, it } from "vitest";
import { hasWorkers, runUnits, UnitError, WorkersUnavailableError } from "./units.ts";
import { ECHO_WORKER, echoHandler } from "./echo.test_support.ts";

const work = (units: number[]) => ({ entry: ECHO_WORKER, init: { offset: 100 }, units, handler: echoHandler, name: (u: number, i: number) => `unit #${i} (${u})` });
const units = Array.from({ length: 20 }, (_, i) => i);

describe("runUnits in this thread (one job)", () => {
  it("returns the results in unit order and reports each result in that order", async () => {
    const seen: number[] = [];
    const events: string[] = [];
    const r = await runUnits(work(units), { jobs: 1, onResult: (_, i) => seen.push(i), onEvent: (e) => events.push(e) });
    expect(r).toEqual(units.map((u) => u + 100));
    expect(seen).toEqual(units);
    expect(events).toEqual(units.map((u) => `unit ${u}`));
  });
  it("throws a unit's error as it is", async () => {
    await expect(runUnits(work([1, -1, 2]), { jobs: 1 })).rejects.toThrow(RangeError);
  });
  it("stops between units when the signal is aborted", async () => {
    const stop = new AbortController();
    await expect(runUnits(work(units), { jobs: 1, signal: stop.signal, onResult: (_, i) => i === 3 && stop.abort(new Error("stopped")) })).rejects.toThrow("stopped");
  });
});

// each runtime runs the half it can: Node has no Web Workers, Deno has them (npm run test:deno)
describe("runUnits where there are no Web Workers", () => {
  it("refuses more than one job", async (ctx) => {
    if (hasWorkers()) ctx.skip("this runtime has Web Workers (the refusal is tested under Node)");
    await expect(runUnits(work(units), { jobs: 2 })).rejects.toThrow(WorkersUnavailableError);
  });
});

describe("runUnits over Web Workers", () => {
  beforeEach((ctx) => {
    if (!hasWorkers()) ctx.skip("needs Web Workers (npm run test:deno runs it under Deno)");
  });
  it("gives the same results, in the same order, for 1, 2 and 3 jobs", async () => {
    const one = await runUnits(work(units), { jobs: 1 });
    for (const jobs of [2, 3]) {
      const seen: number[] = [];
      let events = 0;
      expect(await runUnits(work(units), { jobs, onResult: (_, i) => seen.push(i), onEvent: () => events++ })).toEqual(one);
      expect(seen).toEqual(units);
      expect(events).toBe(units.length);
    }
  });
  it("a failing unit fails the run with a UnitError naming the unit and the worker's error class", async () => {
    const e = await runUnits(work([1, 2, -1, 3]), { jobs: 2 }).catch((x) => x);
    expect(e).toBeInstanceOf(UnitError);
    expect(e.message).toBe("unit #2 (-1): unit -1 is out of range");
    expect(e.causeName).toBe("RangeError");
  });
  it("a class the job lets cross comes back as itself, naming the unit", async () => {
    const e = await runUnits({ ...work([1, -1]), errors: [RangeError] }, { jobs: 2 }).catch((x) => x);
    expect(e).toBeInstanceOf(RangeError);
    expect(e.message).toBe("unit #1 (-1): unit -1 is out of range");
  });
  it("an abort stops every worker, even one in a unit that never ends", async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error("interrupted")), 300);
    const t0 = performance.now();
    await expect(runUnits(work([-2, -2, 1]), { jobs: 2, signal: stop.signal })).rejects.toThrow("interrupted");
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
