// Trace faithfulness from its prompt: quantity spaces, contexts with their initial
// domains, the cited laws and the traces. Each step is checked against the definition the
// prompt states, its law's local support computed by the engine's solver on the one-law
// problem over the current domains; the answer counts the unfaithful steps.
import type { Problem } from "../../compile/problem.ts";
import { solve } from "../../solve/solver.ts";
import { parseTerms, type QuantitySpace, readQuantitySpaces, signSpace } from "./model.ts";
import { int, type PromptText } from "./text.ts";
import type { ModelTerm } from "../../model/model.ts";


export function answerTraceFaithfulness(t: PromptText): Record<string, unknown> {
  // quantity spaces: the listed exceptions; every other variable has the sign space
  const spaces = readQuantitySpaces(t);
  const space = (name: string) => spaces.get(name)?.space ?? signSpace();
  const cellsOf = (name: string, cells: unknown, line: number): Set<string> => {
    if (!Array.isArray(cells) || cells.some((c) => typeof c !== "string" || !space(name).cells.includes(c))) t.fail(line, `a list of cells of ${name}`);
    return new Set(cells as string[]);
  };

  const nc = int(t.seek(/^Contexts \(([0-9,]+)\)\. /, "Contexts (N). …")[1]);
  const contexts = new Map<string, Map<string, Set<string>>>();
  for (let k = 0; k < nc; k++) {
    const id = t.next(/^(X[0-9]+): selected states .*\.$/, "a context XNN: selected states ….")[1];
    const dm = t.next(new RegExp(`^${id} initial domains: (\\{.*\\})$`), `${id} initial domains: {JSON}`);
    let obj: Record<string, unknown>;
    try {
      obj = JSON.parse(dm[1]);
    } catch {
      return t.fail(t.last, "a JSON object of domains");
    }
    contexts.set(id, new Map(Object.entries(obj).map(([name, cells]) => [name, cellsOf(name, cells, t.last)])));
  }

  // cited laws: terms over names, read through a name table that grows as names appear
  const names: string[] = [];
  const index = new Map<string, number>();
  const lookup = { variable: (name: string) => index.get(name) ?? (index.set(name, names.length), names.push(name), names.length - 1) };
  const nl = int(t.seek(/^Cited laws \(([0-9,]+)\):$/, "Cited laws (N):")[1]);
  const laws = new Map<string, ModelTerm[]>();
  for (let k = 0; k < nl; k++) {
    const m = t.next(/^- (.+?): ([+-].* = 0|0 = 0)$/, "a cited law - ID: TERMS = 0");
    laws.set(m[1], parseTerms(t, lookup, m[2], t.last));
  }

  const head = t.seek(/^Traces \(([0-9,]+), ([0-9,]+) steps each\)\. /, "Traces (N, K steps each). …");
  let unfaithful = 0;
  for (let k = 0; k < int(head[1]); k++) {
    const tm = t.next(/^(T[0-9]+) \(context (X[0-9]+)\):$/, "a trace TNN (context XNN):");
    const ctx = contexts.get(tm[2]);
    if (!ctx) t.fail(t.last, `a context id listed above, not ${tm[2]}`);
    const domains = new Map([...ctx!].map(([n, s]) => [n, new Set(s)]));
    for (let j = 0; j < int(head[2]); j++) {
      const line = t.at;
      const sm = t.next(/^(\[.*\])$/, "a step [index, target, before, after, cited law]");
      let step: unknown;
      try {
        step = JSON.parse(sm[1]);
      } catch {
        t.fail(line, "a JSON array step");
      }
      if (!Array.isArray(step) || step.length !== 5 || typeof step[1] !== "string" || typeof step[4] !== "string") t.fail(line, "[index, target, before, after, cited law]");
      const [, target, beforeRaw, afterRaw, lawId] = step as [number, string, unknown, unknown, string];
      const before = cellsOf(target, beforeRaw, line), after = cellsOf(target, afterRaw, line);
      const terms = laws.get(lawId);
      if (!terms) t.fail(line, `a cited law listed above, not ${JSON.stringify(lawId)}`);
      const current = domains.get(target) ?? new Set(space(target).cells);
      const lawVars = [...new Set(terms!.flatMap((x) => x.factors.map((f) => names[f.var])))];
      let faithful = sameSet(before, current) && lawVars.includes(target);
      if (faithful) faithful = sameSet(after, supported(terms!, names, lawVars, target, domains, space));
      if (!faithful) unfaithful++;
      domains.set(target, new Set(after));
    }
  }
  return { unfaithful_step_count: unfaithful };
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** The cells of the target's current domain the law supports: the solver's supported cells of the one-law problem. */
function supported(
  terms: readonly ModelTerm[],
  names: readonly string[],
  lawVars: readonly string[],
  target: string,
  domains: ReadonlyMap<string, Set<string>>,
  space: (name: string) => QuantitySpace,
): Set<string> {
  const local = new Map(lawVars.map((n, i) => [n, i]));
  const problem: Problem = {
    variables: lawVars.map((n) => {
      const sp = space(n);
      const dom = domains.get(n) ?? new Set(sp.cells);
      return { name: n, cells: [...sp.cells], signs: [...sp.signs], domain: sp.cells.map((_, i) => i).filter((i) => dom.has(sp.cells[i])) };
    }),
    confluences: [{ id: "cited", terms: terms.map((x) => ({ coef: x.coef, factors: x.factors.map((f) => ({ var: local.get(names[f.var])!, exp: f.exp })) })) }],
  };
  const at = local.get(target)!;
  return new Set(solve(problem).supported[at].map((c) => space(target).cells[c]));
}
