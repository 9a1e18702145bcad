// The generic numeric model: a mechanism's ODE system assembled from its component
// types' `quantitative` blocks and its connections (docs/semantics.md, "Quantitative
// behaviour"). The equations and their time derivatives (the derivative array, up to
// order MAX_ORDER) are sorted once into solve steps: single-unknown equations and
// square blocks (linear: Gaussian elimination; nonlinear: Newton). Given the states,
// the steps yield the state derivatives and every observed variable. A type with modes
// (a stick–slip brake) adds its active mode's equations; the system is sorted once per
// combination of modes, on first use.
import type { MechanismModel } from "../model/model.ts";
import type { Library } from "../model/library.ts";
import { PHYSICAL_DOMAINS, type PhysicalDomain } from "../model/physical_domains.ts";
import { derivativeName } from "../model/naming.ts";
import type { Quantitative } from "../model/component_type.ts";
import { type Cmp, type Expr, parseComparison, parseEquation, parseExpr } from "./expr.ts";
import type { HybridModes, NumericBlock, NumericModelDef, NumericSystem } from "./model.ts";
import { bin, c, call, compile, type Compiled, derive, ifThen, neg, NotDifferentiable, slotsOf, type Sym, TIME } from "./symbolic.ts";
import { planSolve, runPlan, type Plan } from "./sort.ts";

/** Highest time derivative kept for any quantity. */
export const MAX_ORDER = 3;

export class AssemblyError extends Error {}

interface Quantity {
  instance: string;
  local: string;
}

/** Slot bookkeeping: slot 0 is time; each quantity has MAX_ORDER + 1 consecutive slots. */
class Slots {
  readonly quantities: Quantity[] = [];
  readonly index = new Map<string, number>();
  add(instance: string, local: string): void {
    const key = `${instance}.${local}`;
    if (this.index.has(key)) return;
    this.index.set(key, this.quantities.length);
    this.quantities.push({ instance, local });
  }
  slot(key: string, order: number): number {
    const q = this.index.get(key);
    if (q === undefined) throw new AssemblyError(`unknown quantity ${key}`);
    return 1 + q * (MAX_ORDER + 1) + order;
  }
  get size(): number {
    return 1 + this.quantities.length * (MAX_ORDER + 1);
  }
  /** The quantity and order of a slot (null for time). */
  of(slot: number): { q: Quantity; order: number } | null {
    if (slot === TIME) return null;
    const q = Math.floor((slot - 1) / (MAX_ORDER + 1));
    return { q: this.quantities[q], order: (slot - 1) % (MAX_ORDER + 1) };
  }
  /** The model variable name of a slot, e.g. mass.d1__flange_a__s. */
  name(slot: number): string {
    const r = this.of(slot);
    if (!r) return "time";
    return r.order === 0 ? `${r.q.instance}.${r.q.local}` : `${r.q.instance}.${derivativeName(r.q.local, r.order)}`;
  }
}

/** The port variables of a port, as local names (a signal port's value is the port name). */
export function portVariables(port: string, domain: PhysicalDomain): { across: string; flow: string | null } {
  const spec = PHYSICAL_DOMAINS[domain];
  return { across: spec.across ? `${port}.${spec.across}` : port, flow: spec.flow ? `${port}.${spec.flow}` : null };
}

interface Context {
  where: string;
  params: Record<string, number>;
  local: (name: string) => string | null;
}

/** Resolves a parsed expression: parameters to numbers, names and der() to slots. */
function resolve(e: Expr, slots: Slots, ctx: Context): Sym {
  const r = (a: Expr) => resolve(a, slots, ctx);
  switch (e.k) {
    case "num":
      return c(e.v);
    case "name": {
      if (e.n === "time") return { k: "x", id: TIME };
      if (e.n === "pi") return c(Math.PI);
      if (e.n in ctx.params) return c(ctx.params[e.n]);
      const q = ctx.local(e.n);
      if (!q) throw new AssemblyError(`${ctx.where}: unknown name "${e.n}"`);
      return { k: "x", id: slots.slot(q, 0) };
    }
    case "der": {
      const q = ctx.local(e.n);
      if (!q) throw new AssemblyError(`${ctx.where}: der(${e.n}) of an unknown variable`);
      return { k: "x", id: slots.slot(q, 1) };
    }
    case "neg":
      return neg(r(e.a));
    case "bin":
      return bin(e.op, r(e.a), r(e.b));
    case "call":
      return call(e.f, e.args.map(r));
    case "if":
      return ifThen(e.cmp, r(e.l), r(e.r), r(e.a), r(e.b));
  }
}

export interface AssembledEquation {
  /** Where it comes from, e.g. "mass1: m*a = flange_a.f + flange_b.f" or its derivative. */
  label: string;
  residual: Sym;
}

/** A guard "lhs <op> rhs" as the residual lhs − rhs compared with 0. */
export interface AssembledGuard {
  label: string;
  g: Sym;
  cmp: Cmp;
}

export interface AssembledMode {
  name: string;
  /** The mode's equations with their derivative array. */
  equations: AssembledEquation[];
  initial: AssembledGuard[];
  transitions: { to: number; when: AssembledGuard[]; reset: [slot: number, value: number][] }[];
}

/** One instance whose type declares modes. */
export interface ModedInstance {
  instance: string;
  modes: AssembledMode[];
}

export interface Assembly {
  slots: Slots;
  /** The shared equations (the modes' own are in `moded`). */
  equations: AssembledEquation[];
  moded: ModedInstance[];
  /** Landmarks that read variables (a brake's static limit follows its normal force). */
  dynamicLandmarks: { variable: string; name: string; value: Sym }[];
  /** State quantities (keys), in vector order. */
  states: string[];
  landmarks: Record<string, Record<string, number>>;
  period?: number;
}

function quantitativeOf(model: MechanismModel, library: Library, instance: string, type: string): Quantitative {
  const q = library.get(type)?.table.type.quantitative;
  if (!q) throw new AssemblyError(`${model.id}: component ${instance} has type ${type}, which declares no quantitative block (no equations for the numerical check)`);
  return q;
}

/** Builds the derivative array of a mechanism's equations and picks its states. */
export function assemble(model: MechanismModel, library: Library, block: NumericBlock): Assembly {
  const slots = new Slots();
  const base: AssembledEquation[] = [];
  const candidates: string[] = [];
  const landmarks: Record<string, Record<string, number>> = {};
  const dynamicLandmarks: Assembly["dynamicLandmarks"] = [];
  const modedRaw: { instance: string; ctx: Context; modes: NonNullable<Quantitative["modes"]> }[] = [];
  let period: number | undefined;
  for (const inst of model.instances) {
    const entry = library.get(inst.type);
    if (!entry) throw new AssemblyError(`${model.id}: unknown component type ${inst.type}`);
    const type = entry.table.type;
    const quant = quantitativeOf(model, library, inst.name, inst.type);
    const locals = new Set<string>();
    for (const v of type.variables) locals.add(v.name);
    for (const p of type.ports) {
      const pv = portVariables(p.name, p.domain as PhysicalDomain);
      locals.add(pv.across);
      if (pv.flow) locals.add(pv.flow);
    }
    for (const l of locals) slots.add(inst.name, l);
    const params: Record<string, number> = {};
    for (const name of [...type.parameters.map((p) => p.name), ...quant.constants]) {
      const v = block.parameters[`${inst.name}.${name}`] ?? quant.defaults[name];
      if (typeof v !== "number" || !Number.isFinite(v)) throw new AssemblyError(`${model.id}: numeric.parameters has no value for ${inst.name}.${name}`);
      params[name] = v;
    }
    const ctx: Context = { where: `${model.id}, ${inst.name} (${inst.type})`, params, local: (n) => (locals.has(n) ? `${inst.name}.${n}` : null) };
    for (const src of quant.equations) {
      const eq = parseEquation(src);
      const at = { ...ctx, where: `${ctx.where}, equation "${src}"` };
      base.push({ label: `${inst.name}: ${src}`, residual: bin("-", resolve(eq.lhs, slots, at), resolve(eq.rhs, slots, at)) });
    }
    for (const s of quant.states) candidates.push(`${inst.name}.${s}`);
    for (const [v, marks] of Object.entries(quant.landmarks)) {
      const fixed: Record<string, number> = {};
      for (const [k, src] of Object.entries(marks)) {
        const value = resolve(parseExpr(src), slots, { ...ctx, where: `${ctx.where}, landmark ${v}.${k}` });
        if (value.k === "c") fixed[k] = value.v;
        else dynamicLandmarks.push({ variable: `${inst.name}.${v}`, name: k, value });
      }
      landmarks[`${inst.name}.${v}`] = fixed;
    }
    if (quant.modes) modedRaw.push({ instance: inst.name, ctx, modes: quant.modes });
    if (quant.period !== undefined && period === undefined) period = constant(parseExpr(quant.period), slots, ctx);
  }
  // connection laws: across variables equal over a node, flows summing to zero
  for (const node of model.nodes) {
    const vars = node.ports.map((p) => {
      const dot = p.indexOf(".");
      const pv = portVariables(p.slice(dot + 1), node.domain);
      return { across: `${p.slice(0, dot)}.${pv.across}`, flow: pv.flow ? `${p.slice(0, dot)}.${pv.flow}` : null };
    });
    const x = (q: string): Sym => ({ k: "x", id: slots.slot(q, 0) });
    for (const v of vars.slice(1)) base.push({ label: `connect ${vars[0].across} = ${v.across}`, residual: bin("-", x(v.across), x(vars[0].across)) });
    if (vars[0].flow) {
      base.push({ label: `connect Σ ${node.ports.join(", ")} flows = 0`, residual: vars.map((v) => x(v.flow!)).reduce((a, b) => bin("+", a, b)) });
    }
  }
  for (const port of model.free) {
    const inst = model.instances.find((i) => i.name === port.split(".")[0])!;
    const p = library.get(inst.type)!.table.type.ports.find((pp) => pp.name === port.split(".")[1])!;
    const pv = portVariables(p.name, p.domain as PhysicalDomain);
    if (pv.flow) base.push({ label: `free ${port}`, residual: { k: "x", id: slots.slot(`${inst.name}.${pv.flow}`, 0) } });
  }
  // the derivative array: each equation differentiated while its slots stay within MAX_ORDER
  const dx = (id: number): Sym | null => {
    if (id === TIME) return c(1);
    const r = slots.of(id)!;
    return r.order < MAX_ORDER ? { k: "x", id: id + 1 } : null;
  };
  const derivativeArray = (list: AssembledEquation[]): AssembledEquation[] => {
    const out: AssembledEquation[] = [];
    for (const e of list) {
      let r: Sym | null = e.residual;
      for (let k = 0; r && k <= MAX_ORDER; k++) {
        out.push({ label: k ? `d${k}/dt of ${e.label}` : e.label, residual: r });
        try {
          r = derive(r, dx);
        } catch (err) {
          if (err instanceof NotDifferentiable) throw new AssemblyError(`${model.id}: ${e.label}: ${err.message}`);
          throw err;
        }
      }
    }
    return out;
  };
  const equations = derivativeArray(base);
  const moded: ModedInstance[] = modedRaw.map(({ instance, ctx, modes }) => {
    const index = (name: string) => modes.findIndex((m) => m.name === name);
    const guard = (src: string, where: string): AssembledGuard => {
      const g = parseComparison(src);
      const at = { ...ctx, where: `${ctx.where}, ${where} "${src}"` };
      return { label: `${instance}: ${src}`, g: bin("-", resolve(g.lhs, slots, at), resolve(g.rhs, slots, at)), cmp: g.cmp };
    };
    return {
      instance,
      modes: modes.map((m) => ({
        name: m.name,
        equations: derivativeArray(m.equations.map((src) => {
          const eq = parseEquation(src);
          const at = { ...ctx, where: `${ctx.where}, mode ${m.name}, equation "${src}"` };
          return { label: `${instance} (${m.name}): ${src}`, residual: bin("-", resolve(eq.lhs, slots, at), resolve(eq.rhs, slots, at)) };
        })),
        initial: m.initial.map((src) => guard(src, `mode ${m.name}, initial guard`)),
        transitions: m.transitions.map((t) => ({
          to: index(t.to),
          when: t.when.map((src) => guard(src, `mode ${m.name}, guard`)),
          reset: Object.entries(t.reset).map(([v, src]): [number, number] => {
            const q = ctx.local(v);
            if (!q) throw new AssemblyError(`${ctx.where}: mode ${m.name} resets an unknown variable "${v}"`);
            return [slots.slot(q, 0), constant(parseExpr(src), slots, ctx)];
          }),
        })),
      })),
    };
  });
  // the states are chosen once, with every moded instance in its first mode: a switch keeps the state vector
  const selection = [...equations, ...moded.flatMap((m) => m.modes[0].equations)];
  return { slots, equations, moded, dynamicLandmarks, states: selectStates(candidates, slots, selection, block), landmarks, period };
}

function constant(e: Expr, slots: Slots, ctx: Context): number {
  const s = resolve(e, slots, ctx);
  if (s.k !== "c") throw new AssemblyError(`${ctx.where}: expected an expression over parameters`);
  return s.v;
}

/**
 * The states: the block's preferred states (numeric.states), then declared candidates
 * with a start value, then the rest, each kept
 * unless the states kept so far already determine it (a gear-coupled inertia, a mass
 * moved by an Accelerate source) by a chain of single-unknown equations.
 */
function selectStates(candidates: string[], slots: Slots, equations: AssembledEquation[], block: NumericBlock): string[] {
  for (const q of block.states ?? []) {
    if (!candidates.includes(q)) throw new AssemblyError(`numeric.states names ${q}, which is not a state candidate (expected one of ${candidates.join(", ")})`);
  }
  const preferred = block.states ?? [];
  const rest = candidates.filter((q) => !preferred.includes(q));
  const ordered = [...preferred, ...rest.filter((q) => q in block.start), ...rest.filter((q) => !(q in block.start))];
  const eqSlots = equations.map((e) => [...slotsOf(e.residual)]);
  const chosen: string[] = [];
  for (const q of ordered) {
    const known = closure(new Set([TIME, ...chosen.map((s) => slots.slot(s, 0))]), eqSlots);
    if (!known.has(slots.slot(q, 0))) chosen.push(q);
  }
  return chosen;
}

/** Slots reachable from the known ones through equations with a single unknown. */
function closure(known: Set<number>, eqSlots: number[][]): Set<number> {
  let changed = true;
  while (changed) {
    changed = false;
    for (const s of eqSlots) {
      let unknown = -1, count = 0;
      for (const id of s) {
        if (!known.has(id)) {
          unknown = id;
          if (++count > 1) break;
        }
      }
      if (count === 1) {
        known.add(unknown);
        changed = true;
      }
    }
  }
  return known;
}

/** The generic numeric model of a mechanism (for any mechanism whose types have quantitative blocks). */
export function genericModel(model: MechanismModel, library: Library): NumericModelDef {
  return { mechanism: model.id, build: (block) => buildSystem(model, library, block) };
}

export function buildSystem(model: MechanismModel, library: Library, block: NumericBlock): NumericSystem {
  const asm = assemble(model, library, block);
  const { slots } = asm;
  const observed = model.variables.filter((v) => v.kind !== "parameter");
  const slotOfName = new Map<string, number>();
  for (let id = 1; id < slots.size; id++) slotOfName.set(slots.name(id), id);
  const obsSlots = observed.map((v) => {
    const id = slotOfName.get(v.name);
    if (id === undefined) throw new AssemblyError(`${model.id}: the equations have no quantity for ${v.name}`);
    return id;
  });
  const clock = asm.states.length === 0;
  const stateSlots = asm.states.map((q) => slots.slot(q, 0));
  const known = [TIME, ...stateSlots];
  const rates = stateSlots.map((s) => s + 1);
  // what the guards and the variable landmarks read must be solved along with the observations
  const extra = new Set<number>();
  for (const m of asm.moded) {
    for (const mode of m.modes) {
      for (const g of [...mode.initial, ...mode.transitions.flatMap((t) => t.when)]) for (const id of slotsOf(g.g)) extra.add(id);
      for (const t of mode.transitions) for (const [id] of t.reset) extra.add(id);
    }
  }
  for (const l of asm.dynamicLandmarks) for (const id of slotsOf(l.value)) extra.add(id);
  extra.delete(TIME);
  const fullTargets = [...obsSlots, ...[...extra].filter((id) => !obsSlots.includes(id))];
  const startKnown = [TIME];
  const startValues: [number, number][] = [];
  for (const [name, v] of Object.entries(block.start)) {
    const id = slotOfName.get(name);
    if (id === undefined) throw new AssemblyError(`${model.id}: numeric.start names ${name}, which is not a variable of the mechanism`);
    startKnown.push(id);
    startValues.push([id, v]);
  }
  const missing = stateSlots.filter((s) => !startKnown.includes(s));
  // the sorted system of one combination of modes, built on first use
  interface Plans {
    full: Plan;
    fast: Plan;
    init: Plan;
  }
  const cache = new Map<string, Plans>();
  const plansOf = (mode: number[]): Plans => {
    const key = mode.join(",");
    let p = cache.get(key);
    if (!p) {
      const equations = [...asm.equations, ...asm.moded.flatMap((m, k) => m.modes[mode[k]].equations)];
      const where = mode.length ? `${model.id} (${asm.moded.map((m, k) => `${m.instance} ${m.modes[mode[k]].name}`).join(", ")})` : model.id;
      p = {
        full: planSolve(equations, slots.size, known, fullTargets, (id) => slots.name(id), where),
        fast: planSolve(equations, slots.size, known, rates, (id) => slots.name(id), where),
        init: planSolve(equations, slots.size, startKnown, missing, (id) => slots.name(id), where, "numeric.start"),
      };
      cache.set(key, p);
    }
    return p;
  };
  const work = new Float64Array(slots.size);
  const load = (plan: Plan, t: number, y: number[]) => {
    work[TIME] = clock ? y[0] : t;
    if (!clock) stateSlots.forEach((s, i) => (work[s] = y[i]));
    runPlan(plan, work);
  };
  const holds = (g: { c: Compiled; cmp: Cmp }, strict: boolean): boolean => {
    const v = g.c(work);
    switch (g.cmp) {
      case "<":
        return v < 0;
      case "<=":
        return strict ? v < 0 : v <= 0;
      case ">":
        return v > 0;
      case ">=":
        return strict ? v > 0 : v >= 0;
    }
  };
  const compiled = asm.moded.map((m) =>
    m.modes.map((mode) => ({
      initial: mode.initial.map((g) => ({ c: compile(g.g), cmp: g.cmp })),
      transitions: mode.transitions.map((t) => ({ to: t.to, when: t.when.map((g) => ({ c: compile(g.g), cmp: g.cmp })), reset: t.reset })),
    }))
  );
  const dynamic = asm.dynamicLandmarks.map((l) => ({ ...l, c: compile(l.value) }));
  const observeIn = (mode: number[], t: number, y: number[]): Record<string, number> => {
    load(plansOf(mode).full, t, y);
    const o: Record<string, number> = {};
    observed.forEach((v, i) => (o[v.name] = work[obsSlots[i]]));
    return o;
  };
  const startMode: number[] = asm.moded.map(() => 0);
  // start: the start values known, the states solved from them (in the first modes: the
  // states' start values do not depend on the mode)
  const x0 = new Float64Array(slots.size);
  for (const [id, v] of startValues) x0[id] = v;
  runPlan(plansOf(startMode).init, x0);
  const y0 = clock ? [0] : stateSlots.map((s) => x0[s]);
  const landmarksAt = (mode: number[], t: number, y: number[]): Record<string, Record<string, number>> => {
    load(plansOf(mode).full, t, y);
    const out: Record<string, Record<string, number>> = {};
    for (const [k, v] of Object.entries(asm.landmarks)) out[k] = { ...v };
    for (const l of dynamic) (out[l.variable] ??= {})[l.name] = l.c(work);
    return out;
  };
  const modes: HybridModes | undefined = asm.moded.length
    ? {
      names: (mode) => asm.moded.map((m, k) => `${m.instance}=${m.modes[mode[k]].name}`),
      initial(y) {
        // per moded instance in order, the first mode whose initial guards hold with its equations
        const mode = asm.moded.map(() => 0);
        asm.moded.forEach((m, k) => {
          const found = m.modes.findIndex((_, j) => {
            mode[k] = j;
            load(plansOf(mode).full, 0, y);
            return compiled[k][j].initial.every((g) => holds(g, false));
          });
          if (found < 0) throw new AssemblyError(`${model.id}: no mode of ${m.instance} fits the start values (its initial guards)`);
          mode[k] = found;
        });
        return mode;
      },
      rhs(mode, t, y) {
        load(plansOf(mode).fast, t, y);
        return rates.map((s) => work[s]);
      },
      observe: observeIn,
      landmarks: landmarksAt,
      enabled(mode, t, y, strict) {
        load(plansOf(mode).full, t, y);
        for (let k = 0; k < mode.length; k++) {
          const ts = compiled[k][mode[k]].transitions;
          for (let j = 0; j < ts.length; j++) if (ts[j].when.every((g) => holds(g, strict))) return [k, j];
        }
        return null;
      },
      apply(mode, [k, j], t, y) {
        const tr = compiled[k][mode[k]].transitions[j];
        const next = [...mode];
        next[k] = tr.to;
        const out = [...y];
        // a reset moves the state it depends on most (Newton on that state, in the old mode)
        for (const [slot, value] of tr.reset) {
          const at = (v: number[]) => (load(plansOf(mode).full, t, v), work[slot]);
          let q = at(out);
          const sens = out.map((yi, i) => {
            const h = 1e-6 * Math.max(1, Math.abs(yi));
            const p = [...out];
            p[i] = yi + h;
            return (at(p) - q) / h;
          });
          const i = sens.reduce((b, s, n) => (Math.abs(s) > Math.abs(sens[b]) ? n : b), 0);
          if (!(Math.abs(sens[i]) > 0)) throw new AssemblyError(`${model.id}: the reset of ${slots.name(slot)} moves no state`);
          for (let n = 0; n < 60 && q !== value; n++) {
            out[i] -= (q - value) / sens[i];
            q = at(out);
          }
        }
        return { mode: next, y: out };
      },
    }
    : undefined;
  return {
    state: clock ? ["clock"] : asm.states,
    y0,
    rhs(t, y) {
      if (clock) return [1];
      load(plansOf(startMode).fast, t, y);
      return rates.map((s) => work[s]);
    },
    observe: (t, y) => observeIn(startMode, t, y),
    landmarks: asm.landmarks,
    period: asm.period,
    modes,
  };
}
