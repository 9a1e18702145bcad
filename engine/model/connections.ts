// Topology: ports joined into nodes, the connection laws of each node, free ports.
import type { Mechanism } from "./mechanism.ts";
import type { ModelLaw, ModelNode } from "./model.ts";
import { type IssueSink, oneOf } from "./issues.ts";
import { derivativeName } from "./naming.ts";
import { PHYSICAL_DOMAINS, type PhysicalDomain } from "./physical_domains.ts";

export interface PortInfo {
  domain: PhysicalDomain;
  acrossOrders: number;
  flowOrders: number;
}

/** Instance-qualified name of a port variable or one of its derivatives. */
export function portVariable(port: string, quantity: string, order: number): string {
  const dot = port.indexOf(".");
  const local = quantity === "" ? port.slice(dot + 1) : `${port.slice(dot + 1)}.${quantity}`;
  return `${port.slice(0, dot)}.${order === 0 ? local : derivativeName(local, order)}`;
}

/**
 * Nodes from the connection groups: groups sharing a port merge (union–find); ports
 * are listed in order of first appearance. Reports unknown ports and mixed domains.
 */
export function buildNodes(mech: Mechanism, ports: Map<string, PortInfo>, sink: IssueSink): ModelNode[] {
  const parent = new Map<string, string>();
  const find = (p: string): string => {
    let r = p;
    while (parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  mech.connections.forEach((group, gi) => {
    const head = group.find((p) => ports.has(p));
    group.forEach((port, pi) => {
      const first = group.indexOf(port);
      if (first < pi) {
        // a port joined to itself makes a one-port node whose flow law would be missing
        sink.add(["connections", gi, pi], `port "${port}" is listed twice in this connection (also at index ${first}); list each port once`);
        return;
      }
      const info = ports.get(port);
      if (!info) {
        const inst = port.split(".")[0];
        const known = [...ports.keys()].filter((k) => k.startsWith(inst + "."));
        sink.add(["connections", gi, pi], `unknown port "${port}" (expected ${oneOf(known.length ? known : ports.keys())})`);
        return;
      }
      const headDomain = ports.get(head!)!.domain;
      if (info.domain !== headDomain) {
        sink.add(["connections", gi, pi], `port "${port}" is ${info.domain} but "${head}" is ${headDomain}; only ports of one physical domain can be connected`);
        return;
      }
      if (!parent.has(port)) parent.set(port, port);
      if (!parent.has(head!)) parent.set(head!, head!);
      const a = find(head!);
      const b = find(port);
      if (a !== b) parent.set(b, a);
    });
  });
  const byRoot = new Map<string, string[]>();
  for (const port of parent.keys()) { // Map keys keep insertion (first-appearance) order
    const r = find(port);
    if (!byRoot.has(r)) byRoot.set(r, []);
    byRoot.get(r)!.push(port);
  }
  return [...byRoot.values()].map((ps) => ({ domain: ports.get(ps[0])!.domain, ports: ps }));
}

/** The free ports, after checking every port is connected or free and never both. */
export function checkFreePorts(mech: Mechanism, ports: Map<string, PortInfo>, nodes: ModelNode[], sink: IssueSink): string[] {
  const connected = new Set(nodes.flatMap((n) => n.ports));
  const free = new Set<string>();
  mech.free.forEach((port, i) => {
    if (!ports.has(port)) sink.add(["free", i], `unknown port "${port}" (expected ${oneOf(ports.keys())})`);
    else if (connected.has(port)) sink.add(["free", i], `port "${port}" is declared free but is connected`);
    else free.add(port);
  });
  for (const port of ports.keys()) {
    if (!connected.has(port) && !free.has(port)) sink.add(["free"], `port "${port}" is neither connected nor declared free`);
  }
  return [...free];
}

/**
 * Connection laws of a node: across variables equal (each port against the first, for
 * every derivative order all ports have) and flows summing to zero (likewise).
 */
export function connectionLaws(node: ModelNode, ports: Map<string, PortInfo>, index: (name: string) => number): ModelLaw[] {
  if (node.ports.length < 2) return [];
  const d = PHYSICAL_DOMAINS[node.domain];
  const acrossOrders = Math.min(...node.ports.map((p) => ports.get(p)!.acrossOrders));
  const flowOrders = Math.min(...node.ports.map((p) => ports.get(p)!.flowOrders));
  // law id suffix: the quantity (or "value" for a signal), with its derivative order
  const suffix = (q: string, o: number) => (o === 0 ? q || "value" : derivativeName(q || "value", o));
  const factor = (port: string, q: string, o: number) => [{ var: index(portVariable(port, q, o)), exp: 1 }];
  const laws: ModelLaw[] = [];
  const [p0, ...rest] = node.ports;
  for (const pi of rest) {
    const id = `connect(${p0}, ${pi})`;
    for (let o = 0; o <= acrossOrders; o++) {
      laws.push({
        id: `${id}.${suffix(d.across, o)}`, origin: "connection", instance: null, state: null,
        derivativeOf: o === 0 ? null : `${id}.${suffix(d.across, o - 1)}`,
        terms: [{ coef: 1, factors: factor(p0, d.across, o) }, { coef: -1, factors: factor(pi, d.across, o) }],
      });
    }
  }
  const id = `connect(${node.ports.join(", ")})`;
  const flow = d.flow;
  if (flow === null) return laws;
  for (let o = 0; o <= flowOrders; o++) {
    laws.push({
      id: `${id}.${suffix(flow, o)}`, origin: "connection", instance: null, state: null,
      derivativeOf: o === 0 ? null : `${id}.${suffix(flow, o - 1)}`,
      terms: node.ports.map((p) => ({ coef: 1 as const, factors: factor(p, flow, o) })),
    });
  }
  return laws;
}
