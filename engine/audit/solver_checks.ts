// The solver-backed converter checks: each compiles the mechanism's composite states and
// solves them. Every scenario admits a consistent composite state, every scenario's
// restrictions are satisfiable, and no transition is dead. The solves are shared between
// the checks through Solves. docs/catalog/checks.md states each check precisely.
import { coordinateTable } from "../episode/coordinates.ts";
import type { MechanismModel, ModelGuard, ModelInstance } from "../model/model.ts";
import { compile, type CompositeState, compositeStates } from "../compile/compile.ts";
import type { Problem } from "../compile/problem.ts";
import { solve, type SolveOptions } from "../solve/solver.ts";
import type { ScenarioSummary } from "../solve/scenario_summary.ts";
import type { CheckContext } from "./check_context.ts";
import { formatCells, formatConditions } from "./describe_mechanism.ts";
import type { Adder } from "./findings.ts";

/** Id under which the mechanism is solved without any scenario restriction. */
const UNRESTRICTED = "(no scenario restrictions)";

/** Solves of every composite state, cached per (state, scenario). */
export class Solves {
  readonly states: CompositeState[];
  /** Scenario (or UNRESTRICTED) → count per composite state. */
  private readonly counts = new Map<string, bigint[]>();
  /** Per composite state, without scenario restrictions: the supported cells of each variable as a bit mask. */
  readonly supported: (Uint32Array | null)[] = [];
  /** The model solved without scenario restrictions, and the scenario id that means that. */
  readonly free: { model: MechanismModel; id: string };

  constructor(private readonly ctx: CheckContext, readonly solveOptions?: SolveOptions) {
    const model = ctx.model;
    this.states = [...compositeStates(model)];
    const plain = model.scenarios.find((s) => !s.context.length && !s.restrict.length);
    this.free = plain
      ? { model, id: plain.id }
      : { model: { ...model, scenarios: [...model.scenarios, { id: UNRESTRICTED, context: [], restrict: [] }] }, id: UNRESTRICTED };
    const counts = this.states.map((s) => {
      const sol = solve(compile(this.free.model, s, this.free.id).problem, this.solveOptions);
      this.supported.push(sol.count > 0n ? Uint32Array.from(sol.supported, (cells) => cells.reduce((m, c) => (m | (1 << c)) >>> 0, 0)) : null);
      return sol.count;
    });
    this.counts.set(UNRESTRICTED, counts);
  }

  /** The scenario's cache key: scenarios without restrictions share the unrestricted solves. */
  private key(id: string): string {
    const sc = this.ctx.model.scenarios.find((s) => s.id === id);
    return !sc || (!sc.context.length && !sc.restrict.length) ? UNRESTRICTED : id;
  }

  countsOf(id: string): bigint[] {
    const key = this.key(id);
    let c = this.counts.get(key);
    if (!c) {
      c = this.states.map((s) => solve(compile(this.ctx.model, s, id).problem, this.solveOptions).count);
      this.counts.set(key, c);
    }
    return c;
  }

  summary(id: string): ScenarioSummary {
    const c = this.countsOf(id);
    return { id, consistent: c.filter((n) => n > 0n).length, interpretations: c.reduce((a, b) => a + b, 0n).toString() };
  }

  unrestrictedConsistent(): number {
    return this.counts.get(UNRESTRICTED)!.filter((n) => n > 0n).length;
  }

  /**
   * Some consistent composite state (without scenario restrictions) has `instance` in
   * `state` and an interpretation satisfying `guard`; returns its index or -1.
   *
   * First a necessary test per variable: a guard {v: cells, …} can hold in a state only
   * if every guarded variable's supported set there meets its cells. This is per
   * variable, so it is necessary but not sufficient: each variable may take an allowed
   * cell in some interpretation without one interpretation taking all of them (for a
   * single guarded variable it is exact, since a supported cell is taken by some
   * interpretation). For guards on two or more variables the states passing the test
   * are then solved again with the guard added as domain restrictions, which is exact.
   */
  witness(instance: string, state: string, guard: readonly ModelGuard[]): number {
    const masks = guard.map((g) => g.cells.reduce((m, c) => (m | (1 << c)) >>> 0, 0));
    for (let i = 0; i < this.states.length; i++) {
      const sup = this.supported[i];
      if (!sup || this.states[i][instance] !== state) continue;
      if (!guard.every((g, k) => (sup[g.var] & masks[k]) !== 0)) continue;
      if (guard.length <= 1) return i;
      const { problem } = compile(this.free.model, this.states[i], this.free.id, guard.map((g) => ({ ...g, source: "transition guard" })));
      if (solve(problem, this.solveOptions).count > 0n) return i;
    }
    return -1;
  }

  /** How many consistent composite states (without scenario restrictions) have `instance` in `state`. */
  consistentWith(instance: string, state: string): number {
    return this.states.filter((s, i) => this.supported[i] && s[instance] === state).length;
  }

  /** Union over consistent states with `instance` in `state` of the supported cells of `v`, as a mask. */
  supportedIn(instance: string, state: string, v: number): number {
    return this.states.reduce((m, s, i) => {
      const sup = this.supported[i];
      return sup && s[instance] === state ? (m | sup[v]) >>> 0 : m;
    }, 0);
  }

  /** Union over all consistent states (without scenario restrictions) of the supported cells of `v`. */
  supportedAnywhere(v: number): number {
    return this.supported.reduce((m, sup) => (sup ? (m | sup[v]) >>> 0 : m), 0);
  }
}

/**
 * Every scenario admits a consistent composite state; returns the scenarios' summaries.
 * They are all solved before any finding is added, so a solve the solver refuses leaves
 * no findings and no summaries.
 */
export function checkConsistentStates(ctx: CheckContext, solves: Solves, add: Adder): ScenarioSummary[] {
  const { model } = ctx;
  const scenarios = model.scenarios.map((sc) => solves.summary(sc.id));
  for (const s of scenarios) {
    if (s.consistent === 0) {
      add("error", {
        scenario: s.id,
        ...ctx.mech(["scenarios", model.scenarios.findIndex((x) => x.id === s.id)]),
        message: `no composite state (of ${solves.states.length}) has a nonempty relation under scenario ${s.id}` +
          (solves.unrestrictedConsistent() === 0 ? "; none has one even without scenario restrictions" : ""),
      });
    }
  }
  return scenarios;
}

const cellsOfMask = (mask: number, n: number) => Array.from({ length: n }, (_, i) => i).filter((i) => (mask >>> i) & 1);

export function checkScenarios(ctx: CheckContext, solves: Solves, add: Adder): void {
  const { model } = ctx;
  model.scenarios.forEach((sc, si) => {
    const restrictions = [...sc.context, ...sc.restrict];
    if (!restrictions.length) return;
    // (1) Each restricted variable keeps a cell: its cells, the restrictions active in
    // every state (parameters, type restrictions, free ports) and the scenario's.
    let emptied = false;
    for (const v of new Set(restrictions.map((r) => r.var))) {
      const info = model.variables[v];
      const applied = [
        ...model.restrictions.filter((r) => r.var === v && r.state === null),
        ...restrictions.filter((r) => r.var === v),
      ];
      const left = applied.reduce((cells, r) => cells.filter((c) => r.cells.includes(c)), info.cells.map((_, i) => i));
      if (!left.length) {
        emptied = true;
        const key = sc.context.some((r) => r.var === v) ? "context" : "restrict";
        add("error", {
          scenario: sc.id, variable: info.name, ...ctx.mech(["scenarios", si, key, info.name]),
          message: `scenario ${sc.id} leaves ${info.name} no value: ${applied.map((r) => `${r.source} allows ${formatCells(info, r.cells)}`).join("; ")}`,
        });
      }
    }
    if (emptied) return;
    // (2) The scenario admits a consistent composite state.
    if (solves.summary(sc.id).consistent > 0) return;
    const free = solves.unrestrictedConsistent();
    if (free === 0) {
      add("error", {
        scenario: sc.id, ...ctx.mech(["scenarios", si]),
        message: `scenario ${sc.id} admits no consistent composite state; the mechanism has none even without scenario restrictions`,
      });
      return;
    }
    // Which restriction excludes every consistent state on its own? Per variable, the
    // union of supported cells over the consistent states is exact.
    const culprits: string[] = [];
    for (const v of new Set(restrictions.map((r) => r.var))) {
      const info = model.variables[v];
      const allowed = restrictions.filter((r) => r.var === v).reduce((cells, r) => cells.filter((c) => r.cells.includes(c)), info.cells.map((_, i) => i));
      const taken = solves.supportedAnywhere(v);
      if (!allowed.some((c) => (taken >>> c) & 1)) {
        culprits.push(`${info.name} ${formatCells(info, allowed)} (in the ${free} consistent states it is only ${formatCells(info, cellsOfMask(taken, info.cells.length))})`);
      }
    }
    add("error", {
      scenario: sc.id, ...ctx.mech(["scenarios", si]),
      message: `scenario ${sc.id} admits no consistent composite state although ${free} are consistent without its restrictions: ` +
        (culprits.length ? `no consistent state has ${culprits.join("; ")}` : `each restricted variable can take its cells, but not all together`),
    });
  });
}

/**
 * The isolated problem of one component in one local state: its variables, its laws
 * and its own restrictions (parameters, type, state), nothing from connections, free
 * ports or scenarios, with `guard` added to the domains.
 */
function isolatedProblem(model: MechanismModel, inst: ModelInstance, state: string, guard: readonly ModelGuard[]): Problem {
  const local = new Map(inst.variables.map((g, i) => [g, i]));
  const domains = inst.variables.map((g) => model.variables[g].cells.map((_, i) => i));
  const narrow = (v: number, cells: readonly number[]) => {
    const i = local.get(v);
    if (i !== undefined) domains[i] = domains[i].filter((c) => cells.includes(c));
  };
  for (const r of model.restrictions) {
    if (r.instance === inst.name && !r.source.startsWith("free port ") && (r.state === null || r.state === state)) narrow(r.var, r.cells);
  }
  for (const g of guard) narrow(g.var, g.cells);
  const laws = model.laws.filter((l) =>
    l.origin === "component" && l.instance === inst.name && (l.state === null || l.state === state) &&
    l.terms.every((t) => t.factors.every((f) => local.has(f.var)))
  );
  return {
    variables: inst.variables.map((g, i) => ({ name: model.variables[g].name, cells: [...model.variables[g].cells], signs: [...model.variables[g].signs], domain: domains[i] })),
    confluences: laws.map((l) => ({ id: l.id, terms: l.terms.map((t) => ({ coef: t.coef, factors: t.factors.map((f) => ({ var: local.get(f.var)!, exp: f.exp })) })) })),
  };
}

export function checkTransitions(ctx: CheckContext, solves: Solves, add: Adder): void {
  const { model } = ctx;
  const coords = coordinateTable(model).coords;
  for (const t of model.transitions) {
    const inst = ctx.instance(t.instance)!;
    const label = `${t.from} → ${t.to}`;
    const base = { component: t.instance, transition: label, ...ctx.transitionPath(t) };
    // events move integrated coordinates only (docs/semantics.md §13.3): a declaration keyed
    // on anything else can fire only under the amended Decl reading (§13.10)
    if (t.event !== null && coords[t.event].kind !== "integrated") {
      add("warning", {
        ...base,
        message: `transition ${label} of ${ctx.typeName(t.instance)} is keyed on ${model.variables[t.event].local}, which has no derivative variable and so is never an event of a cause: ` +
          "under the paper's edge rules (--rules paper) it never fires; key it on a quantity with a derivative",
      });
    }
    for (const [side, state, guard] of [["source guard H−", t.from, t.source], ["target guard H+", t.to, t.target]] as const) {
      const shown = formatConditions(model, guard, t.instance);
      // Dead in every mechanism: the component's own laws and restrictions exclude the guard.
      if (solve(isolatedProblem(model, inst, state, guard), solves.solveOptions).count === 0n) {
        add("error", {
          ...base, state,
          message: `transition ${label} of ${ctx.typeName(t.instance)} is dead: in state ${state} the component's own laws and restrictions ` +
            `exclude its ${side} ${shown}, so it can never ${side.startsWith("source") ? "fire" : "complete"} in any mechanism`,
        });
        continue;
      }
      if (solves.witness(t.instance, state, guard) >= 0) continue;
      // Satisfiable alone but not here: the mechanism's connections exclude it.
      const inState = solves.consistentWith(t.instance, state);
      let why: string;
      if (inState === 0) {
        why = `${t.instance} is in ${state} in no consistent composite state`;
      } else {
        const inStates = inState === 1 ? "in the only consistent composite state" : `in the ${inState} consistent composite states`;
        const never = guard.filter((g) => {
          const mask = solves.supportedIn(t.instance, state, g.var);
          return !g.cells.some((c) => (mask >>> c) & 1);
        });
        why = never.length
          ? `${inStates} with ${t.instance} in ${state}, ` +
            never.map((g) => `${model.variables[g.var].local} is never ${formatCells(model.variables[g.var], g.cells)}`).join(" and ")
          : `${inStates} with ${t.instance} in ${state}, no interpretation satisfies all of ${shown} at once`;
      }
      add("warning", {
        ...base, state,
        message: `transition ${label} of ${ctx.typeName(t.instance)} never ${side.startsWith("source") ? "fires" : "completes"} in this mechanism ` +
          `(without scenario restrictions): its ${side} ${shown} is satisfiable for the component alone, but ${why}`,
      });
    }
  }
}
