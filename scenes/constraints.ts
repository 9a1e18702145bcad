// Reasons a drawn scene variant is ill-posed that several scenes share; each returns the
// reason in words, or null when the draw is fine.
import { fmt } from "../engine/physment/variation/declare.ts";

/**
 * A speed read t into a release from rest of an oscillator of angular frequency ω near a
 * turning point (ω·t within 0.3 rad of a multiple of π) is a near-zero answer the
 * tolerance swamps.
 */
export function nearTurningPoint(omega: number, t: number): string | null {
  const phase = (omega * t) % Math.PI;
  return phase < 0.3 || phase > Math.PI - 0.3 ? `ω·t = ${fmt(omega * t)} rad is within 0.3 rad of a turning point` : null;
}
