// The parts of persisted answers and audits the shortcut measures read, declared here
// again rather than imported from the families: a measure depends on the data a task
// carries, never on how its generator builds it. Objects are not strict, so fields a
// generator adds later are ignored.
import { z } from "zod";
import { RuleProfileSchema } from "../../episode/rules.ts";

export const Fact = z.object({ var: z.string(), cell: z.string() });
export type Fact = z.infer<typeof Fact>;

/** A bounded episode graph as audits persist it: ids are positions, cells index the listed cell names. */
export const Graph = z.object({
  scenario: z.string(),
  rules: RuleProfileSchema,
  variables: z.array(z.object({ name: z.string(), cells: z.array(z.string()) })),
  initial: z.array(z.int().min(0)).min(1),
  layers: z.array(z.object({ episodes: z.array(z.int().min(0)) })).min(1),
  episodes: z.array(z.object({ state: z.record(z.string(), z.string()), cells: z.array(z.int().min(0)) })),
  edges: z.array(z.object({ source: z.int().min(0), target: z.int().min(0) })),
});
export type Graph = z.infer<typeof Graph>;

export const PlausibilityRead = z.object({
  answer: z.object({ plausibility_labels: z.string().regex(/^[PI]+$/) }),
  audit: z.object({
    graph: Graph.extend({ horizon: z.int().min(1) }),
    /** In query order; checkpoint t = 1 … H. */
    narratives: z.array(z.object({ checkpoints: z.array(z.array(Fact)) })),
  }),
});
export type PlausibilityRead = z.infer<typeof PlausibilityRead>;

const NamedRestriction = z.object({ var: z.string(), cells: z.array(z.string()) });

export const FunctionalRecoveryRead = z.object({
  answer: z.object({ plan_statuses: z.string().regex(/^[UDR]+$/) }),
  audit: z.object({
    lost: z.array(NamedRestriction).min(1),
    goal: z.array(Fact).min(1),
    unsafe: z.array(Fact).min(1),
    /** Layer 0 is the fault-belief library; the edges are its one-edge successors. */
    graph: Graph,
    /** In display order: each plan's outcomes as graph episode ids. */
    policies: z.array(z.object({ outcomes: z.array(z.int().min(0)).min(1) })),
  }),
});
export type FunctionalRecoveryRead = z.infer<typeof FunctionalRecoveryRead>;

export const Triple = z.object({ component: z.string(), source_state: z.string(), target_state: z.string() });
export const TransitionRead = z.object({ answer: z.object({ admissible_component_state_transitions: z.array(Triple) }) });
export type TransitionRead = z.infer<typeof TransitionRead>;

export const NecessityRead = z.object({ answer: z.object({ necessity_labels: z.string().regex(/^[NU]+$/) }) });
export type NecessityRead = z.infer<typeof NecessityRead>;
