// How each catalog component type is written as an instance of its MSL 4.1.0 class:
// the structural modifiers the type stands for, which names of a mechanism's numeric
// block are MSL parameters or variables, and what MSL needs that the block may leave out.
// The class name itself comes from the type's "msl" field.

/** A numeric parameter of the catalog written as an MSL modifier. */
export type ParameterMapping =
  /** The same name in MSL. */
  | "same"
  /** A speed-independent friction coefficient: MSL's table mu_pos = [0, value]. */
  | "mu_pos_table";

/**
 * A start value's role in MSL: "state" takes `fixed=true` (an initial equation, as the
 * MSL examples write them); "guess" is a variable MSL computes algebraically, so its
 * start is only an iteration guess (fixing it would over-determine the initialization).
 */
export type StartRole = "state" | "guess";

export interface MslMapping {
  /** Modifiers that pick the MSL variant the catalog type abstracts, as Modelica text. */
  modifiers?: readonly string[];
  /** Catalog parameter names this class accepts, keyed by the numeric block's name. */
  parameters?: Readonly<Record<string, ParameterMapping>>;
  /**
   * MSL parameters without a default binding. A number is MSL's start value, written
   * (with a comment) when the numeric block lacks the parameter; null: MSL has none, so
   * the block must give it.
   */
  required?: Readonly<Record<string, number | null>>;
  /** Variables that may take a start value, with their role. */
  variables?: Readonly<Record<string, StartRole>>;
  /** RealInput connectors: Modelica needs each one connected. */
  inputs?: readonly string[];
  /** Takes any parameter and variable by its catalog name (a type without an entry). */
  open?: boolean;
}

const REG_LINEAR = "reg=Modelica.Blocks.Types.Regularization.Linear";

const translationalSource = (extra: Record<string, ParameterMapping> = {}): MslMapping => ({
  // ForceDirection=false: the force follows the sign of v, as in CompareBrakingForce
  modifiers: ["ForceDirection=false"],
  parameters: { f_nominal: "same", v_nominal: "same", ...extra },
  required: { f_nominal: null, v_nominal: null },
  variables: { s: "guess", v: "guess", f: "guess" },
});

const rotationalSource = (extra: Record<string, ParameterMapping> = {}): MslMapping => ({
  modifiers: ["useSupport=false", "TorqueDirection=false"],
  parameters: { tau_nominal: "same", w_nominal: "same", ...extra },
  required: { tau_nominal: null, w_nominal: null },
  variables: { phi: "guess", w: "guess", tau: "guess" },
});

/** Every built-in component type, by catalog id. */
export const MSL_MAPPINGS: Readonly<Record<string, MslMapping>> = {
  "blocks.Constant": { parameters: { k: "same" }, required: { k: 1 } },
  "blocks.Sine": {
    parameters: { amplitude: "same", f: "same", phase: "same", offset: "same", startTime: "same" },
    required: { f: 1 },
  },

  "electrical.Resistor": {
    modifiers: ["useHeatPort=false"],
    parameters: { R: "same", T_ref: "same", alpha: "same", T: "same" },
    required: { R: 1 },
    variables: { v: "guess", i: "guess" },
  },
  "electrical.HeatingResistor": {
    modifiers: ["useHeatPort=true"],
    parameters: { R: "same", T_ref: "same", alpha: "same" },
    required: { R: 1 },
    variables: { v: "guess", i: "guess", R_actual: "guess", LossPower: "guess" },
  },
  "electrical.Ground": {},
  "electrical.ConstantVoltage": { parameters: { V: "same" }, required: { V: 1 }, variables: { v: "guess", i: "guess" } },
  "electrical.SineVoltage": {
    parameters: { V: "same", f: "same", phase: "same", offset: "same", startTime: "same" },
    required: { V: 1, f: 1 },
    variables: { v: "guess", i: "guess" },
  },

  "rotational.Inertia": { parameters: { J: "same" }, required: { J: 1 }, variables: { phi: "state", w: "state", a: "guess" } },
  "rotational.Spring": {
    parameters: { c: "same", phi_rel0: "same" },
    required: { c: 1e5 },
    variables: { phi_rel: "state", tau: "guess" },
  },
  "rotational.Damper": { parameters: { d: "same" }, required: { d: 0 }, variables: { phi_rel: "state", w_rel: "state", tau: "guess" } },
  "rotational.Fixed": { parameters: { phi0: "same" } },
  "rotational.IdealGear": { modifiers: ["useSupport=false"], parameters: { ratio: "same" }, required: { ratio: 1 }, variables: { phi_a: "guess", phi_b: "guess" } },
  "rotational.IdealGearWithSupport": { modifiers: ["useSupport=true"], parameters: { ratio: "same" }, required: { ratio: 1 }, variables: { phi_a: "guess", phi_b: "guess" } },
  "rotational.Torque": { modifiers: ["useSupport=false"], inputs: ["tau"] },
  "rotational.TorqueWithSupport": { modifiers: ["useSupport=true"], inputs: ["tau"] },
  "rotational.SignTorque": {
    modifiers: ["useSupport=false", REG_LINEAR],
    parameters: { tau_nominal: "same", w0: "same" },
    required: { tau_nominal: null, w0: 0.1 },
    variables: { phi: "guess", w: "guess", tau: "guess" },
  },
  "rotational.LinearSpeedDependentTorque": rotationalSource(),
  "rotational.QuadraticSpeedDependentTorque": rotationalSource(),
  "rotational.InverseSpeedDependentTorque": { ...rotationalSource({ w0: "same" }), required: { tau_nominal: null, w_nominal: null, w0: 0.1 } },
  "rotational.Brake": {
    modifiers: ["useSupport=false", "useHeatPort=false"],
    parameters: { fn_max: "same", cgeo: "same", mu: "mu_pos_table", peak: "same" },
    required: { fn_max: 1 },
    variables: { phi: "guess", w: "guess", a: "guess", tau: "guess" },
    inputs: ["f_normalized"],
  },

  "thermal.HeatCapacitor": { parameters: { C: "same" }, required: { C: null }, variables: { T: "state" } },
  "thermal.ThermalConductor": { parameters: { G: "same" }, required: { G: null }, variables: { dT: "guess", Q_flow: "guess" } },
  "thermal.FixedTemperature": { parameters: { T: "same" }, required: { T: null } },
  "thermal.TemperatureSensor": {},

  "translational.Mass": { parameters: { m: "same", L: "same" }, required: { m: 1 }, variables: { s: "state", v: "state", a: "guess" } },
  "translational.Damper": { parameters: { d: "same" }, required: { d: 0 }, variables: { s_rel: "state", v_rel: "state", f: "guess" } },
  "translational.Spring": { parameters: { c: "same", s_rel0: "same" }, required: { c: 1 }, variables: { s_rel: "state", f: "guess" } },
  "translational.SpringDamper": {
    parameters: { c: "same", d: "same", s_rel0: "same" },
    required: { c: 1, d: 1 },
    variables: { s_rel: "state", v_rel: "state", f: "guess" },
  },
  "translational.SpringDamperUnconditional": {
    parameters: { c: "same", d: "same", s_rel0: "same" },
    required: { c: 1, d: 1 },
    variables: { s_rel: "state", v_rel: "state", f: "guess" },
  },
  "translational.Fixed": { parameters: { s0: "same" } },
  "translational.Rod": { parameters: { L: "same" }, variables: { s: "guess" } },
  "translational.Force": { inputs: ["f"] },
  "translational.Accelerate": { variables: { s: "state", v: "state", a: "guess" }, inputs: ["a_ref"] },
  "translational.PositionSensor": {},
  // reg=Linear: the regularization CompareBrakingForce uses (and the numeric check models)
  "translational.SignForce": {
    modifiers: [REG_LINEAR],
    parameters: { f_nominal: "same", v0: "same" },
    required: { f_nominal: null, v0: 0.1 },
    variables: { s: "guess", v: "guess", f: "guess" },
  },
  "translational.LinearSpeedDependentForce": translationalSource(),
  "translational.QuadraticSpeedDependentForce": translationalSource(),
  "translational.InverseSpeedDependentForce": { ...translationalSource({ v0: "same" }), required: { f_nominal: null, v_nominal: null, v0: 0.1 } },
  "translational.Brake": {
    modifiers: ["useSupport=false", "useHeatPort=false"],
    parameters: { fn_max: "same", cgeo: "same", mu_pos: "mu_pos_table", peak: "same" },
    required: { fn_max: 1 },
    variables: { s: "guess", v: "guess", a: "guess", f: "guess" },
    inputs: ["f_normalized"],
  },
};

/**
 * A type without an entry (added to the catalog after this table): its parameters and
 * variables are taken by their catalog names, start values fixed, and the `name=literal`
 * items of its "msl" field's parentheses become its modifiers.
 */
export function fallbackMapping(msl: string): MslMapping {
  const inner = /\((.*)\)\s*$/.exec(msl)?.[1] ?? "";
  const modifiers = inner.split(",").map((s) => s.trim()).filter((s) => /^[A-Za-z_]\w*=(true|false|-?\d+(\.\d+)?([eE][+-]?\d+)?)$/.test(s));
  return { modifiers, open: true };
}

/** The MSL class name of an "msl" field: its first word (the rest notes the variant). */
export function mslClassName(msl: string): string {
  return msl.trim().split(/[\s(]/)[0];
}
