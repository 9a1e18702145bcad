// A set of episodes (functional recovery's library) written compactly and without loss:
// what every episode of the set shares is listed once per component, then one row per
// episode holds only the component states and cells that differ within the set. Cells
// are short (-, 0, + for the cells named negative, zero, positive), columns are named
// once. A reader rebuilds every episode's composite state and full cell vector exactly:
// each component's state and each variable's cell is either shared or a row column.
import type { MechanismModel } from "../../model/model.ts";
import type { Episode } from "../../episode/episode.ts";

/** The short forms of the sign cells; every other cell is written by its name. */
export const SHORT_CELLS: Readonly<Record<string, string>> = { negative: "-", zero: "0", positive: "+" };

/** The sentence that tells a reader how the table is written (the parser keys on it). */
export const LIBRARY_NOTATION =
  "Cells named negative, zero and positive are written -, 0 and +; every other cell is written by its name.";

function cellToken(m: MechanismModel, v: number, cell: number): string {
  const name = m.variables[v].cells[cell];
  const short = SHORT_CELLS[name];
  if (short !== undefined) return short;
  // a cell literally named like a short form, or holding a space, would make the table ambiguous
  if (Object.values(SHORT_CELLS).includes(name) || name === "|" || /\s/.test(name) || name === "") throw new Error(`cell ${JSON.stringify(name)} of ${m.variables[v].name} cannot be written in the library table`);
  return name;
}

export interface LabelledEpisode {
  label: string;
  episode: Episode;
}

/**
 * The library block: a heading with the episode count and the notation, the shared part
 * per component (model order), the row columns in one group per component with anything
 * varying (its state first, then its varying variables, model order; groups separated by
 * |, which keeps a long row easy to align) and one row per episode in the given order.
 */
export function libraryLines(m: MechanismModel, heading: string, rows: readonly LabelledEpisode[]): string[] {
  if (!rows.length) throw new Error("an empty episode library");
  const first = rows[0].episode;
  const stateVaries = (name: string) => rows.some((r) => r.episode.state[name] !== first.state[name]);
  const cellVaries = (v: number) => rows.some((r) => r.episode.cells[v] !== first.cells[v]);
  const shared = m.instances.map((inst) => {
    const state = stateVaries(inst.name) ? "state per row" : `state ${first.state[inst.name]}`;
    const cells = inst.variables.filter((v) => !cellVaries(v)).map((v) => `${m.variables[v].local}=${cellToken(m, v, first.cells[v])}`);
    return `- ${inst.name} (${state}): ${cells.length ? cells.join(" ") : "no shared cells"}`;
  });
  // per component: its varying state (as null) and its varying variables
  const groups = m.instances
    .map((inst) => ({ inst, cols: [...(stateVaries(inst.name) ? [null] : []), ...inst.variables.filter(cellVaries)] }))
    .filter((g) => g.cols.length);
  const columnName = (c: number | null) => {
    const name = c === null ? "(state)" : m.variables[c].local;
    if (/[,|\s]/.test(name)) throw new Error(`column ${JSON.stringify(name)} cannot be named in the library table`);
    return name;
  };
  const count = groups.reduce((n, g) => n + g.cols.length, 0);
  return [
    `${heading} (${rows.length} episode${rows.length === 1 ? "" : "s"}), written without loss: what every library episode shares is listed once per component; each row then gives one episode's other component states and cells, in the order of the row columns. ${LIBRARY_NOTATION}`,
    "Shared by every library episode (per component: its state, then LOCAL=CELL for each shared variable COMPONENT.LOCAL):",
    ...shared,
    `Row columns (${count} in ${groups.length} group${groups.length === 1 ? "" : "s"}, one per component, separated by |; COMPONENT: (state) for its state, LOCAL for its variable COMPONENT.LOCAL): ${groups.length ? groups.map((g) => `${g.inst.name}: ${g.cols.map(columnName).join(", ")}`).join(" | ") : "none"}`,
    ...rows.map((r) => {
      const items = groups.map((g) => g.cols.map((c) => (c === null ? r.episode.state[g.inst.name] : cellToken(m, c, r.episode.cells[c]))).join(" "));
      return `${r.label}:${items.length ? " " + items.join(" | ") : ""}`;
    }),
  ];
}
