import { describe, expect, it } from "vitest";
import { progress } from "./progress.ts";
import { fakeIo } from "./cli.test_support.ts";

describe("progress", () => {
  it("draws a bar on a terminal and clears it at the end", () => {
    const shown: (string | null)[] = [];
    const io = { ...fakeIo(), status: (t: string | null) => void shown.push(t) };
    const p = progress(io, "generate", 4, 8);
    p.update(1, "a");
    p.update(4, "b");
    p.finish();
    expect(shown).toEqual(["generate [##------] 1/4 a", "generate [########] 4/4 b", null]);
    expect(io.lines).toEqual([]);
  });
  it("prints plain lines elsewhere", () => {
    const io = fakeIo();
    const p = progress(io, "generate", 2);
    p.update(1, "thermal_two_masses state_consistency: 15 tasks");
    p.finish();
    expect(io.lines).toEqual(["ERR [1/2] thermal_two_masses state_consistency: 15 tasks"]);
  });
});
