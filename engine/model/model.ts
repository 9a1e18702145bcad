// The resolved mechanism M = (P, τ, V, Q, E, N, S, G, T, B) of Definition 1, with every
// name bound to an instance-qualified variable index.
import type { Sign } from "./sign.ts";
import type { VariableKind } from "./type_table.ts";
import type { PhysicalDomain } from "./physical_domains.ts";

export interface ModelVariable {
  /** Instance-qualified name, e.g. mass.v, mass.d1__v, mass.flange_a.f. */
  name: string;
  instance: string;
  local: string;
  kind: VariableKind;
  /** Global index of the undifferentiated variable and this variable's derivative order. */
  base: number;
  order: number;
  /** Q(v): cell names and their signs. */
  cells: string[];
  signs: Sign[];
}

export interface ModelTerm {
  coef: -1 | 1;
  factors: { var: number; exp: number }[];
}

export interface ModelLaw {
  /** Instance-qualified id, e.g. mass.law_50ac08c818ee2f2e, mass.newton.d1, connect(a.p, b.p).T. */
  id: string;
  origin: "component" | "connection";
  instance: string | null;
  /** Active only while `instance` is in this local state (null: always). */
  state: string | null;
  derivativeOf: string | null;
  terms: ModelTerm[];
}

/** A domain restriction: variable `var` takes one of `cells` (indices). */
export interface ModelRestriction {
  var: number;
  cells: number[];
  /** Where it comes from, e.g. "parameter mass.m", "state mass.REST", "free port mass.flange_b". */
  source: string;
  instance: string | null;
  state: string | null;
}

export interface ModelGuard {
  var: number;
  cells: number[];
}

export interface ModelTransition {
  instance: string;
  from: string;
  to: string;
  event: number | null;
  source: ModelGuard[];
  target: ModelGuard[];
}

export interface ModelInstance {
  name: string;
  type: string;
  states: string[];
  /** Global variable indices of this instance, in declaration order. */
  variables: number[];
}

export interface ModelScenario {
  id: string;
  description?: string;
  context: ModelRestriction[];
  restrict: ModelRestriction[];
}

export interface ModelNode {
  domain: PhysicalDomain;
  ports: string[];
}

export interface MechanismModel {
  id: string;
  title?: string;
  provenance?: string;
  file: string;
  instances: ModelInstance[];
  variables: ModelVariable[];
  variableIndex: Map<string, number>;
  /** E and N: component laws (some state-dependent) and connection laws. */
  laws: ModelLaw[];
  /** G: parameter cells, free-port flows, type-level and state-dependent restrictions. */
  restrictions: ModelRestriction[];
  transitions: ModelTransition[];
  scenarios: ModelScenario[];
  nodes: ModelNode[];
  free: string[];
}

/** Components with more than one local state, in declaration order: the axes of S. */
export function multiStateInstances(m: MechanismModel): ModelInstance[] {
  return m.instances.filter((i) => i.states.length > 1);
}
