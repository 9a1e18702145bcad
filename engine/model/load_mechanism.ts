// Validates a mechanism file against a component library and resolves it into a
// MechanismModel. Every problem is reported (file, JSON path, what was expected).
import { fromZod, IssueSink, MechanismError, oneOf } from "./issues.ts";
import type { Library } from "./library.ts";
import { Mechanism } from "./mechanism.ts";
import type { MechanismModel, ModelInstance, ModelLaw, ModelRestriction, ModelScenario, ModelTransition, ModelVariable } from "./model.ts";
import { buildNodes, checkFreePorts, connectionLaws, portVariable, type PortInfo } from "./connections.ts";
import { PHYSICAL_DOMAINS, type PhysicalDomain } from "./physical_domains.ts";
import type { Restriction } from "./component_type.ts";

export function loadMechanism(data: unknown, file: string, library: Library): MechanismModel {
  const parsed = Mechanism.safeParse(data);
  if (!parsed.success) throw new MechanismError(fromZod(file, parsed.error));
  const mech = parsed.data;
  const sink = new IssueSink(file);
  const variables: ModelVariable[] = [];
  const variableIndex = new Map<string, number>();
  const instances: ModelInstance[] = [];
  const laws: ModelLaw[] = [];
  const restrictions: ModelRestriction[] = [];
  const transitions: ModelTransition[] = [];
  const ports = new Map<string, PortInfo>();

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
      ports.set(`${inst.name}.${port.name}`, {
        domain: port.domain as PhysicalDomain,
        acrossOrders: port.derivatives?.across ?? d.acrossDerivatives,
        flowOrders: port.derivatives?.flow ?? d.flowDerivatives,
      });
    }
  });

  const nodes = buildNodes(mech, ports, sink);
  const free = checkFreePorts(mech, ports, nodes, sink);
  const index = (name: string) => variableIndex.get(name)!;
  for (const node of nodes) laws.push(...connectionLaws(node, ports, index));
  // An unconnected flow is zero (Modelica's rule for unconnected connectors).
  for (const port of free) {
    const flow = PHYSICAL_DOMAINS[ports.get(port)!.domain].flow;
    if (flow === null) continue; // an unconnected signal is unconstrained
    for (let o = 0; o <= ports.get(port)!.flowOrders; o++) {
      const idx = index(portVariable(port, flow, o));
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

  if (sink.issues.length) throw new MechanismError(sink.issues);
  return {
    id: mech.id, title: mech.title, provenance: mech.provenance, file, instances, variables, variableIndex, laws, restrictions,
    transitions, scenarios, nodes, free,
  };
}
