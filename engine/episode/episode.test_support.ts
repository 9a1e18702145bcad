// Small hand-built mechanisms and the all-pairs oracle shared by the episode tests.
import { expect } from "vitest";
import { builtinLibrary } from "../../catalog/mod.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import type { MechanismModel } from "../model/model.ts";
import { compositeStates, stateLabel } from "../compile/compile.ts";
import { Session } from "./session.ts";
import { causeKey, causes } from "./causes.ts";
import { checkEdge } from "./edge_ok.ts";
import { type Episode, episodeKey } from "./episode.ts";
import { matchingEpisodes } from "./initial.ts";
import type { reach } from "./reach.ts";
import { type EdgeRules, SOUND, takes } from "./rules.ts";

/** A mass tied to a wall by one compliant element (the mass's other flange free). */
const massOnWall = (id: string, title: string, element: { name: string; type: string }, scenarios: unknown[]): MechanismModel =>
  loadMechanism({
    id,
    title,
    components: [{ name: "mass", type: "translational.Mass" }, element, { name: "wall", type: "translational.Fixed" }],
    connections: [["mass.flange_b", `${element.name}.flange_a`], [`${element.name}.flange_b`, "wall.flange"]],
    free: ["mass.flange_a"],
    scenarios,
  }, `${id}.json`, builtinLibrary());

/** A mass on a spring against a wall. */
export const springMass = (): MechanismModel =>
  massOnWall("spring_mass", "spring-mass oscillator", { name: "spring", type: "translational.Spring" }, [
    { id: "base" },
    { id: "released", restrict: { "mass.v": ["zero"], "spring.stretch": ["positive"] } },
  ]);

/** A mass braked by a damper to a wall. */
export const dampedMass = (): MechanismModel =>
  massOnWall("damped_mass", "damped mass", { name: "damper", type: "translational.Damper" }, [
    { id: "base" },
    { id: "coasting", restrict: { "mass.v": ["positive"] } },
  ]);

/** The spring-mass's composite-state changes over a full swing from rest under tension (hand-derived). */
export const SPRING_MASS_CYCLE = [
  "MOVING_NEGATIVE|NEGATIVE_LOAD -> MOVING_NEGATIVE|UNLOADED",
  "MOVING_NEGATIVE|POSITIVE_LOAD -> REST|POSITIVE_LOAD",
  "MOVING_NEGATIVE|UNLOADED -> MOVING_NEGATIVE|POSITIVE_LOAD",
  "MOVING_POSITIVE|NEGATIVE_LOAD -> REST|NEGATIVE_LOAD",
  "MOVING_POSITIVE|POSITIVE_LOAD -> MOVING_POSITIVE|UNLOADED",
  "MOVING_POSITIVE|UNLOADED -> MOVING_POSITIVE|NEGATIVE_LOAD",
  "REST|NEGATIVE_LOAD -> MOVING_NEGATIVE|NEGATIVE_LOAD",
  "REST|POSITIVE_LOAD -> MOVING_POSITIVE|POSITIVE_LOAD",
];

export const value = (m: MechanismModel, x: Episode, name: string) => m.variables[m.variableIndex.get(name)!].cells[x.cells[m.variableIndex.get(name)!]];

/** Distinct composite-state changes (label → label) over the edges of a reach graph. */
export const stateMoves = (m: MechanismModel, g: ReturnType<typeof reach>) =>
  [...new Set(g.edges.filter((e) => stateLabel(m, g.episodes[e.source].state) !== stateLabel(m, g.episodes[e.target].state))
    .map((e) => `${stateLabel(m, g.episodes[e.source].state)} -> ${stateLabel(m, g.episodes[e.target].state)}`))].sort();

/** V_r materialized (small mechanisms only): context only, or the whole scenario under the paper's universe. */
export const universe = (m: MechanismModel, scenario: string, rules: EdgeRules = SOUND): Episode[] => {
  const out: Episode[] = [];
  for (const s of compositeStates(m)) for (const x of matchingEpisodes(m, scenario, { states: s, cells: [] }, takes(rules, "context-universe"))) out.push(x);
  return out;
};

/** The generator must return exactly the (x', c) the clause checker admits over all of V_r. */
export function expectGeneratorMatchesClauses(m: MechanismModel, scenario: string, rules: EdgeRules = SOUND): number {
  const session = new Session(m, scenario, { rules });
  const all = universe(m, scenario, rules);
  let edges = 0;
  for (const x of all) {
    const got = session.successors(x).map((e) => `${episodeKey(m, e.target)} ${causeKey(e.cause)}`).sort();
    const want: string[] = [];
    const cs = [...causes(session.table, x, session.source(x.state).classes, takes(rules, "cause-unions"))];
    for (const y of all) {
      for (const c of cs) if (checkEdge(session, x, y, c).admitted) want.push(`${episodeKey(m, y)} ${causeKey(c)}`);
    }
    expect(got, `successors of ${episodeKey(m, x)} under ${rules.name}`).toEqual(want.sort());
    edges += got.length;
  }
  return edges;
}
