// Options of the library's functions checked at the boundary: a script's typo or a value of
// the wrong kind fails at once with the function, the option and what was expected, not as
// an undefined deep inside a run.
import { z } from "zod";
import { OptionsError } from "../files/errors.ts";

/** A seed as the library's options take it (generation and composition alike). */
export const SEED: RegExp = /^[A-Za-z0-9._:-]{1,64}$/;

/** The options parsed by `schema`, or an OptionsError naming `fn`, the option and what was expected. */
export function checkOptions<S extends z.ZodType>(fn: string, schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const problems = r.error.issues.map((i) => {
    const at = i.path.length ? i.path.map(String).join(".") : "options";
    return i.code === "unrecognized_keys" ? `${at === "options" ? "" : `${at}: `}unknown option${i.keys.length === 1 ? "" : "s"} ${i.keys.join(", ")}` : `${at}: ${i.message}`;
  });
  throw new OptionsError(`${fn}: ${problems.join("; ")}`);
}

/** The most workers a function of the library starts (`jobs`). */
export const MAX_JOBS = 64;

/** The `jobs` option: Web Workers to spread the work over, 1 (this thread) by default. */
export const JOBS: z.ZodDefault<z.ZodInt> = z.int().min(1).max(MAX_JOBS).default(1);

/** The `signal` option: an AbortSignal that stops the call. */
export const SIGNAL: z.ZodOptional<z.ZodCustom<AbortSignal, AbortSignal>> = z.custom<AbortSignal>((v) => v instanceof AbortSignal, "expected an AbortSignal").optional();
