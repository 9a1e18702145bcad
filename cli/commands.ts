// The CLI's commands as plain functions over an Io: parse has happened, print here.
import { builtinLibrary, builtinMechanism, builtinMechanismIds, builtinSummaries } from "../catalog/mod.ts";
import { loadMechanism } from "../engine/model/load_mechanism.ts";
import { parseJsonText } from "../engine/model/json_text.ts";
import { MechanismError, oneOf } from "../engine/model/issues.ts";
import type { MechanismModel } from "../engine/model/model.ts";
import { multiStateInstances } from "../engine/model/model.ts";
import { compile, type CompositeState, compositeStates, countCompositeStates, stateLabel } from "../engine/compile/compile.ts";
import { Problem } from "../engine/compile/problem.ts";
import { solve } from "../engine/solve/solver.ts";
import { summarizeScenarios } from "../engine/solve/scenario_summary.ts";
import { describeSolution, type SolutionJson } from "../engine/solve/describe.ts";
import { InputError, type Io } from "./io.ts";

/** A catalog id, or a path to a mechanism JSON file (validated against the built-in library). */
export function resolveMechanism(ref: string, io: Io): MechanismModel {
  if (ref.endsWith(".json") || ref.includes("/")) {
    return loadMechanism(parseJsonText(io.readText(ref), ref), ref, builtinLibrary());
  }
  const m = builtinMechanism(ref);
  if (!m) throw new InputError(`unknown mechanism "${ref}" (expected a path to a .json file or ${oneOf(builtinMechanismIds(), 40)})`);
  return m;
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

/** Splits JSON Lines text into validated problems, naming file and line on error. */
export function parseProblems(text: string, file: string): Problem[] {
  const out: Problem[] = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    const data = parseJsonText(line, file, i + 1);
    const r = Problem.safeParse(data);
    if (!r.success) {
      throw new MechanismError(r.error.issues.map((x) => ({ file: `${file}:${i + 1}`, path: x.path as (string | number)[], message: x.message })));
    }
    out.push(r.data);
  });
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
        yield { label: `problem ${i + 1}${p.mechanism ? ` (${p.mechanism})` : ""}`, d: describeSolution(solve(p), args.limit) };
      }
    };
    printSolutions(io, solutions(), args.json, "problem");
    return;
  }
  const model = resolveMechanism(args.mechanism!, io);
  const fixed = parseStateArgs(args.state);
  const solutions = function* () {
    for (const s of compositeStates(model, fixed)) {
      const { problem } = compile(model, s, args.scenario);
      yield { label: `${stateLabel(model, s)} [${problem.scenario}]`, d: describeSolution(solve(problem), args.limit) };
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
  for (const s of compositeStates(model, parseStateArgs(args.state))) {
    const { problem } = compile(model, s, args.scenario);
    if (args.json) {
      io.out(JSON.stringify(problem));
      continue;
    }
    io.out(`${stateLabel(model, s)} [${problem.scenario}]: ${problem.variables.length} variables, ${problem.confluences.length} confluences`);
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
  const rows: Record<string, string | number>[] = [];
  for (const id of builtinMechanismIds()) {
    const model = builtinMechanism(id)!;
    for (const sc of summarizeScenarios(model)) {
      rows.push({
        mechanism: id, scenario: sc.id, components: model.instances.length, multiState: multiStateInstances(model).length,
        variables: model.variables.length, states: countCompositeStates(model), consistent: sc.consistent, interpretations: sc.interpretations,
      });
    }
  }
  if (args.json) {
    rows.forEach((r) => io.out(JSON.stringify(r)));
    return;
  }
  const cols = ["mechanism", "scenario", "components", "variables", "states", "consistent", "interpretations"];
  io.out(`| ${cols.join(" | ")} |`);
  io.out(`|${cols.map(() => "---").join("|")}|`);
  for (const r of rows) io.out(`| ${cols.map((c) => r[c]).join(" | ")} |`);
}

export function listCommand(io: Io): void {
  for (const m of builtinSummaries()) io.out(`${m.id}\t${m.compositeStates} states\t${m.scenarios.join(",")}\t${m.title}`);
}

export function validateCommand(files: readonly string[], io: Io): void {
  const issues: MechanismError["issues"] = [];
  for (const f of files) {
    try {
      const m = loadMechanism(parseJsonText(io.readText(f), f), f, builtinLibrary());
      io.out(`${f}: ok (${m.id}: ${m.instances.length} components, ${m.variables.length} variables, ${m.laws.length} laws)`);
    } catch (e) {
      if (!(e instanceof MechanismError)) throw e;
      issues.push(...e.issues);
    }
  }
  if (issues.length) throw new MechanismError(issues);
}
