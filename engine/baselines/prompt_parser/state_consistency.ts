// State consistency from its prompt: the model, the candidate rows (a state per
// multi-state column, the only state elsewhere) and the cases (restrictions added to the
// persistent ones). A row is consistent in a case when the compiled problem of the row
// under the case's restrictions has an admissible interpretation.
import { compile } from "../../compile/compile.ts";
import { countRestricted, type Factors, factorsOf, solve } from "../../solve/solver.ts";
import { readModel } from "./model.ts";
import { int, type PromptText } from "./text.ts";

// each composite state of a model read is solved once, whichever prompt shows it
const solved = new WeakMap<object, Map<string, Factors>>();

export function answerStateConsistency(t: PromptText): Record<string, unknown> {
  const r = readModel(t, { episodes: false });
  const m = r.model;
  const head = t.seek(/^Candidate rows \(([0-9,]+)\)\. Columns: (.*)\.$/, "Candidate rows (N). Columns: A | B.");
  const columns = head[2].split(" | ");
  for (const c of columns) if (!m.instances.some((i) => i.name === c)) t.fail(t.last, `component names as columns, not ${JSON.stringify(c)}`);
  const rows: { id: string; state: Record<string, string> }[] = [];
  for (let k = 0; k < int(head[1]); k++) {
    const rm = t.next(/^(S[0-9]+): (.*)$/, "a candidate row SNNN: STATE|STATE");
    const states = rm[2].split("|");
    if (states.length !== columns.length) t.fail(t.last, `${columns.length} states separated by |`);
    const state: Record<string, string> = {};
    for (const i of m.instances) if (i.states.length === 1) state[i.name] = i.states[0];
    columns.forEach((c, j) => {
      if (!m.instances.find((i) => i.name === c)!.states.includes(states[j])) t.fail(t.last, `a state of ${c}, not ${JSON.stringify(states[j])}`);
      state[c] = states[j];
    });
    rows.push({ id: rm[1], state });
  }
  const ch = t.seek(/^Cases \(([0-9,]+)\)\. /, "Cases (N). …");
  // each row solved once without a case; a case's restrictions are then counted off the
  // solved factors (exact: the count of the row's interpretations inside the case)
  let memo = solved.get(m);
  if (!memo) solved.set(m, (memo = new Map()));
  const factors = rows.map((row) => {
    const key = m.instances.map((i) => row.state[i.name]).join("|");
    let f = memo!.get(key);
    if (!f) memo!.set(key, (f = factorsOf(solve(compile(m, row.state, undefined, [], { withoutScenario: true }).problem))));
    return f;
  });
  const results: Record<string, { consistent_count: number; consistent_ids: string[] }> = {};
  for (let k = 0; k < int(ch[1]); k++) {
    const cm = t.next(/^(\S+): (.*)$/, "a case ID: RESTRICTIONS");
    const extra = cm[2] === "no additional restrictions" ? [] : cm[2].split(" and ").map((x) => r.restriction(x, t.last, `case ${cm[1]}`));
    const ids = rows.filter((_, j) => factors[j].count > 0n && countRestricted(factors[j], extra) > 0n).map((row) => row.id);
    results[cm[1]] = { consistent_count: ids.length, consistent_ids: ids };
  }
  return { case_results: results };
}
