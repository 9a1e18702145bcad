// The structural converter checks: properties of the resolved model that need no solver
// (ports connected or free, flow balance and across equalities at every node, laws naming
// declared variables, ordered quantity spaces, references to existing states, variables
// and cells). Loading already rejects most of these; restating them on the resolved model
// lets the report say they hold. docs/catalog/checks.md states each check precisely.
import type { ModelRestriction } from "../model/model.ts";
import { PHYSICAL_DOMAINS, type PhysicalDomain } from "../model/physical_domains.ts";
import { portVariable } from "../model/connections.ts";
import { contentLawId } from "../model/naming.ts";
import { formatTerm, parseTerm } from "../model/terms.ts";
import { MAX_CELLS } from "../compile/problem.ts";
import type { CheckContext } from "./check_context.ts";
import type { Adder } from "./findings.ts";

export function checkPorts(ctx: CheckContext, add: Adder): void {
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

export function checkFlowBalance(ctx: CheckContext, add: Adder): void {
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
function lawLocation(ctx: CheckContext, instance: string, id: string): { file?: string; path?: string } {
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

export function checkLawVariables(ctx: CheckContext, add: Adder): void {
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

export function checkQuantitySpaces(ctx: CheckContext, add: Adder): void {
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

export function checkReferences(ctx: CheckContext, add: Adder): void {
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
function restrictionLocation(ctx: CheckContext, r: ModelRestriction): { file?: string; path?: string } {
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
