// Every built-in scene declares what may vary; at the published values the declaration
// gives back the published files (its procedure there is the built-in reference, which
// verify.test.ts replays against the published gold); drawn variants pass verify's checks
// and the scripted reference agent answers them through the full agent loop.
import { describe, expect, it } from "vitest";
import { builtinSceneNumbers, builtinSceneTexts, builtinVariation } from "../../../scenes/mod.ts";
import { parseXml, type XmlElement, type XmlNode } from "../scene/xml.ts";
import { applyVariation } from "./apply.ts";
import { baseValues, declarationProblems } from "./declare.ts";
import { drawVariant } from "./vary.ts";
import { loadScene, SceneError } from "../scene/load.ts";
import { playReference } from "../agent/play.test_support.ts";

/** The element tree with every attribute that reads as numbers normalized (0.10 and 0.1 compare equal). */
function normalized(node: XmlNode): unknown {
  if (node.kind !== "element") return node.kind === "comment" ? null : node.text.trim();
  const el = node as XmlElement;
  const value = (v: string) => (/^\s*-?[\d.eE+-]+(\s+-?[\d.eE+-]+)*\s*$/.test(v) ? v.trim().split(/\s+/).map(Number) : v);
  return { tag: el.tag, attrs: el.attrs.map(([k, v]) => [k, value(v)]), children: el.children.map(normalized).filter((c) => c !== null && c !== "") };
}

const published = (n: number) => {
  const t = builtinSceneTexts(n)!;
  return { json: JSON.parse(t.json), xml: t.xml };
};

describe("scene variations", () => {
  it.each(builtinSceneNumbers())("scene %i declares what may vary, and at the published values gives the published scene", (n) => {
    const v = builtinVariation(n);
    expect(v, `scenes/Scene${n}/reference.ts exports no variation`).toBeDefined();
    expect(declarationProblems(v!)).toEqual([]);
    const base = baseValues(v!);
    expect(v!.constraint?.(base) ?? null).toBeNull();
    const files = applyVariation(published(n), v!, base);
    expect(files.json).toEqual(published(n).json);
    expect(normalized(parseXml(files.xml))).toEqual(normalized(parseXml(published(n).xml)));
  });

  it.each(builtinSceneNumbers())("scene %i: a drawn variant passes verify's checks, and the reference agent answers it through the full loop", async (n) => {
    const v = builtinVariation(n)!;
    const attempt = await drawVariant(n, published(n), v, "variation-test", 1);
    expect(attempt.variant, `every draw rejected: ${JSON.stringify(attempt.rejected)}; last: ${attempt.last.join("; ")}`).not.toBeNull();
    const variant = attempt.variant!;
    // a variant differs from the published scene in its world or its texts
    expect(variant.json !== builtinSceneTexts(n)!.json || variant.xml !== builtinSceneTexts(n)!.xml).toBe(true);
    const scene = await loadScene({ json: variant.json, xml: variant.xml, file: `scene${n}.json` });
    if (scene instanceof SceneError) throw scene;
    expect(await playReference(scene, n, v.procedure(variant.values))).toEqual({ answered: true, correct: true });
  });
});
