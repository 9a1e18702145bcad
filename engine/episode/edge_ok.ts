// EdgeOK_r(x, x', c) and Decl(x, x', c), clause by clause, with the facts each clause
// relied on (docs/semantics.md §13.4-13.6). The session generates edges through the
// solver; this checker states the same rules one candidate at a time, explains edges
// and rejections, and is the oracle the generator is tested against. An oracle that
// shared the generator's logic would share its mistakes, so it may import definitions
// only: model and compiled-problem types, law satisfaction (solve/semantics.ts), and here
// coordinates.ts, causes.ts, declarations.ts, edge_definitions.ts, episode.ts and
// rules.ts; never session.ts or target_states.ts. The session's data it needs (compiled
// states, coincidence classes) comes through CheckedUniverse, which a Session satisfies.
import type { MechanismModel } from "../model/model.ts";
import type { CompositeState } from "../compile/compile.ts";
import type { Problem } from "../compile/problem.ts";
import { admissible, satisfies } from "../solve/semantics.ts";
import { type CausalLink, causalContext, causalNeighbours, type CoordinateTable, direction } from "./coordinates.ts";
import { type Cause, mandatoryDepartures, optionalTerminations, type QEvent, terminationGroups } from "./causes.ts";
import { declarationFailure } from "./declarations.ts";
import { causalPaths, eventMoved, relayOf, seedsOf, switchedCoordinates } from "./edge_definitions.ts";
import { type Episode, sameEpisode } from "./episode.ts";
import { type EdgeRules, takes } from "./rules.ts";

/**
 * What the checker reads of a universe V_r (a Session satisfies it): the model, its
 * coordinate table and edge rules, and per composite state its compiled problem and
 * its exact coincidence classes (docs/semantics.md §13.3).
 */
export interface CheckedUniverse {
  readonly model: MechanismModel;
  readonly table: CoordinateTable;
  readonly rules: EdgeRules;
  problemOf(s: CompositeState): Problem;
  source(s: CompositeState): { readonly classes: readonly number[] };
}

export type ClauseId = "cause" | "E1" | "E2" | "E3" | "E4" | "E5" | "E6" | "E7" | "E8" | "Decl";

export interface ClauseResult {
  clause: ClauseId;
  ok: boolean;
  /** Human-readable facts: why it holds, or what breaks it. */
  facts: string[];
}

export interface EdgeVerdict {
  admitted: boolean;
  cause: Cause;
  clauses: ClauseResult[];
}

/** Checks every clause for (x, x', c); `admitted` is their conjunction with x ≠ x'. */
export function checkEdge(universe: CheckedUniverse, x: Episode, y: Episode, c: Cause): EdgeVerdict {
  const { model, table, rules } = universe;
  const name = (v: number) => model.variables[v].name;
  const cell = (e: Episode, v: number) => model.variables[v].cells[e.cells[v]];
  const changed: number[] = [];
  y.cells.forEach((k, v) => k !== x.cells[v] && changed.push(v));
  const moved = new Map(c.events.map((e) => [e.var, e]));
  const clauses: ClauseResult[] = [];
  const add = (clause: ClauseId, bad: string[], good: string[]) => clauses.push({ clause, ok: bad.length === 0, facts: bad.length ? bad : good });

  // cause membership: c ∈ C_r(x), decided directly (C_r(x) has 2^g members)
  {
    const m = mandatoryDepartures(table, x);
    add("cause", isCause(universe, x, c) ? [] : [m.length
      ? `x is an instant (${m.map((e) => `${name(e.var)} must leave ${cell(x, e.var)}`).join(", ")}); its only cause is that mandatory set`
      : `the events are not ${takes(rules, "cause-unions") ? "a union of x's termination groups" : "exactly one of x's termination groups"} (available: ${optionalTerminations(table, x).map((e) => `${name(e.var)}→${model.variables[e.var].cells[e.to]}`).join(", ") || "none"})`],
      [c.kind === "intrastate" ? "intrastate cause: x lasts and no departure is mandatory" : `${c.kind} cause with ${c.events.length} event(s)`]);
  }
  // E1: parameters and integrated coordinates stay unless an event of c moves them or
  // (when that reading is taken) they leave a point where their derivative was zero
  const higher = (v: number) => takes(rules, "higher-order") && table.coords[v].point[x.cells[v]] && direction(table, v, x.cells) === 0;
  {
    const bad: string[] = [];
    table.coords.forEach((k, v) => {
      if (y.cells[v] === x.cells[v]) return;
      if (k.kind === "parameter") bad.push(`parameter ${name(v)} changes ${cell(x, v)}→${cell(y, v)}`);
      else if (k.kind === "integrated" && !moved.has(v) && !higher(v)) bad.push(`${name(v)} changes ${cell(x, v)}→${cell(y, v)} without an event of the cause`);
    });
    add("E1", bad, [takes(rules, "higher-order")
      ? "parameters and integrated coordinates outside the cause keep their cells or leave a point with a zero derivative"
      : "parameters and integrated coordinates outside the cause keep their cells"]);
  }
  // E2: every event reaches its target cell (the nearest cell in its direction)
  {
    const bad = c.events.filter((e) => y.cells[e.var] !== e.to).map((e) => `${name(e.var)} should reach ${model.variables[e.var].cells[e.to]} but is ${cell(y, e.var)}`);
    add("E2", bad, c.events.map((e) => `${name(e.var)} ${model.variables[e.var].cells[e.from]}→${model.variables[e.var].cells[e.to]}`));
  }
  // E3: coincidence groups whole; instants take exactly M(x) (epsilon ordering)
  {
    const bad: string[] = [];
    const m = mandatoryDepartures(table, x);
    if (m.length && c.kind !== "mandatory") bad.push(`x is an instant: the mandatory departures (${m.map((e) => name(e.var)).join(", ")}) preempt every optional exit`);
    if (m.length) {
      for (const v of changed) {
        if (table.coords[v].kind === "integrated" && !moved.has(v) && !table.coords[v].point[x.cells[v]]) bad.push(`${name(v)} leaves an interval at an instant (epsilon ordering)`);
      }
    }
    if (c.kind === "boundary") {
      const groups = terminationGroups(table, optionalTerminations(table, x), universe.source(x.state).classes);
      for (const g of groups) {
        const inside = g.filter((e) => moved.has(e.var));
        if (inside.length && inside.length < g.length) {
          bad.push(`${inside.map((e) => name(e.var)).join(", ")} coincide exactly with ${g.filter((e) => !moved.has(e.var)).map((e) => name(e.var)).join(", ")}, which the cause leaves out`);
        }
      }
    }
    add("E3", bad, ["coincidence groups are taken whole"]);
  }
  // E5: x' is a solved interpretation of its composite state under the scenario
  {
    const problem = universe.problemOf(y.state);
    const bad: string[] = [];
    if (!admissible(problem, y.cells)) {
      problem.variables.forEach((v, i) => !v.domain.includes(y.cells[i]) && bad.push(`${v.name}=${v.cells[y.cells[i]]} is outside its domain in ${stateText(y.state, universe)}`));
      problem.confluences.forEach((k) => !satisfies(problem, k, y.cells) && bad.push(`law ${k.id} is violated`));
    }
    add("E5", bad, [`x' satisfies every active law of ${stateText(y.state, universe)}`]);
  }
  // E6: continuity, one cell at most
  {
    const jump = takes(rules, "switched-jumps") ? switchedCoordinates(table, x.state, y.state) : new Set<number>();
    const bad = changed.filter((v) => Math.abs(y.cells[v] - x.cells[v]) > 1 && !jump.has(v)).map((v) => `${name(v)} jumps ${cell(x, v)}→${cell(y, v)}`);
    const free = changed.filter((v) => Math.abs(y.cells[v] - x.cells[v]) > 1 && jump.has(v)).map((v) => `${name(v)} jumps ${cell(x, v)}→${cell(y, v)} across a law the state change switches`);
    add("E6", bad, [`${changed.length} coordinate(s) change, each to an adjacent cell`, ...free]);
  }
  // E7: qualitative mean-value rule on coordinates with a derivative: leaving an interval
  // follows the source derivative; leaving a point follows the source derivative when it
  // is nonzero, else the target derivative (the derivative over the interval entered)
  {
    const bad: string[] = [];
    for (const v of changed) {
      const d = direction(table, v, x.cells);
      if (d === null) continue;
      const step = Math.sign(y.cells[v] - x.cells[v]);
      const dv = table.coords[v].der!;
      const rule = higher(v) && takes(rules, "target-derivative") ? direction(table, v, y.cells)! : d;
      if (step !== rule) {
        bad.push(`${name(v)} moves ${step > 0 ? "up" : "down"} but its derivative ${name(dv)} is ${rule !== d ? `${cell(y, dv)} in x'` : `${cell(x, dv)} in x`}`);
      }
    }
    add("E7", bad, ["every change follows the sign of its derivative"]);
  }
  // E4 (local) and E8 (global): causal support of dependent changes
  {
    const seeds = seedsOf(table, rules, x, c);
    const seedSet = new Set(seeds);
    const dep = changed.filter((v) => table.coords[v].kind === "dependent" || (table.coords[v].kind === "integrated" && !moved.has(v) && higher(v)));
    const changedSet = new Set(changed);
    const relay = relayOf(table, rules, c) ?? (() => false);
    const local = dep.filter((v) => ![...causalNeighbours(table, v, x.state, y.state)].some(([w]) => seedSet.has(w) || changedSet.has(w) || relay(w)));
    add("E4", local.map((v) => `${name(v)} changes but no neighbour under an active law changes or seeds it`),
      [`${dep.length} change(s) to explain, each next to a seed, another change${relayOf(table, rules, c) ? " or a varying coordinate" : ""}`]);
    const paths = causalPaths(table, causalContext(table, x.state, y.state), seeds, changed, dep, relay);
    const unreached = paths ? [] : dep.filter((v) => !local.includes(v));
    add("E8", paths ? [] : [`no chain of changes from the seeds (${seeds.map(name).join(", ") || "none"}) reaches ${unreached.map(name).join(", ") || dep.map(name).join(", ")}`],
      (paths ?? []).map((p) => `${name(p.var)} ← ${name(p.from)} via ${linkText(model, p.link)}`));
  }
  // Decl: every changed component has a compatible declaration
  {
    const bad: string[] = [];
    const good: string[] = [];
    const moved = eventMoved(rules, x, y, c);
    for (const inst of model.instances) {
      const a = x.state[inst.name], b = y.state[inst.name];
      if (a === b) continue;
      const tried = (table.transitionsOf.get(inst.name) ?? []).map((ti) => model.transitions[ti]).filter((t) => t.from === a);
      const ok = tried.find((t) => declarationFailure(t, x, y, moved) === null);
      if (ok) good.push(`${inst.name}: ${a}→${b}${ok.event !== null ? ` on ${name(ok.event)}` : ""}`);
      else {
        const why = tried.filter((t) => t.to === b).map((t) => declarationFailure(t, x, y, moved));
        bad.push(`${inst.name}: ${a}→${b} ${why.length ? `fails its declaration's ${why.join(" / ")}` : "is not declared"}`);
      }
    }
    add("Decl", bad, good.length ? good : ["no component changes state (an interpretation-only edge)"]);
  }
  const distinct = !sameEpisode(model, x, y);
  return { admitted: distinct && clauses.every((k) => k.ok), cause: c, clauses };
}

/** A causal link in words: a law id, "derivative", or "state change of p". */
export function linkText(model: MechanismModel, link: CausalLink): string {
  return "law" in link ? model.laws[link.law].id : "derivative" in link ? "derivative" : `state change of ${link.stateChange}`;
}

const stateText = (s: CompositeState, universe: CheckedUniverse) =>
  universe.model.instances.filter((i) => i.states.length > 1).map((i) => `${i.name}=${s[i.name]}`).join(" ") || "the unconditional state";

/** c ∈ C_r(x) (§13.3) without enumerating C_r(x): M(x) at an instant; else ∅ or a nonempty union of termination groups (paper: one group). */
export function isCause(universe: CheckedUniverse, x: Episode, c: Cause): boolean {
  const { table } = universe;
  const key = (es: readonly QEvent[]) => es.map((e) => `${e.var}>${e.to}`).sort().join(",");
  const m = mandatoryDepartures(table, x);
  if (m.length) return c.kind === "mandatory" && key(c.events) === key(m);
  if (c.kind === "intrastate") return c.events.length === 0;
  if (c.kind !== "boundary" || !c.events.length) return false;
  const moved = new Map(c.events.map((e) => [e.var, e.to]));
  const groups = terminationGroups(table, optionalTerminations(table, x), universe.source(x.state).classes);
  const covered = groups.filter((g) => g.some((e) => moved.get(e.var) === e.to));
  if (covered.length > 1 && !takes(universe.rules, "cause-unions")) return false;
  return covered.every((g) => g.every((e) => moved.get(e.var) === e.to)) &&
    covered.reduce((n, g) => n + g.length, 0) === c.events.length;
}

/**
 * The only cause that can admit x → x' (the cause is a function of the pair, §13.3): M(x)
 * at an instant, otherwise the terminations x' performs (none: intrastate).
 */
export function impliedCause(universe: CheckedUniverse, x: Episode, y: Episode): Cause {
  const m = mandatoryDepartures(universe.table, x);
  if (m.length) return { kind: "mandatory", events: m };
  const done = optionalTerminations(universe.table, x).filter((e) => y.cells[e.var] === e.to);
  return done.length ? { kind: "boundary", events: done } : { kind: "intrastate", events: [] };
}

/**
 * The explain-edge view: the verdict of the implied cause, and of the intrastate cause
 * when x lasts and the implied cause is another. Every other cause of x moves an
 * integrated coordinate the candidate does not move, or leaves one it does, so E1 or E2
 * rejects it; they are not listed.
 */
export function explainEdge(universe: CheckedUniverse, x: Episode, y: Episode): EdgeVerdict[] {
  const implied = impliedCause(universe, x, y);
  const out = [checkEdge(universe, x, y, implied)];
  if (implied.kind === "boundary") out.push(checkEdge(universe, x, y, { kind: "intrastate", events: [] }));
  return out;
}
