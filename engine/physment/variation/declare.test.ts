// Declarations, draws and edits on hand-made cases: an ill-posed declaration is named, a
// draw is a grid value per parameter and the same for the same stream, MJCF and text
// edits change exactly what they name and refuse what is not there.
import { describe, expect, it } from "vitest";
import { keyedRandom } from "../../files/random.ts";
import { attr, descendants, parseXml } from "../scene/xml.ts";
import { declarationProblems, defineVariation, drawValues, fmt, gridOf } from "./declare.ts";
import { editTexts, editWorld, VariationError } from "./apply.ts";
import type { SceneJson } from "../scene/schema.ts";

const proc = {
  summary: "",
  *run() {
    yield [];
    return 0;
  },
};
const declared = (parameters: Record<string, { base: number; min: number; max: number; step: number; unit: string }>) =>
  defineVariation({ parameters, world: () => [], text: () => [], procedure: () => proc });

describe("declarations", () => {
  it("a grid runs from min to max in steps, printed without binary noise", () => {
    expect(gridOf({ base: 0.1, min: 0.05, max: 0.3, step: 0.05, unit: "m" })).toEqual([0.05, 0.1, 0.15, 0.2, 0.25, 0.3]);
    expect(gridOf({ base: 50, min: 20, max: 31, step: 5, unit: "N/m" })).toEqual([20, 25, 30]);
    expect(fmt(0.1 + 0.2)).toBe("0.3");
    expect(fmt(50)).toBe("50");
  });

  it("names every ill-posed parameter: none, an empty range, a published value outside it, too coarse a step, a non-positive step", () => {
    expect(declarationProblems(declared({}))).toEqual(["it declares no parameter"]);
    expect(declarationProblems(declared({
      a: { base: 1, min: 2, max: 2, step: 0.1, unit: "" },
      b: { base: 5, min: 0, max: 1, step: 0.1, unit: "" },
      c: { base: 1, min: 0, max: 1, step: 0.6, unit: "" },
      d: { base: 1, min: 0, max: 2, step: 0, unit: "" },
      e: { base: 1, min: 0, max: 2, step: 0.5, unit: "" },
    }))).toEqual([
      "a: the range [2, 2] is empty or a point",
      "b: the published value 5 lies outside [0, 1]",
      "c: the range [0, 1] holds fewer than 3 values of step 0.6",
      "d: the step must be positive",
    ]);
  });

  it("a draw takes a grid value per parameter, the same for the same stream", () => {
    const v = declared({ k: { base: 50, min: 20, max: 120, step: 5, unit: "N/m" }, t: { base: 0.1, min: 0.05, max: 0.3, step: 0.01, unit: "s" } });
    const a = drawValues(v, keyedRandom("x"));
    expect(drawValues(v, keyedRandom("x"))).toEqual(a);
    expect(gridOf(v.parameters.k)).toContain(a.k);
    expect(gridOf(v.parameters.t)).toContain(a.t);
    const seen = new Set(Array.from({ length: 50 }, (_, i) => drawValues(v, keyedRandom(`x${i}`)).k));
    expect(seen.size).toBeGreaterThan(10);
  });
});

const XML = `<mujoco>
  <option timestep="0.005" gravity="0 0 -9.81"/>
  <worldbody>
    <body name="object_1" pos="0 0 0.5"><geom name="ball" type="sphere" size="0.05" mass="1"/></body>
    <body name="object_2" pos="1 0 0.5"><geom name="ball2" type="sphere" size="0.05" mass="2"/></body>
  </worldbody>
</mujoco>`;

describe("MJCF edits", () => {
  it("set an attribute of the named element, one component of a vector, a whole vector, or the tag's only element", () => {
    const out = parseXml(editWorld(XML, [
      { tag: "geom", name: "ball", attr: "mass", value: 1.5 },
      { tag: "body", name: "object_2", attr: "pos", index: 0, value: 1.25 },
      { tag: "option", attr: "gravity", value: [0, 0, -3.7] },
    ]));
    const el = (tag: string, name?: string) => [out, ...descendants(out)].find((e) => e.tag === tag && (name === undefined || attr(e, "name") === name))!;
    expect(attr(el("geom", "ball"), "mass")).toBe("1.5");
    expect(attr(el("geom", "ball2"), "mass")).toBe("2");
    expect(attr(el("body", "object_2"), "pos")).toBe("1.25 0 0.5");
    expect(attr(el("option"), "gravity")).toBe("0 0 -3.7");
  });

  it("refuse an element that is not there, a tag that occurs twice without a name, and a vector component past its end", () => {
    expect(() => editWorld(XML, [{ tag: "geom", name: "cube", attr: "mass", value: 1 }])).toThrow(new VariationError('the MJCF has no <geom name="cube">; an edit must name exactly one'));
    expect(() => editWorld(XML, [{ tag: "body", attr: "pos", value: 1 }])).toThrow("the MJCF has 2 <body> elements; an edit must name exactly one");
    expect(() => editWorld(XML, [{ tag: "body", name: "object_1", attr: "pos", index: 3, value: 1 }])).toThrow('<body name="object_1"> pos="0 0 0.5" has no component 3');
  });

  it("drop the published comments, which state the published values", () => {
    const xml = `<mujoco><!-- a 1 kg ball --><worldbody><body name="b"><!-- held 2 m up --><geom name="g" mass="1"/></body></worldbody></mujoco>`;
    const out = editWorld(xml, [{ tag: "geom", name: "g", attr: "mass", value: 3 }]);
    expect(out).not.toContain("<!--");
    expect(out).toContain('mass="3"');
  });

  it("tell unnamed elements apart by their parent's tag", () => {
    const xml = `<mujoco><default><geom friction="0.2 0.005 0.0001"/></default><worldbody><body name="b"><geom size="0.1"/></body></worldbody></mujoco>`;
    const out = parseXml(editWorld(xml, [{ tag: "geom", within: "default", attr: "friction", index: 0, value: 0.35 }]));
    expect(attr(descendants(out).find((e) => e.tag === "geom")!, "friction")).toBe("0.35 0.005 0.0001");
    expect(() => editWorld(xml, [{ tag: "geom", attr: "friction", value: 1 }])).toThrow("the MJCF has 2 <geom> elements; an edit must name exactly one");
    expect(() => editWorld(xml, [{ tag: "geom", within: "asset", attr: "friction", value: 1 }])).toThrow("the MJCF has no <geom> in <asset>; an edit must name exactly one");
  });
});

describe("text edits", () => {
  const json = {
    metadata: { scene_name: "s", task: "A 2 kg ball rolls at 2 m/s.", problem_type: "calculation", description: "Report its momentum after 2 s." },
    answer: 4,
    expected_behavior: "The agent reads the 2 kg ball's velocity.",
    reasoning: "p = m v = 2 × 2 = 4",
    number_of_objects: 1,
    objects: {},
    object_permissions: {},
  } as SceneJson;

  it("replace every occurrence of each phrase at once (one edit's output is never another's input), leaving answer and reasoning alone", () => {
    const out = editTexts(json, [["2 kg", "3 kg"], ["2 m/s", "2 kg"], ["after 2 s", "after 1.5 s"]]);
    expect(out.metadata.task).toBe("A 3 kg ball rolls at 2 kg.");
    expect(out.metadata.description).toBe("Report its momentum after 1.5 s.");
    expect(out.expected_behavior).toBe("The agent reads the 3 kg ball's velocity.");
    expect(out.reasoning).toBe(json.reasoning);
    expect(out.answer).toBe(4);
    expect(json.metadata.task).toBe("A 2 kg ball rolls at 2 m/s."); // the input is not changed
  });

  it("refuse a phrase the texts do not contain, and a phrase edited twice", () => {
    expect(() => editTexts(json, [["5 kg", "6 kg"]])).toThrow('the texts do not contain "5 kg"');
    expect(() => editTexts(json, [["2 kg", "3 kg"], ["2 kg", "4 kg"]])).toThrow('the text "2 kg" is edited twice');
  });
});
