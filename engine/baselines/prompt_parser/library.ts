// An episode library table read back from its text: the state and cells every episode
// shares, per component, then one row per episode with the varying component states and
// cells in the order of the row columns (one group per component, groups separated by |).
// Every component's state and every variable's cell must be given exactly once (shared or
// as a column), or the prompt is refused with the line.
import type { MechanismModel } from "../../model/model.ts";
import type { Episode } from "../../episode/episode.ts";
import { esc, int, type PromptText } from "./text.ts";

/** The short cell forms the table's notation sentence declares. */
const LONG: Record<string, string> = { "-": "negative", "0": "zero", "+": "positive" };
const NOTATION = "Cells named negative, zero and positive are written -, 0 and +; every other cell is written by its name.";

/** Reads `HEADING (N episodes), written without loss: …` and its table from the cursor on: the episodes by row label, in row order. */
export function readLibrary(t: PromptText, m: MechanismModel, heading: string): Map<string, Episode> {
  const h = t.seek(new RegExp(`^${esc(heading)} \\(([0-9,]+) episodes?\\), written without loss: (.*)$`), `${heading} (N episodes), written without loss: …`);
  if (!h[2].includes(NOTATION)) t.fail(t.last, `the notation sentence "${NOTATION}"`);
  const n = int(h[1]);
  const cell = (v: number, token: string, line: number) => {
    const name = LONG[token] ?? token;
    const c = m.variables[v].cells.indexOf(name);
    if (c < 0) t.fail(line, `a cell of ${m.variables[v].name} (${m.variables[v].cells.join(", ")}), not ${JSON.stringify(token)}`);
    return c;
  };

  t.next(/^Shared by every library episode \(/, "Shared by every library episode (…):");
  const sharedState = new Map<string, string>();
  const sharedCell = new Map<number, number>();
  for (const inst of m.instances) {
    const line = t.next(new RegExp(`^- ${esc(inst.name)} \\((state per row|state (\\S+))\\): (.*)$`), `the shared line of ${inst.name}: - ${inst.name} (state S): LOCAL=CELL …`);
    if (line[2] !== undefined) {
      if (!inst.states.includes(line[2])) t.fail(t.last, `a state of ${inst.name} (${inst.states.join(", ")}), not ${JSON.stringify(line[2])}`);
      sharedState.set(inst.name, line[2]);
    }
    if (line[3] === "no shared cells") continue;
    for (const item of line[3].split(" ")) {
      const im = /^([^=]+)=(.+)$/.exec(item);
      const v = im ? m.variableIndex.get(`${inst.name}.${im[1]}`) : undefined;
      if (!im || v === undefined) t.fail(t.last, `LOCAL=CELL for a variable of ${inst.name}, not ${JSON.stringify(item)}`);
      if (sharedCell.has(v!)) t.fail(t.last, `${m.variables[v!].name} once`);
      sharedCell.set(v!, cell(v!, im![2], t.last));
    }
  }

  // columns, one group per component: "COMPONENT: (state), LOCAL, LOCAL"
  const cols = t.next(/^Row columns \(([0-9,]+) in ([0-9,]+) groups?, one per component, separated by \|; COMPONENT: \(state\) for its state, LOCAL for its variable COMPONENT\.LOCAL\): (.*)$/, "Row columns (N in G groups, …): COMPONENT: (state), LOCAL | …");
  const groups = cols[3] === "none" ? [] : cols[3].split(" | ").map((group) => {
    const gm = /^(\S+): (.+)$/.exec(group);
    const inst = gm ? m.instances.find((i) => i.name === gm[1]) : undefined;
    if (!gm || !inst) t.fail(t.last, `a column group COMPONENT: COLUMNS, not ${JSON.stringify(group)}`);
    return gm![2].split(", ").map((c) => {
      if (c === "(state)") {
        if (sharedState.has(inst!.name)) t.fail(t.last, `the state of ${inst!.name} once (it is shared)`);
        return { kind: "state" as const, inst: inst!.name };
      }
      const v = m.variableIndex.get(`${inst!.name}.${c}`);
      if (v === undefined || sharedCell.has(v)) t.fail(t.last, `a variable of ${inst!.name} whose cell is given per row, not ${JSON.stringify(c)}`);
      return { kind: "cell" as const, v: v! };
    });
  });
  const columns = groups.flat();
  if (groups.length !== int(cols[2]) || columns.length !== int(cols[1])) t.fail(t.last, `${cols[1]} columns in ${cols[2]} groups`);
  const stateCols = new Set(columns.flatMap((c) => (c.kind === "state" ? [c.inst] : [])));
  const cellCols = new Set(columns.flatMap((c) => (c.kind === "cell" ? [c.v] : [])));
  if (stateCols.size + cellCols.size !== columns.length) t.fail(t.last, "each column once");
  for (const inst of m.instances) if (!sharedState.has(inst.name) && !stateCols.has(inst.name)) t.fail(t.last, `the state of ${inst.name}, shared or as a column`);
  m.variables.forEach((v, k) => {
    if (!sharedCell.has(k) && !cellCols.has(k)) t.fail(t.last, `the cell of ${v.name}, shared or as a column`);
  });

  const out = new Map<string, Episode>();
  for (let k = 0; k < n; k++) {
    const row = t.next(/^(\S+):(?: (.*))?$/, "a library row LABEL: VALUES");
    const parts = row[2] === undefined ? [] : row[2].split(" | ").map((g) => g.split(" "));
    if (parts.length !== groups.length || parts.some((g, i) => g.length !== groups[i].length)) t.fail(t.last, `${groups.map((g) => g.length).join(" | ")} values per group`);
    const items = parts.flat();
    if (out.has(row[1])) t.fail(t.last, `a new row label, not ${row[1]} again`);
    const state: Record<string, string> = Object.fromEntries(sharedState);
    const cells = m.variables.map((_, v) => sharedCell.get(v) ?? -1);
    columns.forEach((c, i) => {
      if (c.kind === "cell") return void (cells[c.v] = cell(c.v, items[i], t.last));
      const inst = m.instances.find((x) => x.name === c.inst)!;
      if (!inst.states.includes(items[i])) t.fail(t.last, `a state of ${inst.name} (${inst.states.join(", ")}), not ${JSON.stringify(items[i])}`);
      state[c.inst] = items[i];
    });
    out.set(row[1], { state, cells });
  }
  return out;
}
