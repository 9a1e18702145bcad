// Episode-graph transitions (Definition 7, Table 7): from one complete initial episode
// and a horizon H, the distinct (component, source state, target state) triples that
// the edges of A^{≤H} realize (the edges out of episodes reached by fewer than H edges).
// The horizon follows the level (D1–D2 at 1, D3–D4 at 2) and no two tasks of a mechanism
// share an answer (distinctAnswers), so remembering answers scores nothing.
import { type EdgeRules, takes } from "../../episode/rules.ts";
import { z } from "zod";
import type { MechanismModel } from "../../model/model.ts";
import { bandOf, type FamilyCandidate, type Level, LEVELS, type TaskFamily } from "../family.ts";
import type { InitialEpisode, SemanticObjects } from "../semantic_objects.ts";
import type { ReachGraph } from "../../episode/reach.ts";
import { episodeKey } from "../../episode/episode.ts";
import { componentChanges, transitionTriples } from "../../episode/render.ts";
import { mandatoryDepartures, optionalTerminations, terminationGroups } from "../../episode/causes.ts";
import { episodeLines, episodeModelLines } from "../render/episode_text.ts";
import { horizonEdgesText } from "../render/horizon_text.ts";
import { auditGraph, TaskGraph, rebuildGraph } from "./episode_common.ts";

export const Triple = z.object({ component: z.string().min(1), source_state: z.string().min(1), target_state: z.string().min(1) }).strict();
export const TransitionAnswer = z.object({ admissible_component_state_transitions: z.array(Triple).min(1) }).strict();

export const TransitionAudit = z.object({
  graph: TaskGraph,
  /** Per gold triple, the ids of the graph's edges that realize it. */
  witnesses: z.array(z.object({ triple: Triple, edges: z.array(z.int().min(0)).min(1) }).strict()),
  /** Table 2's terms per expanded source episode. */
  sources: z.array(z.object({ episode: z.int().min(0), boundary_causes: z.number(), declared_transitions: z.int().min(0) }).strict()),
}).strict();
type TransitionAudit = z.infer<typeof TransitionAudit>;

/** Frozen bands on Σ_x B_x·T_x, by decade (the scalar spans 1 to 10^7 over the catalog). */
export const BANDS: Record<Level, [number, number]> = { D1: [1, 9], D2: [10, 99], D3: [100, 999], D4: [1000, Infinity] };
/**
 * Each level's horizon, Table 7's preferred 1, 1, 2, 2: a graph of horizon H is a candidate
 * only for the levels of H, so a horizon-1 graph whose scalar reaches D3 is not a D3 task.
 */
export const HORIZON_OF: Record<Level, number> = { D1: 1, D2: 1, D3: 2, D4: 2 };
export const HORIZONS = [...new Set(LEVELS.map((l) => HORIZON_OF[l]))];
/**
 * Distinct initial episodes examined per mechanism, and the draws of the shared pool allowed
 * for finding them: answers must differ within a pool (distinctAnswers), so many more
 * episodes are tried than there are cells, and the pool repeats the episodes of small
 * scenarios (electrical_resistor: 178 distinct in 1,000 draws).
 */
export const ATTEMPTS = 128;
export const MAX_DRAWS = 1024;

/** The level of a scalar at a horizon: its band, when that band is one of the horizon's levels. */
export function levelAt(complexity: number, horizon: number): Level | null {
  const level = bandOf(BANDS, complexity);
  return level !== null && HORIZON_OF[level] === horizon ? level : null;
}

/** Gold triples, renamed to the answer's field names. */
export function goldTriples(m: MechanismModel, g: ReachGraph) {
  return transitionTriples(m, g).map((t) => ({ component: t.component, source_state: t.source, target_state: t.target }));
}

/**
 * Table 2: for each distinct episode expanded as a source (depth < H), B_x · T_x with
 * B_x the number of non-intrastate causes (1 at an instant; for g termination groups of
 * a lasting episode, 2^g − 1 under the sound profile, g under the paper's) and T_x the declared transitions out of its components' states.
 */
export function complexityTerms(z: SemanticObjects, scenario: string, g: ReachGraph, horizon: number) {
  const session = z.session(scenario);
  const t = session.table;
  const expanded = [...new Set(g.layers.filter((l) => l.depth < horizon).flatMap((l) => l.episodes))].sort((a, b) => a - b);
  return expanded.map((id) => {
    const x = g.episodes[id];
    const instant = mandatoryDepartures(t, x).length > 0;
    const groups = instant ? 0 : terminationGroups(t, optionalTerminations(t, x), session.source(x.state).classes).length;
    const declared = z.model.transitions.filter((d) => x.state[d.instance] === d.from).length;
    // the paper's atomic causes are the groups themselves; the sound profile takes every nonempty union
    const boundary = instant ? 1 : takes(session.rules, "cause-unions") ? 2 ** groups - 1 : groups;
    return { episode: id, boundary_causes: boundary, declared_transitions: declared };
  });
}

function renderBody(m: MechanismModel, rules: EdgeRules, x0: InitialEpisode, horizon: number): string {
  return [
    "List every admissible component-state transition in this mechanism scenario.",
    "",
    `Build the exact episode graph reachable from the initial episode within ${horizon} edge${horizon === 1 ? "" : "s"} (the horizon): ${horizonEdgesText(horizon)}.`,
    "Return each distinct change of one component's state realized by at least one of those edges, as (component, source state, target state). An edge that changes several components gives one entry per changed component. A declared transition that no edge realizes is not returned, and edges that change only cells are ignored.",
    "",
    ...episodeModelLines(m, x0.scenario, rules),
    "",
    `The horizon is ${horizon}.`,
    ...episodeLines(m, "Initial episode", x0.episode),
    "",
    "Answer with one JSON object of this shape, one entry per distinct triple, sorted by component, then source_state, then target_state:",
    JSON.stringify({ answer: { admissible_component_state_transitions: [{ component: "<component>", source_state: "<state>", target_state: "<state>" }] } }),
  ].join("\n");
}

/** One candidate: the graph of x0 at this horizon, its Table 2 terms and its level. */
function candidate(z: SemanticObjects, x0: InitialEpisode, horizon: number, g: ReachGraph, terms: TransitionAudit["sources"], complexity: number, level: Level): FamilyCandidate {
  return {
    complexity,
    level,
    query: () => {
      const triples = goldTriples(z.model, g);
      const graph = auditGraph(z.model, x0.scenario, z.profile, horizon, g);
      const witnesses = triples.map((t) => ({
        triple: t,
        edges: g.edges.map((e, id) => ({ e, id }))
          .filter(({ e }) => e.source !== e.target && componentChanges(z.model, g.episodes[e.source], g.episodes[e.target])
            .some((c) => c.component === t.component && c.source === t.source_state && c.target === t.target_state))
          .map(({ id }) => id),
      }));
      const audit: TransitionAudit = { graph, witnesses, sources: terms };
      return { answer: { admissible_component_state_transitions: triples }, audit };
    },
    render: () => renderBody(z.model, z.rules, x0, horizon),
  };
}

export const transition: TaskFamily = {
  id: "transition",
  title: "transition",
  answer: TransitionAnswer,
  distinctAnswers: true,
  levelOf: (complexity, audit) => levelAt(complexity, TransitionAudit.parse(audit).graph.horizon),
  bands: Object.fromEntries(LEVELS.map((l) => {
    const [lo, hi] = BANDS[l];
    return [l, `${hi === Infinity ? `>= ${lo}` : `${lo}-${hi}`} at horizon ${HORIZON_OF[l]}`];
  })) as Record<Level, string>,

  *candidates(z, _seed, wanted) {
    const seen = new Set<string>();
    for (let k = 0; k < MAX_DRAWS && seen.size < ATTEMPTS; k++) {
      const x0 = z.initial(k);
      if (!x0) continue;
      // an episode drawn again would give the same candidates, each turned away again (its
      // answer admitted, its cell full, or failing the check it failed before)
      const key = `${x0.scenario}|${episodeKey(z.model, x0.episode)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      for (const horizon of HORIZONS) {
        // a graph of this horizon could only land in its own levels: build it only when one has room
        if (!LEVELS.some((l) => HORIZON_OF[l] === horizon && wanted(l))) continue;
        const g = z.graph(x0, horizon);
        if (!g) continue;
        const terms = complexityTerms(z, x0.scenario, g, horizon);
        const complexity = terms.reduce((n, s) => n + s.boundary_causes * s.declared_transitions, 0);
        const level = levelAt(complexity, horizon);
        if (level === null) continue;
        yield candidate(z, x0, horizon, g, terms, complexity, level);
      }
    }
  },

  valid(gold) {
    return (gold.answer.admissible_component_state_transitions as unknown[]).length ? null : "no edge changes a component's state";
  },

  recheck(model, auditData, sessions) {
    const audit = TransitionAudit.parse(auditData);
    return { admissible_component_state_transitions: goldTriples(model, rebuildGraph(model, audit.graph, undefined, sessions)) };
  },

  explain(_answer, auditData) {
    const audit = TransitionAudit.parse(auditData);
    const g = audit.graph;
    const out = [`${g.episodes.length} episodes and ${g.edges.length} edges within horizon ${g.horizon} (scenario ${g.scenario}).`];
    for (const w of audit.witnesses) {
      out.push(`${w.triple.component}: ${w.triple.source_state} -> ${w.triple.target_state} on ${w.edges.length} edge${w.edges.length === 1 ? "" : "s"}, e.g. edge ${w.edges[0]} (episode ${g.edges[w.edges[0]].source} -> ${g.edges[w.edges[0]].target}, ${g.edges[w.edges[0]].cause.kind})`);
    }
    return out;
  },
};
