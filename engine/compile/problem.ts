// The compiled problem: active variables with their domains and the active confluences.
// This is also the exchange format of `mech compile --json` / `mech solve --problem`.
import { z } from "zod";
import { Sign } from "../model/sign.ts";

export const MAX_CELLS = 32; // domains are 32-bit masks inside the kernels

/** The schema of a factor of a confluence term. */
export const Factor: z.ZodObject<{ var: z.ZodInt; exp: z.ZodInt }, z.core.$strict> = z.object({
  var: z.int().min(0).describe("index into variables"),
  exp: z.int().min(1).max(64).describe("positive integer exponent"),
}).strict();
/** A factor of a confluence term: a variable (its index in the problem's variables) raised to a positive exponent. */
export type Factor = z.infer<typeof Factor>;

/** The schema of a confluence term. */
export const Term: z.ZodObject<{ coef: z.ZodLiteral<1 | -1>; factors: z.ZodArray<typeof Factor> }, z.core.$strict> = z.object({
  coef: z.literal([-1, 1]),
  factors: z.array(Factor),
}).strict();
/** A confluence term: a sign (+1 or −1) times a product of factors. */
export type Term = z.infer<typeof Term>;

/** The schema of a compiled confluence. */
export const Confluence: z.ZodObject<{ id: z.ZodString; terms: z.ZodArray<typeof Term> }, z.core.$loose> = z.object({
  id: z.string().min(1),
  terms: z.array(Term),
}).loose();
/** A compiled confluence: its id and its terms, whose signed sum must be able to vanish. */
export type Confluence = z.infer<typeof Confluence>;

/** The schema of a compiled problem's variable. */
export const ProblemVariable: z.ZodObject<
  { name: z.ZodString; cells: z.ZodArray<z.ZodString>; signs: z.ZodArray<typeof Sign>; domain: z.ZodArray<z.ZodInt> },
  z.core.$loose
> = z.object({
  name: z.string().min(1),
  cells: z.array(z.string().min(1)).min(1).max(MAX_CELLS),
  signs: z.array(Sign),
  domain: z.array(z.int().min(0)),
}).loose();
/** A compiled problem's variable: its name, its cells (qualitative values) with their signs, and its domain (the indices of the cells it may take). */
export type ProblemVariable = z.infer<typeof ProblemVariable>;

/** The schema of a compiled problem (catalog/schema/problem.json). */
export const Problem: z.ZodObject<
  {
    mechanism: z.ZodOptional<z.ZodString>;
    state: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
    scenario: z.ZodOptional<z.ZodString>;
    variables: z.ZodArray<typeof ProblemVariable>;
    confluences: z.ZodArray<typeof Confluence>;
  },
  z.core.$loose
> = z.object({
  mechanism: z.string().optional(),
  state: z.record(z.string(), z.string()).optional(),
  scenario: z.string().optional(),
  variables: z.array(ProblemVariable),
  confluences: z.array(Confluence),
}).loose().superRefine((p, ctx) => {
  p.variables.forEach((v, i) => {
    if (v.signs.length !== v.cells.length) {
      ctx.addIssue({ code: "custom", path: ["variables", i, "signs"], message: `expected one sign per cell (${v.cells.length}), got ${v.signs.length}` });
    }
    const seen = new Set<number>();
    v.domain.forEach((d, j) => {
      if (d >= v.cells.length) {
        ctx.addIssue({ code: "custom", path: ["variables", i, "domain", j], message: `cell index ${d} out of range 0..${v.cells.length - 1}` });
      }
      if (seen.has(d)) ctx.addIssue({ code: "custom", path: ["variables", i, "domain", j], message: `duplicate cell index ${d}` });
      seen.add(d);
    });
  });
  p.confluences.forEach((c, i) => {
    c.terms.forEach((t, j) => {
      t.factors.forEach((f, k) => {
        if (f.var >= p.variables.length) {
          ctx.addIssue({ code: "custom", path: ["confluences", i, "terms", j, "factors", k, "var"], message: `variable index ${f.var} out of range 0..${p.variables.length - 1}` });
        }
      });
    });
  });
});
/** A compiled problem: the variables with their cells, signs and domains, and the active confluences (the format of `mech compile --json`). */
export type Problem = z.infer<typeof Problem>;
