// The messages between runUnits (units.ts) and a worker serving units (serve.ts). Payloads
// (the job's setup, units, results, events) are the job's own and structured-cloned; the
// envelope is checked on arrival so a stray message fails with a clear error.
import { z } from "zod";

/** This thread to a worker: the job's setup once, then units by index. */
export type ToWorker<Init, Unit> = { type: "init"; init: Init } | { type: "unit"; index: number; unit: Unit };

/** A worker to this thread: events while a unit runs, then its result or its error. */
export type FromWorker<Result, Event> =
  | { type: "event"; index: number; event: Event }
  | { type: "result"; index: number; result: Result }
  | { type: "error"; index: number; name: string; message: string };

const index = z.int().min(0);
const Envelope = z.discriminatedUnion("type", [
  z.object({ type: z.literal("event"), index, event: z.unknown() }),
  z.object({ type: z.literal("result"), index, result: z.unknown() }),
  z.object({ type: z.literal("error"), index, name: z.string(), message: z.string() }),
]);
const ToEnvelope = z.discriminatedUnion("type", [
  z.object({ type: z.literal("init"), init: z.unknown() }),
  z.object({ type: z.literal("unit"), index, unit: z.unknown() }),
]);

const problem = (e: z.ZodError) => e.issues.map((i) => `${i.path.join(".") || "(message)"}: ${i.message}`).join("; ");

/** A message from a worker, its envelope checked. */
export function parseFromWorker<Result, Event>(data: unknown): FromWorker<Result, Event> {
  const r = Envelope.safeParse(data);
  if (!r.success) throw new Error(`a worker sent a message that is not a unit's event, result or error (${problem(r.error)})`);
  return r.data as FromWorker<Result, Event>;
}

/** A message to a worker, its envelope checked. */
export function parseToWorker<Init, Unit>(data: unknown): ToWorker<Init, Unit> {
  const r = ToEnvelope.safeParse(data);
  if (!r.success) throw new Error(`a worker was sent a message that is not a setup or a unit (${problem(r.error)})`);
  return r.data as ToWorker<Init, Unit>;
}
