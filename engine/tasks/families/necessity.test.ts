// Necessity on hand-built cases: the prompt states everything its supplied graph was built
// under (model, edge rules, the scenario's case restrictions under the paper's profile), so
// the prompt-text parser, which rebuilds the graph from the prompt's words and refuses a
// prompt whose graph differs, reads it back edge for edge; and the horizon of a candidate
// is the shallowest whose graph lands in a level with room.
import { describe, expect, it } from "vitest";
import { mechanism } from "../generate.test_support.ts";
import { SemanticObjects } from "../semantic_objects.ts";
import { keyedRandom } from "../../files/random.ts";
import { envelope } from "../envelope.ts";
import { reach } from "../../episode/reach.ts";
import { findScenario } from "../../compile/compile.ts";
import { restrictionText } from "../render/model_text.ts";
import { answerPrompt, PromptParseError } from "../../baselines/prompt_parser/mod.ts";
import { BANDS, HORIZONS, necessity, necessityCandidate } from "./necessity.ts";
import { bandOf, type Level, LEVELS } from "../family.ts";
import type { FamilyCandidate } from "../family.ts";

const prompt = (model: string, c: FamilyCandidate) => envelope(necessity.title, necessity.id, model, c.render()).prompt;

describe("necessity prompts state what the supplied graph was built under", () => {
  // braking force below_v0 under the paper's rules: every episode keeps the case, and from
  // some initial episodes the case cuts edges the operating context alone would allow
  const m = mechanism("mechanics_compare_braking_force");
  const z = new SemanticObjects(m, "necessity-test", "paper");
  const scenario = findScenario(m, "below_v0");
  let found: { c: FamilyCandidate; free: number; limited: number } | null = null;
  for (let k = 0; k < 200 && !found; k++) {
    const x0 = z.drawInitialEpisode(keyedRandom(`necessity-test/case/${k}`), "below_v0");
    if (!x0) continue;
    for (const h of HORIZONS) {
      const g = z.graph(x0, h);
      if (!g) break;
      const free = reach(z.session(x0.scenario, []), [x0.episode], h, { maxEpisodes: 500 }).edges.length;
      const c = free > g.edges.length ? necessityCandidate(z, "necessity-test", k, x0, h, g) : null;
      if (c) {
        found = { c, free, limited: g.edges.length };
        break;
      }
    }
  }

  it("a graph the case limits exists here (the case matters), and its prompt states the case restrictions, the rules and the model", () => {
    expect(scenario.restrict.length).toBeGreaterThan(0);
    expect(found).not.toBeNull();
    expect(found!.free).toBeGreaterThan(found!.limited);
    const text = found!.c.render();
    expect(text).toContain(`Case restrictions (hold in every episode): ${scenario.restrict.map((r) => restrictionText(m, r)).join(" and ")}.`);
    expect(text).toContain("Episode-graph rules (edge-rule profile: paper).");
    expect(text).toContain(`Mechanism ${m.id}`);
    expect(text).toContain("Laws active in every composite state");
    expect(text).toContain("Declared component-state transitions");
  });

  it("the prompt-text parser rebuilds the supplied graph from the prompt's words alone and answers the gold", () => {
    const { c } = found!;
    const p = answerPrompt(prompt(m.id, c));
    expect(p.answer).toEqual(c.query().answer);
  });

  it("a prompt whose supplied graph is not the one its words give is refused: an edge dropped, or the case left unstated", () => {
    const text = prompt(m.id, found!.c);
    const lines = text.split("\n");
    const head = lines.findIndex((l) => /^Edges \([0-9]+\), /.test(l));
    const n = Number(/^Edges \(([0-9]+)\)/.exec(lines[head])![1]);
    const dropped = [...lines.slice(0, head), lines[head].replace(`(${n})`, `(${n - 1})`), ...lines.slice(head + 2)].join("\n");
    expect(() => answerPrompt(dropped)).toThrow(PromptParseError);
    // the case unstated (the prompts): the words give the context-only graph, which has more edges
    const unstated = lines.map((l) => (l.startsWith("Case restrictions") ? "Case restrictions: none." : l)).join("\n");
    expect(() => answerPrompt(unstated)).toThrow(new RegExp(`the ${found!.free} distinct edges the stated model`));
  });

  it("under the sound rules the prompt states the operating context and no case: the case selects the initial episode only", () => {
    const zs = new SemanticObjects(m, "necessity-test", "sound");
    let c: FamilyCandidate | null = null;
    for (let k = 0; k < 50 && !c; k++) {
      const x0 = zs.drawInitialEpisode(keyedRandom(`necessity-test/sound/${k}`), "below_v0");
      const g = x0 && zs.graph(x0, 1);
      if (g && g.edges.length) c = necessityCandidate(zs, "necessity-test", k, x0!, 1, g);
    }
    expect(c).not.toBeNull();
    expect(c!.render()).not.toContain("Case restrictions");
    expect(c!.render()).toContain("Operating context");
    expect(answerPrompt(prompt(m.id, c!)).answer).toEqual(c!.query().answer);
  });
});

describe("necessity horizons", () => {
  const m = mechanism("electrical_resistor");
  const z = new SemanticObjects(m, "necessity-test");
  const take = (wanted: (l: Level) => boolean, n: number) => {
    const out: { c: FamilyCandidate; horizon: number }[] = [];
    for (const c of necessity.candidates(z, "necessity-test", wanted)) {
      const q = c.query().audit as { graph: { horizon: number } };
      out.push({ c, horizon: q.graph.horizon });
      if (out.length >= n) break;
    }
    return out;
  };

  it("with every level open, an initial episode gives one candidate per level its growing graphs reach, at the shallowest horizon that yields claims", () => {
    // the rule restated over the first attempts, against the family's output
    const expected: string[] = [];
    for (let k = 0; expected.length < 12; k++) {
      const x0 = z.initial(k);
      if (!x0) continue;
      const taken = new Set<Level>();
      let edges = 0;
      for (const h of HORIZONS) {
        const g = z.graph(x0, h);
        if (!g || g.edges.length === edges) break;
        edges = g.edges.length;
        const level = bandOf(BANDS, edges)!;
        const c = taken.has(level) ? null : necessityCandidate(z, "necessity-test", k, x0, h, g);
        if (c) {
          taken.add(level);
          expected.push(c.render());
        }
      }
    }
    const got = take(() => true, 12);
    expect(got.map((x) => x.c.render())).toEqual(expected.slice(0, 12));
    expect(new Set(got.map((x) => x.horizon)).size).toBeGreaterThan(1);
  });

  it("with only D4 open, a candidate takes the shallowest horizon whose graph reaches D4 (129+ edges) and yields claims: here 3", () => {
    const got = take((l) => l === "D4", 3);
    expect(got.length).toBeGreaterThan(0);
    for (const { c, horizon } of got) {
      expect(c.level).toBe("D4");
      expect(c.complexity).toBeGreaterThanOrEqual(BANDS.D4[0]);
      const audit = c.query().audit as { graph: { scenario: string; initial: number[]; episodes: { state: Record<string, string>; cells: number[] }[] } };
      // the graph one horizon shallower, from the same initial episode, stays below D4
      const x0 = audit.graph.episodes[audit.graph.initial[0]];
      const state = Object.fromEntries(m.instances.map((i) => [i.name, i.states.length > 1 ? x0.state[i.name] : i.states[0]]));
      const shallower = z.graph({ scenario: audit.graph.scenario, episode: { state, cells: x0.cells } }, horizon - 1)!;
      expect(bandOf(BANDS, shallower.edges.length)).not.toBe("D4");
      expect(horizon).toBe(3);
    }
  });

  it("the levels are the edge-count bands whatever the horizon", () => {
    for (const l of LEVELS) expect(necessity.levelOf(BANDS[l][0], {})).toBe(l);
  });
});
