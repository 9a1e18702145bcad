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
] as const;

export type CheckId = typeof CHECKS[number]["id"];

/** One problem found by a check. Errors fail the check; warnings are reported only. */
export interface Finding {
  check: CheckId;
  severity: "error" | "warning";
  mechanism: string;
  component?: string;
  port?: string;
  variable?: string;
  state?: string;
  scenario?: string;
  law?: string;
  transition?: string;
  /** The file and JSON path of the declaration at fault, where one applies. */
  file?: string;
  path?: string;
  message: string;
}

/** How a check records a finding; the check it belongs to and the mechanism are filled in. */
export type Adder = (severity: Finding["severity"], f: Omit<Finding, "check" | "severity" | "mechanism">) => void;

/** `mechanism: message [file at $.path]`. */
export function formatFinding(f: Finding): string {
  const where = f.file ? ` [${f.file}${f.path ? ` at ${f.path}` : ""}]` : "";
  return `${f.mechanism}: ${f.message}${where}`;
}
