import { describe, expect, it } from "vitest";
import { builtinLibrary, builtinMechanism, MECHANISM_FILES } from "../../catalog/mod.ts";
import { NumericBlockSchema } from "../numeric/model.ts";
import { genericModel } from "../numeric/assemble.ts";
import { Session } from "./session.ts";
import { checkPaths, observationChange } from "./soundness.ts";

const run = (id: string) => {
  const file = MECHANISM_FILES.find((f) => (f.data as { id?: string }).id === id)!;
  const model = builtinMechanism(id)!;
  return checkPaths(new Session(model, "base"), genericModel(model, builtinLibrary()), NumericBlockSchema.parse((file.data as { numeric: unknown }).numeric));
};

// The whole catalog runs in CI through `mech catalog check --paths`; these are the fast ones.
describe("episode graph soundness against the numerical runs", () => {
  it.each(["thermal_three_node_chain", "thermal_branched_star", "electrical_resistor", "mechanics_damper", "mechanics_sign_convention"])(
    "%s: every pair of consecutive observations is joined by admissible edges",
    (id) => {
      const r = run(id);
      expect(r.pairs.length).toBeGreaterThan(0);
      expect(r.violations).toEqual([]);
      expect(r.unexplained).toEqual([]);
    },
  );

  it("mechanics_compare_braking_torque: sample intervals that hide a swing are refined until they are explained", () => {
    const r = run("mechanics_compare_braking_torque");
    expect(r.refined).toBeGreaterThan(0);
    expect(r.violations).toEqual([]);
    expect(r.pairs.every((p) => p.disposition === "direct")).toBe(true);
  });

  it("thermal_two_masses: the monotone decay never changes a cell, so there is nothing to join", () => {
    const r = run("thermal_two_masses");
    expect(r.samples).toBeGreaterThan(0);
    expect(r.pairs).toEqual([]);
  });
});

describe("observationChange", () => {
  it("names only the variables whose cell (or near-landmark mark) differs, in the second pattern's order", () => {
    expect(observationChange("a.v=zero; b.f=positive~zero; c.s=negative", "a.v=positive; b.f=positive~zero; c.s=zero")).toBe("a.v zero→positive, c.s negative→zero");
    expect(observationChange("a.v=zero~positive", "a.v=positive")).toBe("a.v zero~positive→positive");
    expect(observationChange("a.v=zero", "a.v=zero")).toBe("no cell change");
  });
});
