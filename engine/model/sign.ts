// A qualitative sign: the value set of every sign cell, landmark comparison and term
// coefficient, from the model's quantity spaces to the compiled problem.
import { z } from "zod";

export const Sign = z.literal([-1, 0, 1]);
export type Sign = z.infer<typeof Sign>;
