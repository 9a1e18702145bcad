// Numeric parameters of composed mechanisms: each drawn log-uniformly within a factor of
// two of a nominal value (a narrow range keeps the time constants of one mechanism within
// a small ratio, so the numerical runs stay cheap and show every transient), or fixed
// where the value is a geometry convention (rest lengths, the ground's position).
import type { Random } from "../files/random.ts";

/** How one parameter is drawn: a fixed value, or log-uniform in [nominal/2, 2·nominal] (negative nominal: the same on the magnitude). */
export interface ParameterRule {
  nominal: number;
  fixed?: boolean;
}

const draw = (nominal: number): ParameterRule => ({ nominal });
const fixed = (nominal: number): ParameterRule => ({ nominal, fixed: true });

/**
 * The parameters the composer sets, per component type (the numeric values; the types'
 * parameter signs follow from them). A Sine's frequency is set from the mechanism's time
 * scale instead (time_scale.ts). Types absent here are not composed.
 */
export const PARAMETER_RULES: Readonly<Record<string, Readonly<Record<string, ParameterRule>>>> = {
  "translational.Mass": { m: draw(1), L: fixed(1) },
  "translational.Spring": { c: draw(100), s_rel0: fixed(1) },
  "translational.Damper": { d: draw(10) },
  "translational.SpringDamper": { c: draw(100), d: draw(10), s_rel0: fixed(1) },
  "translational.Fixed": { s0: fixed(1) },
  "translational.Force": {},
  "translational.LinearSpeedDependentForce": { f_nominal: draw(-5), v_nominal: fixed(1) },
  "translational.QuadraticSpeedDependentForce": { f_nominal: draw(-5), v_nominal: fixed(1) },
  "translational.PositionSensor": {},
  "rotational.Inertia": { J: draw(1) },
  "rotational.Spring": { c: draw(100), phi_rel0: fixed(0) },
  "rotational.Damper": { d: draw(10) },
  "rotational.Fixed": { phi0: fixed(0) },
  "rotational.IdealGear": {},
  "rotational.Torque": {},
  "rotational.LinearSpeedDependentTorque": { tau_nominal: draw(-5), w_nominal: fixed(1) },
  "rotational.QuadraticSpeedDependentTorque": { tau_nominal: draw(-5), w_nominal: fixed(1) },
  "blocks.Constant": { k: draw(10) },
  "blocks.Sine": { amplitude: draw(10), phase: fixed(0), offset: fixed(0), startTime: fixed(0) },
  "thermal.HeatCapacitor": { C: draw(20) },
  "thermal.ThermalConductor": { G: draw(2) },
  "thermal.FixedTemperature": {},
  "thermal.TemperatureSensor": {},
  "electrical.Resistor": { R: draw(10) },
  "electrical.HeatingResistor": { R: draw(10), alpha: draw(0.004) },
  "electrical.Ground": {},
  "electrical.ConstantVoltage": { V: draw(10) },
  "electrical.SineVoltage": { V: draw(10), phase: fixed(0), offset: fixed(0), startTime: fixed(0) },
};

/** Three significant digits: readable files, and the same digits under every runtime. */
export const round3 = (x: number): number => Number(x.toPrecision(3));

/** One value by its rule. */
export function drawParameter(rule: ParameterRule, rng: Random): number {
  if (rule.fixed) return rule.nominal;
  return round3(rule.nominal * 2 ** (2 * rng.next() - 1));
}

/** A gear ratio: a power of two, so the geared angles of the start values stay exact. */
export function drawRatio(rng: Random): number {
  return rng.pick([0.5, 2, 4]);
}

/**
 * A start offset on a grid of 1/64 (exact in binary, so sums of offsets are exact and a
 * zero drawn stays exactly zero after the start values are solved): zero with
 * probability `zeroShare`, otherwise a magnitude in [lo, hi] of either sign.
 */
export function drawOffset(rng: Random, lo: number, hi: number, zeroShare = 1 / 3): number {
  if (rng.next() < zeroShare) return 0;
  const magnitude = Math.round((lo + (hi - lo) * rng.next()) * 64) / 64 || 1 / 64;
  return rng.next() < 0.5 ? -magnitude : magnitude;
}
