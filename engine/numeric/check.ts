// The numerical consistency check (paper A.9): integrate each numeric model (nominal
// run, one-at-a-time initial-coordinate perturbations, a source-cycle run where there is
// a periodic source), freeze the observations, project them onto the qualitative
// vocabulary and compare them with exact qualitative relations.
import type { MechanismModel } from "../model/model.ts";
import { compile, type CompositeState, stateLabel, stateProduct } from "../compile/compile.ts";
import { solve, SolveError } from "../solve/solver.ts";
import { integrate, integrateHybrid } from "./integrate.ts";
import type { NumericBlock, NumericModelDef, NumericSystem } from "./model.ts";
import { project } from "./project.ts";

/**
 * How an observed state compares with the exact relation: direct (consistent as
 * observed), boundary (consistent once values within 1e-9 of a landmark are read on
 * either side), contradiction (ruled out), inconclusive (not decided).
 */
export type Disposition = "direct" | "boundary" | "contradiction" | "inconclusive";

/** One frozen observation: a run, a time, the projected cells of the observed variables. */
export interface Observation {
  run: string;
  t: number;
  values: Record<string, number>;
  /** Variable index → crisp cell and raw cell. */
  cells: Map<number, { cell: number; raw: number }>;
}

/** One distinct observed composite state with its observed cells, and its disposition. */
export interface StateResult {
  /** The mechanism's id. */
  mechanism: string;
  /** The state's label and pattern together (unique per mechanism). */
  key: string;
  /** The composite state, e.g. "COOLING|HEATING|FORWARD_HEAT_FLOW". */
  label: string;
  /** The observed cells, "name=cell; …" ("cell~raw" where the raw cell differs within 1e-9). */
  pattern: string;
  /** How it compares with the exact relation. */
  disposition: Disposition;
  /** First observation of this item. */
  first: { run: string; t: number; values: Record<string, number> };
  /** For a contradiction: the law the solver reports empty (crisp solve). */
  failure?: string;
}

/** One distinct observed change of composite state, and whether the declared transitions allow it. */
export interface TransitionResult {
  /** The mechanism's id. */
  mechanism: string;
  /** The composite state left. */
  from: string;
  /** The composite state entered. */
  to: string;
  /** Direct when every changed component moves along declared transitions. */
  disposition: "direct" | "contradiction";
  /** First observation of this change. */
  first: { run: string; t: number };
  /** For a contradiction: the component without a declared path. */
  failure?: string;
}

/** The numerical consistency check of one mechanism: its runs and every observed state and transition. */
export interface MechanismNumericReport {
  /** The mechanism's id. */
  mechanism: string;
  /** The runs integrated (nominal, perturbations, source cycles). */
  runs: string[];
  /** Observations over all runs. */
  samples: number;
  /** The distinct observed states. */
  states: StateResult[];
  /** The distinct observed changes of state. */
  transitions: TransitionResult[];
}

export interface RunSpec {
  id: string;
  y0: number[];
  stopTime: number;
  points: number;
}

/** The bounded run suite: nominal, ± perturbation of each start coordinate, source cycles. */
export function runSuite(sys: NumericSystem, block: NumericBlock): RunSpec[] {
  const runs: RunSpec[] = [{ id: "nominal", y0: sys.y0, stopTime: block.stopTime, points: 400 }];
  sys.y0.forEach((x, i) => {
    const d = Math.max(0.1 * Math.abs(x), 0.5);
    for (const [sgn, tag] of [[1, "+"], [-1, "-"]] as const) {
      const y0 = [...sys.y0];
      y0[i] = x + sgn * d;
      runs.push({ id: `perturb ${sys.state[i]}${tag}`, y0, stopTime: block.stopTime, points: 200 });
    }
  });
  if (sys.period) runs.push({ id: "source-cycle", y0: sys.y0, stopTime: 2 * sys.period, points: 800 });
  return runs;
}

/** Per multi-state instance, the states compatible with the given cells (by state restrictions). */
function statesFor(model: MechanismModel, cells: Map<number, number>): string[][] {
  return model.instances.map((inst) => {
    if (inst.states.length === 1) return [inst.states[0]];
    return inst.states.filter((st) =>
      model.restrictions.every((r) => r.instance !== inst.name || r.state !== st || !cells.has(r.var) || r.cells.includes(cells.get(r.var)!))
    );
  });
}

/** Every combination of one state per instance, as state arrays (see stateProduct). */
function* product(model: MechanismModel, axes: string[][]): Generator<string[]> {
  for (const s of stateProduct(model, axes)) yield model.instances.map((i) => s[i.name]);
}

const toState = (model: MechanismModel, s: string[]): CompositeState =>
  Object.fromEntries(model.instances.map((i, k) => [i.name, s[k]]));

/** Exact nonemptiness of the relation for a composite state with observed cells as domain restrictions. */
function relation(model: MechanismModel, s: CompositeState, cells: Map<number, number[]>): { nonempty: boolean; law?: string } {
  const observed = [...cells].map(([v, allowed]) => ({ var: v, cells: allowed, source: "observation" }));
  const { problem } = compile(model, s, model.scenarios.find((x) => x.id === "base")?.id, observed);
  const sol = solve(problem);
  if (sol.count > 0n) return { nonempty: true };
  const e = sol.empty!;
  const law = e.stage === "constant" ? e.law : e.stage === "gac" ? (e.law ?? `domain of ${problem.variables[e.var].name}`)
    : e.stage === "mdd" ? e.laws.join(", ") : `domain of ${problem.variables[e.var].name}`;
  return { nonempty: false, law };
}

/** Classify one observation (crisp relation, else the raw-side boundary candidates). */
export function classify(model: MechanismModel, obs: Observation): { disposition: Disposition; label: string; failure?: string } {
  const crisp = new Map([...obs.cells].map(([v, c]) => [v, c.cell]));
  const crispStates = [...product(model, statesFor(model, crisp))];
  const label = crispStates.length ? crispStates.map((s) => stateLabel(model, toState(model, s))).join(" or ") : "(no state)";
  try {
    let failure: string | undefined;
    for (const s of crispStates) {
      const r = relation(model, toState(model, s), new Map([...crisp].map(([v, c]) => [v, [c]])));
      if (r.nonempty) return { disposition: "direct", label };
      failure ??= r.law;
    }
    const boundary = [...obs.cells].filter(([, c]) => c.cell !== c.raw);
    if (boundary.length) {
      const rawCells = new Map([...obs.cells].map(([v, c]) => [v, c.raw]));
      for (const s of product(model, statesFor(model, rawCells))) {
        const r = relation(model, toState(model, s), new Map([...rawCells].map(([v, c]) => [v, [c]])));
        if (r.nonempty) return { disposition: "boundary", label };
      }
    }
    return { disposition: "contradiction", label, failure: failure ?? "no component state matches the observed cells" };
  } catch (e) {
    if (e instanceof SolveError) return { disposition: "inconclusive", label };
    throw e;
  }
}

/** Is there a directed path from → to in the instance's declared transition graph? */
function hasPath(model: MechanismModel, inst: string, from: string, to: string): boolean {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const s = queue.shift()!;
    for (const t of model.transitions) {
      if (t.instance !== inst || t.from !== s || seen.has(t.to)) continue;
      if (t.to === to) return true;
      seen.add(t.to);
      queue.push(t.to);
    }
  }
  return false;
}

/** Projects one sample (t, y) of a numeric system onto the mechanism's cells. */
export function observeSample(model: MechanismModel, sys: NumericSystem, run: string, t: number, y: number[], mode?: number[]): Observation {
  const values = mode && sys.modes ? sys.modes.observe(mode, t, y) : sys.observe(t, y);
  const landmarks = mode && sys.modes ? sys.modes.landmarks(mode, t, y) : sys.landmarks;
  const cells = new Map<number, { cell: number; raw: number }>();
  for (const [name, x] of Object.entries(values)) {
    const v = model.variableIndex.get(name);
    if (v === undefined) throw new Error(`${model.id}: the numeric model observes ${name}, which the mechanism does not have`);
    cells.set(v, project(model.variables[v], x, landmarks?.[name]));
  }
  return { run, t, values, cells };
}

export function observeRun(model: MechanismModel, sys: NumericSystem, run: RunSpec): Observation[] {
  if (sys.modes) {
    return integrateHybrid(sys.modes, run.y0, run.stopTime, { points: run.points }).samples.map(({ t, y, mode }) => observeSample(model, sys, run.id, t, y, mode));
  }
  return integrate(sys.rhs, run.y0, run.stopTime, { points: run.points }).map(({ t, y }) => observeSample(model, sys, run.id, t, y));
}

/** Run the whole check for one mechanism. */
export function checkMechanism(model: MechanismModel, def: NumericModelDef, block: NumericBlock): MechanismNumericReport {
  const sys = def.build(block);
  const runs = runSuite(sys, block);
  const states = new Map<string, StateResult>();
  const transitions = new Map<string, TransitionResult>();
  const classified = new Map<string, { disposition: Disposition; label: string; failure?: string }>();
  let samples = 0;
  for (const run of runs) {
    // every run uses the same equations; only the start vector and the horizon differ
    const obs = observeRun(model, sys, run);
    samples += obs.length;
    let prev: { states: string[][]; label: string; t: number } | null = null;
    for (const o of obs) {
      const pattern = [...o.cells].sort((a, b) => a[0] - b[0]).map(([v, c]) => `${model.variables[v].name}=${model.variables[v].cells[c.cell]}${c.raw !== c.cell ? `~${model.variables[v].cells[c.raw]}` : ""}`).join("; ");
      let c = classified.get(pattern);
      if (!c) classified.set(pattern, c = classify(model, o));
      const key = `${c.label}|${pattern}`;
      if (!states.has(key)) {
        states.set(key, { mechanism: model.id, key, label: c.label, pattern, disposition: c.disposition, first: { run: o.run, t: o.t, values: o.values }, failure: c.failure });
      }
      const crisp = new Map([...o.cells].map(([v, x]) => [v, x.cell]));
      const st = statesFor(model, crisp);
      if (prev && prev.label !== c.label) {
        const tkey = `${prev.label} -> ${c.label}`;
        if (!transitions.has(tkey)) {
          // every changed component must move along a directed path (some candidate pair)
          let failure: string | undefined;
          const ok = model.instances.every((inst, k) => {
            const a = prev!.states[k], b = st[k];
            if (a.some((x) => b.includes(x))) return true;
            const found = a.some((x) => b.some((y) => hasPath(model, inst.name, x, y)));
            if (!found) failure = `${inst.name}: no declared path ${a.join("/")} -> ${b.join("/")}`;
            return found;
          });
          transitions.set(tkey, { mechanism: model.id, from: prev.label, to: c.label, disposition: ok ? "direct" : "contradiction", first: { run: o.run, t: o.t }, failure });
        }
      }
      prev = { states: st, label: c.label, t: o.t };
    }
  }
  return { mechanism: model.id, runs: runs.map((r) => r.id), samples, states: [...states.values()], transitions: [...transitions.values()] };
}

/** A row of the paper's Table 8: distinct observed scenarios of one type, by disposition. */
export interface Table8Row {
  /** "Composite states", "Transition shapes" or "Total". */
  type: string;
  /** Distinct observed scenarios. */
  observed: number;
  /** Consistent as observed. */
  direct: number;
  /** Consistent with a value read on the other side of a landmark. */
  boundary: number;
  /** Ruled out by the solver or the declared transitions. */
  contradiction: number;
  /** Not decided. */
  inconclusive: number;
}

export function table8(reports: MechanismNumericReport[]): Table8Row[] {
  const count = (type: string, items: { disposition: Disposition | "direct" | "contradiction" }[]): Table8Row => ({
    type,
    observed: items.length,
    direct: items.filter((x) => x.disposition === "direct").length,
    boundary: items.filter((x) => x.disposition === "boundary").length,
    contradiction: items.filter((x) => x.disposition === "contradiction").length,
    inconclusive: items.filter((x) => x.disposition === "inconclusive").length,
  });
  const s = count("Composite states", reports.flatMap((r) => r.states));
  const t = count("Transition shapes", reports.flatMap((r) => r.transitions));
  return [s, t, {
    type: "Total", observed: s.observed + t.observed, direct: s.direct + t.direct, boundary: s.boundary + t.boundary,
    contradiction: s.contradiction + t.contradiction, inconclusive: s.inconclusive + t.inconclusive,
  }];
}
