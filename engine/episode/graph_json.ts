// The machine format of a bounded episode graph (`mech simulate --json`) and of an edge
// explanation (`mech explain-edge --json`). Everything is named: variables, cells,
// components, states and laws appear by name, never by index, so a consumer needs no
// model. Episode and edge ids are positions in `episodes` and `edges`.
import { z } from "zod";

const Name = z.string().min(1);
const Id = z.int().min(0);

/** The schema of a qualitative event in the machine format. */
export const QEventJson: z.ZodObject<{ var: z.ZodString; from: z.ZodString; to: z.ZodString }, z.core.$strict> = z.object({
  var: Name,
  from: Name.describe("cell before the event"),
  to: Name.describe("cell the event reaches"),
}).strict();
/** A qualitative event: a variable leaving one cell for another. */
export type QEventJson = z.infer<typeof QEventJson>;

/** The schema of an edge's cause in the machine format. */
export const CauseJson: z.ZodObject<
  {
    kind: z.ZodEnum<{ mandatory: "mandatory"; boundary: "boundary"; intrastate: "intrastate" }>;
    events: z.ZodArray<typeof QEventJson>;
  },
  z.core.$strict
> = z.object({
  kind: z.enum(["mandatory", "boundary", "intrastate"]),
  events: z.array(QEventJson),
}).strict();
/** What causes an edge: its kind (mandatory, boundary or intrastate) and its events. */
export type CauseJson = z.infer<typeof CauseJson>;

/** The schema of an episode in the machine format. */
export const EpisodeJson: z.ZodObject<
  { id: z.ZodInt; state: z.ZodRecord<z.ZodString, z.ZodString>; cells: z.ZodArray<z.ZodString> },
  z.core.$strict
> = z.object({
  id: Id,
  state: z.record(Name, Name).describe("local state of every multi-state component"),
  cells: z.array(Name).describe("cell of every variable, in the order of `variables`"),
}).strict();
/** An episode: its id, each multi-state component's local state and each variable's cell. */
export type EpisodeJson = z.infer<typeof EpisodeJson>;

/** The schema of one variable's change across an edge. */
export const ChangeJson: z.ZodObject<{ var: z.ZodString; from: z.ZodString; to: z.ZodString }, z.core.$strict> = z.object({ var: Name, from: Name, to: Name }).strict();
/** One variable's change across an edge: its cell before and after. */
export type ChangeJson = z.infer<typeof ChangeJson>;

/** The schema of an edge in the machine format. */
export const EdgeJson: z.ZodObject<
  {
    id: z.ZodInt;
    source: z.ZodInt;
    target: z.ZodInt;
    cause: typeof CauseJson;
    declarations: z.ZodArray<
      z.ZodObject<
        { component: z.ZodString; from: z.ZodString; to: z.ZodString; event: z.ZodNullable<z.ZodString> },
        z.core.$strict
      >
    >;
    propagation: z.ZodArray<z.ZodObject<{ var: z.ZodString; from: z.ZodString; via: z.ZodString }, z.core.$strict>>;
    changes: z.ZodArray<typeof QEventJson>;
  },
  z.core.$strict
> = z.object({
  id: Id,
  source: Id,
  target: Id,
  cause: CauseJson,
  declarations: z.array(z.object({
    component: Name,
    from: Name,
    to: Name,
    event: Name.nullable().describe("the declaration's event coordinate, if it names one"),
  }).strict()).describe("the compatible declaration licensing each component's state change"),
  propagation: z.array(z.object({
    var: Name,
    from: Name,
    via: Name.describe('a law id, "derivative" for a derivative link, or "state change of <component>" for a link through a component\'s state switch'),
  }).strict()).describe("how each changed dependent coordinate was reached from the seeds"),
  changes: z.array(ChangeJson).describe("every variable whose cell differs between source and target"),
}).strict();
/** An edge of the episode graph: source and target episodes, its cause, the declarations licensing each state change, how each changed coordinate was reached, and every change. */
export type EdgeJson = z.infer<typeof EdgeJson>;

/** The schema of a component state transition the graph exhibits. */
export const TransitionTripleJson: z.ZodObject<
  { component: z.ZodString; source: z.ZodString; target: z.ZodString },
  z.core.$strict
> = z.object({ component: Name, source: Name, target: Name }).strict();
/** A component's state transition some edge of the graph makes: the component, its source and its target state. */
export type TransitionTripleJson = z.infer<typeof TransitionTripleJson>;

/** The schema of `mech simulate --json`. */
export const GraphJson: z.ZodObject<
  {
    mechanism: z.ZodString;
    scenario: z.ZodString;
    rules: z.ZodString;
    horizon: z.ZodInt;
    variables: z.ZodArray<z.ZodString>;
    components: z.ZodArray<z.ZodString>;
    initial: z.ZodArray<z.ZodInt>;
    layers: z.ZodArray<
      z.ZodObject<{ depth: z.ZodInt; episodes: z.ZodArray<z.ZodInt>; edges: z.ZodArray<z.ZodInt> }, z.core.$strict>
    >;
    episodes: z.ZodArray<typeof EpisodeJson>;
    edges: z.ZodArray<typeof EdgeJson>;
    transitions: z.ZodArray<typeof TransitionTripleJson>;
  },
  z.core.$strict
> = z.object({
  mechanism: Name,
  scenario: Name,
  rules: z.string().describe("the edge-rule profile (docs/semantics.md §13.10)"),
  horizon: z.int().min(0),
  variables: z.array(Name),
  components: z.array(Name).describe("the multi-state components"),
  initial: z.array(Id).describe("R_0"),
  layers: z.array(z.object({
    depth: z.int().min(0),
    episodes: z.array(Id).describe("R_d"),
    edges: z.array(Id).describe("A^(d)"),
  }).strict()),
  episodes: z.array(EpisodeJson),
  edges: z.array(EdgeJson),
  transitions: z.array(TransitionTripleJson).describe("Definition 7: every (component, s(p), s'(p)) with s(p) != s'(p) over A^{<=H}"),
}).strict().superRefine((g, ctx) => {
  const n = g.episodes.length;
  g.episodes.forEach((e, i) => {
    if (e.id !== i) ctx.addIssue({ code: "custom", path: ["episodes", i, "id"], message: `expected id ${i} (ids are positions)` });
    if (e.cells.length !== g.variables.length) {
      ctx.addIssue({ code: "custom", path: ["episodes", i, "cells"], message: `expected ${g.variables.length} cells, got ${e.cells.length}` });
    }
  });
  g.edges.forEach((e, i) => {
    if (e.id !== i) ctx.addIssue({ code: "custom", path: ["edges", i, "id"], message: `expected id ${i} (ids are positions)` });
    if (e.source >= n) ctx.addIssue({ code: "custom", path: ["edges", i, "source"], message: `no episode ${e.source}` });
    if (e.target >= n) ctx.addIssue({ code: "custom", path: ["edges", i, "target"], message: `no episode ${e.target}` });
  });
  g.layers.forEach((l, d) => {
    if (l.depth !== d) ctx.addIssue({ code: "custom", path: ["layers", d, "depth"], message: `expected depth ${d}` });
    l.episodes.forEach((x, k) => x >= n && ctx.addIssue({ code: "custom", path: ["layers", d, "episodes", k], message: `no episode ${x}` }));
    l.edges.forEach((x, k) => x >= g.edges.length && ctx.addIssue({ code: "custom", path: ["layers", d, "edges", k], message: `no edge ${x}` }));
  });
});
/** A bounded episode graph in the machine format of `mech simulate --json`: layers, episodes and edges with their causes, everything by name. */
export type GraphJson = z.infer<typeof GraphJson>;

/** The schema of one edge-rule clause's verdict in an edge explanation. */
export const ClauseJson: z.ZodObject<
  {
    clause: z.ZodEnum<
      { cause: "cause"; E1: "E1"; E2: "E2"; E3: "E3"; E4: "E4"; E5: "E5"; E6: "E6"; E7: "E7"; E8: "E8"; Decl: "Decl" }
    >;
    ok: z.ZodBoolean;
    facts: z.ZodArray<z.ZodString>;
  },
  z.core.$strict
> = z.object({
  clause: z.enum(["cause", "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "Decl"]),
  ok: z.boolean(),
  facts: z.array(z.string()),
}).strict();

/** `mech explain-edge --json`: the candidate edge and one verdict per cause of the source. */
export const EdgeExplanationJson: z.ZodObject<
  {
    mechanism: z.ZodString;
    scenario: z.ZodString;
    rules: z.ZodString;
    source: z.ZodObject<
      { cells: z.ZodArray<z.ZodString>; state: z.ZodRecord<z.ZodString, z.ZodString> },
      z.core.$strict
    >;
    sourceInCase: z.ZodBoolean;
    target: z.ZodObject<
      { cells: z.ZodArray<z.ZodString>; state: z.ZodRecord<z.ZodString, z.ZodString> },
      z.core.$strict
    >;
    changes: z.ZodArray<typeof ChangeJson>;
    distinct: z.ZodBoolean;
    admitted: z.ZodBoolean;
    verdicts: z.ZodArray<
      z.ZodObject<
        { admitted: z.ZodBoolean; cause: typeof CauseJson; clauses: z.ZodArray<typeof ClauseJson> },
        z.core.$strict
      >
    >;
    unchecked: z.ZodInt;
  },
  z.core.$strict
> = z.object({
  mechanism: Name,
  scenario: Name,
  rules: z.string().describe("the edge-rule profile (docs/semantics.md §13.10)"),
  source: EpisodeJson.omit({ id: true }),
  sourceInCase: z.boolean().describe("false: no episode of the scenario's case matched, the source was found in its context (V_r)"),
  target: EpisodeJson.omit({ id: true }),
  changes: z.array(ChangeJson),
  /** False when the candidate equals the source (no edge can exist). */
  distinct: z.boolean(),
  admitted: z.boolean().describe("some cause admits the edge"),
  verdicts: z.array(z.object({ admitted: z.boolean(), cause: CauseJson, clauses: z.array(ClauseJson) }).strict()),
  /** Causes of the source beyond the checked ones (their verdicts are all rejections). */
  unchecked: z.int().min(0),
}).strict();
/** A candidate edge and one verdict per cause of its source, in the machine format of `mech explain-edge --json`. */
export type EdgeExplanationJson = z.infer<typeof EdgeExplanationJson>;
