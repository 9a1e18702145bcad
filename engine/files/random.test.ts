// keyedRandom's streams are part of every generated benchmark and bootstrap: these values
// were recorded from the implementation that hashed with node:crypto, and must not move.
import { describe, expect, it } from "vitest";
import { keyedRandom } from "./random.ts";

const RECORDED: Record<string, { u: number[]; i: number[]; b: string; sh: number[] }> = {
  "": { u: [0.5476587866432965, 0.9303173355292529, 0.18378048343583941], i: [763, 5], b: "528877456504963046936121915804", sh: [5, 7, 6, 3, 1, 2, 4, 0] },
  "s1|state_consistency|thermal_two_masses|0": { u: [0.6636201064102352, 0.6096068213228136, 0.955438707023859], i: [419, 0], b: "539763984482409620468946646727", sh: [4, 1, 5, 6, 3, 0, 2, 7] },
  "bootstrap|1234": { u: [0.24639763520099223, 0.4616224649362266, 0.598443852737546], i: [268, 0], b: "257812956117308168106321371395", sh: [1, 2, 3, 7, 4, 5, 0, 6] },
  "ünïcødé 𝄞 key": { u: [0.09744732291437685, 0.860857647145167, 0.4498595742043108], i: [759, 0], b: "321473587223545903858806475967", sh: [2, 5, 7, 4, 0, 1, 3, 6] },
};

describe("keyedRandom", () => {
  it.each(Object.entries(RECORDED))("stream %j is bit-identical to the recorded one", (key, want) => {
    const r = keyedRandom(key);
    expect([r.next(), r.next(), r.next()]).toEqual(want.u);
    expect([r.int(1000), r.int(7)]).toEqual(want.i);
    expect(r.bigBelow(10n ** 30n).toString()).toBe(want.b);
    expect(r.shuffle([0, 1, 2, 3, 4, 5, 6, 7])).toEqual(want.sh);
  });
});
