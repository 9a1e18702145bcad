// The episode-graph rules as the prompt words them: each clause is read in one of its
// two readings (the paper's, or the amended one; docs/semantics.md §13.10), and the
// session is built with exactly those readings. A clause worded in neither way is a
// parse error, so the parser never answers under rules the prompt did not state.
import { type Deviation, DEVIATIONS, type RuleProfile } from "../../episode/rule_names.ts";
import { type EdgeRules, PROFILE_DEVIATIONS } from "../../episode/rules.ts";
import type { PromptText } from "./text.ts";

/** Per deviation: the words of its amended reading and of the paper's. */
const READINGS: Record<Deviation, { amended: RegExp; paper: RegExp }> = {
  "context-universe": {
    amended: /every other episode need only satisfy those\./,
    paper: /under the whole scenario: .* the scenario's case restrictions,/,
  },
  "cause-unions": {
    amended: /It may end by any nonempty set of terminations/,
    paper: /It may end by exactly one termination group/,
  },
  "higher-order": {
    amended: /except that one at a point with a zero derivative may leave it \(a higher-order departure\)/,
    paper: /an integrated variable changes only by an event of the cause;/,
  },
  "target-derivative": {
    amended: /a higher-order departure moves in the direction of its derivative's cell in x'/,
    paper: /a variable with a derivative moves in the direction of its derivative's cell in x; x' is an episode/,
  },
  "switched-jumps": {
    amended: /may move further by this rule; /,
    paper: /every variable keeps its cell or moves to an adjacent one; a variable/,
  },
  "intrastate-seeds": {
    amended: /\(for the intrastate cause, to an integrated variable with a nonzero derivative, through/,
    paper: /\(the intrastate cause has no event, so under it no variable changes: only component states may\)/,
  },
  "intrastate-relays": {
    amended: /through any variables\)/,
    paper: /through changed variables\)|\(the intrastate cause has no event/,
  },
  "decl-changes": {
    amended: /whose event variable, if it names one, changes on the edge\./,
    paper: /whose event variable, if it names one, is moved by an event of the cause\./,
  },
};

/**
 * Reads the "Episode-graph rules" block from the cursor on (its heading and the clause
 * lines up to the declarations), leaving the cursor after it.
 */
export function readEdgeRules(t: PromptText): EdgeRules {
  t.seek(/^Episode-graph rules \(edge-rule profile: [a-z,-]+\)\.$/, "the heading Episode-graph rules (edge-rule profile: NAME).");
  const first = t.at;
  t.seek(/^Declarations: /, "the Declarations: sentence of the episode-graph rules");
  const block = t.lines.slice(first, t.at).join("\n");
  const taken = new Set<Deviation>();
  for (const d of DEVIATIONS) {
    const { amended, paper } = READINGS[d];
    const a = amended.test(block), p = paper.test(block);
    if (a === p) t.fail(first, `the episode-graph rules stating one reading of the ${d} clause`);
    if (a) taken.add(d);
  }
  const profile = (Object.keys(PROFILE_DEVIATIONS) as RuleProfile[]).find((p) => {
    const ds = PROFILE_DEVIATIONS[p];
    return ds.length === taken.size && ds.every((d) => taken.has(d));
  });
  if (!profile) t.fail(first, `the episode-graph rules of a known profile (read: ${[...taken].join(", ") || "no deviation"})`);
  return { name: profile!, profile: profile!, deviations: taken };
}
