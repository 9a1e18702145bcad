// Synthetic, scalable thermal mechanisms built from the catalog's thermal components:
// plain mechanism JSON objects, validated and resolved by loadMechanism like any
// catalog file, so scaling benchmarks exercise the real model and compiler.
import { builtinLibrary } from "../../catalog/mod.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import type { MechanismModel } from "../model/model.ts";
import { compile, type Compiled, type CompositeState } from "../compile/compile.ts";

const CAPACITOR = "thermal.HeatCapacitor";
const CONDUCTOR = "thermal.ThermalConductor";

/** A mechanism file's JSON shape (the subset these generators use). */
export interface MechanismJson {
  id: string;
  title: string;
  description: string;
  components: { name: string; type: string }[];
  connections: string[][];
  free: string[];
  scenarios: { id: string; description: string; restrict?: Record<string, string[]> }[];
}

/**
 * m0 — g0 — m1 — … — m(n−1): n heat capacitors joined by n−1 thermal conductors
 * (g_i from m_i at port_a to m_(i+1) at port_b). With n = 1 the lone port is free.
 */
export function thermalChainMechanism(n: number): MechanismJson {
  if (n < 1) throw new RangeError("a thermal chain needs at least one capacitor");
  const components = [
    ...Array.from({ length: n }, (_, i) => ({ name: `m${i}`, type: CAPACITOR })),
    ...Array.from({ length: n - 1 }, (_, i) => ({ name: `g${i}`, type: CONDUCTOR })),
  ];
  const connections: string[][] = [];
  for (let i = 0; i < n; i++) {
    const node = [`m${i}.port`];
    if (i > 0) node.push(`g${i - 1}.port_b`);
    if (i < n - 1) node.push(`g${i}.port_a`);
    if (node.length > 1) connections.push(node);
  }
  return {
    id: `thermal_chain_${n}`,
    title: `${n} heat capacitors in a row`,
    description: "Synthetic scaling mechanism: capacitors m_i joined by conductors g_i.",
    components,
    connections,
    free: n === 1 ? ["m0.port"] : [],
    scenarios: [
      { id: "base", description: "No additional restrictions." },
      ...(n > 1 ? [{ id: "first_hotter", description: "m0 is hotter than m1.", restrict: { "g0.dT": ["positive"] } }] : []),
    ],
  };
}

/**
 * Two rails a0 … a(n−1) and b0 … b(n−1) of heat capacitors, conductors ga_i / gb_i
 * along each rail and r_i on every rung (a_i at port_a, b_i at port_b). Every square
 * of the ladder is a cycle in the constraint graph.
 */
export function thermalLadderMechanism(n: number): MechanismJson {
  if (n < 1) throw new RangeError("a thermal ladder needs at least one rung");
  const components: { name: string; type: string }[] = [];
  for (let i = 0; i < n; i++) components.push({ name: `a${i}`, type: CAPACITOR }, { name: `b${i}`, type: CAPACITOR });
  for (let i = 0; i < n - 1; i++) components.push({ name: `ga${i}`, type: CONDUCTOR }, { name: `gb${i}`, type: CONDUCTOR });
  for (let i = 0; i < n; i++) components.push({ name: `r${i}`, type: CONDUCTOR });
  const connections: string[][] = [];
  for (const rail of ["a", "b"] as const) {
    for (let i = 0; i < n; i++) {
      const node = [`${rail}${i}.port`, rail === "a" ? `r${i}.port_a` : `r${i}.port_b`];
      if (i > 0) node.push(`g${rail}${i - 1}.port_b`);
      if (i < n - 1) node.push(`g${rail}${i}.port_a`);
      connections.push(node);
    }
  }
  return {
    id: `thermal_ladder_${n}`,
    title: `a 2×${n} ladder of heat capacitors`,
    description: "Synthetic scaling mechanism: two rails of capacitors with conductors along the rails and on every rung.",
    components,
    connections,
    free: [],
    scenarios: [
      { id: "base", description: "No additional restrictions." },
      { id: "a_hotter", description: "a0 is hotter than b0.", restrict: { "r0.dT": ["positive"] } },
    ],
  };
}

/** Validates and resolves a synthetic mechanism against the catalog library. */
export function loadSynthetic(json: MechanismJson): MechanismModel {
  return loadMechanism(json, `synthetic/${json.id}.json`, builtinLibrary());
}

/**
 * Deterministic composite states:
 * - "steady": every capacitor STEADY, every conductor NO_HEAT_FLOW (equilibrium);
 * - "flowing": heat flows forward along every chain/rail conductor (FORWARD_HEAT_FLOW),
 *   rungs carry none (NO_HEAT_FLOW), the first capacitor of each rail is COOLING, the
 *   last HEATING and the ones between STEADY (inflow equals outflow qualitatively, so
 *   their balance is ambiguous rather than contradictory).
 */
export type SyntheticStateKind = "steady" | "flowing";

export function syntheticState(model: MechanismModel, kind: SyntheticStateKind): CompositeState {
  const state: CompositeState = {};
  // Capacitors per rail, in index order ("m" for chains; "a"/"b" for ladders).
  const rails = new Map<string, string[]>();
  for (const inst of model.instances) {
    if (inst.type === CAPACITOR) {
      const rail = inst.name.replace(/\d+$/, "");
      rails.set(rail, [...(rails.get(rail) ?? []), inst.name]);
      state[inst.name] = "STEADY";
    } else if (inst.type === CONDUCTOR) {
      state[inst.name] = kind === "flowing" && !/^r\d+$/.test(inst.name) ? "FORWARD_HEAT_FLOW" : "NO_HEAT_FLOW";
    } else if (inst.states.length > 0) {
      state[inst.name] = inst.states[0];
    }
  }
  if (kind === "flowing") {
    for (const caps of rails.values()) {
      if (caps.length < 2) continue;
      state[caps[0]] = "COOLING";
      state[caps[caps.length - 1]] = "HEATING";
    }
  }
  return state;
}

/** Loads a synthetic mechanism and compiles one of its deterministic composite states. */
export function compileSynthetic(json: MechanismJson, kind: SyntheticStateKind, scenario?: string): Compiled {
  const model = loadSynthetic(json);
  return compile(model, syntheticState(model, kind), scenario);
}
