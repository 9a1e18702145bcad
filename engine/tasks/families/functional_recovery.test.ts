// Functional recovery's admission rules on hand-built cases: a vacuous fault refused,
// the start's coordinates pinned only while they keep the fault non-vacuous, Definition 8
// on a hand-built library graph (a successor-decided policy, the hold rule), and the
// policies shown (five of each status at D4, a successor-decided policy and a hold in
// every prefix above D1, none when the library allows none).
import { describe, expect, it } from "vitest";
import type { ExtraRestriction } from "../../compile/compile.ts";
import { keyedRandom } from "../../files/random.ts";
import { SemanticObjects } from "../semantic_objects.ts";
import { mechanism } from "../generate.test_support.ts";
import type { TaskGraph } from "./episode_common.ts";
import { type BeliefCounter, chooseKnown, drawFault, vacuous } from "./recovery_fault.ts";
import { drawPolicies, judgePolicies, orderPolicies, outcomeOnlyStatus, setStatus, statusCounts, successorDecided, type Verdict, verdicts } from "./recovery_policies.ts";
import { chooseContract, PLANS } from "./functional_recovery.ts";

const r = (v: number, ...cells: number[]): ExtraRestriction => ({ var: v, cells, source: "test" });

/** A belief over an explicit list of episodes (cell vectors): its size under restrictions is a plain count. */
function listBelief(episodes: number[][]): BeliefCounter {
  const within = (rs: readonly ExtraRestriction[]) => episodes.filter((x) => rs.every((q) => q.cells.includes(x[q.var])));
  return { count: (rs) => BigInt(within(rs).length), violates: (rs, q) => within(rs).some((x) => !q.cells.includes(x[q.var])) };
}

// variables: 0 a (the case restriction), 1 b (always equal to a: a coordinate that reveals it),
// 2 c and 3 d (free), 4 e (constant)
const universe: number[][] = [];
for (let a = 0; a < 3; a++) for (let c = 0; c < 3; c++) for (let d = 0; d < 3; d++) universe.push([a, a, c, d, 0]);
const belief = listBelief(universe);
const lost = [r(0, 2)];

describe("the fault", () => {
  it("is vacuous when what stays known implies a lost restriction, and such a fault is refused", () => {
    expect(vacuous(belief, [r(1, 2)], lost)).toBe(true);
    expect(vacuous(belief, [r(2, 1)], lost)).toBe(false);
    // every lost restriction must be violated somewhere, not just one of them
    expect(vacuous(belief, [r(2, 1)], [r(0, 2), r(4, 0)])).toBe(true);
    expect(chooseKnown(belief, [r(1, 2)], lost, [], { min: 1, max: 100 })).toBeNull();
  });

  it("pins start coordinates in order only while the belief is too wide, skipping one that reveals the lost restriction, one implied and one too narrow", () => {
    const pins = [r(1, 2), r(4, 0), r(2, 1), r(3, 0)];
    // b=2 would imply a=2 (vacuous), e=0 is implied; c=1 leaves 9 > 5, d=0 leaves 3
    expect(chooseKnown(belief, [], lost, pins, { min: 3, max: 5 })).toEqual([r(2, 1), r(3, 0)]);
    // within bounds at once: nothing is pinned
    expect(chooseKnown(belief, [], lost, pins, { min: 3, max: 27 })).toEqual([]);
    // d=0 would leave 3 < 4: skipped, and 9 > 5 stays too wide: no library
    expect(chooseKnown(belief, [], lost, pins, { min: 4, max: 5 })).toBeNull();
  });

  it("on a catalog mechanism: every lost restriction is violated by some library episode", () => {
    const m = mechanism("thermal_two_masses");
    const z = new SemanticObjects(m, "test");
    for (let k = 0; k < 4; k++) {
      const f = drawFault(z, keyedRandom(`fault/${k}`))!;
      expect(f.library.length).toBe(3); // the whole episode space: mass1 hotter, equal, mass2 hotter
      for (const q of f.lost) expect(f.library.some((x) => !q.cells.includes(x.cells[q.var]))).toBe(true);
    }
  });
});

// A hand-built library graph over x and y (cells negative, zero, positive = 0, 1, 2).
// Contract: goal x=zero, unsafe y=positive. Library E0–E5 (ids 0–5), successors 6–8.
//   E0 x+ y0 → 6 (x0 y+): safe itself, unsafe successor          U (outcomes alone: D)
//   E1 x- y0 → 7 (x0 y0): misses the goal, its successor meets it R (outcomes alone: D)
//   E2 x0 y0, no successor: held, meets the goal                   R
//   E3 x0 y- → 8 (x- y-): meets the goal, its successor misses it  D (outcomes alone: R)
//   E4 x0 y+ → 7: unsafe itself                                    U
//   E5 x+ y-, no successor: held, misses the goal                  D
const cellsOf = [[2, 1], [0, 1], [1, 1], [1, 0], [1, 2], [2, 0], [1, 2], [1, 1], [0, 0]];
const g: TaskGraph = {
  scenario: "test",
  rules: "sound",
  horizon: 1,
  variables: ["x", "y"].map((name) => ({ name, cells: ["negative", "zero", "positive"] })),
  initial: [0, 1, 2, 3, 4, 5],
  layers: [{ depth: 0, episodes: [0, 1, 2, 3, 4, 5], edges: [] }, { depth: 1, episodes: [6, 7, 8], edges: [0, 1, 2, 3] }],
  episodes: cellsOf.map((cells) => ({ state: {}, cells })),
  edges: [[0, 6], [1, 7], [3, 8], [4, 7]].map(([source, target]) => ({ source, target, cause: { kind: "intrastate" as const, events: [] } })),
};
const contract = { goal: [{ var: "x", cell: "zero" }], unsafe: [{ var: "y", cell: "positive" }] };

describe("Definition 8 on a hand-built library", () => {
  it("a successor decides: an unsafe successor makes U, a successor meeting the goal makes R, one missing it makes D", () => {
    const singles = judgePolicies(g, contract, [[0], [1], [2], [3], [4], [5]]);
    expect(singles.map((p) => p.status).join("")).toBe("URRDUD");
    expect([0, 1, 2, 3, 4, 5].map((o) => outcomeOnlyStatus(g, contract, [o])).join("")).toBe("DDRRUD");
    expect(singles[0].verdicts[0]).toEqual({ outcome: 0, unsafe: false, successors: [6], unsafe_successors: [6], deadline_failures: [] });
    // a policy is as severe as its worst outcome: E1 with E2 recovers, though both outcomes alone say D
    const [p] = judgePolicies(g, contract, [[1, 2]]);
    expect([p.status, outcomeOnlyStatus(g, contract, [1, 2])]).toEqual(["R", "D"]);
  });

  it("the hold: an outcome without successors is its own deadline episode", () => {
    const [e2, e5] = judgePolicies(g, contract, [[2], [5]]);
    expect(e2.verdicts[0]).toEqual({ outcome: 2, unsafe: false, successors: [], unsafe_successors: [], deadline_failures: [] });
    expect(e5.verdicts[0]).toEqual({ outcome: 5, unsafe: false, successors: [], unsafe_successors: [], deadline_failures: [5] });
    expect([e2.status, e5.status]).toEqual(["R", "D"]);
  });

  it("the single-outcome verdicts the policies are drawn from agree with the policies' statuses", () => {
    const vs = verdicts(g, contract);
    expect(vs.map((v) => `${v.status}${v.only}${v.hold ? "h" : ""}`)).toEqual(["UD", "RD", "RRh", "DR", "UU", "DDh"]);
    const rng = keyedRandom("sets");
    for (let t = 0; t < 50; t++) {
      const set = rng.shuffle(vs).slice(0, rng.between(1, 3));
      const [p] = judgePolicies(g, contract, [set.map((v) => v.id)]);
      expect(setStatus(set)).toEqual({ status: p.status, only: outcomeOnlyStatus(g, contract, set.map((v) => v.id)) });
    }
  });

  it("the contract chosen for D2 shows a successor-decided policy and one naming a hold", () => {
    for (let k = 0; k < 5; k++) {
      const c = chooseContract(mechanismFree, g, keyedRandom(`contract/${k}`), PLANS.D2)!;
      expect(c.policies).toHaveLength(3);
      const judged = judgePolicies(g, c.contract, c.policies);
      expect(judged.some((p, i) => p.status !== outcomeOnlyStatus(g, c.contract, c.policies[i]))).toBe(true);
      expect(c.policies.some((p) => p.some((o) => o === 2 || o === 5))).toBe(true);
    }
  });
});

// chooseContract reads only which variables are parameters
const mechanismFree = { variables: [{ kind: "variable" }, { kind: "variable" }] } as unknown as Parameters<typeof chooseContract>[0];

/** n episodes of each status; `decided` of each decided by successors; the last R and D held. */
function library(n: number, decided: number): Verdict[] {
  const out: Verdict[] = [];
  const only: Record<string, string> = { U: "D", D: "R", R: "D" };
  for (const s of ["U", "D", "R"] as const) {
    for (let k = 0; k < n; k++) out.push({ id: out.length, status: s, only: (k < decided ? only[s] : s) as Verdict["only"], hold: s !== "U" && k === n - 1 });
  }
  return out;
}

describe("the policies shown", () => {
  it("D4: five distinct policies of each status; the first of each is decided by successors", () => {
    const vs = library(4, 1);
    const drawn = drawPolicies(keyedRandom("d4"), vs);
    expect(statusCounts(drawn)).toEqual({ U: 5, D: 5, R: 5 });
    expect(new Set(drawn.map((p) => p.map((v) => v.id).join())).size).toBe(15);
    for (const s of ["U", "D", "R"]) expect(successorDecided(drawn.find((p) => setStatus(p).status === s)!)).toBe(true);
    expect(orderPolicies(keyedRandom("order"), drawn, 15, true)).toHaveLength(15);
  });

  it("above D1 the prefix holds a successor-decided policy and a hold; D1 takes the first policy as it comes", () => {
    const vs = library(4, 1);
    const drawn = drawPolicies(keyedRandom("d2"), vs);
    for (let k = 0; k < 20; k++) {
      for (const plans of [3, 5]) {
        const shown = orderPolicies(keyedRandom(`d2/${k}`), drawn, plans, true)!;
        expect(shown).toHaveLength(plans);
        expect(shown.some(successorDecided)).toBe(true);
        expect(shown.some((p) => p.some((v) => v.hold))).toBe(true);
      }
      expect(orderPolicies(keyedRandom(`d1/${k}`), drawn, 1, true)).toHaveLength(1);
    }
  });

  it("a library where the successors decide nothing gives no task above D1", () => {
    const drawn = drawPolicies(keyedRandom("none"), library(4, 0));
    expect(drawn.some(successorDecided)).toBe(false);
    expect(orderPolicies(keyedRandom("none"), drawn, 3, false)).toBeNull();
    expect(orderPolicies(keyedRandom("none"), drawn, 1, false)).toHaveLength(1);
  });

  it("a library too small for five distinct policies of a status gives fewer, never repeats", () => {
    const vs = library(2, 1);
    const drawn = drawPolicies(keyedRandom("small"), vs);
    expect(new Set(drawn.map((p) => p.map((v) => v.id).join())).size).toBe(drawn.length);
    expect(statusCounts(drawn).R).toBe(3); // {r0}, {r1}, {r0, r1}
  });
});
