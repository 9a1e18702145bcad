// The built-in catalog's summaries (what `mech list` prints) against the resolved models.
import { describe, expect, it } from "vitest";
import { builtinMechanism, builtinMechanismIds, builtinSummaries } from "./mod.ts";
import { countCompositeStates } from "../engine/compile/compile.ts";

describe("builtinSummaries", () => {
  it("equal the resolved models' ids, titles, scenarios and composite-state counts, in id order", () => {
    const summaries = builtinSummaries();
    expect(summaries.map((s) => s.id)).toEqual(builtinMechanismIds());
    for (const s of summaries) {
      const m = builtinMechanism(s.id)!;
      expect(s).toEqual({ id: m.id, title: m.title ?? "", scenarios: m.scenarios.map((x) => x.id), compositeStates: countCompositeStates(m) });
    }
    // hand-counted: two heat capacitors (3 states each) and a conductor (3 states)
    expect(summaries.find((s) => s.id === "thermal_two_masses")!.compositeStates).toBe(27);
  });
});
