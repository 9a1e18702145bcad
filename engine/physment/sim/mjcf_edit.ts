// Scene edits on the MJCF element tree: add a sphere, remove a body with what refers to
// it, add a weld. MuJoCo's WebAssembly build has no spec compiler, so an edited tree is
// compiled afresh (recompile.ts, which carries the state over).
import { attr, descendants, elements } from "../scene/xml.ts";
import type { XmlElement } from "../scene/xml.ts";

const fmt = (x: number) => String(Number.isInteger(x) ? x : Number(x.toPrecision(17)));
export const fmtVec = (v: readonly number[]) => v.map(fmt).join(" ");

function section(root: XmlElement, tag: string): XmlElement {
  let s = elements(root).find((e) => e.tag === tag);
  if (!s) {
    s = { kind: "element", tag, attrs: [], children: [], line: 0 };
    root.children.push(s);
  }
  return s;
}

export function worldbody(root: XmlElement): XmlElement {
  return section(root, "worldbody");
}

/** The <body> element with this name, and its parent element. */
export function findBody(root: XmlElement, name: string): { body: XmlElement; parent: XmlElement } | null {
  const walk = (parent: XmlElement): { body: XmlElement; parent: XmlElement } | null => {
    for (const c of elements(parent)) {
      if (c.tag === "body" && attr(c, "name") === name) return { body: c, parent };
      const hit = walk(c);
      if (hit) return hit;
    }
    return null;
  };
  return walk(root);
}

export interface SphereSpec {
  name: string;
  pos: readonly number[];
  radius: number;
  density: number;
  rgba: readonly number[];
}

/** Appends a free sphere body (joint `<name>_joint`) to the worldbody. */
export function addSphere(root: XmlElement, s: SphereSpec): void {
  const body: XmlElement = {
    kind: "element",
    tag: "body",
    attrs: [["name", s.name], ["pos", fmtVec(s.pos)]],
    line: 0,
    children: [
      { kind: "element", tag: "joint", attrs: [["name", `${s.name}_joint`], ["type", "free"]], children: [], line: 0 },
      {
        kind: "element",
        tag: "geom",
        attrs: [["type", "sphere"], ["size", fmt(s.radius)], ["density", fmt(s.density)], ["rgba", fmtVec(s.rgba)]],
        children: [],
        line: 0,
      },
    ],
  };
  worldbody(root).children.push(body);
}

/** Attributes through which MJCF elements outside the worldbody refer to named objects. */
const REFERENCE_ATTRS = new Set([
  "body", "body1", "body2", "site", "site1", "site2", "geom", "geom1", "geom2", "joint", "joint1", "joint2",
  "tendon", "tendon1", "tendon2", "objname", "refname", "jointinparent", "cranksite", "slidersite", "target",
]);
/** Top-level sections whose children may refer to bodies, geoms, sites, joints or tendons. */
const REFERRING_SECTIONS = new Set(["tendon", "equality", "actuator", "sensor", "contact"]);

/**
 * Removes a body (with everything it carries) and then every tendon, equality, actuator,
 * sensor and contact entry that refers to something removed, repeatedly (a removed tendon
 * removes the actuators on it). Keyframes are dropped: their qpos no longer fits.
 * Returns the names of the bodies removed.
 */
export function removeBody(root: XmlElement, name: string): string[] | null {
  const hit = findBody(root, name);
  if (!hit) return null;
  hit.parent.children = hit.parent.children.filter((c) => c !== hit.body);
  const removed = new Set<string>();
  const removedBodies: string[] = [name];
  removed.add(name);
  for (const e of descendants(hit.body)) {
    const n = attr(e, "name");
    if (n !== undefined) removed.add(n);
    if (e.tag === "body" && n !== undefined) removedBodies.push(n);
  }
  for (;;) {
    let changed = false;
    for (const sec of elements(root)) {
      if (!REFERRING_SECTIONS.has(sec.tag)) continue;
      const keep = [];
      for (const c of sec.children) {
        if (c.kind === "element" && refersTo(c, removed)) {
          const n = attr(c, "name");
          if (n !== undefined) removed.add(n);
          changed = true;
        } else keep.push(c);
      }
      sec.children = keep;
    }
    if (!changed) break;
  }
  root.children = root.children.filter((c) => !(c.kind === "element" && c.tag === "keyframe"));
  return removedBodies;
}

function refersTo(el: XmlElement, names: Set<string>): boolean {
  for (const e of [el, ...descendants(el)]) {
    for (const [k, v] of e.attrs) if (REFERENCE_ATTRS.has(k) && names.has(v)) return true;
  }
  return false;
}

/** Adds <weld> joining two bodies at the given pose of body2 in body1's frame (pos, quat). */
export function addWeld(root: XmlElement, name: string, body1: string, body2: string, relpose: readonly number[]): void {
  const weld: XmlElement = {
    kind: "element",
    tag: "weld",
    attrs: [["name", name], ["body1", body1], ["body2", body2], ["relpose", fmtVec(relpose)], ["solref", "0.01 1"]],
    children: [],
    line: 0,
  };
  section(root, "equality").children.push(weld);
}

/** Names of the welds (added by addWeld or written in the scene) between two bodies. */
export function weldsBetween(root: XmlElement, a: string, b: string): string[] {
  const eq = elements(root).filter((e) => e.tag === "equality").flatMap(elements);
  return eq.filter((w) => w.tag === "weld" && ((attr(w, "body1") === a && attr(w, "body2") === b) || (attr(w, "body1") === b && attr(w, "body2") === a)))
    .map((w) => attr(w, "name") ?? "");
}

