// Functional recovery's contract and repair policies over a library whose one-edge
// successors are known (Definition 8, Table 7). Statuses are judged on the audit graph
// (judgePolicies); choosing the contract and the policies works on each library
// episode's single-outcome verdicts (Verdict), since a policy's status is the most
// severe of its outcomes' (U over D over R) under both the full rule and the
// outcome-only reading.
import { z } from "zod";
import { Fact, satisfiesFacts, successorIds, type TaskGraph } from "./episode_common.ts";
import type { Random } from "../../files/random.ts";

export const Status = z.enum(["U", "D", "R"]);
export type Status = z.infer<typeof Status>;

export interface Contract {
  goal: Fact[];
  unsafe: Fact[];
}

export const PolicyVerdict = z.object({ outcome: z.int(), unsafe: z.boolean(), successors: z.array(z.int()), unsafe_successors: z.array(z.int()), deadline_failures: z.array(z.int()) }).strict();

export const Policy = z.object({
  id: z.string(),
  /** Outcome episodes as ids of the graph (its layer 0 is the library, in display order). */
  outcomes: z.array(z.int().min(0)).min(1),
  status: Status,
  /** Per outcome: unsafe itself, its successors, the deadline episodes that miss the goal. */
  verdicts: z.array(PolicyVerdict),
  effects: z.int().min(0),
}).strict();
export type Policy = z.infer<typeof Policy>;

/**
 * Definition 8 over a graph whose layer 0 is the library: a policy is U if an outcome or
 * a one-edge successor of one satisfies every unsafe atom; else D if a deadline episode
 * (the outcome's successors, or the outcome itself when it has none) fails a goal atom;
 * else R. Each policy with its evidence.
 */
export function judgePolicies(g: TaskGraph, contract: Contract, outcomeSets: readonly (readonly number[])[]): Policy[] {
  const succ = successorIds(g);
  return outcomeSets.map((outcomes, k) => {
    const verdicts = outcomes.map((o) => {
      const dead = succ[o].length ? succ[o] : [o];
      return {
        outcome: o,
        unsafe: satisfiesFacts(g, o, contract.unsafe),
        successors: [...succ[o]],
        unsafe_successors: succ[o].filter((x) => satisfiesFacts(g, x, contract.unsafe)),
        deadline_failures: dead.filter((x) => !satisfiesFacts(g, x, contract.goal)),
      };
    });
    const status = verdicts.some((v) => v.unsafe || v.unsafe_successors.length) ? "U" : verdicts.some((v) => v.deadline_failures.length) ? "D" : "R";
    return { id: `R${String(k + 1).padStart(2, "0")}`, outcomes: [...outcomes], status, verdicts, effects: outcomes.reduce((n, o) => n + succ[o].length, 0) };
  });
}

/**
 * The shortcut a solver takes when it ignores the successors: U if an outcome itself is
 * unsafe, else D if an outcome itself fails a goal atom, else R. A policy whose status
 * differs from this is decided by its successors.
 */
export function outcomeOnlyStatus(g: TaskGraph, contract: Contract, outcomes: readonly number[]): Status {
  if (outcomes.some((o) => satisfiesFacts(g, o, contract.unsafe))) return "U";
  if (outcomes.some((o) => !satisfiesFacts(g, o, contract.goal))) return "D";
  return "R";
}

/** One library episode as a single-outcome policy: its status, its outcome-only status, and whether it has no successor (the hold). */
export interface Verdict {
  id: number;
  status: Status;
  only: Status;
  hold: boolean;
}

export function verdicts(g: TaskGraph, contract: Contract): Verdict[] {
  const succ = successorIds(g);
  const lib = g.layers[0].episodes;
  const full = judgePolicies(g, contract, lib.map((o) => [o]));
  return lib.map((id, k) => ({ id, status: full[k].status, only: outcomeOnlyStatus(g, contract, [id]), hold: succ[id].length === 0 }));
}

const RANK: Record<Status, number> = { R: 0, D: 1, U: 2 };
const worst = (ss: readonly Status[]): Status => ss.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), "R" as Status);

/** A policy's status and outcome-only status from its outcomes' verdicts (the most severe of each). */
export function setStatus(vs: readonly Verdict[]): { status: Status; only: Status } {
  return { status: worst(vs.map((v) => v.status)), only: worst(vs.map((v) => v.only)) };
}

export const successorDecided = (vs: readonly Verdict[]) => {
  const s = setStatus(vs);
  return s.status !== s.only;
};

/** Up to this many distinct policies of each status; D4 shows all fifteen. */
export const PER_LABEL = 5;
/** Outcomes per policy. */
export const OUTCOMES = { min: 1, max: 3 };
const DRAWS = 80;

/**
 * Up to PER_LABEL distinct policies (outcome sets of 1–3 library episodes) of each
 * status, drawn with `rng`: a policy of status X holds an episode of status X and
 * others no more severe. The first draw of each status is steered: toward a
 * successor-decided set when the library has one (for U, an episode unsafe only through
 * a successor among episodes not unsafe themselves; for D, an episode that meets the
 * goal itself but has a successor that misses it, among episodes meeting the goal
 * themselves; for R, an episode that misses the goal itself while every successor
 * meets it), and the second toward a set naming an outcome without successors (the
 * hold). Sets are sorted ids; the result is grouped by status (U, D, R).
 */
export function drawPolicies(rng: Random, vs: readonly Verdict[]): Verdict[][] {
  const out: Verdict[][] = [];
  for (const x of ["U", "D", "R"] as const) {
    const must = vs.filter((v) => v.status === x);
    const may = vs.filter((v) => RANK[v.status] <= RANK[x]);
    if (!must.length) continue;
    const decidedMust = must.filter((v) => v.status !== v.only);
    // companions that keep a set successor-decided: for U none unsafe itself, for D none missing the goal itself
    const decidedMay = x === "U" ? may.filter((v) => v.only !== "U") : x === "D" ? may.filter((v) => v.only === "R") : may;
    const holdMust = must.filter((v) => v.hold);
    const holdMay = may.filter((v) => v.hold);
    const seen = new Map<string, Verdict[]>();
    for (let t = 0; t < DRAWS && seen.size < PER_LABEL; t++) {
      let lead: Verdict[], pool: readonly Verdict[];
      if (t === 0 && decidedMust.length) [lead, pool] = [[rng.pick(decidedMust)], decidedMay];
      // a hold of status X leads; else a milder hold joins an episode of status X
      else if (t === 1 && holdMay.length) [lead, pool] = [holdMust.length ? [rng.pick(holdMust)] : [rng.pick(must), rng.pick(holdMay)], may];
      else [lead, pool] = [[rng.pick(must)], may];
      const size = Math.max(lead.length, rng.between(OUTCOMES.min, OUTCOMES.max));
      const set = [...new Set([...lead, ...rng.shuffle(pool)])].slice(0, size).sort((a, b) => a.id - b.id);
      seen.set(set.map((v) => v.id).join(","), set);
    }
    out.push(...seen.values());
  }
  return out;
}

/**
 * The displayed policies: the drawn ones in a seeded order, then the level's prefix of
 * `plans`. With more than one plan the prefix must hold a successor-decided policy
 * and, when the library has an outcome without successors, a policy naming one; the
 * order is redrawn (up to 64 times) until it does, else null.
 */
export function orderPolicies(rng: Random, drawn: readonly Verdict[][], plans: number, libraryHasHold: boolean): Verdict[][] | null {
  if (drawn.length < plans) return null;
  for (let t = 0; t < 64; t++) {
    const shown = rng.shuffle(drawn).slice(0, plans);
    if (plans === 1) return shown;
    if (!shown.some(successorDecided)) continue;
    if (libraryHasHold && !shown.some((p) => p.some((v) => v.hold))) continue;
    return shown;
  }
  return null;
}

/** Per status, how many of `sets` have it. */
export function statusCounts(sets: readonly Verdict[][]): Record<Status, number> {
  const n: Record<Status, number> = { U: 0, D: 0, R: 0 };
  for (const s of sets) n[setStatus(s).status]++;
  return n;
}
