// A qualitative sign: the value set of every sign cell, landmark comparison and term
// coefficient, from the model's quantity spaces to the compiled problem.
import { z } from "zod";

/** The schema of a sign: -1, 0 or 1. */
export const Sign: z.ZodLiteral<0 | 1 | -1> = z.literal([-1, 0, 1]);
/** A qualitative sign: -1 (negative), 0 (zero) or 1 (positive). */
export type Sign = z.infer<typeof Sign>;
