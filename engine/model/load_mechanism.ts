// Validates a mechanism file against a component library and resolves it into a
// MechanismModel. Every problem is reported (file, JSON path, what was expected).
import { fromZod, IssueSink, ModelError, oneOf } from "./issues.ts";
import type { Library } from "./library.ts";
import { Mechanism } from "./mechanism.ts";
import type { MechanismModel, ModelInstance, ModelLaw, ModelNode, ModelRestriction, ModelScenario, ModelTransition, ModelVariable } from "./model.ts";
import { derivativeName } from "./naming.ts";
import { PHYSICAL_DOMAINS, type PhysicalDomain } from "./physical_domains.ts";
import type { Restriction } from "./component_type.ts";

export function loadMechanism(data: unknown, file: string, library: Library): MechanismModel {
  const parsed = Mechanism.safeParse(data);
  if (!parsed.success) throw new ModelError(fromZod(file, parsed.error));
  const mech = parsed.data;
  const sink = new IssueSink(file);
  const variables: ModelVariable[] = [];
  const variableIndex = new Map<string, number>();
  const instances: ModelInstance[] = [];
  const laws: ModelLaw[] = [];
  const restrictions: ModelRestriction[] = [];
  const transitions: ModelTransition[] = [];
  const portDomain = new Map<string, PhysicalDomain>();
  const portOrders = new Map<string, { across: number; flow: number }>();

  mech.components.forEach((inst, ci) => {
    const path = ["components", ci];
    if (instances.some((i) => i.name === inst.name)) {
      sink.add([...path, "name"], `component name "${inst.name}" is used twice`);
      return;
    }
    const entry = library.get(inst.type);
    if (!entry) {
      sink.add([...path, "type"], `unknown component type "${inst.type}" (expected ${oneOf([...library.keys()].sort(), 40)})`);
      return;
    }
    const t = entry.table;
    const local = new Map<string, number>();
    const mine: number[] = [];
    for (const v of t.variables) {
      const idx = variables.length;
      local.set(v.name, idx);
      mine.push(idx);
      const name = `${inst.name}.${v.name}`;
      variableIndex.set(name, idx);
      variables.push({ name, instance: inst.name, local: v.name, kind: v.kind, base: -1, order: v.order, cells: v.cells, signs: v.signs });
    }
    for (const v of t.variables) variables[local.get(v.name)!].base = local.get(v.base)!;
    instances.push({ name: inst.name, type: inst.type, states: t.states, variables: mine });
    for (const [p, sign] of Object.entries(inst.parameters)) {
      if (!t.type.parameters.some((q) => q.name === p)) {
        sink.add([...path, "parameters", p], `"${inst.type}" has no parameter "${p}" (expected ${oneOf(t.type.parameters.map((q) => q.name))})`);
      }
      void sign;
    }
    for (const p of t.type.parameters) {
      const cell = inst.parameters[p.name] ?? p.sign;
      const idx = local.get(p.name)!;
      restrictions.push({ var: idx, cells: [variables[idx].cells.indexOf(cell)], source: `parameter ${inst.name}.${p.name}`, instance: inst.name, state: null });
    }
    const restrictionsOf = (r: Restriction, source: string, state: string | null) => {
      for (const [v, cells] of Object.entries(r)) {
        const idx = local.get(v)!;
        restrictions.push({ var: idx, cells: cells.map((c) => variables[idx].cells.indexOf(c)), source, instance: inst.name, state });
      }
    };
    restrictionsOf(t.type.restrict, `type ${inst.type}`, null);
    for (const s of t.type.states) restrictionsOf(s.restrict, `state ${inst.name}.${s.name}`, s.name);
    for (const law of t.laws) {
      laws.push({
        id: `${inst.name}.${law.id}`,
        origin: "component",
        instance: inst.name,
        state: law.state,
        derivativeOf: law.derivativeOf ? `${inst.name}.${law.derivativeOf}` : null,
        terms: law.terms.map((term) => ({ coef: term.coef, factors: term.factors.map((f) => ({ var: local.get(f.var)!, exp: f.exp })) })),
      });
    }
    const guard = (r: Restriction) => Object.entries(r).map(([v, cells]) => {
      const idx = local.get(v)!;
      return { var: idx, cells: cells.map((c) => variables[idx].cells.indexOf(c)) };
    });
    for (const tr of t.type.transitions) {
      transitions.push({
        instance: inst.name, from: tr.from, to: tr.to, event: tr.event === undefined ? null : local.get(tr.event)!,
        source: guard(tr.source), target: guard(tr.target),
      });
    }
    for (const port of t.type.ports) {
      const d = PHYSICAL_DOMAINS[port.domain as PhysicalDomain];
      portDomain.set(`${inst.name}.${port.name}`, port.domain as PhysicalDomain);
      portOrders.set(`${inst.name}.${port.name}`, {
        across: port.derivatives?.across ?? d.acrossDerivatives,
        flow: port.derivatives?.flow ?? d.flowDerivatives,
      });
    }
  });

  // Connections: ports joined by shared entries form one node.
  const parent = new Map<string, string>();
  const find = (p: string): string => {
    let r = p;
    while (parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  const firstSeen = new Map<string, [number, number]>();
  mech.connections.forEach((group, gi) => {
    group.forEach((port, pi) => {
      const dom = portDomain.get(port);
      if (!dom) {
        const inst = port.split(".")[0];
        const known = [...portDomain.keys()].filter((k) => k.startsWith(inst + "."));
        sink.add(["connections", gi, pi], `unknown port "${port}" (expected ${oneOf(known.length ? known : [...portDomain.keys()])})`);
        return;
      }
      if (!parent.has(port)) {
        parent.set(port, port);
        firstSeen.set(port, [gi, pi]);
      }
      const head = group.find((p) => portDomain.has(p))!;
      if (portDomain.get(head) !== dom) {
        sink.add(["connections", gi, pi], `port "${port}" is ${dom} but "${head}" is ${portDomain.get(head)}; only ports of one physical domain can be connected`);
        return;
      }
      if (!parent.has(head)) parent.set(head, head);
      const a = find(head);
      const b = find(port);
      if (a !== b) parent.set(b, a);
    });
  });
  const nodeMap = new Map<string, string[]>();
  for (const port of [...parent.keys()].sort((x, y) => {
    const [ga, pa] = firstSeen.get(x)!;
    const [gb, pb] = firstSeen.get(y)!;
    return ga - gb || pa - pb;
  })) {
    const r = find(port);
    if (!nodeMap.has(r)) nodeMap.set(r, []);
    nodeMap.get(r)!.push(port);
  }
  const nodes: ModelNode[] = [...nodeMap.values()].map((ports) => ({ domain: portDomain.get(ports[0])!, ports }));
  const free = new Set<string>();
  mech.free.forEach((port, i) => {
    if (!portDomain.has(port)) sink.add(["free", i], `unknown port "${port}" (expected ${oneOf(portDomain.keys())})`);
    else if (parent.has(port)) sink.add(["free", i], `port "${port}" is declared free but is connected`);
    else free.add(port);
  });
  for (const port of portDomain.keys()) {
    if (!parent.has(port) && !free.has(port)) {
      sink.add(["free"], `port "${port}" is neither connected nor declared free`);
    }
  }

  // Connection laws: across variables (and their derivatives) equal, flows sum to zero.
  const vi = (port: string, q: string, order: number) => variableIndex.get(order === 0 ? `${port}.${q}` : `${port.split(".")[0]}.${derivativeName(port.split(".").slice(1).join(".") + "." + q, order)}`)!;
  for (const node of nodes) {
    if (node.ports.length < 2) continue;
    const d = PHYSICAL_DOMAINS[node.domain];
    const acrossOrders = Math.min(...node.ports.map((p) => portOrders.get(p)!.across));
    const flowOrders = Math.min(...node.ports.map((p) => portOrders.get(p)!.flow));
    const suffix = (q: string, o: number) => (o === 0 ? q : derivativeName(q, o));
    for (let i = 1; i < node.ports.length; i++) {
      for (let o = 0; o <= acrossOrders; o++) {
        laws.push({
          id: `connect(${node.ports[0]}, ${node.ports[i]}).${suffix(d.across, o)}`, origin: "connection", instance: null, state: null,
          derivativeOf: o === 0 ? null : `connect(${node.ports[0]}, ${node.ports[i]}).${suffix(d.across, o - 1)}`,
          terms: [{ coef: 1, factors: [{ var: vi(node.ports[0], d.across, o), exp: 1 }] }, { coef: -1, factors: [{ var: vi(node.ports[i], d.across, o), exp: 1 }] }],
        });
      }
    }
    for (let o = 0; o <= flowOrders; o++) {
      const id = `connect(${node.ports.join(", ")})`;
      laws.push({
        id: `${id}.${suffix(d.flow, o)}`, origin: "connection", instance: null, state: null,
        derivativeOf: o === 0 ? null : `${id}.${suffix(d.flow, o - 1)}`,
        terms: node.ports.map((p) => ({ coef: 1 as const, factors: [{ var: vi(p, d.flow, o), exp: 1 }] })),
      });
    }
  }
  // An unconnected flow is zero (Modelica's rule for unconnected connectors).
  for (const port of free) {
    const d = PHYSICAL_DOMAINS[portDomain.get(port)!];
    for (let o = 0; o <= portOrders.get(port)!.flow; o++) {
      const idx = vi(port, d.flow, o);
      restrictions.push({ var: idx, cells: [variables[idx].cells.indexOf("zero")], source: `free port ${port}`, instance: port.split(".")[0], state: null });
    }
  }

  // Scenarios: restrictions on instance-qualified variables.
  const scenarios: ModelScenario[] = [];
  mech.scenarios.forEach((sc, si) => {
    if (scenarios.some((s) => s.id === sc.id)) sink.add(["scenarios", si, "id"], `scenario id "${sc.id}" is used twice`);
    const conv = (r: Restriction, key: "context" | "restrict"): ModelRestriction[] =>
      Object.entries(r).flatMap(([v, cells]) => {
        const idx = variableIndex.get(v);
        if (idx === undefined) {
          sink.add(["scenarios", si, key, v], `unknown variable "${v}" (expected an instance-qualified name such as ${oneOf([...variableIndex.keys()].slice(0, 6))})`);
          return [];
        }
        const bad = cells.filter((c) => !variables[idx].cells.includes(c));
        bad.forEach((c) => sink.add(["scenarios", si, key, v, cells.indexOf(c)], `"${c}" is not a cell of ${v} (expected ${oneOf(variables[idx].cells)})`));
        if (bad.length) return [];
        return [{ var: idx, cells: cells.map((c) => variables[idx].cells.indexOf(c)), source: `scenario ${sc.id} ${key}`, instance: variables[idx].instance, state: null }];
      });
    scenarios.push({ id: sc.id, description: sc.description, context: conv(sc.context, "context"), restrict: conv(sc.restrict, "restrict") });
  });

  if (sink.issues.length) throw new ModelError(sink.issues);
  return {
    id: mech.id, title: mech.title, provenance: mech.provenance, file, instances, variables, variableIndex, laws, restrictions,
    transitions, scenarios, nodes, free: [...free],
  };
}
