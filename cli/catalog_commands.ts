// `mech catalog list | show | check`: the catalog's mechanisms, one described, and the
// converter checks with a summary table.
import {
  catalogListing,
  checkMechanisms,
  formatFinding,
  type MechanismReport,
  mechanismDescription,
  type MechanismSource,
  mechanismSources,
  UnknownMechanismError,
} from "../engine/api/solver.ts";
import { resolveMechanism } from "./commands.ts";
import { InputError, type Io } from "./io.ts";

function table(io: Io, cols: string[], rows: (string | number)[][]): void {
  io.out(`| ${cols.join(" | ")} |`);
  io.out(`|${cols.map(() => "---").join("|")}|`);
  for (const r of rows) io.out(`| ${r.join(" | ")} |`);
}

/** `mech catalog list`: id, provenance, components, composite states, scenarios. */
export function catalogListCommand(io: Io): void {
  const rows = catalogListing().map((m): (string | number)[] => {
    if ("error" in m) return [m.id, `does not load (${m.error.issues.length} problem${m.error.issues.length === 1 ? "" : "s"}; see mech catalog check)`, "—", "—", "—"];
    const l = m.listing;
    return [l.id, l.provenance || "—", l.components, l.compositeStates, l.scenarios.join(", ")];
  });
  table(io, ["mechanism", "provenance", "components", "composite states", "scenarios"], rows);
}

/** `mech catalog show <id>`: a readable description of one mechanism. */
export function catalogShowCommand(args: { mechanism: string }, io: Io): void {
  const model = resolveMechanism(args.mechanism, io);
  for (const line of mechanismDescription(model)) io.out(line);
}

export interface CatalogCheckArgs {
  /** Catalog ids or mechanism file paths; empty: every built-in mechanism. */
  mechanisms: readonly string[];
  json: boolean;
}

/** The mechanism files to check: the given ids or paths, or every built-in mechanism. */
export function checkTargets(refs: readonly string[], io: Io): MechanismSource[] {
  try {
    return mechanismSources(refs, (p) => io.readText(p));
  } catch (e) {
    if (e instanceof UnknownMechanismError) throw new InputError(e.message);
    throw e;
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * `mech catalog check [MECHANISM…] [--json]`: every check on every mechanism (or the
 * given ones). Returns the exit code: 0 when every check passes (warnings allowed), 1
 * when one fails. Bad input (unknown id, unreadable file, invalid JSON, a component
 * library that does not load) throws, which the CLI reports with exit code 2.
 */
export function catalogCheckCommand(args: CatalogCheckArgs, io: Io): number {
  const reports: MechanismReport[] = checkMechanisms(checkTargets(args.mechanisms, io));
  if (args.json) {
    for (const r of reports) io.out(JSON.stringify(r));
    return reports.every((r) => r.ok) ? 0 : 1;
  }
  for (const r of reports) {
    const failed = r.checks.filter((c) => c.status === "failed").map((c) => c.id);
    const head = failed.length ? `${plural(failed.length, "check")} failed (${failed.join(", ")}), ${r.passed} passed` : `${plural(r.passed, "check")} passed`;
    const extra = [r.skipped ? `${r.skipped} skipped` : "", r.warnings ? plural(r.warnings, "warning") : ""].filter(Boolean);
    io.out(`${r.mechanism}: ${head}${extra.length ? `, ${extra.join(", ")}` : ""}`);
    for (const c of r.checks) {
      for (const f of c.errors) io.out(`  FAIL [${c.id}] ${formatFinding(f)}`);
      for (const f of c.warnings) io.out(`  warning [${c.id}] ${formatFinding(f)}`);
      if (c.status === "skipped" && c.reason) io.out(`  skipped [${c.id}]: ${c.reason}`);
    }
  }
  io.out("");
  const perScenario = (r: MechanismReport, key: "consistent" | "interpretations") =>
    r.scenarios.length ? r.scenarios.map((s) => `${s.id} ${s[key]}`).join(", ") : "—";
  table(
    io,
    ["mechanism", "components", "variables", "composite states", "consistent per scenario", "interpretations per scenario", "passed", "failed", "warnings"],
    reports.map((r) => [
      r.mechanism, r.components ?? "—", r.variables ?? "—", r.compositeStates ?? "—",
      perScenario(r, "consistent"), perScenario(r, "interpretations"), r.passed, r.failed, r.warnings,
    ]),
  );
  const bad = reports.filter((r) => !r.ok);
  const failures = reports.reduce((n, r) => n + r.checks.reduce((m, c) => m + c.errors.length, 0), 0);
  const warnings = reports.reduce((n, r) => n + r.warnings, 0);
  io.out("");
  const many = reports.length !== 1;
  const who = bad.length
    ? (many ? `${bad.length} of ${reports.length} mechanisms fail` : `${bad[0].mechanism} fails`)
    : (many ? `all ${reports.length} mechanisms pass` : `${reports[0]?.mechanism ?? "nothing"} passes`);
  io.out(
    bad.length
      ? `${who} a check (${plural(failures, "failure")})${many ? `: ${bad.map((r) => r.mechanism).join(", ")}` : ""}`
      : `${who} every check${warnings ? ` (${plural(warnings, "warning")})` : ""}`,
  );
  return bad.length ? 1 : 0;
}
