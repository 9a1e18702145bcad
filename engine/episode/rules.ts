// Edge-rule profiles (docs/semantics.md §13.10): which reading of each A.4 clause the
// episode graph uses. `paper` takes every clause as A.4 words it; `sound` keeps the
// amendments the numerical runs need. Each amendment is a named deviation that can be
// reverted on its own, so its effect can be measured.
import { z } from "zod";
import { DEFAULT_PROFILE, type Deviation, DEVIATIONS, RULE_PROFILES, type RuleProfile } from "./rule_names.ts";

/** The schema of an edge-rule profile name (`sound` or `paper`, docs/semantics.md §13.10). */
export const RuleProfileSchema: z.ZodEnum<{ [K in RuleProfile]: K }> = z.enum(RULE_PROFILES);
export const DeviationSchema = z.enum(DEVIATIONS);

/** One line per deviation: the clause, the paper's reading and the amended one. */
export const DEVIATION_TEXT: Record<Deviation, { clause: string; paper: string; amended: string }> = {
  "cause-unions": {
    clause: "causes",
    paper: "a boundary cause is one termination group (an atomic set of nearest events after exact coincidence)",
    amended: "a boundary cause is any nonempty union of termination groups",
  },
  "higher-order": {
    clause: "E1",
    paper: "an integrated coordinate changes only when an event of the cause moves it",
    amended: "it may also leave a point where its derivative is zero (a higher-order departure)",
  },
  "target-derivative": {
    clause: "E7",
    paper: "every change follows the source value of its derivative",
    amended: "leaving a point where the source derivative is zero follows the target derivative",
  },
  "intrastate-seeds": {
    clause: "E4/E8",
    paper: "a change needs an event-seeded causal path; the intrastate cause has no event",
    amended: "under the intrastate cause, the drifting coordinates seed the causal paths",
  },
  "intrastate-relays": {
    clause: "E8",
    paper: "a causal path steps through changed coordinates",
    amended: "under the intrastate cause, it may step through any non-parameter coordinate",
  },
  "switched-jumps": {
    clause: "E6",
    paper: "every coordinate stays in its cell or moves to an adjacent cell",
    amended: "dependents of a law the state change switches on or off may jump",
  },
  "decl-changes": {
    clause: "Decl",
    paper: "a declaration's event coordinate occurs among the cause's events",
    amended: "a declaration's event coordinate changes on the edge",
  },
  "context-universe": {
    clause: "V_r",
    paper: "episodes are the interpretations under the whole scenario r, case restrictions included",
    amended: "episodes are the interpretations under the scenario's operating context; the case restrictions select the initial episodes",
  },
};

/** The readings in force: the set of deviations taken, and a name for records and output. */
export interface EdgeRules {
  /** "sound", "paper", or "sound-without-X,Y" for measurement variants. */
  readonly name: string;
  readonly profile: RuleProfile;
  readonly deviations: ReadonlySet<Deviation>;
}

/** The deviations each profile takes. */
export const PROFILE_DEVIATIONS: Record<RuleProfile, readonly Deviation[]> = {
  sound: DEVIATIONS,
  paper: [],
};

export function edgeRules(profile: RuleProfile = DEFAULT_PROFILE, revert: readonly Deviation[] = []): EdgeRules {
  const drop = new Set(revert);
  const deviations = new Set(PROFILE_DEVIATIONS[profile].filter((d) => !drop.has(d)));
  const removed = PROFILE_DEVIATIONS[profile].filter((d) => drop.has(d));
  return { name: removed.length ? `${profile}-without-${removed.join(",")}` : profile, profile, deviations };
}

export const SOUND: EdgeRules = edgeRules("sound");
export const PAPER: EdgeRules = edgeRules("paper");

export const takes = (r: EdgeRules, d: Deviation): boolean => r.deviations.has(d);
