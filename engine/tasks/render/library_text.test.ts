import { describe, expect, it } from "vitest";
import type { MechanismModel, ModelVariable } from "../../model/model.ts";
import type { Episode } from "../../episode/episode.ts";
import { PromptText } from "../../baselines/prompt_parser/text.ts";
import { readLibrary } from "../../baselines/prompt_parser/library.ts";
import { libraryLines } from "./library_text.ts";

const SIGN = { cells: ["negative", "zero", "positive"], signs: [-1, 0, 1] as (-1 | 0 | 1)[] };
const LANDMARK = { cells: ["zero", "(zero,v0)", "v0", "(v0,+inf)"], signs: [0, 1, 1, 1] as (-1 | 0 | 1)[] };

/** A hand-built two-component model: a switching valve (two states) and a tank with a landmark level. */
function tinyModel(): MechanismModel {
  const vars: [string, string, string, typeof SIGN][] = [
    ["valve", "k", "parameter", SIGN],
    ["valve", "q", "variable", SIGN],
    ["valve", "d1__q", "variable", SIGN],
    ["tank", "h", "variable", LANDMARK],
    ["tank", "d1__h", "variable", SIGN],
  ];
  const variables: ModelVariable[] = vars.map(([instance, local, kind, space], i) => ({
    name: `${instance}.${local}`, instance, local, kind: kind as ModelVariable["kind"], base: i, order: 0, cells: [...space.cells], signs: [...space.signs],
  }));
  return {
    id: "tiny",
    file: "(test)",
    instances: [
      { name: "valve", type: "Valve", states: ["OPEN", "SHUT"], variables: [0, 1, 2] },
      { name: "tank", type: "Tank", states: ["unconditional"], variables: [3, 4] },
    ],
    variables,
    variableIndex: new Map(variables.map((v, i) => [v.name, i])),
    laws: [],
    restrictions: [],
    transitions: [],
    scenarios: [],
    nodes: [],
    free: [],
  };
}

const ep = (valve: string, cells: number[]): Episode => ({ state: { valve, tank: "unconditional" }, cells });
const LIBRARY = [
  { label: "E01", episode: ep("OPEN", [2, 2, 0, 1, 2]) },
  { label: "E02", episode: ep("OPEN", [2, 2, 1, 3, 2]) },
  { label: "E03", episode: ep("SHUT", [2, 1, 0, 2, 1]) },
];

/** The lines as a prompt the parser reads (a header, then the block). */
const asPrompt = (lines: string[]) => new PromptText(["Task family: functional recovery", "Mechanism id: tiny", "Task id: t", "Prompt tokens: 1", ...lines].join("\n"));

describe("the episode library table", () => {
  it("lists the shared cells once per component and one row of varying states and cells per episode", () => {
    expect(libraryLines(tinyModel(), "Episode library", LIBRARY)).toEqual([
      "Episode library (3 episodes), written without loss: what every library episode shares is listed once per component; each row then gives one episode's other component states and cells, in the order of the row columns. Cells named negative, zero and positive are written -, 0 and +; every other cell is written by its name.",
      "Shared by every library episode (per component: its state, then LOCAL=CELL for each shared variable COMPONENT.LOCAL):",
      "- valve (state per row): k=+",
      "- tank (state unconditional): no shared cells",
      "Row columns (5 in 2 groups, one per component, separated by |; COMPONENT: (state) for its state, LOCAL for its variable COMPONENT.LOCAL): valve: (state), q, d1__q | tank: h, d1__h",
      "E01: OPEN + - | (zero,v0) +",
      "E02: OPEN + 0 | (v0,+inf) +",
      "E03: SHUT 0 - | v0 0",
    ]);
  });

  it("reads back to exactly the episodes it was written from (states and full cell vectors)", () => {
    const m = tinyModel();
    const read = readLibrary(asPrompt(libraryLines(m, "Episode library", LIBRARY)), m, "Episode library");
    expect([...read.keys()]).toEqual(["E01", "E02", "E03"]);
    expect([...read.values()]).toEqual(LIBRARY.map((r) => r.episode));
  });

  it("a single episode has no row columns, and a landmark cell named zero is written 0", () => {
    const m = tinyModel();
    const one = [{ label: "E01", episode: ep("SHUT", [2, 1, 1, 0, 1]) }];
    const lines = libraryLines(m, "Episode library", one);
    expect(lines.slice(2)).toEqual(["- valve (state SHUT): k=+ q=0 d1__q=0", "- tank (state unconditional): h=0 d1__h=0", "Row columns (0 in 0 groups, one per component, separated by |; COMPONENT: (state) for its state, LOCAL for its variable COMPONENT.LOCAL): none", "E01:"]);
    expect([...readLibrary(asPrompt(lines), m, "Episode library").values()]).toEqual([one[0].episode]);
  });

  it("refuses a cell the short notation would make ambiguous", () => {
    const m = tinyModel();
    m.variables[3] = { ...m.variables[3], cells: ["zero", "+", "v0", "(v0,+inf)"] };
    expect(() => libraryLines(m, "Episode library", LIBRARY)).toThrow(/cell "\+" of tank.h cannot be written/);
  });

  it("the reader refuses a table that leaves a variable out, naming the line", () => {
    const m = tinyModel();
    const lines = libraryLines(m, "Episode library", LIBRARY).map((l) => (l === "- valve (state per row): k=+" ? "- valve (state per row): no shared cells" : l));
    expect(() => readLibrary(asPrompt(lines), m, "Episode library")).toThrow(/line 9: expected the cell of valve\.k, shared or as a column/);
  });
});
