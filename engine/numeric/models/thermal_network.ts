// A linear thermal network: HeatCapacitors (C·der(T) = port.Q_flow), FixedTemperatures
// and ThermalConductors (Q_flow = G·(port_a.T − port_b.T), flowing a → b).
import { type NumericBlock, type NumericSystem, req } from "../model.ts";

export interface ThermalNetwork {
  capacitors: string[];
  fixed?: string[];
  /** conductor name, port_a node, port_b node (capacitor or fixed-temperature instances). */
  conductors: [string, string, string][];
}

export function thermalNetwork(net: ThermalNetwork, block: NumericBlock): NumericSystem {
  const p = block.parameters;
  const caps = net.capacitors;
  const C = caps.map((c) => req(p, `${c}.C`));
  const fixedT = new Map((net.fixed ?? []).map((f) => [f, req(p, `${f}.T`)]));
  const G = net.conductors.map(([k]) => req(p, `${k}.G`));
  const idx = new Map(caps.map((c, i) => [c, i]));
  const temp = (y: number[], n: string) => (idx.has(n) ? y[idx.get(n)!] : fixedT.get(n)!);
  const rate = (dy: number[], n: string) => (idx.has(n) ? dy[idx.get(n)!] : 0);
  const rhs = (_t: number, y: number[]) => {
    const q = caps.map(() => 0);
    net.conductors.forEach(([, a, b], k) => {
      const Q = G[k] * (temp(y, a) - temp(y, b));
      if (idx.has(a)) q[idx.get(a)!] -= Q;
      if (idx.has(b)) q[idx.get(b)!] += Q;
    });
    return q.map((x, i) => x / C[i]);
  };
  return {
    state: caps.map((c) => `${c}.T`),
    y0: caps.map((c) => req(block.start, `${c}.T`, "start value")),
    rhs,
    observe(t, y) {
      const dy = rhs(t, y);
      const d2 = rhs(t, dy.map((_, i) => dy[i])); // linear: der(der(T)) = A·der(T) with the fixed temperatures' share removed
      const d2y = caps.map((_, i) => d2[i] - rhs(t, caps.map(() => 0))[i]);
      const o: Record<string, number> = {};
      caps.forEach((c, i) => {
        o[`${c}.T`] = y[i];
        o[`${c}.d1__T`] = dy[i];
        o[`${c}.port.T`] = y[i];
        o[`${c}.d1__port__T`] = dy[i];
        o[`${c}.port.Q_flow`] = C[i] * dy[i];
        o[`${c}.d1__port__Q_flow`] = C[i] * d2y[i];
      });
      for (const [f, T] of fixedT) {
        o[`${f}.T`] = T;
        o[`${f}.port.T`] = T;
      }
      net.conductors.forEach(([k, a, b], j) => {
        const dT = temp(y, a) - temp(y, b);
        const ddT = rate(dy, a) - rate(dy, b);
        o[`${k}.dT`] = dT;
        o[`${k}.d1__dT`] = ddT;
        o[`${k}.Q_flow`] = G[j] * dT;
        o[`${k}.d1__Q_flow`] = G[j] * ddT;
        o[`${k}.port_a.T`] = temp(y, a);
        o[`${k}.port_b.T`] = temp(y, b);
        o[`${k}.d1__port_a__T`] = rate(dy, a);
        o[`${k}.d1__port_b__T`] = rate(dy, b);
        o[`${k}.port_a.Q_flow`] = G[j] * dT;
        o[`${k}.port_b.Q_flow`] = -G[j] * dT;
        o[`${k}.d1__port_a__Q_flow`] = G[j] * ddT;
        o[`${k}.d1__port_b__Q_flow`] = -G[j] * ddT;
      });
      return o;
    },
  };
}
