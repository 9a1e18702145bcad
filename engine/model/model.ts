// The resolved mechanism M = (P, τ, V, Q, E, N, S, G, T, B) of Definition 1, with every
// name bound to an instance-qualified variable index.
import type { Sign } from "./sign.ts";
import type { VariableKind } from "./type_table.ts";
import type { PhysicalDomain } from "./physical_domains.ts";

/** A variable of the model: one quantity of one component instance, with its quantity space. */
export interface ModelVariable {
  /** Instance-qualified name, e.g. mass.v, mass.d1__v, mass.flange_a.f. */
  name: string;
  /** The instance it belongs to. */
  instance: string;
  /** Its name within the instance's type, e.g. v, d1__v, flange_a.f. */
  local: string;
  /** Parameter, variable, or a port's across or flow variable. */
  kind: VariableKind;
  /** Global index of the undifferentiated variable (its own index for order 0). */
  base: number;
  /** This variable's derivative order (0 for the variable itself). */
  order: number;
  /** Q(v): cell names, in order (landmarks and the intervals between them). */
  cells: string[];
  /** The sign of each cell. */
  signs: Sign[];
}

/** A term of a law: a sign coefficient times a product of variables (global indices) raised to positive powers. */
export interface ModelTerm {
  /** The coefficient, -1 or 1. */
  coef: -1 | 1;
  /** The factors: a variable's index and its exponent. */
  factors: { var: number; exp: number }[];
}

/** A law (confluence) of the model: the sum of its terms is zero. */
export interface ModelLaw {
  /** Instance-qualified id, e.g. mass.law_50ac08c818ee2f2e, mass.newton.d1, connect(a.p, b.p).T. */
  id: string;
  /** A component type's law, or a connection's (across equality, flow balance). */
  origin: "component" | "connection";
  /** The instance of a component law (null for a connection law). */
  instance: string | null;
  /** Active only while `instance` is in this local state (null: always). */
  state: string | null;
  /** The id of the law this one differentiates (null when it is not a derivative). */
  derivativeOf: string | null;
  /** The terms, summing to zero. */
  terms: ModelTerm[];
}

/** A domain restriction: variable `var` takes one of `cells` (indices). */
export interface ModelRestriction {
  /** The variable's global index. */
  var: number;
  /** The cells it may take (indices into its quantity space). */
  cells: number[];
  /** Where it comes from, e.g. "parameter mass.m", "state mass.REST", "free port mass.flange_b". */
  source: string;
  /** The instance whose declaration it is (null for the mechanism's own). */
  instance: string | null;
  /** Applies only while `instance` is in this local state (null: always). */
  state: string | null;
}

/** A condition of a transition: variable `var` is in one of `cells`. */
export interface ModelGuard {
  /** The variable's global index. */
  var: number;
  /** The cells that satisfy the condition. */
  cells: number[];
}

/** A declared transition of a component's local state (T), with its guards before (H−) and after (H+). */
export interface ModelTransition {
  /** The instance whose state changes. */
  instance: string;
  /** The local state it leaves. */
  from: string;
  /** The local state it enters. */
  to: string;
  /** The event variable's global index (null: no event variable). */
  event: number | null;
  /** H−: conditions on the source episode. */
  source: ModelGuard[];
  /** H+: conditions on the target episode. */
  target: ModelGuard[];
}

/** A component instance of the mechanism. */
export interface ModelInstance {
  /** The instance's name, e.g. mass1. */
  name: string;
  /** Its component type's id in the library, e.g. translational.Mass. */
  type: string;
  /** Its local states (one for a component without states of its own). */
  states: string[];
  /** Global variable indices of this instance, in declaration order. */
  variables: number[];
}

/** A scenario: an operating context and, optionally, the case restrictions of a start. */
export interface ModelScenario {
  /** The scenario's id, e.g. base or mass1_hotter. */
  id: string;
  /** What it describes. */
  description?: string;
  /** The operating context's restrictions (hold in every episode of the scenario). */
  context: ModelRestriction[];
  /** The case restrictions (select the initial episodes). */
  restrict: ModelRestriction[];
}

/** A connection node: ports joined in one physical domain. */
export interface ModelNode {
  /** The physical domain of its ports. */
  domain: PhysicalDomain;
  /** The joined ports, instance-qualified (e.g. mass1.flange_a). */
  ports: string[];
}

/**
 * A validated mechanism M = (P, τ, V, Q, E, N, S, G, T, B) of Definition 1: its component
 * instances, variables with quantity spaces, laws, restrictions, transitions and
 * scenarios, every name bound to an instance-qualified variable index.
 */
export interface MechanismModel {
  /** The mechanism's id. */
  id: string;
  /** Its title. */
  title?: string;
  /** Where it comes from (e.g. an MSL example). */
  provenance?: string;
  /** The file it was read from. */
  file: string;
  /** P and τ: the component instances and their types. */
  instances: ModelInstance[];
  /** V and Q: the variables and their quantity spaces. */
  variables: ModelVariable[];
  /** A variable's global index by its instance-qualified name. */
  variableIndex: Map<string, number>;
  /** E and N: component laws (some state-dependent) and connection laws. */
  laws: ModelLaw[];
  /** G: parameter cells, free-port flows, type-level and state-dependent restrictions. */
  restrictions: ModelRestriction[];
  /** T: the declared transitions of local states. */
  transitions: ModelTransition[];
  /** B: the scenarios, in file order. */
  scenarios: ModelScenario[];
  /** The connection nodes. */
  nodes: ModelNode[];
  /** The ports declared free (unconnected on purpose). */
  free: string[];
}

/** Components with more than one local state, in declaration order: the axes of S. */
export function multiStateInstances(m: MechanismModel): ModelInstance[] {
  return m.instances.filter((i) => i.states.length > 1);
}
