// A job for the tests of runUnits: each unit a number, its result the number plus the
// setup's offset, one event per unit; a unit of -1 throws a RangeError, -2 never returns.
import type { UnitHandler } from "./units.ts";

export const echoHandler: UnitHandler<{ offset: number }, number, number, string> = (init) => (unit, emit) => {
  if (unit === -1) throw new RangeError(`unit ${unit} is out of range`);
  if (unit === -2) for (;;) { /* a unit that never ends, for the abort test */ }
  emit(`unit ${unit}`);
  // uneven work, so workers finish out of order
  let x = 0;
  for (let i = 0; i < (unit % 3) * 200_000; i++) x += i % 7;
  return unit + init.offset + (x < 0 ? 1 : 0);
};

export const ECHO_WORKER: URL = new URL("./echo_worker.test_support.ts", import.meta.url);
