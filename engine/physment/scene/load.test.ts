import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { mjcf, PUBLISHED_SCENES, PUBLISHED_SCENES_PRESENT, sceneJson, sphere } from "../sim/fixtures.test_support.ts";
import { DEFAULT_TIMESTEP, isSceneError, loadScene, SceneError } from "./load.ts";
import type { Scene } from "./load.ts";
import { parseXml, serializeXml, XmlSyntaxError } from "./xml.ts";

const XML = mjcf(sphere(1, "0 0 1") + "\n" + sphere(2, "1 0 1"));

async function expectError(p: Promise<Scene | SceneError>): Promise<SceneError> {
  const r = await p;
  expect(isSceneError(r)).toBe(true);
  return r as SceneError;
}

describe("loadScene", () => {
  test("a valid scene: objects by number, permissions, hidden flag, default timestep", async () => {
    const json = sceneJson({ object_2: { name: "ball", permissions: { geom_type: true, hidden: true } }, object_1: {} });
    const s = await loadScene({ json, xml: XML, file: "x/scene12.json" });
    if (isSceneError(s)) throw s;
    expect(s.number).toBe(12);
    expect(s.objects.map((o) => o.key)).toEqual(["object_1", "object_2"]);
    expect(s.objects[1]).toMatchObject({ number: 2, name: "ball", hidden: true, permissions: { geom_type: true, hidden: true } });
    expect(s.numberOfObjects).toBe(2);
    expect(s.timestep).toBe(DEFAULT_TIMESTEP);
    expect(s.timestepFromMjcf).toBe(false);
    expect(s.unlisted).toEqual([]);
  });

  test("an MJCF <option timestep> wins over the default", async () => {
    const s = await loadScene({ json: sceneJson({ object_1: {} }), xml: mjcf(sphere(1, "0 0 1"), { timestep: "0.01" }) });
    if (isSceneError(s)) throw s;
    expect(s.timestep).toBe(0.01);
    expect(s.timestepFromMjcf).toBe(true);
  });

  test("object_N bodies the metadata does not list are reported as unlisted", async () => {
    const s = await loadScene({ json: sceneJson({ object_1: {} }), xml: XML });
    if (isSceneError(s)) throw s;
    expect(s.unlisted).toEqual(["object_2"]);
  });

  test("JSON syntax errors name the file", async () => {
    const e = await expectError(loadScene({ json: "{ nope", xml: XML, file: "Scenes/Scene9/scene9.json" }));
    expect(e.kind).toBe("json");
    expect(e.message).toMatch(/^Scenes\/Scene9\/scene9\.json: not valid JSON/);
  });

  test("schema errors carry the JSON path", async () => {
    const bad = JSON.parse(sceneJson({ object_1: {} }));
    bad.objects.object_1.object_id = "7";
    const e = await expectError(loadScene({ json: bad, xml: XML, file: "s.json" }));
    expect(e.kind).toBe("schema");
    expect(e.path).toBe("$.objects.object_1.object_id");
    expect(e.message).toContain('does not match the key "object_1"');

    const bad2 = JSON.parse(sceneJson({ object_1: {} }));
    bad2.object_permissions.object_1_permissions.body_mass = "yes";
    const e2 = await expectError(loadScene({ json: bad2, xml: XML, file: "s.json" }));
    expect(e2.path).toBe("$.object_permissions.object_1_permissions.body_mass");

    const bad3 = JSON.parse(sceneJson({ object_1: {} }));
    delete bad3.metadata.task;
    const e3 = await expectError(loadScene({ json: bad3, xml: XML, file: "s.json" }));
    expect(e3.path).toBe("$.metadata.task");
  });

  test("MJCF rejected by MuJoCo: MuJoCo's message and the element", async () => {
    const xml = XML.replace('type="sphere" size="0.1"', 'type="sphre" size="0.1"');
    const e = await expectError(loadScene({ json: sceneJson({ object_1: {} }), xml, file: "S/scene3.json" }));
    expect(e.kind).toBe("mjcf");
    expect(e.file).toBe("S/scene3.xml");
    expect(e.element).toBe("geom");
    expect(e.message).toContain("invalid keyword: 'sphre'");

    const dup = mjcf(sphere(1, "0 0 1") + sphere(1, "1 0 1"));
    const e2 = await expectError(loadScene({ json: sceneJson({ object_1: {} }), xml: dup }));
    expect(e2.message).toContain("repeated name 'object_1' in body");
  });

  test("malformed XML: the line", async () => {
    const e = await expectError(loadScene({ json: sceneJson({ object_1: {} }), xml: "<mujoco>\n<worldbody>\n</mujoco>" }));
    expect(e.kind).toBe("mjcf");
    expect(e.line).toBe(3);
    expect(e.message).toContain("closes <worldbody>");
  });

  test("a listed object without its body", async () => {
    const e = await expectError(loadScene({ json: sceneJson({ object_1: {}, object_5: {} }), xml: XML }));
    expect(e.kind).toBe("consistency");
    expect(e.path).toBe("$.objects.object_5");
  });

  test("permissions for an object that is not listed", async () => {
    const bad = JSON.parse(sceneJson({ object_1: {} }));
    bad.object_permissions.object_4_permissions = { geom_type: true };
    const e = await expectError(loadScene({ json: bad, xml: XML }));
    expect(e.path).toBe("$.object_permissions.object_4_permissions");
  });
});

describe("XML reader", () => {
  test("round trip keeps elements, attributes (entities decoded) and comments", () => {
    const text = `<?xml version="1.0"?>\n<mujoco model="a &amp; b">\n  <!-- note -->\n  <option timestep = "0.005" gravity='0 0 -9.81'/>\n  <worldbody><body name="x"><geom size="1"/></body></worldbody>\n</mujoco>`;
    const root = parseXml(text);
    expect(root.attrs).toEqual([["model", "a & b"]]);
    const again = parseXml(serializeXml(root));
    expect(again.children.filter((c) => c.kind === "element").map((c) => c.kind === "element" && c.tag)).toEqual(["option", "worldbody"]);
    expect(serializeXml(again)).toBe(serializeXml(root));
    expect(serializeXml(root)).toContain('<option timestep="0.005" gravity="0 0 -9.81"/>');
    expect(serializeXml(root)).toContain("<!-- note -->");
  });

  test("syntax errors carry the line", () => {
    expect(() => parseXml("<a>\n<b x=1/>\n</a>")).toThrow(XmlSyntaxError);
    try {
      parseXml("<a>\n<b>\n</c>");
    } catch (e) {
      expect((e as XmlSyntaxError).line).toBe(3);
    }
  });
});

describe.skipIf(!PUBLISHED_SCENES_PRESENT)("the published scenes", () => {
  test("every sceneN.json passes the schema and every MJCF compiles", async () => {
    const seen: number[] = [];
    for (let n = 7; n <= 111; n++) {
      const dir = `${PUBLISHED_SCENES}/Scene${n}`;
      const s = await loadScene({
        json: readFileSync(`${dir}/scene${n}.json`, "utf8"),
        xml: readFileSync(`${dir}/scene${n}.xml`, "utf8"),
        file: `Scene${n}/scene${n}.json`,
      });
      if (isSceneError(s)) throw s;
      expect(s.number).toBe(n);
      seen.push(n);
    }
    expect(seen.length).toBe(105);
  });
});
