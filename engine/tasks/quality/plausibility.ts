// Plausibility's shortcut: an implausible narrative one of whose checkpoints states facts
// that no complete episode of the universe satisfies is found implausible by checking
// that checkpoint on its own, without building the episode graph. The remaining
// implausible narratives need the graph: some checkpoint's facts match no episode of its
// exact-depth layer ("layer"), or they do at every checkpoint but no path joins them ("path").
import { z } from "zod";
import type { MechanismModel } from "../../model/model.ts";
import { StoreError } from "../../files/errors.ts";
import { type Fact, type Graph, PlausibilityRead } from "./audit_shapes.ts";
import { countOf, familyItems, grouped, type Item, sumOf, type TaskRecords } from "./items.ts";
import type { IndexedFact, Universes } from "./universe.ts";

/** Why an implausible narrative is implausible, by the cheapest check that shows it. */
export type Evidence = "local" | "layer" | "path" | "witnessed";

export interface PlausibilityTask {
  /** The gold labels, and the labels of the local rule: I iff some checkpoint is inconsistent on its own. */
  gold: string;
  local: string;
  /** Per implausible narrative, in query order. */
  evidence: Evidence[];
}

/** The schema of plausibility's shortcut measures over a set of tasks. */
export const PlausibilityRow: z.ZodObject<
  {
    tasks: z.ZodInt;
    implausible: z.ZodInt;
    local: z.ZodInt;
    layer: z.ZodInt;
    path: z.ZodInt;
    witnessed: z.ZodInt;
    solved_locally: z.ZodInt;
  },
  z.core.$strict
> = z.object({
  tasks: z.int().min(0),
  implausible: z.int().min(0),
  /** I labels some checkpoint of which no complete episode of the universe satisfies. */
  local: z.int().min(0),
  /** I labels consistent at every checkpoint, some checkpoint matching no episode of its layer. */
  layer: z.int().min(0),
  /** I labels whose every checkpoint matches its layer, but no path joins them. */
  path: z.int().min(0),
  /** I labels the graph witnesses after all (a gold the audit's own graph contradicts; 0 expected). */
  witnessed: z.int().min(0),
  /** Tasks whose local labelling equals the gold string. */
  solved_locally: z.int().min(0),
}).strict();
/** Plausibility's shortcut measures over a set of tasks: implausible labels by the cheapest check that shows them. */
export type PlausibilityRow = z.infer<typeof PlausibilityRow>;

/** Fact names to indices of the model, after checking the audit's variables are the model's. */
function indexer(m: MechanismModel, g: Graph, taskId: string): (f: Fact) => IndexedFact {
  if (g.variables.length !== m.variables.length || g.variables.some((v, i) => v.name !== m.variables[i].name || v.cells.join() !== m.variables[i].cells.join())) {
    throw new StoreError(`${taskId} (plausibility): the audit's variables are not ${m.id}'s in the current catalog`);
  }
  return (f) => {
    const v = m.variableIndex.get(f.var);
    const cell = v === undefined ? -1 : m.variables[v].cells.indexOf(f.cell);
    if (v === undefined || cell < 0) throw new StoreError(`${taskId} (plausibility): the fact ${f.var}=${f.cell} names no cell of ${m.id}`);
    return { var: v, cell };
  };
}

/** Episodes reachable by exactly t edges from the initial ones, t = 0 … H, read off the audit's edges. */
function exactLayers(g: Graph, horizon: number): Set<number>[] {
  const out = [new Set(g.initial)];
  for (let t = 1; t <= horizon; t++) out.push(new Set(g.edges.filter((e) => out[t - 1].has(e.source)).map((e) => e.target)));
  return out;
}

/** One task: the local labels, and per implausible narrative the cheapest evidence. */
export function measurePlausibility(m: MechanismModel, universes: Universes, item: Item<PlausibilityRead>): PlausibilityTask {
  const { answer, audit } = item.read;
  const g = audit.graph, horizon = g.horizon;
  const gold = answer.plausibility_labels;
  if (audit.narratives.length !== gold.length) throw new StoreError(`${item.taskId} (plausibility): ${audit.narratives.length} narratives, ${gold.length} labels`);
  const index = indexer(m, g, item.taskId);
  const universe = universes.of(m, g.scenario, g.rules);
  for (const e of g.episodes) universe.offer(e.state, e.cells);
  const layers = exactLayers(g, horizon);
  const matches = (id: number, facts: readonly IndexedFact[]) => facts.every((f) => g.episodes[id].cells[f.var] === f.cell);
  const evidence: Evidence[] = [];
  const local = audit.narratives.map((n, k) => {
    if (n.checkpoints.length !== horizon) throw new StoreError(`${item.taskId} (plausibility): narrative ${k + 1} has ${n.checkpoints.length} checkpoints, the horizon is ${horizon}`);
    const cps = n.checkpoints.map((c) => c.map(index));
    const inconsistent = cps.some((facts) => !universe.admits(facts));
    if (gold[k] === "I") {
      if (inconsistent) evidence.push("local");
      else if (cps.some((facts, t) => ![...layers[t + 1]].some((id) => matches(id, facts)))) evidence.push("layer");
      else {
        // forward along the edges, keeping at depth t the episodes that match checkpoint t
        let frontier = new Set(g.initial);
        for (let t = 1; t <= horizon; t++) frontier = new Set(g.edges.filter((e) => frontier.has(e.source) && matches(e.target, cps[t - 1])).map((e) => e.target));
        evidence.push(frontier.size ? "witnessed" : "path");
      }
    }
    return inconsistent ? "I" : "P";
  }).join("");
  return { gold, local, evidence };
}

type Measured = Item<PlausibilityRead> & { m: PlausibilityTask };

function row(items: readonly Measured[]): PlausibilityRow {
  const ev = (e: Evidence) => sumOf(items, (i) => countOf(i.m.evidence, (x) => x === e));
  return {
    tasks: items.length,
    implausible: sumOf(items, (i) => i.m.evidence.length),
    local: ev("local"),
    layer: ev("layer"),
    path: ev("path"),
    witnessed: ev("witnessed"),
    solved_locally: countOf(items, (i) => i.m.local === i.m.gold),
  };
}

export function plausibilityMeasures(records: TaskRecords, model: (id: string) => MechanismModel, universes: Universes) {
  const items = familyItems(records, "plausibility", PlausibilityRead).map((i) => ({ ...i, m: measurePlausibility(model(i.mechanism), universes, i) }));
  return grouped(items, row);
}
