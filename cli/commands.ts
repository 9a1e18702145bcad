// The CLI's commands as plain functions over an Io: parse has happened, print here.
import {
  catalogSummaries,
  compileStates,
  type CompositeState,
  type MechanismModel,
  MechanismError,
  parseMechanism,
  parseProblems as readProblems,
  type Problem,
  resolveMechanism as resolveRef,
  solutionJson,
  type SolutionJson,
  solveCatalog,
  solveProblem,
  solveStates,
  UnknownMechanismError,
} from "../engine/api/solver.ts";
import { InputError, type Io } from "./io.ts";

/** A catalog id, or a path to a mechanism JSON file (validated against the built-in library). */
export function resolveMechanism(ref: string, io: Io): MechanismModel {
  try {
    return resolveRef(ref, (p) => io.readText(p));
  } catch (e) {
    if (e instanceof UnknownMechanismError) throw new InputError(e.message);
    throw e;
  }
}

/** --state comp=STATE, repeated. */
export function parseStateArgs(args: readonly string[]): CompositeState {
  const out: CompositeState = {};
  for (const a of args) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=([A-Za-z_][A-Za-z0-9_]*)$/.exec(a);
    if (!m) throw new InputError(`--state expects COMPONENT=STATE, got "${a}"`);
    if (out[m[1]] !== undefined && out[m[1]] !== m[2]) throw new InputError(`--state gives two states for ${m[1]}`);
    out[m[1]] = m[2];
  }
  return out;
}

export interface SolveArgs {
  mechanism?: string;
  problem?: string;
  state: readonly string[];
  scenario?: string;
  json: boolean;
  limit: number;
}

/**
 * The JSON line of one solution. A consistent problem's is complete; an inconsistent one
 * (count "0") leaves out its forced cells, supported cells and interpretations, which are
 * empty by definition, and keeps why it is empty (`empty`) and the solver's statistics.
 */
export function solutionJsonLine(d: SolutionJson): string {
  if (d.count !== "0") return JSON.stringify(d);
  const { forced: _forced, supported: _supported, interpretations: _interpretations, ...rest } = d;
  return JSON.stringify(rest);
}

function printSolution(io: Io, d: SolutionJson, label: string): void {
  io.out(`${label}: ${d.count} interpretation${d.count === "1" ? "" : "s"}`);
  if (d.empty) io.out(`  empty: ${JSON.stringify(d.empty)}`);
  const forced = Object.entries(d.forced);
  if (forced.length) io.out(`  forced (${forced.length}): ${forced.map(([v, c]) => `${v}=${c}`).join(", ")}`);
  d.interpretations.forEach((row, i) => {
    const free = Object.entries(row).filter(([v]) => d.forced[v] === undefined);
    io.out(`  #${i + 1}: ${free.length ? free.map(([v, c]) => `${v}=${c}`).join(", ") : "(all values forced)"}`);
  });
}

/**
 * Prints solutions as they are solved. JSON: every one, one line each. Text: a single
 * solution in full; of several, the consistent ones in full and then one line counting
 * them and the inconsistent rest (which `--json` lists with the cause of each).
 */
export function printSolutions(io: Io, solutions: Iterable<{ label: string; d: SolutionJson }>, json: boolean, noun: "composite state" | "problem"): void {
  let total = 0;
  let consistent = 0;
  let held: { label: string; d: SolutionJson } | undefined; // the first inconsistent one, printed in full when it is the only solution
  for (const s of solutions) {
    total++;
    if (json) {
      io.out(solutionJsonLine(s.d));
    } else if (s.d.count !== "0") {
      consistent++;
      printSolution(io, s.d, s.label);
    } else if (total === 1) {
      held = s;
    }
  }
  if (json) return;
  if (total === 1) {
    if (held) printSolution(io, held.d, held.label);
    return;
  }
  const nouns = `${noun}s`;
  const rest = total - consistent;
  if (consistent === 0) {
    io.out(`none of the ${total} ${nouns} is consistent (0 interpretations each; --json prints them with their causes)`);
  } else if (rest === 0) {
    io.out(`all ${total} ${nouns} consistent`);
  } else {
    io.out(`${consistent} of ${total} ${nouns} consistent; the other ${rest === 1 ? `${noun} has` : `${rest} have`} 0 interpretations (--json prints ${rest === 1 ? "it with its cause" : "them with their causes"})`);
  }
}

/** Splits JSON Lines text into validated problems, naming file and line on error; none at all is an input error. */
export function parseProblems(text: string, file: string): Problem[] {
  const out = readProblems(text, file);
  if (!out.length) throw new InputError(`${file}: no problems found (expected one JSON object per line)`);
  return out;
}

export function solveCommand(args: SolveArgs, io: Io): void {
  if ((args.mechanism === undefined) === (args.problem === undefined)) {
    throw new InputError("give either a MECHANISM or --problem FILE");
  }
  if (args.problem !== undefined) {
    if (args.state.length || args.scenario) throw new InputError("--state and --scenario do not apply to --problem");
    const problems = parseProblems(io.readText(args.problem), args.problem);
    const solutions = function* () {
      for (const [i, p] of problems.entries()) {
        yield { label: `problem ${i + 1}${p.mechanism ? ` (${p.mechanism})` : ""}`, d: solutionJson(solveProblem(p), args.limit) };
      }
    };
    printSolutions(io, solutions(), args.json, "problem");
    return;
  }
  const model = resolveMechanism(args.mechanism!, io);
  const fixed = parseStateArgs(args.state);
  const solutions = function* () {
    for (const s of solveStates(model, { state: fixed, scenario: args.scenario })) {
      yield { label: `${s.label} [${s.problem.scenario}]`, d: solutionJson(s, args.limit) };
    }
  };
  printSolutions(io, solutions(), args.json, "composite state");
}

export interface CompileArgs {
  mechanism: string;
  state: readonly string[];
  scenario?: string;
  json: boolean;
}

export function compileCommand(args: CompileArgs, io: Io): void {
  const model = resolveMechanism(args.mechanism, io);
  for (const { label, problem } of compileStates(model, { state: parseStateArgs(args.state), scenario: args.scenario })) {
    if (args.json) {
      io.out(JSON.stringify(problem));
      continue;
    }
    io.out(`${label} [${problem.scenario}]: ${problem.variables.length} variables, ${problem.confluences.length} confluences`);
    for (const v of problem.variables) io.out(`  ${v.name} in {${v.domain.map((c) => v.cells[c]).join(", ")}}`);
    for (const c of problem.confluences) {
      const terms = c.terms.map((t) =>
        (t.coef < 0 ? "- " : "+ ") + t.factors.map((f) => problem.variables[f.var].name + (f.exp > 1 ? `^${f.exp}` : "")).join("*")
      );
      io.out(`  ${c.id}: ${terms.join(" ")} = 0`);
    }
  }
}

/** The main job on built-in defaults: solve every state of every catalog mechanism. */
export function runCommand(args: { json: boolean }, io: Io): void {
  const rows = solveCatalog();
  if (args.json) {
    rows.forEach((r) => io.out(JSON.stringify(r)));
    return;
  }
  const cols = ["mechanism", "scenario", "components", "variables", "states", "consistent", "interpretations"] as const;
  io.out(`| ${cols.join(" | ")} |`);
  io.out(`|${cols.map(() => "---").join("|")}|`);
  for (const r of rows) io.out(`| ${cols.map((c) => r[c]).join(" | ")} |`);
}

export function listCommand(io: Io): void {
  for (const m of catalogSummaries()) io.out(`${m.id}\t${m.compositeStates} states\t${m.scenarios.join(",")}\t${m.title}`);
}

export function validateCommand(files: readonly string[], io: Io): void {
  const issues: MechanismError["issues"] = [];
  for (const f of files) {
    try {
      const m = parseMechanism(io.readText(f), f);
      io.out(`${f}: ok (${m.id}: ${m.instances.length} components, ${m.variables.length} variables, ${m.laws.length} laws)`);
    } catch (e) {
      if (!(e instanceof MechanismError)) throw e;
      issues.push(...e.issues);
    }
  }
  if (issues.length) throw new MechanismError(issues);
}
