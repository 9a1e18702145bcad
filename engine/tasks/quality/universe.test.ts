// The checkpoint-local check against the plain listing of a universe: every complete
// episode enumerated, a fact set admitted iff one of them satisfies it.
import { describe, expect, it } from "vitest";
import { keyedRandom } from "../../files/random.ts";
import { Universe } from "./universe.ts";
import { listedAdmits, listUniverse, model } from "./quality.test_support.ts";

describe("Universe.admits", () => {
  it("agrees with the listed universe on random fact sets, under both profiles, with and without known members", () => {
    for (const [id, scenario] of [["electrical_resistor", "start"], ["thermal_two_masses", "mass1_hotter"], ["thermal_three_node_chain", "hot_end"]] as const) {
      const m = model(id);
      for (const profile of ["sound", "paper"] as const) {
        const listed = listUniverse(m, scenario, profile === "paper");
        const bare = new Universe(m, scenario, profile);
        const fed = new Universe(m, scenario, profile);
        for (const e of listed.slice(0, 3)) expect(fed.offer(e.state, e.cells)).toBe(true);
        const rng = keyedRandom(`${id}/${profile}`);
        const coords = m.variables.map((_, v) => v).filter((v) => m.variables[v].kind !== "parameter");
        let yes = 0, no = 0;
        for (let k = 0; k < 60; k++) {
          // half the sets come from a listed episode (admitted), the others are drawn freely (mostly not)
          const from = k % 2 === 0 ? listed[rng.int(listed.length)] : null;
          const facts = rng.shuffle(coords).slice(0, rng.between(1, 4)).map((v) => ({ var: v, cell: from ? from.cells[v] : rng.int(m.variables[v].cells.length) }));
          const want = listedAdmits(listed, facts);
          expect(bare.admits(facts)).toBe(want);
          expect(fed.admits(facts)).toBe(want);
          want ? yes++ : no++;
        }
        expect(yes).toBeGreaterThan(20);
        expect(no).toBeGreaterThan(5);
      }
    }
  });

  it("the paper profile's universe keeps the case restrictions; the sound one only the context", () => {
    const m = model("electrical_resistor");
    const sc = m.scenarios.find((s) => s.id === "start")!;
    const r = sc.restrict[0];
    const outside = m.variables[r.var].cells.map((_, c) => c).find((c) => !r.cells.includes(c))!;
    expect(new Universe(m, "start", "sound").admits([{ var: r.var, cell: outside }])).toBe(true);
    expect(new Universe(m, "start", "paper").admits([{ var: r.var, cell: outside }])).toBe(false);
  });

  it("refuses to take an episode that is not in the universe as a member", () => {
    const m = model("thermal_two_masses");
    const [e] = listUniverse(m, "base", false);
    const u = new Universe(m, "base", "sound");
    const v = m.variables.findIndex((x) => x.kind !== "parameter");
    const changed = e.cells.map((c, i) => (i === v ? (c + 1) % m.variables[v].cells.length : c));
    expect(u.offer(e.state, changed)).toBe(false);
    expect(u.offer(e.state, e.cells)).toBe(true);
    expect(u.admits([{ var: v, cell: changed[v] }])).toBe(listedAdmits(listUniverse(m, "base", false), [{ var: v, cell: changed[v] }]));
  });
});
