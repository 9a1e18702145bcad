// Plain-JSON description of a solution, with variable and cell names.
import { interpretations, type Solution } from "./solver.ts";

/** A solution as plain JSON, with names (what `mech solve --json` prints per line). */
export interface SolutionJson {
  /** The mechanism the problem was compiled from. */
  mechanism?: string;
  /** The composite state: each component's local state. */
  state?: Record<string, string>;
  /** The scenario applied. */
  scenario?: string;
  /** Exact count as a decimal string (it can exceed 2^53). */
  count: string;
  /** Variables that take the same cell in every interpretation: name → cell. */
  forced: Record<string, string>;
  /** Per variable, the cells some interpretation takes. */
  supported: Record<string, string[]>;
  /** The first interpretations, each variable name → cell. */
  interpretations: Record<string, string>[];
  /** Why an empty problem is empty (a variable named by name). */
  empty?: Record<string, unknown>;
  /** Connected components solved. */
  components: number;
  /** Confluence evaluations, GAC revisions and decision-diagram nodes. */
  stats: { confluenceChecks: number; gacRevisions: number; mddNodes: number };
}

export function describeSolution(sol: Solution, limit: number): SolutionJson {
  const vars = sol.problem.variables;
  const forced: Record<string, string> = {};
  for (const [v, c] of [...sol.forced].sort((a, b) => a[0] - b[0])) forced[vars[v].name] = vars[v].cells[c];
  const supported: Record<string, string[]> = {};
  sol.supported.forEach((cells, v) => (supported[vars[v].name] = cells.map((c) => vars[v].cells[c])));
  const list: Record<string, string>[] = [];
  if (limit > 0) {
    for (const a of interpretations(sol)) {
      const row: Record<string, string> = {};
      a.forEach((c, v) => (row[vars[v].name] = vars[v].cells[c]));
      list.push(row);
      if (list.length >= limit) break;
    }
  }
  const out: SolutionJson = {
    mechanism: sol.problem.mechanism,
    state: sol.problem.state,
    scenario: sol.problem.scenario,
    count: sol.count.toString(),
    forced,
    supported,
    interpretations: list,
    components: sol.stats.components,
    stats: { confluenceChecks: sol.stats.confluenceChecks, gacRevisions: sol.stats.gacRevisions, mddNodes: sol.stats.mddNodes },
  };
  if (sol.empty) {
    const e = sol.empty;
    out.empty = "var" in e && typeof e.var === "number" ? { ...e, var: vars[e.var].name } : { ...e };
  }
  return out;
}
