// One candidate edge asked about by name: the source episode an episode spec names (in the
// scenario's case, else in its context), the target it describes, and the verdicts of the
// causes that matter. mech explain-edge and the library's explainEdge share it.
import type { MechanismModel } from "../model/model.ts";
import { multiStateInstances } from "../model/model.ts";
import type { Session } from "./session.ts";
import { type EpisodeSpec, EpisodeSpecError, matchingEpisodes } from "./initial.ts";
import { mandatoryDepartures, optionalTerminations, terminationGroups } from "./causes.ts";
import { type EdgeVerdict, explainEdge, isCause } from "./edge_ok.ts";
import type { Episode } from "./episode.ts";
import { takes } from "./rules.ts";

/** How many matching source episodes are examined to report an ambiguous --from. */
export const MAX_FROM_MATCHES = 1000;
/** Components and variables that take more than one value among the episodes. */
function varyingNames(model: MechanismModel, xs: readonly Episode[]): string[] {
  const out: string[] = [];
  for (const i of multiStateInstances(model)) {
    const vals = i.states.filter((st) => xs.some((x) => x.state[i.name] === st));
    if (vals.length > 1) out.push(`${i.name} (${vals.join("|")})`);
  }
  model.variables.forEach((v, k) => {
    const vals = [...new Set(xs.map((x) => x.cells[k]))].sort((a, b) => a - b);
    if (vals.length > 1) out.push(`${v.name} (${vals.map((c) => v.cells[c]).join("|")})`);
  });
  return out;
}

/**
 * The one source episode --from names: matched within the scenario's case, or — when the
 * case holds none — within the universe V_r (the context only), where later episodes live.
 * `firstName` is how an ambiguous match's message names the option that takes the first.
 */
export function sourceEpisode(model: MechanismModel, scenario: string, spec: EpisodeSpec, first: boolean, contextUniverse: boolean, firstName = "--first"): { x: Episode; inCase: boolean } {
  for (const contextOnly of contextUniverse ? [false, true] : [false]) {
    const found: Episode[] = [];
    let more = false;
    for (const x of matchingEpisodes(model, scenario, spec, contextOnly)) {
      if (found.length >= MAX_FROM_MATCHES) {
        more = true;
        break;
      }
      found.push(x);
      if (first) break;
    }
    if (!found.length) continue;
    if (found.length === 1) return { x: found[0], inCase: !contextOnly };
    const where = contextOnly ? "episodes of the scenario's context (none in its case)" : "episodes of the scenario's case";
    const vary = varyingNames(model, found);
    const shown = vary.slice(0, 12).join(", ") + (vary.length > 12 ? `, … (${vary.length} in all)` : "");
    throw new EpisodeSpecError(
      `${more ? `more than ${MAX_FROM_MATCHES}` : found.length} ${where} match; still varying${more ? ` among the first ${MAX_FROM_MATCHES}` : ""}: ${shown}. Give more of them, or take the first with ${firstName}`,
    );
  }
  throw new EpisodeSpecError(`no episode of ${model.id} matches under scenario ${scenario}, ${contextUniverse ? "neither in its case nor in its context" : "in its case (under these rules the case is the universe)"}`);
}

/** The candidate target: the source with the --to overrides applied (components' states, variables' single cells). */
export function overrideEpisode(model: MechanismModel, x: Episode, spec: EpisodeSpec): Episode {
  const cells = [...x.cells];
  const given = new Map<number, number>();
  for (const r of spec.cells) {
    const name = model.variables[r.var].name;
    if (r.cells.length !== 1) throw new EpisodeSpecError(`${name}: give exactly one cell for the target, got ${r.cells.map((c) => model.variables[r.var].cells[c]).join("|")}`);
    const prev = given.get(r.var);
    if (prev !== undefined && prev !== r.cells[0]) throw new EpisodeSpecError(`${name} is given two cells`);
    given.set(r.var, r.cells[0]);
    cells[r.var] = r.cells[0];
  }
  return { state: { ...x.state, ...spec.states }, cells };
}

/**
 * Verdicts of the implied cause (and the intrastate cause, engine explainEdge) and how many
 * other causes of x go unlisted: each moves an integrated coordinate differently from the
 * candidate, so E1 or E2 rejects it.
 */
export function edgeVerdicts(session: Session, x: Episode, y: Episode): { verdicts: EdgeVerdict[]; unchecked: number } {
  const { table } = session;
  const instant = mandatoryDepartures(table, x).length > 0;
  const groups = instant ? [] : terminationGroups(table, optionalTerminations(table, x), session.source(x.state).classes);
  const total = instant ? 1 : takes(session.rules, "cause-unions") ? 2 ** groups.length : groups.length + 1;
  const out = explainEdge(session, x, y);
  return { verdicts: out, unchecked: total - out.filter((v) => isCause(session, x, v.cause)).length };
}

