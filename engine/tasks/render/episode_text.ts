// What an episode-graph task adds to the model text: the declared transitions with
// their guards and event variables, the scenario's operating context, the edge rules in
// words, and episodes written out in full. With these and modelLines a reader can
// rebuild the graph the gold was computed from.
import type { MechanismModel, ModelGuard } from "../../model/model.ts";
import type { Episode } from "../../episode/episode.ts";
import { findScenario } from "../../compile/compile.ts";
import { CONFLUENCE_RULE, modelLines, restrictionText } from "./model_text.ts";
import { type Deviation } from "../../episode/rule_names.ts";
import { type EdgeRules, takes } from "../../episode/rules.ts";

const guards = (m: MechanismModel, gs: readonly ModelGuard[]) => (gs.length ? gs.map((g) => restrictionText(m, g)).join(" and ") : "none");

/** Every declared component-state transition, per component, in declaration order. */
export function transitionLines(m: MechanismModel): string[] {
  const out = ["Declared component-state transitions (a component may change state only along one of these):"];
  for (const t of m.transitions) {
    const on = t.event === null ? "no event variable" : `event variable ${m.variables[t.event].name}`;
    out.push(`- ${t.instance}: ${t.from} -> ${t.to}; ${on}; source guard ${guards(m, t.source)}; target guard ${guards(m, t.target)}`);
  }
  if (out.length === 1) out.push("- none");
  return out;
}

/**
 * The scenario's operating context (restrictions every episode of the graph satisfies) and,
 * when the universe is solved under the whole scenario, its case restrictions too.
 */
export function contextLines(m: MechanismModel, scenario: string, rules: EdgeRules, caseRestrictions?: readonly { var: number; cells: readonly number[] }[]): string[] {
  const sc = findScenario(m, scenario);
  const out = sc.context.length
    ? [`Operating context (holds in every episode, in addition to the persistent restrictions): ${sc.context.map((r) => restrictionText(m, r)).join(" and ")}.`]
    : ["Operating context: no restrictions beyond the persistent ones."];
  if (!takes(rules, "context-universe")) {
    const rs = caseRestrictions ?? sc.restrict;
    out.push(rs.length
      ? `Case restrictions (hold in every episode): ${rs.map((r) => restrictionText(m, r)).join(" and ")}.`
      : "Case restrictions: none.");
  }
  return out;
}

/**
 * When terminations to zero coincide (docs/semantics.md §13.3, exact coincidence), in
 * words: the gold counts a three-term law with one term zero throughout the state as a
 * two-term law, so the sentence names the terms that are not zero, not the printed ones.
 */
const LINKED_TEXT =
  "Linked variables: in a composite state, two variables are linked when some law active in it has exactly two terms that are not zero throughout the state (a term is zero throughout the state when one of its variables has a zero cell in every admissible interpretation of that state), each of them with exactly one variable that is not a parameter, raised to an odd power: those two variables are linked, having equal or opposite signs throughout the state. Links chain: variables joined by a sequence of links are linked.";

/**
 * The edge rules in words, clause by clause in the readings the profile takes
 * (docs/semantics.md §13.10; docs/benchmark.md shows both profiles' texts): the prompt
 * states exactly the rules the gold was computed with.
 */
export function edgeRulesText(rules: EdgeRules): string {
  const has = (d: Deviation) => takes(rules, d);
  const higher = has("higher-order");
  return [
    `Episode-graph rules (edge-rule profile: ${rules.name}).`,
    has("context-universe")
      ? "An episode is one composite state together with one admissible interpretation of it: a cell for every variable that satisfies the persistent restrictions, the operating context, the restrictions of its states and every active law. The initial episode is given; every other episode need only satisfy those."
      : "An episode is one composite state together with one admissible interpretation of it under the whole scenario: a cell for every variable that satisfies the persistent restrictions, the operating context, the scenario's case restrictions, the restrictions of its states and every active law. Every episode, the initial one included, satisfies all of them, so no edge leaves the case.",
    "A variable whose time derivative is also a variable (the derivative of x is named d1__x, with dots written as __; d2__ is the next order) is integrated, and its direction is the sign of its derivative's cell.",
    "Causes. An integrated variable at a point cell (a landmark such as zero) with a nonzero derivative must leave it at once for the adjacent interval in its direction: an episode with any such departure is an instant, and its only cause is all of those departures together.",
    has("cause-unions")
      ? "Any other episode lasts. It may end by any nonempty set of terminations (an integrated variable in an interval, moving toward an adjacent point, reaches that point), where the terminations to zero of linked variables happen together; or it may change within its interval with no event (the intrastate cause). Mandatory departures suppress every optional termination."
      : "Any other episode lasts. It may end by exactly one termination group: one termination (an integrated variable in an interval, moving toward an adjacent point, reaches that point), or all the terminations to zero of linked variables, which happen together; terminations of different groups never share an edge. Or it may change within its interval with no event (the intrastate cause). Mandatory departures suppress every optional termination.",
    LINKED_TEXT,
    "An edge from x to a different episode x' under a cause of x requires: parameters keep their cells; " +
      (higher
        ? "an integrated variable changes only by an event of the cause, except that one at a point with a zero derivative may leave it (a higher-order departure); "
        : "an integrated variable changes only by an event of the cause; ") +
      "every event reaches the adjacent cell in its direction; " +
      (has("switched-jumps")
        ? "every variable keeps its cell or moves to an adjacent one, except that a variable neither integrated nor a parameter may move further when it occurs in a law the edge switches on or off (a state-specific law active in exactly one of x and x'), or when it occurs in a law active in x or x' together with another variable that may move further by this rule; "
        : "every variable keeps its cell or moves to an adjacent one; ") +
      "a variable with a derivative moves in the direction of its derivative's cell in x" +
      (higher && has("target-derivative") ? ", except that a higher-order departure moves in the direction of its derivative's cell in x', which must be nonzero; " : "; ") +
      "x' is an episode as defined above.",
    "Causality: every other changed variable must be connected to an event of the cause through changed variables " +
      (!has("intrastate-seeds")
        ? "(the intrastate cause has no event, so under it no variable changes: only component states may)"
        : has("intrastate-relays")
        ? "(for the intrastate cause, to an integrated variable with a nonzero derivative, through any variables)"
        : "(for the intrastate cause, to an integrated variable with a nonzero derivative, through changed variables)") +
      ", two variables being connected when they occur in one law active in x or x', when one is the derivative of the other, or when both belong to the state-specific laws or restrictions of a component that changes state. Feedback cannot start a change by itself.",
    "Declarations: every component that changes state needs a declared transition from its old to its new state whose source guard holds in x, whose target guard holds in x', and whose event variable, if it names one, " +
      (has("decl-changes") ? "changes on the edge" : "is moved by an event of the cause") +
      ". Components that keep their state need none, so an edge may change cells only. There are no edges from an episode to itself.",
  ].join("\n");
}

/** An episode in full: its composite state, then every variable's cell as one JSON object. */
export function episodeLines(m: MechanismModel, label: string, x: Episode): string[] {
  return [
    `${label} composite state: ${m.instances.map((i) => `${i.name}.${x.state[i.name]}`).join(", ")}.`,
    `${label} cells: ${JSON.stringify(Object.fromEntries(m.variables.map((v, k) => [v.name, v.cells[x.cells[k]]])))}`,
  ];
}

/** What every episode-graph prompt carries: the edge rules, the confluence rule, the model, its transitions and the scenario's context. */
export function episodeModelLines(m: MechanismModel, scenario: string, rules: EdgeRules, caseRestrictions?: readonly { var: number; cells: readonly number[] }[]): string[] {
  return [edgeRulesText(rules), CONFLUENCE_RULE, "", ...modelLines(m), "", ...transitionLines(m), "", ...contextLines(m, scenario, rules, caseRestrictions)];
}
