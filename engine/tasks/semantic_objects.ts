// Z_M of Algorithm 1: the shared simulator objects of one mechanism, built once and
// read by every family. Solves are memoized, so families that ask about the same
// (composite state, restrictions) pair share one exact solve.
import { DEFAULT_PROFILE, type RuleProfile } from "../episode/rule_names.ts";
import { type EdgeRules, edgeRules, takes } from "../episode/rules.ts";
import type { MechanismModel } from "../model/model.ts";
import { compile, type CompositeState, compositeStates, type ExtraRestriction, findScenario } from "../compile/compile.ts";
import type { Problem } from "../compile/problem.ts";
import { countRestricted, type Factors, factorsOf, type Solution, solve } from "../solve/solver.ts";
import { keyedRandom, type Random } from "../files/random.ts";
import { Session, SessionLimitError } from "../episode/session.ts";
import { reach, type ReachGraph, ReachLimitError } from "../episode/reach.ts";
import { type Episode, episodeKey } from "../episode/episode.ts";
import { sampleInterpretation } from "../solve/solver.ts";

/** Bounds on one task's episode graph: beyond them the candidate is dropped (its prompt would not fit anyway). */
export const MAX_TASK_EPISODES = 500;
export const MAX_CANDIDATES_PER_SOURCE = 50_000;
/** Solved (state, scenario) cases kept for drawing further initial episodes. */
const MAX_CACHED_CASE_SOLUTIONS = 256;

/** An initial episode and the scenario whose context defines its universe V_r. */
export interface InitialEpisode {
  scenario: string;
  episode: Episode;
}

/** Restrictions a task displays on top of the persistent ones: variable → allowed cells. */
export interface CaseRestriction {
  var: number;
  cells: number[];
}

export class SemanticObjects {
  /** S: every complete composite state, in canonical order (docs/semantics.md §8). */
  readonly states: CompositeState[];
  /** Each state's factorized relation under the persistent restrictions, solved once. */
  private readonly factors = new Map<number, Factors>();
  /** Each solved state's supported cells as bits per variable (supportedBits). */
  private readonly supported = new Map<number, number[] | null>();
  /** Exact solves performed (for the benchmark and the progress line). */
  solves = 0;
  /** One simulation session per scenario, shared by every family (its successors are memoized). */
  private readonly sessions = new Map<string, Session>();
  private readonly caseCounts = new Map<string, bigint>();
  private readonly caseSolutions = new Map<string, Solution>();

  private readonly initials: (InitialEpisode | null)[] = [];
  private readonly graphs = new Map<string, ReachGraph | null>();

  /** `seed` keys the shared pool of initial episodes (initial()). */
  /** The edge-rule readings of every session (from the profile). */
  readonly rules: EdgeRules;

  constructor(readonly model: MechanismModel, readonly seed = "", readonly profile: RuleProfile = DEFAULT_PROFILE) {
    this.rules = edgeRules(profile);
    this.states = [...compositeStates(model)];
  }

  /**
   * The compiled problem of composite state i under the persistent restrictions and
   * `restrictions` (no catalog scenario: tasks display their own cases).
   */
  problem(i: number, restrictions: readonly CaseRestriction[] = []): Problem {
    const extra: ExtraRestriction[] = restrictions.map((r) => ({ var: r.var, cells: r.cells, source: "case" }));
    return compile(this.model, this.states[i], undefined, extra, { withoutScenario: true }).problem;
  }

  /**
   * |I_{s,r}| for composite state i under `restrictions`: one exact solve of state i
   * under the persistent restrictions, then exact counts under any case read off its
   * factors (countRestricted).
   */
  count(i: number, restrictions: readonly { var: number; cells: readonly number[] }[] = []): bigint {
    const f = this.factorsAt(i);
    return restrictions.length ? countRestricted(f, restrictions) : f.count;
  }

  /** State i's factors under the persistent restrictions, solved once. */
  private factorsAt(i: number): Factors {
    let f = this.factors.get(i);
    if (!f) {
      this.solves++;
      const sol = solve(this.problem(i));
      f = factorsOf(sol);
      this.factors.set(i, f);
      this.supported.set(i, sol.count === 0n ? null : supportedBits(sol));
    }
    return f;
  }

  /**
   * Per variable, a bit per cell some interpretation of composite state i (under the
   * persistent restrictions) gives it; null when the state has none. A cheap filter
   * before counting under restrictions.
   */
  supportedBits(i: number): readonly number[] | null {
    this.factorsAt(i);
    return this.supported.get(i)!;
  }

  /** Whether composite state i has an admissible interpretation under the persistent restrictions. */
  consistent(i: number): boolean {
    return this.count(i) > 0n;
  }

  /**
   * A state drawn uniformly from the consistent states outside `taken`, or null when
   * there is none. States are examined in a random order and solved only when drawn
   * (memoized), so a mechanism's whole state space is solved only when it must be.
   */
  drawConsistent(rng: Random, taken: ReadonlySet<number>): number | null {
    return firstInRandomOrder(rng, this.states.map((_, i) => i).filter((i) => !taken.has(i)), (i) => this.consistent(i));
  }

  /**
   * The simulation session of a scenario (Algorithm 2, lines 22-29), created once; with
   * `caseRestrictions`, one whose universe keeps those instead of the scenario's case
   * when the profile solves the universe with case restrictions.
   */
  session(scenario: string, caseRestrictions?: readonly ExtraRestriction[]): Session {
    const override = caseRestrictions && !takes(this.rules, "context-universe");
    const key = override ? `${scenario}|${JSON.stringify(caseRestrictions.map((r) => [r.var, r.cells]))}` : scenario;
    let x = this.sessions.get(key);
    if (!x) {
      x = new Session(this.model, scenario, { maxCandidates: MAX_CANDIDATES_PER_SOURCE, rules: this.rules, ...(override ? { caseRestrictions } : {}) });
      this.sessions.set(key, x);
    }
    return x;
  }

  /**
   * An initial episode: a scenario drawn uniformly (or the one named), then a composite state drawn
   * uniformly among those with an interpretation under the scenario's context and case
   * restrictions, then one of its interpretations drawn uniformly. Null when the drawn
   * scenario has no episode.
   */
  drawInitialEpisode(rng: Random, only?: string): InitialEpisode | null {
    const scenario = only === undefined ? rng.pick(this.model.scenarios) : findScenario(this.model, only);
    // the scenario's context and case are cell restrictions, so whether state i has an
    // interpretation under them is read off its persistent factors (shared with every
    // family) by counting; only the state drawn is solved under the scenario, to sample from
    const inScenario = [...scenario.context, ...scenario.restrict];
    let found: Solution | undefined;
    const i = firstInRandomOrder(rng, this.states.map((_, i) => i), (i) => {
      const key = `${scenario.id}/${i}`;
      if (this.caseCounts.get(key) === 0n) return false;
      if (!this.caseCounts.has(key) && this.count(i, inScenario) === 0n) {
        this.caseCounts.set(key, 0n);
        return false;
      }
      let sol = this.caseSolutions.get(key);
      if (!sol) {
        sol = solve(compile(this.model, this.states[i], scenario.id).problem);
        this.solves++;
        this.caseCounts.set(key, sol.count);
        if (sol.count > 0n && this.caseSolutions.size < MAX_CACHED_CASE_SOLUTIONS) this.caseSolutions.set(key, sol);
      }
      found = sol;
      return sol.count > 0n;
    });
    if (i === null || !found) return null;
    return { scenario: scenario.id, episode: { state: this.states[i], cells: sampleInterpretation(found, (k) => rng.bigBelow(k)) } };
  }

  /**
   * The k-th initial episode of the mechanism's shared pool (drawInitialEpisode with the
   * stream seed/initial/mechanism/k). Families that start from episodes take them from
   * here, so their graphs coincide and are built once.
   */
  initial(k: number): InitialEpisode | null {
    while (this.initials.length <= k) {
      this.initials.push(this.drawInitialEpisode(keyedRandom(`${this.seed}/initial/${this.model.id}/${this.initials.length}`)));
    }
    return this.initials[k];
  }

  /** A^{≤H}(x0) in the scenario's session, or null when it exceeds the task bounds; memoized. */
  graph(x0: InitialEpisode, horizon: number): ReachGraph | null {
    const key = `${x0.scenario}|${episodeKey(this.model, x0.episode)}|${horizon}`;
    if (this.graphs.has(key)) return this.graphs.get(key)!;
    let g: ReachGraph | null;
    try {
      g = reach(this.session(x0.scenario), [x0.episode], horizon, { maxEpisodes: MAX_TASK_EPISODES });
    } catch (e) {
      if (!(e instanceof ReachLimitError || e instanceof SessionLimitError)) throw e;
      g = null;
    }
    this.graphs.set(key, g);
    return g;
  }
}

/**
 * The first of `items`, in a uniformly random order drawn lazily (Fisher–Yates one step
 * at a time), that `accept` takes; null when none does. Each item is examined at most
 * once, so the first accepted one is uniform among all acceptable items.
 */
function firstInRandomOrder(rng: Random, items: number[], accept: (i: number) => boolean): number | null {
  for (let n = items.length; n > 0; n--) {
    const j = rng.int(n);
    const i = items[j];
    if (accept(i)) return i;
    items[j] = items[n - 1];
  }
  return null;
}

/** Per variable of a solution, a bit per cell some interpretation gives it (cells below 31). */
export function supportedBits(sol: Solution): number[] {
  return sol.supported.map((cells) => cells.reduce((bits, c) => bits | (1 << c), 0));
}
