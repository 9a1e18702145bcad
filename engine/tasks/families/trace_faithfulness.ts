// Trace faithfulness (Definition 9, Table 7): independent six-step propagation traces
// over the laws of a context (a consistent composite state and its initial domains).
// Faithful steps show the target's current domain and the exact supported set of the
// cited law; unfaithful steps cite a wrong law, show a stale before-set, or show a
// near-miss after-set. Every step is then rechecked by the definition; the gold is
// the number of unfaithful steps.
import { z } from "zod";
import type { MechanismModel, ModelLaw } from "../../model/model.ts";
import type { CompositeState } from "../../compile/compile.ts";
import { activeIn, compile } from "../../compile/compile.ts";
import { bandLevels, LEVELS, type Level, type FamilyCandidate, type Gold, type TaskFamily } from "../family.ts";
import type { SemanticObjects } from "../semantic_objects.ts";
import { keyedRandom, type Random } from "../../files/random.ts";
import { CONFLUENCE_RULE, quantitySpaceLines, termsText } from "../render/model_text.ts";
import { bruteForceSupport, lawVariables, LocalSupport, localSupportOf } from "./local_support.ts";
import { cellByName, namedCells, namedState, variableByName } from "./audit_names.ts";

export const STEPS_PER_TRACE = 6;
/** Traces per task at D1–D4 (Table 7): 132, 174, 222 and 264 step judgments. */
export const TRACES: Record<Level, number> = { D1: 22, D2: 29, D3: 37, D4: 44 };
/** Candidates tried per level before the cell is left partial. */
export const ATTEMPTS_PER_LEVEL = 12;

export const TraceFaithfulnessAnswer = z.object({ unfaithful_step_count: z.int().min(0) }).strict();

export const STEP_KINDS = ["faithful", "wrong_law", "before_mismatch", "near_miss"] as const;
type StepKind = (typeof STEP_KINDS)[number];

const ExchangeConfluence = z.object({
  id: z.string(),
  terms: z.array(z.object({ coef: z.literal([-1, 1]), factors: z.array(z.object({ var: z.string(), exp: z.int().min(1) }).strict()) }).strict()),
}).strict();

export const TraceFaithfulnessAudit = z.object({
  contexts: z.array(z.object({
    id: z.string(),
    state: z.record(z.string(), z.string()),
    domains: z.record(z.string(), z.array(z.string())),
  }).strict()),
  traces: z.array(z.object({
    id: z.string(),
    context: z.string(),
    steps: z.array(z.object({
      index: z.int().min(1),
      target: z.string(),
      before: z.array(z.string()),
      after: z.array(z.string()),
      law: ExchangeConfluence,
      current: z.array(z.string()),
      supported: z.array(z.string()),
      construction: z.enum(STEP_KINDS),
      faithful: z.boolean(),
    }).strict()),
  }).strict()),
  unfaithful_step_count: z.int().min(0),
}).strict();
type TraceFaithfulnessAudit = z.infer<typeof TraceFaithfulnessAudit>;

interface Step {
  target: number;
  before: number[];
  after: number[];
  law: ModelLaw;
  kind: StepKind;
}

interface Context {
  id: string;
  state: number;
  domains: number[][];
  laws: ModelLaw[];
}

interface Trace {
  id: string;
  context: Context;
  steps: Step[];
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);
const allCells = (m: MechanismModel, v: number) => m.variables[v].cells.map((_, i) => i);

function activeLaws(m: MechanismModel, s: CompositeState): ModelLaw[] {
  return m.laws.filter((l) => activeIn(l, s) && lawVariables(l).some((v) => m.variables[v].kind !== "parameter"));
}

/** A (law, target) pair whose support narrows the target, if one is found in a few draws. */
function pickStep(m: MechanismModel, local: LocalSupport, rng: Random, laws: ModelLaw[], d: number[][]): { law: ModelLaw; target: number; support: number[] } {
  let fallback: { law: ModelLaw; target: number; support: number[] } | null = null;
  for (let tries = 0; tries < 16; tries++) {
    const law = rng.pick(laws);
    const target = rng.pick(lawVariables(law).filter((v) => m.variables[v].kind !== "parameter"));
    const support = local.support(law, d, target);
    if (support.length && support.length < d[target].length) return { law, target, support };
    if (support.length && !fallback) fallback = { law, target, support };
  }
  if (fallback) return fallback;
  const law = rng.pick(laws);
  const target = rng.pick(lawVariables(law).filter((v) => m.variables[v].kind !== "parameter"));
  return { law, target, support: local.support(law, d, target) };
}

/** One unfaithful step of a kind that applies here, or null when none does. */
function unfaithfulStep(m: MechanismModel, local: LocalSupport, rng: Random, laws: ModelLaw[], d: number[][], law: ModelLaw, target: number, support: number[]): Step | null {
  const options: (() => Step | null)[] = [
    () => {
      // wrong law: another law whose support for the target differs (or lacks the target)
      for (let tries = 0; tries < 16; tries++) {
        const other = rng.pick(laws);
        if (other.id !== law.id && !same(local.support(other, d, target), support)) return { target, before: d[target], after: support, law: other, kind: "wrong_law" };
      }
      return null;
    },
    () => {
      // stale before-set: the whole space when narrowed, else the domain less one cell
      const full = allCells(m, target);
      if (!same(full, d[target])) return { target, before: full, after: support, law, kind: "before_mismatch" };
      if (d[target].length < 2) return null;
      const drop = rng.pick(d[target]);
      return { target, before: d[target].filter((c) => c !== drop), after: support, law, kind: "before_mismatch" };
    },
    () => {
      // near miss: one cell of the current domain too many, else one too few, else one from outside
      const extra = d[target].filter((c) => !support.includes(c));
      if (extra.length) return { target, before: d[target], after: sorted([...support, rng.pick(extra)]), law, kind: "near_miss" };
      if (support.length >= 2) {
        const drop = rng.pick(support);
        return { target, before: d[target], after: support.filter((c) => c !== drop), law, kind: "near_miss" };
      }
      const outside = allCells(m, target).filter((c) => !support.includes(c));
      return outside.length ? { target, before: d[target], after: sorted([...support, rng.pick(outside)]), law, kind: "near_miss" } : null;
    },
  ];
  for (const make of rng.shuffle(options)) {
    const step = make();
    if (step) return step;
  }
  return null;
}

function buildTraces(z: SemanticObjects, rng: Random, traceCount: number): Trace[] {
  const m = z.model;
  const local = localSupportOf(m);
  const wanted = rng.between(2, 4);
  const chosen = new Set<number>();
  for (let k = 0; k < wanted; k++) {
    const s = z.drawConsistent(rng, chosen);
    if (s === null) break;
    chosen.add(s);
  }
  const contexts: Context[] = [...chosen].map((s, k) => ({
    id: `X${String(k + 1).padStart(2, "0")}`,
    state: s,
    domains: z.problem(s).variables.map((v) => [...v.domain]),
    laws: activeLaws(m, z.states[s]),
  }));
  const unfaithfulRate = 0.1 + 0.4 * rng.next();
  const traces: Trace[] = [];
  for (let g = 0; g < traceCount; g++) {
    const context = contexts[g % contexts.length];
    const d = context.domains.map((x) => [...x]);
    const steps: Step[] = [];
    for (let j = 0; j < STEPS_PER_TRACE; j++) {
      const { law, target, support } = pickStep(m, local, rng, context.laws, d);
      const wrong = rng.next() < unfaithfulRate ? unfaithfulStep(m, local, rng, context.laws, d, law, target, support) : null;
      const step = wrong ?? { target, before: [...d[target]], after: support, law, kind: "faithful" as const };
      steps.push(step);
      d[target] = [...step.after];
    }
    traces.push({ id: `T${String(g + 1).padStart(2, "0")}`, context, steps });
  }
  return traces;
}

/** Replays the traces by Definition 9 with `support`; returns per step (current, supported, faithful). */
export function replay<T extends { target: number; before: readonly number[]; after: readonly number[]; law: ModelLaw }>(
  traces: { initial: readonly (readonly number[])[]; steps: T[] }[],
  support: (law: ModelLaw, d: readonly (readonly number[])[], target: number) => number[],
): { current: number[]; supported: number[]; faithful: boolean }[][] {
  return traces.map((t) => {
    const d = t.initial.map((x) => [...x]);
    return t.steps.map((s) => {
      const current = [...d[s.target]];
      const supported = support(s.law, d, s.target);
      const inLaw = lawVariables(s.law).includes(s.target);
      const faithful = same(sorted(s.before), current) && inLaw && same(supported, sorted(s.after));
      d[s.target] = sorted(s.after);
      return { current, supported, faithful };
    });
  });
}

const exchangeLaw = (m: MechanismModel, law: ModelLaw) => ({
  id: law.id,
  terms: law.terms.map((t) => ({ coef: t.coef, factors: t.factors.map((f) => ({ var: m.variables[f.var].name, exp: f.exp })) })),
});

function displayedVariables(traces: Trace[], context: Context): number[] {
  const vars = new Set<number>();
  for (const t of traces) if (t.context === context) for (const s of t.steps) for (const v of [s.target, ...lawVariables(s.law)]) vars.add(v);
  return sorted(vars);
}

function goldOf(z: SemanticObjects, traces: Trace[], contexts: Context[]): Gold {
  const m = z.model;
  const local = localSupportOf(m);
  const verdicts = replay(traces.map((t) => ({ initial: t.context.domains, steps: t.steps })), (law, d, v) => local.support(law, d, v));
  const count = verdicts.flat().filter((v) => !v.faithful).length;
  const audit: TraceFaithfulnessAudit = {
    contexts: contexts.map((c) => ({
      id: c.id,
      state: namedState(m, z.states[c.state]),
      domains: Object.fromEntries(displayedVariables(traces, c).map((v) => [m.variables[v].name, namedCells(m, v, c.domains[v])])),
    })),
    traces: traces.map((t, g) => ({
      id: t.id,
      context: t.context.id,
      steps: t.steps.map((s, j) => ({
        index: j + 1,
        target: m.variables[s.target].name,
        before: namedCells(m, s.target, s.before),
        after: namedCells(m, s.target, s.after),
        law: exchangeLaw(m, s.law),
        current: namedCells(m, s.target, verdicts[g][j].current),
        supported: namedCells(m, s.target, verdicts[g][j].supported),
        construction: s.kind,
        faithful: verdicts[g][j].faithful,
      })),
    })),
    unfaithful_step_count: count,
  };
  return { answer: { unfaithful_step_count: count }, audit };
}

function renderBody(z: SemanticObjects, traces: Trace[], contexts: Context[]): string {
  const m = z.model;
  const cited = new Set<string>();
  for (const t of traces) for (const s of t.steps) cited.add(s.law.id);
  const laws = m.laws.filter((l) => cited.has(l.id));
  const shown = new Set<number>();
  for (const c of contexts) for (const v of displayedVariables(traces, c)) shown.add(v);
  const out = [
    "Audit independent qualitative propagation traces.",
    "",
    "Each trace works on the domains of one context: it starts from that context's initial domains and ignores every other trace.",
    "A step names a target variable, the target's domain before the step, the domain after it, and the cited law.",
    "The cited law supports a cell of the target's current domain exactly when the law's other distinct variables can take cells from their current domains so that the law holds with the target in that cell.",
    "A step is faithful exactly when its before-set equals the target's current domain, the cited law contains the target, and the after-set equals the set of supported cells; otherwise it is unfaithful.",
    "After every step, faithful or not, the target's current domain becomes the displayed after-set. Later steps of the same trace use the updated domains.",
    CONFLUENCE_RULE,
    "",
    ...quantitySpaceLines(m, shown),
    "",
    `Contexts (${contexts.length}). The selected states are for orientation; the initial domains listed are all a step can need.`,
    ...contexts.flatMap((c) => [
      `${c.id}: selected states ${m.instances.map((i) => `${i.name}.${z.states[c.state][i.name]}`).join(", ")}.`,
      `${c.id} initial domains: ${JSON.stringify(Object.fromEntries(displayedVariables(traces, c).map((v) => [m.variables[v].name, namedCells(m, v, c.domains[v])])))}`,
    ]),
    "",
    `Cited laws (${laws.length}):`,
    ...laws.map((l) => `- ${l.id}: ${termsText(m, l.terms)}`),
    "",
    `Traces (${traces.length}, ${STEPS_PER_TRACE} steps each). Each step is [index, target, before, after, cited law].`,
    ...traces.flatMap((t) => [
      `${t.id} (context ${t.context.id}):`,
      ...t.steps.map((s, j) => JSON.stringify([j + 1, m.variables[s.target].name, namedCells(m, s.target, s.before), namedCells(m, s.target, s.after), s.law.id])),
    ]),
    "",
    "Count the unfaithful steps over all traces. Answer with one JSON object of exactly this shape:",
    JSON.stringify({ answer: { unfaithful_step_count: 0 } }),
  ];
  return out.join("\n");
}

export const traceFaithfulness: TaskFamily = {
  id: "trace_faithfulness",
  title: "trace faithfulness",
  answer: TraceFaithfulnessAnswer,
  // The scalar Σ h_g is six times the trace count, so each level has one value.
  ...bandLevels({ D1: [1, 132], D2: [133, 174], D3: [175, 222], D4: [223, 264] }),

  *candidates(z, seed, wanted) {
    if (z.drawConsistent(keyedRandom(`${seed}/trace_faithfulness/${z.model.id}/any`), new Set()) === null) return;
    for (let attempt = 0; attempt < ATTEMPTS_PER_LEVEL; attempt++) {
      for (const level of LEVELS.filter(wanted)) {
        const traceCount = TRACES[level];
        let built: { traces: Trace[]; contexts: Context[] } | undefined;
        const build = () => {
          if (!built) {
            const traces = buildTraces(z, keyedRandom(`${seed}/trace_faithfulness/${z.model.id}/${level}/${attempt}`), traceCount);
            const contexts = [...new Set(traces.map((t) => t.context))];
            built = { traces, contexts };
          }
          return built;
        };
        const candidate: FamilyCandidate = {
          complexity: traceCount * STEPS_PER_TRACE,
          level,
          query: () => goldOf(z, build().traces, build().contexts),
          render: () => renderBody(z, build().traces, build().contexts),
        };
        yield candidate;
      }
    }
  },

  valid(gold) {
    const audit = gold.audit as TraceFaithfulnessAudit;
    for (const t of audit.traces) {
      for (const s of t.steps) {
        if ((s.construction === "faithful") !== s.faithful) {
          return `${t.id} step ${s.index} was built ${s.construction} but rechecks as ${s.faithful ? "faithful" : "unfaithful"}`;
        }
      }
    }
    return null;
  },

  explain(_answer, auditData) {
    const audit = TraceFaithfulnessAudit.parse(auditData);
    const set = (cells: string[]) => `{${cells.join(", ")}}`;
    const out: string[] = [];
    for (const t of audit.traces) {
      out.push(`${t.id} (context ${t.context}):`);
      for (const s of t.steps) {
        const inLaw = s.law.terms.some((term) => term.factors.some((f) => f.var === s.target));
        const why = s.faithful ? "faithful"
          : set(s.before) !== set(s.current) ? `unfaithful: the before-set is not the current domain ${set(s.current)}`
          : !inLaw ? `unfaithful: ${s.law.id} does not contain ${s.target}`
          : `unfaithful: ${s.law.id} supports ${set(s.supported)}, not ${set(s.after)}`;
        out.push(`  ${s.index}. ${s.target}: ${set(s.before)} -> ${set(s.after)} by ${s.law.id}: ${why}`);
      }
    }
    out.push(`${audit.unfaithful_step_count} unfaithful step${audit.unfaithful_step_count === 1 ? "" : "s"}`);
    return out;
  },

  recheck(model, auditData) {
    const audit = TraceFaithfulnessAudit.parse(auditData);
    const initial = new Map(audit.contexts.map((c) => {
      const domains = compile(model, c.state, undefined, [], { withoutScenario: true }).problem.variables.map((v) => v.domain);
      for (const [name, cells] of Object.entries(c.domains)) {
        const v = variableByName(model, name);
        const shown = namedCells(model, v, domains[v]);
        if (!same(shown.map((x) => model.variables[v].cells.indexOf(x)), cells.map((x) => cellByName(model, v, x)))) {
          throw new Error(`context ${c.id}: ${name} starts in {${shown.join(", ")}} in the catalog, not {${cells.join(", ")}}`);
        }
      }
      return [c.id, domains];
    }));
    const laws = new Map(model.laws.map((l) => [l.id, l]));
    const verdicts = replay(audit.traces.map((t) => {
      const d = initial.get(t.context);
      if (!d) throw new Error(`${t.id} refers to an unknown context ${t.context}`);
      return {
        initial: d,
        steps: t.steps.map((s) => {
          const law = laws.get(s.law.id);
          if (!law) throw new Error(`${t.id} step ${s.index} cites ${s.law.id}, which ${model.id} does not have`);
          const target = variableByName(model, s.target);
          return { target, law, before: s.before.map((c) => cellByName(model, target, c)), after: s.after.map((c) => cellByName(model, target, c)) };
        }),
      };
    }), (law, d, v) => bruteForceSupport(model, law, d, v));
    return { unfaithful_step_count: verdicts.flat().filter((v) => !v.faithful).length };
  },
};
