// Converter checks on resolved mechanisms (`mech catalog check`). Loading already rejects
// most malformed input; these checks restate the structural guarantees on the resolved
// model so that the report says they hold, then use the solver for the semantic ones:
// satisfiable scenarios, a consistent composite state under every scenario and no dead
// transition. docs/catalog/checks.md states each check precisely.
import { coordinateTable } from "../episode/coordinates.ts";
import type { Library, SourceFile } from "../model/library.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import { type JsonPath, jsonPath } from "../files/json_path.ts";
import { ModelError } from "../model/issues.ts";
import type { MechanismModel, ModelGuard, ModelInstance, ModelRestriction, ModelTransition } from "../model/model.ts";
import { PHYSICAL_DOMAINS, type PhysicalDomain } from "../model/physical_domains.ts";
import { portVariable } from "../model/connections.ts";
import { contentLawId } from "../model/naming.ts";
import { formatTerm, parseTerm } from "../model/terms.ts";
import type { TypeTable } from "../model/type_table.ts";
import { compile, type CompositeState, compositeStates, countCompositeStates } from "../compile/compile.ts";
import { MAX_CELLS, type Problem } from "../compile/problem.ts";
import { solve, SolveError, type SolveOptions } from "../solve/solver.ts";
import { formatCells, formatConditions } from "./describe_mechanism.ts";

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

export interface CheckResult {
  id: CheckId;
  title: string;
  status: "passed" | "failed" | "skipped";
  /** Why the check was skipped (an earlier structural check failed). */
  reason?: string;
  errors: Finding[];
  warnings: Finding[];
}

export interface ScenarioSummary {
  id: string;
  /** Composite states with a nonempty relation. */
  consistent: number;
  /** Total number of interpretations over all composite states, exact, as a decimal string. */
  interpretations: string;
}

export interface MechanismReport {
  mechanism: string;
  file: string;
  /** null when the mechanism did not load. */
  components: number | null;
  variables: number | null;
  compositeStates: number | null;
  scenarios: ScenarioSummary[];
  checks: CheckResult[];
  passed: number;
  failed: number;
  skipped: number;
  warnings: number;
  ok: boolean;
}

export interface CheckOptions {
  /** The component library the mechanism was loaded against (types, ports, file locations). */
  library?: Library;
  /** The mechanism's JSON data, to point at connection groups and free-port entries. */
  data?: unknown;
  solveOptions?: SolveOptions;
}

/** `mechanism: message [file at $.path]`. */
export function formatFinding(f: Finding): string {
  const where = f.file ? ` [${f.file}${f.path ? ` at ${f.path}` : ""}]` : "";
  return `${f.mechanism}: ${f.message}${where}`;
}

/** Loads a mechanism file and checks it; a file that does not load fails the `load` check. */
export function checkSource(source: SourceFile, library: Library, options: Omit<CheckOptions, "library" | "data"> = {}): MechanismReport {
  let model: MechanismModel;
  try {
    model = loadMechanism(source.data, source.file, library);
  } catch (e) {
    if (!(e instanceof ModelError)) throw e;
    const id = String((source.data as { id?: unknown } | null)?.id ?? source.file);
    const errors: Finding[] = e.issues.map((i) => ({
      check: "load", severity: "error", mechanism: id, file: i.file, path: jsonPath(i.path), message: i.message,
    }));
    const checks = CHECKS.map((c): CheckResult =>
      c.id === "load"
        ? { id: c.id, title: c.title, status: "failed", errors, warnings: [] }
        : { id: c.id, title: c.title, status: "skipped", reason: "the mechanism does not load", errors: [], warnings: [] }
    );
    return finish({ mechanism: id, file: source.file, components: null, variables: null, compositeStates: null, scenarios: [], checks });
  }
  return checkMechanism(model, { ...options, library, data: source.data });
}

function finish(r: Omit<MechanismReport, "passed" | "failed" | "skipped" | "warnings" | "ok">): MechanismReport {
  const count = (s: CheckResult["status"]) => r.checks.filter((c) => c.status === s).length;
  const failed = count("failed");
  return {
    ...r,
    passed: count("passed"),
    failed,
    skipped: count("skipped"),
    warnings: r.checks.reduce((n, c) => n + c.warnings.length, 0),
    ok: failed === 0,
  };
}

/** Runs every check on a resolved mechanism. */
export function checkMechanism(model: MechanismModel, options: CheckOptions = {}): MechanismReport {
  const ctx = new Context(model, options);
  const results = new Map<CheckId, CheckResult>();
  const run = (id: CheckId, body: (add: Adder) => void) => {
    const title = CHECKS.find((c) => c.id === id)!.title;
    const r: CheckResult = { id, title, status: "passed", errors: [], warnings: [] };
    const add: Adder = (severity, f) => (severity === "error" ? r.errors : r.warnings).push({ check: id, severity, mechanism: model.id, ...f });
    try {
      body(add);
    } catch (e) {
      if (!(e instanceof SolveError)) throw e;
      add("error", { message: `the solver refused a problem: ${e.message}` });
    }
    if (r.errors.length) r.status = "failed";
    results.set(id, r);
  };
  const skip = (id: CheckId, reason: string) => {
    const title = CHECKS.find((c) => c.id === id)!.title;
    results.set(id, { id, title, status: "skipped", reason, errors: [], warnings: [] });
  };

  run("load", () => {});
  run("ports", (add) => checkPorts(ctx, add));
  run("flow_balance", (add) => checkFlowBalance(ctx, add));
  run("law_variables", (add) => checkLawVariables(ctx, add));
  run("quantity_spaces", (add) => checkQuantitySpaces(ctx, add));
  run("references", (add) => checkReferences(ctx, add));

  // The semantic checks compile and solve; they need well-formed references.
  const broken = (["law_variables", "quantity_spaces", "references"] as const).filter((id) => results.get(id)!.status === "failed");
  let scenarios: ScenarioSummary[] = [];
  if (broken.length) {
    const reason = `needs a well-formed model (${broken.join(", ")} failed)`;
    for (const id of ["scenarios", "consistent_states", "transitions"] as const) skip(id, reason);
  } else {
    let solves: Solves | undefined;
    run("consistent_states", (add) => {
      solves = new Solves(ctx);
      scenarios = model.scenarios.map((sc) => solves!.summary(sc.id));
      for (const s of scenarios) {
        if (s.consistent === 0) {
          add("error", {
            scenario: s.id,
            ...ctx.mech(["scenarios", model.scenarios.findIndex((x) => x.id === s.id)]),
            message: `no composite state (of ${solves!.states.length}) has a nonempty relation under scenario ${s.id}` +
              (solves!.unrestrictedConsistent() === 0 ? "; none has one even without scenario restrictions" : ""),
          });
        }
      }
    });
    if (solves) {
      run("scenarios", (add) => checkScenarios(ctx, solves!, add));
      run("transitions", (add) => checkTransitions(ctx, solves!, add));
    } else {
      skip("scenarios", "the composite states could not be solved");
      skip("transitions", "the composite states could not be solved");
    }
  }
  return finish({
    mechanism: model.id,
    file: model.file,
    components: model.instances.length,
    variables: model.variables.length,
    compositeStates: countCompositeStates(model),
    scenarios,
    checks: CHECKS.map((c) => results.get(c.id)!),
  });
}

type Adder = (severity: Finding["severity"], f: Omit<Finding, "check" | "severity" | "mechanism">) => void;

/** The model with lookups: types, file locations, flow and across orders of ports. */
class Context {
  readonly library?: Library;
  readonly data?: { connections?: unknown; free?: unknown };
  constructor(readonly model: MechanismModel, readonly options: CheckOptions) {
    this.library = options.library;
    this.data = typeof options.data === "object" && options.data !== null ? options.data as { connections?: unknown } : undefined;
  }
  instance(name: string): ModelInstance | undefined {
    return this.model.instances.find((i) => i.name === name);
  }
  table(inst: ModelInstance): TypeTable | undefined {
    return this.library?.get(inst.type)?.table;
  }
  mech(path: JsonPath): { file: string; path: string } {
    return { file: this.model.file, path: jsonPath(path) };
  }
  /** The file and path of a declaration inside an instance's component type. */
  type(instance: string, path: JsonPath): { file?: string; path?: string } {
    const inst = this.instance(instance);
    const entry = inst && this.library?.get(inst.type);
    return entry ? { file: entry.file, path: jsonPath(["types", entry.index, ...path]) } : {};
  }
  componentPath(instance: string): { file: string; path: string } {
    return this.mech(["components", this.model.instances.findIndex((i) => i.name === instance)]);
  }
  /** `connections[k]`, the first connection group listing `port` (just `connections` without the file's data). */
  connectionGroup(port: string): JsonPath {
    const groups = this.data?.connections;
    const k = Array.isArray(groups) ? groups.findIndex((g) => Array.isArray(g) && g.includes(port)) : -1;
    return k < 0 ? ["connections"] : ["connections", k];
  }
  /** `free[k]`, the entry declaring `port` free (just `free` without the file's data). */
  freeEntry(port: string): JsonPath {
    const free = this.data?.free;
    const k = Array.isArray(free) ? free.indexOf(port) : -1;
    return k < 0 ? ["free"] : ["free", k];
  }
  /** Highest derivative order declared for the variable named `name` (its base), or -1. */
  orders(name: string): number {
    const idx = this.model.variableIndex.get(name);
    if (idx === undefined) return -1;
    return this.model.variables.reduce((m, v) => (v.base === idx ? Math.max(m, v.order) : m), 0);
  }
  /** Path of a transition in the instance's type: its k-th transition. */
  transitionPath(t: ModelTransition): { file?: string; path?: string } {
    const k = this.model.transitions.filter((x) => x.instance === t.instance).indexOf(t);
    return this.type(t.instance, ["transitions", k]);
  }
  typeName(instance: string): string {
    const inst = this.instance(instance);
    return inst ? `${instance} (${inst.type})` : instance;
  }
}

// ---------------------------------------------------------------------------------
// Structural checks

function checkPorts(ctx: Context, add: Adder): void {
  const { model } = ctx;
  const nodeOf = new Map<string, number[]>();
  model.nodes.forEach((n, k) => n.ports.forEach((p) => nodeOf.set(p, [...(nodeOf.get(p) ?? []), k])));
  const freeCount = new Map<string, number>();
  model.free.forEach((p) => freeCount.set(p, (freeCount.get(p) ?? 0) + 1));
  const declared = new Set<string>();
  for (const inst of model.instances) {
    const table = ctx.table(inst);
    if (!table) continue; // reported by `references`
    for (const port of table.type.ports) {
      const q = `${inst.name}.${port.name}`;
      declared.add(q);
      const nodes = nodeOf.get(q) ?? [];
      const free = freeCount.get(q) ?? 0;
      const base = { component: inst.name, port: q };
      if (!nodes.length && !free) {
        add("error", { ...base, ...ctx.mech(["free"]), message: `port ${q} of component ${ctx.typeName(inst.name)} is neither connected nor declared free` });
      }
      if (nodes.length && free) {
        add("error", { ...base, ...ctx.mech(ctx.freeEntry(q)), message: `port ${q} is declared free but is also connected (node ${nodes[0] + 1})` });
      }
      if (nodes.length > 1) add("error", { ...base, ...ctx.mech(["connections"]), message: `port ${q} belongs to ${nodes.length} nodes; a port joins one node` });
      if (free > 1) add("error", { ...base, ...ctx.mech(["free"]), message: `port ${q} is declared free ${free} times` });
      for (const k of nodes) {
        if (model.nodes[k].ports.length < 2) {
          add("error", { ...base, ...ctx.mech(ctx.connectionGroup(q)), message: `port ${q} is the only port of node ${k + 1}: it is connected to nothing` });
        }
      }
      const flow = PHYSICAL_DOMAINS[port.domain as PhysicalDomain]?.flow;
      if (free && !nodes.length && flow) {
        // An unconnected flow is zero, with each declared derivative.
        for (let o = 0; o <= ctx.orders(portVariable(q, flow, 0)); o++) {
          const name = portVariable(q, flow, o);
          const idx = model.variableIndex.get(name);
          const zero = idx === undefined ? -1 : model.variables[idx].cells.indexOf("zero");
          const ok = idx !== undefined && model.restrictions.some((r) => r.var === idx && r.state === null && r.cells.length === 1 && r.cells[0] === zero);
          if (!ok) add("error", { ...base, variable: name, ...ctx.mech(ctx.freeEntry(q)), message: `free port ${q}: its flow ${name} is not restricted to zero` });
        }
      }
    }
  }
  for (const p of [...nodeOf.keys(), ...freeCount.keys()]) {
    const inst = ctx.instance(p.split(".")[0]);
    if (!declared.has(p) && (!inst || ctx.table(inst))) {
      add("error", { port: p, ...ctx.mech(nodeOf.has(p) ? ctx.connectionGroup(p) : ctx.freeEntry(p)), message: `${p} is not a port of any component` });
    }
  }
}

function checkFlowBalance(ctx: Context, add: Adder): void {
  const { model } = ctx;
  const single = (t: { factors: { var: number; exp: number }[] }) => t.factors.length === 1 && t.factors[0].exp === 1;
  // Flow balances: unconditional laws whose terms are single variables of one sign.
  const sums = new Set<string>();
  // Across equalities: unconditional connection laws `+x − y`, joined by union–find.
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    while (parent.has(x) && parent.get(x) !== x) x = parent.get(x)!;
    return x;
  };
  for (const l of model.laws) {
    if (l.state !== null || !l.terms.length || !l.terms.every(single)) continue;
    if (l.terms.every((t) => t.coef === l.terms[0].coef)) sums.add(l.terms.map((t) => t.factors[0].var).sort((a, b) => a - b).join(","));
    if (l.origin === "connection" && l.terms.length === 2 && l.terms[0].coef !== l.terms[1].coef) {
      const [a, b] = l.terms.map((t) => find(t.factors[0].var));
      if (a !== b) parent.set(b, a);
    }
  }
  const name = (p: string, q: string, o: number) => portVariable(p, q, o);
  model.nodes.forEach((node, k) => {
    const label = `node ${k + 1} (${node.ports.join(", ")})`;
    const at = ctx.mech(ctx.connectionGroup(node.ports[0]));
    const d = PHYSICAL_DOMAINS[node.domain];
    if (!d) {
      add("error", { ...at, message: `${label} has unknown physical domain "${node.domain}"` });
      return;
    }
    for (const p of node.ports) {
      const inst = ctx.instance(p.split(".")[0]);
      const port = inst && ctx.table(inst)?.type.ports.find((x) => `${inst.name}.${x.name}` === p);
      if (port && port.domain !== node.domain) {
        add("error", { port: p, ...at, message: `${label} is ${node.domain} but port ${p} is ${port.domain}` });
      }
    }
    if (d.flow !== null) {
      const orders = node.ports.map((p) => ctx.orders(name(p, d.flow!, 0)));
      const top = Math.min(...orders);
      if (node.ports.length < 2) {
        add("error", { port: node.ports[0], ...at, message: `${label} has a single port, so no law balances its flow ${name(node.ports[0], d.flow, 0)}` });
      } else {
        for (let o = 0; o <= top; o++) {
          const vars = node.ports.map((p) => model.variableIndex.get(name(p, d.flow!, o)));
          const names = node.ports.map((p) => name(p, d.flow!, o));
          if (vars.some((v) => v === undefined)) {
            add("error", { ...at, message: `${label}: flow variable ${names[vars.indexOf(undefined)]} is not declared` });
            continue;
          }
          if (!sums.has((vars as number[]).sort((a, b) => a - b).join(","))) {
            add("error", { ...at, message: `${label} has no flow-balance law ${names.join(" + ")} = 0: flow is not conserved there` });
          }
        }
        node.ports.forEach((p, i) => {
          if (orders[i] > top) {
            add("warning", {
              port: p, ...at,
              message: `${label}: ${name(p, d.flow!, top + 1)} is not balanced (the node's other ports declare flow derivatives only up to order ${top})`,
            });
          }
        });
      }
    }
    if (node.ports.length >= 2) {
      const top = Math.min(...node.ports.map((p) => ctx.orders(name(p, d.across, 0))));
      for (let o = 0; o <= top; o++) {
        const vars = node.ports.map((p) => model.variableIndex.get(name(p, d.across, o)));
        const first = vars[0];
        node.ports.forEach((p, i) => {
          const v = vars[i];
          if (first === undefined || v === undefined || find(v) !== find(first)) {
            add("error", { port: p, ...at, message: `${label}: no connection law makes ${name(p, d.across, o)} equal to ${name(node.ports[0], d.across, o)}` });
          }
        });
      }
    }
  });
}

/** File and path of a component law in its type, found by id. */
function lawLocation(ctx: Context, instance: string, id: string): { file?: string; path?: string } {
  const inst = ctx.instance(instance);
  const table = inst && ctx.table(inst);
  if (!table) return {};
  const local = id.slice(instance.length + 1).replace(/\.d1$/, "");
  const idOf = (l: { id?: string; terms: unknown[] }) => l.id ?? contentLawId(l.terms.map((t) => formatTerm(parseTerm(t as never))).join(" "));
  const j = table.type.laws.findIndex((l) => idOf(l) === local);
  if (j >= 0) return ctx.type(instance, ["laws", j]);
  for (const [si, s] of table.type.states.entries()) {
    const k = s.laws.findIndex((l) => idOf(l) === local);
    if (k >= 0) return ctx.type(instance, ["states", si, "laws", k]);
  }
  return ctx.type(instance, []);
}

function checkLawVariables(ctx: Context, add: Adder): void {
  const { model } = ctx;
  const seen = new Set<string>();
  const ids = new Set(model.laws.map((l) => l.id));
  for (const law of model.laws) {
    const where = law.origin === "component" && law.instance !== null ? lawLocation(ctx, law.instance, law.id) : ctx.mech(["connections"]);
    const base = { law: law.id, ...(law.instance !== null ? { component: law.instance } : {}), ...where };
    const key = `${law.id}\u0000${law.state}`;
    if (seen.has(key)) add("error", { ...base, message: `law id ${law.id} is used twice${law.state ? ` in state ${law.state}` : ""}` });
    seen.add(key);
    if (law.derivativeOf !== null && !ids.has(law.derivativeOf)) {
      add("error", { ...base, message: `law ${law.id} is the derivative of ${law.derivativeOf}, which is not a law of the mechanism` });
    }
    for (const t of law.terms) {
      for (const f of t.factors) {
        const v = Number.isInteger(f.var) ? model.variables[f.var] : undefined;
        if (!v) {
          add("error", { ...base, message: `law ${law.id} names variable #${f.var}, which is not declared` });
          continue;
        }
        if (!Number.isInteger(f.exp) || f.exp < 1) add("error", { ...base, variable: v.name, message: `law ${law.id}: ${v.name} has exponent ${f.exp}; expected a positive integer` });
        if (law.origin === "component" && v.instance !== law.instance) {
          add("error", { ...base, variable: v.name, message: `law ${law.id} of component ${law.instance} names ${v.name}, a variable of component ${v.instance}` });
        }
        if (law.origin === "connection" && v.kind !== "across" && v.kind !== "flow") {
          add("error", { ...base, variable: v.name, message: `connection law ${law.id} names ${v.name}, which is not a port variable` });
        }
      }
    }
  }
}

function checkQuantitySpaces(ctx: Context, add: Adder): void {
  const { model } = ctx;
  const reported = new Set<string>();
  for (const v of model.variables) {
    const problems: string[] = [];
    if (!v.cells.length) problems.push("it has no cells");
    if (v.cells.length > MAX_CELLS) problems.push(`it has ${v.cells.length} cells (at most ${MAX_CELLS})`);
    if (v.signs.length !== v.cells.length) problems.push(`it has ${v.cells.length} cells but ${v.signs.length} signs`);
    const dup = v.cells.find((c, i) => v.cells.indexOf(c) !== i);
    if (dup !== undefined) problems.push(`cell "${dup}" is listed twice`);
    const down = v.signs.findIndex((s, i) => i > 0 && s < v.signs[i - 1]);
    if (down > 0) problems.push(`cells are not in increasing order: "${v.cells[down - 1]}" (sign ${v.signs[down - 1]}) comes before "${v.cells[down]}" (sign ${v.signs[down]})`);
    const zeros = v.signs.flatMap((s, i) => (s === 0 ? [v.cells[i]] : []));
    if (zeros.length !== 1) problems.push(zeros.length ? `${zeros.length} cells have sign 0 (${zeros.join(", ")}); exactly one should` : "no cell has sign 0, so the variable cannot be zero");
    const wide = zeros.find((c) => c.startsWith("("));
    if (wide) problems.push(`the interval ${wide} has sign 0 but an open interval spans zero only if it contains values of both signs; add a zero landmark`);
    if (!problems.length) continue;
    const inst = ctx.instance(v.instance);
    const key = `${inst?.type ?? v.instance}\u0000${v.local}`;
    if (reported.has(key)) continue;
    reported.add(key);
    const same = model.variables.filter((w) => w.local === v.local && ctx.instance(w.instance)?.type === inst?.type).map((w) => w.name);
    // Point at the quantity space the variable declares in its type, if any.
    const table = inst && ctx.table(inst);
    const baseLocal = model.variables[v.base]?.local ?? v.local;
    const j = table ? table.type.variables.findIndex((d) => d.name === baseLocal) : -1;
    const space = j >= 0 ? table!.type.variables[j].space : "sign";
    const where = j < 0 ? ctx.type(v.instance, []) : space !== "sign" ? ctx.type(v.instance, ["spaces", space]) : ctx.type(v.instance, ["variables", j]);
    add("error", {
      component: v.instance, variable: v.name, ...where,
      message: `the quantity space of ${same.join(", ")} (${v.cells.join(", ")}) is not ordered: ${problems.join("; ")}`,
    });
  }
}

function checkReferences(ctx: Context, add: Adder): void {
  const { model } = ctx;
  const names = new Set<string>();
  model.instances.forEach((inst, ci) => {
    const at = ctx.mech(["components", ci]);
    if (names.has(inst.name)) add("error", { component: inst.name, ...at, message: `component name ${inst.name} is used twice` });
    names.add(inst.name);
    if (ctx.library && !ctx.table(inst)) add("error", { component: inst.name, ...at, message: `component ${inst.name} has type ${inst.type}, which the library does not define` });
    if (!inst.states.length) add("error", { component: inst.name, ...at, message: `component ${inst.name} has no local state` });
    const dup = inst.states.find((s, i) => inst.states.indexOf(s) !== i);
    if (dup) add("error", { component: inst.name, state: dup, ...ctx.type(inst.name, ["states"]), message: `component ${inst.name} declares state ${dup} twice` });
    for (const v of inst.variables) {
      if (model.variables[v]?.instance !== inst.name) add("error", { component: inst.name, ...at, message: `component ${inst.name} lists variable #${v}, which is not one of its own` });
    }
  });
  const cellsOk = (v: number, cells: readonly number[]) => {
    const info = model.variables[v];
    return !!info && cells.length > 0 && cells.every((c) => Number.isInteger(c) && c >= 0 && c < info.cells.length);
  };
  const badCells = (v: number, cells: readonly number[]) => {
    const info = model.variables[v];
    if (!cells.length) return `allows no cell of ${info.name}`;
    return `names cells ${cells.filter((c) => !(c >= 0 && c < info.cells.length)).map((c) => `#${c}`).join(", ")} that ${info.name} does not have (it has ${info.cells.join(", ")})`;
  };
  const stateExists = (instance: string | null, state: string) => instance !== null && !!ctx.instance(instance)?.states.includes(state);

  for (const r of model.restrictions) {
    const v = model.variables[r.var];
    const where = restrictionLocation(ctx, r);
    const base = { ...(r.instance !== null ? { component: r.instance } : {}), ...(r.state !== null ? { state: r.state } : {}), ...where };
    if (!v) {
      add("error", { ...base, message: `restriction from ${r.source} names variable #${r.var}, which is not declared` });
      continue;
    }
    if (!cellsOk(r.var, r.cells)) add("error", { ...base, variable: v.name, message: `restriction from ${r.source} ${badCells(r.var, r.cells)}` });
    if (r.instance !== null && v.instance !== r.instance) {
      add("error", { ...base, variable: v.name, message: `restriction from ${r.source} belongs to component ${r.instance} but restricts ${v.name}` });
    }
    if (r.state !== null && !stateExists(r.instance, r.state)) {
      add("error", { ...base, variable: v.name, message: `restriction from ${r.source} applies in state ${r.state}, which component ${r.instance} does not have` });
    }
  }
  for (const law of model.laws) {
    if (law.state !== null && !stateExists(law.instance, law.state)) {
      add("error", {
        law: law.id, ...(law.instance ? { component: law.instance, ...lawLocation(ctx, law.instance, law.id) } : {}), state: law.state,
        message: `law ${law.id} is active in state ${law.state}, which component ${law.instance} does not have`,
      });
    }
  }
  for (const t of model.transitions) {
    const inst = ctx.instance(t.instance);
    const label = `${t.from} → ${t.to}`;
    const base = { component: t.instance, transition: label, ...ctx.transitionPath(t) };
    if (!inst) {
      add("error", { ...base, message: `transition ${label} belongs to component ${t.instance}, which does not exist` });
      continue;
    }
    for (const s of [t.from, t.to]) {
      if (!inst.states.includes(s)) add("error", { ...base, state: s, message: `transition ${label} of ${ctx.typeName(t.instance)} names state ${s}, which the component does not have (it has ${inst.states.join(", ")})` });
    }
    if (t.from === t.to) add("error", { ...base, message: `transition ${label} of ${t.instance} does not change the state` });
    if (t.event !== null && model.variables[t.event]?.instance !== t.instance) {
      add("error", { ...base, message: `transition ${label} of ${t.instance} has event coordinate #${t.event}, which is not a variable of ${t.instance}` });
    }
    for (const [side, guard] of [["source guard H−", t.source], ["target guard H+", t.target]] as const) {
      for (const g of guard) {
        const v = model.variables[g.var];
        if (!v || v.instance !== t.instance) {
          add("error", { ...base, message: `transition ${label} of ${t.instance}: its ${side} names ${v ? v.name : `variable #${g.var}`}, which is not a variable of ${t.instance}` });
        } else if (!cellsOk(g.var, g.cells)) {
          add("error", { ...base, variable: v.name, message: `transition ${label} of ${t.instance}: its ${side} ${badCells(g.var, g.cells)}` });
        }
      }
    }
  }
  const ids = new Set<string>();
  model.scenarios.forEach((sc, si) => {
    if (ids.has(sc.id)) add("error", { scenario: sc.id, ...ctx.mech(["scenarios", si, "id"]), message: `scenario id ${sc.id} is used twice` });
    ids.add(sc.id);
    for (const [key, rs] of [["context", sc.context], ["restrict", sc.restrict]] as const) {
      for (const r of rs) {
        const v = model.variables[r.var];
        const at = ctx.mech(["scenarios", si, key, ...(v ? [v.name] : [])]);
        if (!v) add("error", { scenario: sc.id, ...at, message: `scenario ${sc.id} ${key} names variable #${r.var}, which is not declared` });
        else if (!cellsOk(r.var, r.cells)) add("error", { scenario: sc.id, variable: v.name, ...at, message: `scenario ${sc.id} ${key} ${badCells(r.var, r.cells)}` });
      }
    }
  });
}

/** Where a model restriction was declared, from its source (see ModelRestriction). */
function restrictionLocation(ctx: Context, r: ModelRestriction): { file?: string; path?: string } {
  const v = ctx.model.variables[r.var];
  const m = /^(parameter|state|type|free port) (.*)$/.exec(r.source);
  if (!m || r.instance === null) return {};
  const inst = ctx.instance(r.instance);
  const table = inst && ctx.table(inst);
  switch (m[1]) {
    case "parameter": {
      const p = m[2].slice(r.instance.length + 1);
      return table ? ctx.type(r.instance, ["parameters", table.type.parameters.findIndex((x) => x.name === p)]) : ctx.componentPath(r.instance);
    }
    case "state": {
      const si = table ? table.type.states.findIndex((s) => s.name === r.state) : -1;
      return ctx.type(r.instance, si >= 0 ? ["states", si, "restrict", ...(v ? [v.local] : [])] : ["states"]);
    }
    case "type":
      return ctx.type(r.instance, ["restrict", ...(v ? [v.local] : [])]);
    default:
      return ctx.mech(ctx.freeEntry(m[2]));
  }
}

// ---------------------------------------------------------------------------------
// Semantic checks: solves of every composite state, cached per (state, scenario).

/** Id under which the mechanism is solved without any scenario restriction. */
export const UNRESTRICTED = "(no scenario restrictions)";

class Solves {
  readonly states: CompositeState[];
  /** Scenario (or UNRESTRICTED) → count per composite state. */
  private readonly counts = new Map<string, bigint[]>();
  /** Per composite state, without scenario restrictions: the supported cells of each variable as a bit mask. */
  readonly supported: (Uint32Array | null)[] = [];
  /** The model solved without scenario restrictions, and the scenario id that means that. */
  readonly free: { model: MechanismModel; id: string };

  constructor(private readonly ctx: Context) {
    const model = ctx.model;
    this.states = [...compositeStates(model)];
    const plain = model.scenarios.find((s) => !s.context.length && !s.restrict.length);
    this.free = plain
      ? { model, id: plain.id }
      : { model: { ...model, scenarios: [...model.scenarios, { id: UNRESTRICTED, context: [], restrict: [] }] }, id: UNRESTRICTED };
    const counts = this.states.map((s) => {
      const sol = solve(compile(this.free.model, s, this.free.id).problem, ctx.options.solveOptions);
      this.supported.push(sol.count > 0n ? Uint32Array.from(sol.supported, (cells) => cells.reduce((m, c) => (m | (1 << c)) >>> 0, 0)) : null);
      return sol.count;
    });
    this.counts.set(UNRESTRICTED, counts);
  }

  /** The scenario's cache key: scenarios without restrictions share the unrestricted solves. */
  private key(id: string): string {
    const sc = this.ctx.model.scenarios.find((s) => s.id === id);
    return !sc || (!sc.context.length && !sc.restrict.length) ? UNRESTRICTED : id;
  }

  countsOf(id: string): bigint[] {
    const key = this.key(id);
    let c = this.counts.get(key);
    if (!c) {
      c = this.states.map((s) => solve(compile(this.ctx.model, s, id).problem, this.ctx.options.solveOptions).count);
      this.counts.set(key, c);
    }
    return c;
  }

  summary(id: string): ScenarioSummary {
    const c = this.countsOf(id);
    return { id, consistent: c.filter((n) => n > 0n).length, interpretations: c.reduce((a, b) => a + b, 0n).toString() };
  }

  unrestrictedConsistent(): number {
    return this.counts.get(UNRESTRICTED)!.filter((n) => n > 0n).length;
  }

  /**
   * Some consistent composite state (without scenario restrictions) has `instance` in
   * `state` and an interpretation satisfying `guard`; returns its index or -1.
   *
   * First a necessary test per variable: a guard {v: cells, …} can hold in a state only
   * if every guarded variable's supported set there meets its cells. This is per
   * variable, so it is necessary but not sufficient: each variable may take an allowed
   * cell in some interpretation without one interpretation taking all of them (for a
   * single guarded variable it is exact, since a supported cell is taken by some
   * interpretation). For guards on two or more variables the states passing the test
   * are then solved again with the guard added as domain restrictions, which is exact.
   */
  witness(instance: string, state: string, guard: readonly ModelGuard[]): number {
    const masks = guard.map((g) => g.cells.reduce((m, c) => (m | (1 << c)) >>> 0, 0));
    for (let i = 0; i < this.states.length; i++) {
      const sup = this.supported[i];
      if (!sup || this.states[i][instance] !== state) continue;
      if (!guard.every((g, k) => (sup[g.var] & masks[k]) !== 0)) continue;
      if (guard.length <= 1) return i;
      const { problem } = compile(this.free.model, this.states[i], this.free.id, guard.map((g) => ({ ...g, source: "transition guard" })));
      if (solve(problem, this.ctx.options.solveOptions).count > 0n) return i;
    }
    return -1;
  }

  /** How many consistent composite states (without scenario restrictions) have `instance` in `state`. */
  consistentWith(instance: string, state: string): number {
    return this.states.filter((s, i) => this.supported[i] && s[instance] === state).length;
  }

  /** Union over consistent states with `instance` in `state` of the supported cells of `v`, as a mask. */
  supportedIn(instance: string, state: string, v: number): number {
    return this.states.reduce((m, s, i) => {
      const sup = this.supported[i];
      return sup && s[instance] === state ? (m | sup[v]) >>> 0 : m;
    }, 0);
  }

  /** Union over all consistent states (without scenario restrictions) of the supported cells of `v`. */
  supportedAnywhere(v: number): number {
    return this.supported.reduce((m, sup) => (sup ? (m | sup[v]) >>> 0 : m), 0);
  }
}

const cellsOfMask = (mask: number, n: number) => Array.from({ length: n }, (_, i) => i).filter((i) => (mask >>> i) & 1);

function checkScenarios(ctx: Context, solves: Solves, add: Adder): void {
  const { model } = ctx;
  model.scenarios.forEach((sc, si) => {
    const restrictions = [...sc.context, ...sc.restrict];
    if (!restrictions.length) return;
    // (1) Each restricted variable keeps a cell: its cells, the restrictions active in
    // every state (parameters, type restrictions, free ports) and the scenario's.
    let emptied = false;
    for (const v of new Set(restrictions.map((r) => r.var))) {
      const info = model.variables[v];
      const applied = [
        ...model.restrictions.filter((r) => r.var === v && r.state === null),
        ...restrictions.filter((r) => r.var === v),
      ];
      const left = applied.reduce((cells, r) => cells.filter((c) => r.cells.includes(c)), info.cells.map((_, i) => i));
      if (!left.length) {
        emptied = true;
        const key = sc.context.some((r) => r.var === v) ? "context" : "restrict";
        add("error", {
          scenario: sc.id, variable: info.name, ...ctx.mech(["scenarios", si, key, info.name]),
          message: `scenario ${sc.id} leaves ${info.name} no value: ${applied.map((r) => `${r.source} allows ${formatCells(info, r.cells)}`).join("; ")}`,
        });
      }
    }
    if (emptied) return;
    // (2) The scenario admits a consistent composite state.
    if (solves.summary(sc.id).consistent > 0) return;
    const free = solves.unrestrictedConsistent();
    if (free === 0) {
      add("error", {
        scenario: sc.id, ...ctx.mech(["scenarios", si]),
        message: `scenario ${sc.id} admits no consistent composite state; the mechanism has none even without scenario restrictions`,
      });
      return;
    }
    // Which restriction excludes every consistent state on its own? Per variable, the
    // union of supported cells over the consistent states is exact.
    const culprits: string[] = [];
    for (const v of new Set(restrictions.map((r) => r.var))) {
      const info = model.variables[v];
      const allowed = restrictions.filter((r) => r.var === v).reduce((cells, r) => cells.filter((c) => r.cells.includes(c)), info.cells.map((_, i) => i));
      const taken = solves.supportedAnywhere(v);
      if (!allowed.some((c) => (taken >>> c) & 1)) {
        culprits.push(`${info.name} ${formatCells(info, allowed)} (in the ${free} consistent states it is only ${formatCells(info, cellsOfMask(taken, info.cells.length))})`);
      }
    }
    add("error", {
      scenario: sc.id, ...ctx.mech(["scenarios", si]),
      message: `scenario ${sc.id} admits no consistent composite state although ${free} are consistent without its restrictions: ` +
        (culprits.length ? `no consistent state has ${culprits.join("; ")}` : `each restricted variable can take its cells, but not all together`),
    });
  });
}

/**
 * The isolated problem of one component in one local state: its variables, its laws
 * and its own restrictions (parameters, type, state), nothing from connections, free
 * ports or scenarios, with `guard` added to the domains.
 */
function isolatedProblem(model: MechanismModel, inst: ModelInstance, state: string, guard: readonly ModelGuard[]): Problem {
  const local = new Map(inst.variables.map((g, i) => [g, i]));
  const domains = inst.variables.map((g) => model.variables[g].cells.map((_, i) => i));
  const narrow = (v: number, cells: readonly number[]) => {
    const i = local.get(v);
    if (i !== undefined) domains[i] = domains[i].filter((c) => cells.includes(c));
  };
  for (const r of model.restrictions) {
    if (r.instance === inst.name && !r.source.startsWith("free port ") && (r.state === null || r.state === state)) narrow(r.var, r.cells);
  }
  for (const g of guard) narrow(g.var, g.cells);
  const laws = model.laws.filter((l) =>
    l.origin === "component" && l.instance === inst.name && (l.state === null || l.state === state) &&
    l.terms.every((t) => t.factors.every((f) => local.has(f.var)))
  );
  return {
    variables: inst.variables.map((g, i) => ({ name: model.variables[g].name, cells: [...model.variables[g].cells], signs: [...model.variables[g].signs], domain: domains[i] })),
    confluences: laws.map((l) => ({ id: l.id, terms: l.terms.map((t) => ({ coef: t.coef, factors: t.factors.map((f) => ({ var: local.get(f.var)!, exp: f.exp })) })) })),
  };
}

function checkTransitions(ctx: Context, solves: Solves, add: Adder): void {
  const { model } = ctx;
  const coords = coordinateTable(model).coords;
  for (const t of model.transitions) {
    const inst = ctx.instance(t.instance)!;
    const label = `${t.from} → ${t.to}`;
    const base = { component: t.instance, transition: label, ...ctx.transitionPath(t) };
    // events move integrated coordinates only (docs/semantics.md §13.3): a declaration keyed
    // on anything else can fire only under the amended Decl reading (§13.10)
    if (t.event !== null && coords[t.event].kind !== "integrated") {
      add("warning", {
        ...base,
        message: `transition ${label} of ${ctx.typeName(t.instance)} is keyed on ${model.variables[t.event].local}, which has no derivative variable and so is never an event of a cause: ` +
          "under the paper's edge rules (--rules paper) it never fires; key it on a quantity with a derivative",
      });
    }
    for (const [side, state, guard] of [["source guard H−", t.from, t.source], ["target guard H+", t.to, t.target]] as const) {
      const shown = formatConditions(model, guard, t.instance);
      // Dead in every mechanism: the component's own laws and restrictions exclude the guard.
      if (solve(isolatedProblem(model, inst, state, guard), ctx.options.solveOptions).count === 0n) {
        add("error", {
          ...base, state,
          message: `transition ${label} of ${ctx.typeName(t.instance)} is dead: in state ${state} the component's own laws and restrictions ` +
            `exclude its ${side} ${shown}, so it can never ${side.startsWith("source") ? "fire" : "complete"} in any mechanism`,
        });
        continue;
      }
      if (solves.witness(t.instance, state, guard) >= 0) continue;
      // Satisfiable alone but not here: the mechanism's connections exclude it.
      const inState = solves.consistentWith(t.instance, state);
      let why: string;
      if (inState === 0) {
        why = `${t.instance} is in ${state} in no consistent composite state`;
      } else {
        const inStates = inState === 1 ? "in the only consistent composite state" : `in the ${inState} consistent composite states`;
        const never = guard.filter((g) => {
          const mask = solves.supportedIn(t.instance, state, g.var);
          return !g.cells.some((c) => (mask >>> c) & 1);
        });
        why = never.length
          ? `${inStates} with ${t.instance} in ${state}, ` +
            never.map((g) => `${model.variables[g.var].local} is never ${formatCells(model.variables[g.var], g.cells)}`).join(" and ")
          : `${inStates} with ${t.instance} in ${state}, no interpretation satisfies all of ${shown} at once`;
      }
      add("warning", {
        ...base, state,
        message: `transition ${label} of ${ctx.typeName(t.instance)} never ${side.startsWith("source") ? "fires" : "completes"} in this mechanism ` +
          `(without scenario restrictions): its ${side} ${shown} is satisfiable for the component alone, but ${why}`,
      });
    }
  }
}
