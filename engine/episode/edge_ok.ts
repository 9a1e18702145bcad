// EdgeOK_r(x, x', c) and Decl(x, x', c), clause by clause, with the facts each clause
// relied on (docs/semantics.md §13.4-13.6). The session generates edges through the
// solver; this checker states the same rules one candidate at a time, explains edges
// and rejections, and is the oracle the generator is tested against.
import type { CompositeState } from "../compile/compile.ts";
import { admissible, satisfies } from "../solve/semantics.ts";
import { type CausalLink, causalContext, causalNeighbours, direction } from "./coordinates.ts";
import { type Cause, mandatoryDepartures, optionalTerminations, type QEvent, terminationGroups } from "./causes.ts";
import { declarationFailure } from "./declarations.ts";
import { type Episode, sameEpisode } from "./episode.ts";
import { causalPaths, type Session, switchedCoordinates } from "./session.ts";
import { takes } from "./rules.ts";

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
export function checkEdge(session: Session, x: Episode, y: Episode, c: Cause): EdgeVerdict {
  const { model, table, rules } = session;
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
    add("cause", isCause(session, x, c) ? [] : [m.length
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
      const groups = terminationGroups(table, optionalTerminations(table, x), session.source(x.state).classes);
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
    const problem = session.problemOf(y.state);
    const bad: string[] = [];
    if (!admissible(problem, y.cells)) {
      problem.variables.forEach((v, i) => !v.domain.includes(y.cells[i]) && bad.push(`${v.name}=${v.cells[y.cells[i]]} is outside its domain in ${stateText(y.state, session)}`));
      problem.confluences.forEach((k) => !satisfies(problem, k, y.cells) && bad.push(`law ${k.id} is violated`));
    }
    add("E5", bad, [`x' satisfies every active law of ${stateText(y.state, session)}`]);
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
    const seeds = session.seedsOf(x, c);
    const seedSet = new Set(seeds);
    const dep = changed.filter((v) => table.coords[v].kind === "dependent" || (table.coords[v].kind === "integrated" && !moved.has(v) && higher(v)));
    const changedSet = new Set(changed);
    const relay = session.relayOf(c) ?? (() => false);
    const local = dep.filter((v) => ![...causalNeighbours(table, v, x.state, y.state)].some(([w]) => seedSet.has(w) || changedSet.has(w) || relay(w)));
    add("E4", local.map((v) => `${name(v)} changes but no neighbour under an active law changes or seeds it`),
      [`${dep.length} change(s) to explain, each next to a seed, another change${session.relayOf(c) ? " or a varying coordinate" : ""}`]);
    const paths = causalPaths(table, causalContext(table, x.state, y.state), seeds, changed, dep, relay);
    const unreached = paths ? [] : dep.filter((v) => !local.includes(v));
    add("E8", paths ? [] : [`no chain of changes from the seeds (${seeds.map(name).join(", ") || "none"}) reaches ${unreached.map(name).join(", ") || dep.map(name).join(", ")}`],
      (paths ?? []).map((p) => `${name(p.var)} ← ${name(p.from)} via ${linkText(session, p.link)}`));
  }
  // Decl: every changed component has a compatible declaration
  {
    const bad: string[] = [];
    const good: string[] = [];
    const moved = session.eventMoved(x, y, c);
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
export function linkText(session: Session, link: CausalLink): string {
  return "law" in link ? session.model.laws[link.law].id : "derivative" in link ? "derivative" : `state change of ${link.stateChange}`;
}

const stateText = (s: CompositeState, session: Session) =>
  session.model.instances.filter((i) => i.states.length > 1).map((i) => `${i.name}=${s[i.name]}`).join(" ") || "the unconditional state";

/** c ∈ C_r(x) (§13.3) without enumerating C_r(x): M(x) at an instant; else ∅ or a nonempty union of termination groups (paper: one group). */
export function isCause(session: Session, x: Episode, c: Cause): boolean {
  const { table } = session;
  const key = (es: readonly QEvent[]) => es.map((e) => `${e.var}>${e.to}`).sort().join(",");
  const m = mandatoryDepartures(table, x);
  if (m.length) return c.kind === "mandatory" && key(c.events) === key(m);
  if (c.kind === "intrastate") return c.events.length === 0;
  if (c.kind !== "boundary" || !c.events.length) return false;
  const moved = new Map(c.events.map((e) => [e.var, e.to]));
  const groups = terminationGroups(table, optionalTerminations(table, x), session.source(x.state).classes);
  const covered = groups.filter((g) => g.some((e) => moved.get(e.var) === e.to));
  if (covered.length > 1 && !takes(session.rules, "cause-unions")) return false;
  return covered.every((g) => g.every((e) => moved.get(e.var) === e.to)) &&
    covered.reduce((n, g) => n + g.length, 0) === c.events.length;
}

/**
 * The only cause that can admit x → x' (the cause is a function of the pair, §13.3): M(x)
 * at an instant, otherwise the terminations x' performs (none: intrastate).
 */
export function impliedCause(session: Session, x: Episode, y: Episode): Cause {
  const m = mandatoryDepartures(session.table, x);
  if (m.length) return { kind: "mandatory", events: m };
  const done = optionalTerminations(session.table, x).filter((e) => y.cells[e.var] === e.to);
  return done.length ? { kind: "boundary", events: done } : { kind: "intrastate", events: [] };
}

/**
 * The explain-edge view: the verdict of the implied cause, and of the intrastate cause
 * when x lasts and the implied cause is another. Every other cause of x moves an
 * integrated coordinate the candidate does not move, or leaves one it does, so E1 or E2
 * rejects it; they are not listed.
 */
export function explainEdge(session: Session, x: Episode, y: Episode): EdgeVerdict[] {
  const implied = impliedCause(session, x, y);
  const out = [checkEdge(session, x, y, implied)];
  if (implied.kind === "boundary") out.push(checkEdge(session, x, y, { kind: "intrastate", events: [] }));
  return out;
}
