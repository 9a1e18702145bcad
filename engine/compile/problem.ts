// The compiled problem: active variables with their domains and the active confluences.
// This is also the exchange format of `mech compile --json` / `mech solve --problem`.
import { z } from "zod";
import { Sign } from "../model/sign.ts";

export const MAX_CELLS = 32; // domains are 32-bit masks inside the kernels

export const Factor = z.object({
  var: z.int().min(0).describe("index into variables"),
  exp: z.int().min(1).max(64).describe("positive integer exponent"),
}).strict();
export type Factor = z.infer<typeof Factor>;

export const Term = z.object({
  coef: z.literal([-1, 1]),
  factors: z.array(Factor),
}).strict();
export type Term = z.infer<typeof Term>;

export const Confluence = z.object({
  id: z.string().min(1),
  terms: z.array(Term),
}).loose();
export type Confluence = z.infer<typeof Confluence>;

export const ProblemVariable = z.object({
  name: z.string().min(1),
  cells: z.array(z.string().min(1)).min(1).max(MAX_CELLS),
  signs: z.array(Sign),
  domain: z.array(z.int().min(0)),
}).loose();
export type ProblemVariable = z.infer<typeof ProblemVariable>;

export const Problem = z.object({
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
export type Problem = z.infer<typeof Problem>;
