// What the converter checks report: the list of checks, one finding each problem makes,
// and how a finding reads on a line. The structural and the solver-backed checks both
// report through these, and the report collects them.

export const CHECKS = [
  { id: "load", title: "the mechanism file loads against the component library" },
  { id: "ports", title: "every port is connected or declared free" },
  { id: "flow_balance", title: "flows are conserved and across values equal at every node" },
  { id: "law_variables", title: "every law names declared variables" },
  { id: "quantity_spaces", title: "quantity spaces are ordered" },
  { id: "references", title: "states, restrictions, transitions and guards reference existing states, variables and cells" },
  { id: "scenarios", title: "every scenario's restrictions are satisfiable" },
  { id: "consistent_states", title: "every scenario admits a consistent composite state" },
  { id: "transitions", title: "no transition is dead (checked without scenario restrictions)" },
] as const satisfies readonly { id: CheckId; title: string }[];

/** A converter check's id. */
export type CheckId =
  | "load"
  | "ports"
  | "flow_balance"
  | "law_variables"
  | "quantity_spaces"
  | "references"
  | "scenarios"
  | "consistent_states"
  | "transitions";

/** One problem found by a check. Errors fail the check; warnings are reported only. */
export interface Finding {
  /** The check that found it. */
  check: CheckId;
  /** An error fails the check; a warning does not. */
  severity: "error" | "warning";
  /** The mechanism's id. */
  mechanism: string;
  /** The component instance concerned, where one is. */
  component?: string;
  /** The port concerned. */
  port?: string;
  /** The variable concerned. */
  variable?: string;
  /** The local state concerned. */
  state?: string;
  /** The scenario concerned. */
  scenario?: string;
  /** The law concerned. */
  law?: string;
  /** The transition concerned. */
  transition?: string;
  /** The file of the declaration at fault, where one applies. */
  file?: string;
  /** The JSON path of the declaration at fault within `file`. */
  path?: string;
  /** What is wrong. */
  message: string;
}

/** How a check records a finding; the check it belongs to and the mechanism are filled in. */
export type Adder = (severity: Finding["severity"], f: Omit<Finding, "check" | "severity" | "mechanism">) => void;

/**
 * A finding as one line: `mechanism: message [file at $.path]`.
 *
 * @param f A finding of a converter check.
 * @returns The line.
 *
 * @example
 * ```ts
 * import { formatFinding } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const line = formatFinding({ check: "ports", severity: "error", mechanism: "m", message: "port a.p is not connected", file: "m.json", path: "$.components[0]" });
 * assert.equal(line, "m: port a.p is not connected [m.json at $.components[0]]");
 * ```
 */
export function formatFinding(f: Finding): string {
  const where = f.file ? ` [${f.file}${f.path ? ` at ${f.path}` : ""}]` : "";
  return `${f.mechanism}: ${f.message}${where}`;
}
