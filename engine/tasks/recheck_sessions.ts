// The simulation sessions `mech tasks verify` shares across the rechecks of one mechanism's
// tasks, as generation shares Z_M: one session per (scenario, edge rules, case
// restrictions), so an episode's successors are generated once however many tasks' graphs
// hold it. They are the checker's own sessions, built from the catalog alone; nothing of
// the generator's is reused.
import { compile, type CompositeState, compositeStates, type ExtraRestriction } from "../compile/compile.ts";
import { type Factors, factorsOf, ResultCache, solve } from "../solve/solver.ts";
import type { RuleProfile } from "../episode/rule_names.ts";
import { edgeRules, takes } from "../episode/rules.ts";
import { Session } from "../episode/session.ts";
import type { MechanismModel } from "../model/model.ts";

export class RecheckSessions {
  private readonly sessions = new Map<string, Session>();
  private states?: CompositeState[];
  private readonly inContext = new Map<string, Factors>();
  /** Kernel results of the mechanism's problems, for the rechecks to share (withSolveCache). */
  readonly results = new ResultCache();

  constructor(readonly model: MechanismModel) {}

  /** The session of a scenario under a profile (with `caseRestrictions`: see Session's option of that name). */
  session(scenario: string, rules: RuleProfile, caseRestrictions?: readonly ExtraRestriction[]): Session {
    const readings = edgeRules(rules);
    // a context-only universe ignores case restrictions (Session), so they do not split sessions
    const own = takes(readings, "context-universe") ? undefined : caseRestrictions;
    const key = JSON.stringify([scenario, rules, own?.map((r) => [r.var, r.cells]) ?? null]);
    let s = this.sessions.get(key);
    if (!s) {
      s = new Session(this.model, scenario, { rules: readings, ...(own ? { caseRestrictions: own } : {}) });
      this.sessions.set(key, s);
    }
    return s;
  }

  /** Every composite state of the mechanism, in canonical order (compositeStates). */
  allStates(): readonly CompositeState[] {
    return (this.states ??= [...compositeStates(this.model)]);
  }

  /**
   * Composite state i's factors in a scenario's context universe (the restrictions active
   * in the state and the scenario's context), solved once: counts under further
   * restrictions are read off them (countRestricted).
   */
  factorsInContext(scenario: string, i: number): Factors {
    const key = `${scenario}|${i}`;
    let f = this.inContext.get(key);
    if (!f) {
      f = factorsOf(solve(compile(this.model, this.allStates()[i], scenario, [], { contextOnly: true }).problem));
      this.inContext.set(key, f);
    }
    return f;
  }
}
