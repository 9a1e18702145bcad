// A draw carried into a scene's files: the MJCF edits on the parsed tree, the text edits
// on the task, description and expected behaviour (all at once, so one edit's output is
// never matched by another's input). An edit that names nothing is a declaration error.
import { attr, elements, parseXml, serializeXml, setAttr, type XmlElement } from "../scene/xml.ts";
import type { SceneJson } from "../scene/schema.ts";
import type { Values, WorldEdit } from "./declare.ts";
import type { SceneVariation } from "./declare.ts";

/** A variation that does not fit its scene's files (an element or text it names is not there). */
export class VariationError extends Error {
  override name = "VariationError";
}

/** Every element with its parent's tag ("" for the root). */
function withParents(root: XmlElement): [XmlElement, string][] {
  const out: [XmlElement, string][] = [[root, ""]];
  const walk = (el: XmlElement) => {
    for (const c of elements(el)) {
      out.push([c, el.tag]);
      walk(c);
    }
  };
  walk(root);
  return out;
}

/** The element an edit names: by tag and name attribute (and parent's tag), or the tag's only element. */
function target(root: XmlElement, e: WorldEdit): XmlElement {
  const all = withParents(root)
    .filter(([x, parent]) => x.tag === e.tag && (e.name === undefined || attr(x, "name") === e.name) && (e.within === undefined || parent === e.within))
    .map(([x]) => x);
  const what = `<${e.tag}${e.name === undefined ? "" : ` name="${e.name}"`}>${e.within === undefined ? "" : ` in <${e.within}>`}`;
  if (all.length !== 1) throw new VariationError(`the MJCF has ${all.length === 0 ? "no" : all.length} ${what}${all.length ? " elements" : ""}; an edit must name exactly one`);
  return all[0];
}

const num = (x: number) => String(Number(x.toPrecision(12)));

/** The element tree without its comments (a published comment states the published values). */
function withoutComments(el: XmlElement): XmlElement {
  el.children = el.children.filter((c) => c.kind !== "comment");
  for (const c of elements(el)) withoutComments(c);
  return el;
}

/** The MJCF text with the edits applied, comments dropped (they would state the published values). */
export function editWorld(xml: string, edits: readonly WorldEdit[]): string {
  const root = withoutComments(parseXml(xml));
  for (const e of edits) {
    const el = target(root, e);
    if (Array.isArray(e.value)) {
      setAttr(el, e.attr, e.value.map(num).join(" "));
      continue;
    }
    const value = e.value as number;
    if (e.index === undefined) {
      setAttr(el, e.attr, num(value));
      continue;
    }
    const old = attr(el, e.attr);
    const parts = old === undefined ? [] : old.trim().split(/\s+/);
    if (e.index < 0 || e.index >= parts.length) throw new VariationError(`<${e.tag}${e.name ? ` name="${e.name}"` : ""}> ${e.attr}="${old ?? ""}" has no component ${e.index}`);
    parts[e.index] = num(value);
    setAttr(el, e.attr, parts.join(" "));
  }
  return serializeXml(root);
}

/** The texts an edit may change. */
const TEXT_FIELDS = ["task", "description", "expected_behavior"] as const;

/** One text with every [from, to] replaced at once; every `from` must occur in at least one of `texts`. */
function replaceAll(text: string, edits: readonly [string, string][]): string {
  if (!edits.length) return text;
  const escaped = [...edits].sort((a, b) => b[0].length - a[0].length).map(([from]) => from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const to = new Map(edits);
  return text.replace(new RegExp(escaped.join("|"), "g"), (m) => to.get(m)!);
}

/** The metadata with the text edits applied (answer and reasoning untouched). */
export function editTexts(json: SceneJson, edits: readonly [string, string][]): SceneJson {
  const present = (from: string) => json.metadata.task.includes(from) || (json.metadata.description ?? "").includes(from) || json.expected_behavior.includes(from);
  const missing = edits.filter(([from]) => !present(from));
  if (missing.length) throw new VariationError(`the texts do not contain ${missing.map(([f]) => JSON.stringify(f)).join(", ")}`);
  const seen = new Set<string>();
  for (const [from] of edits) {
    if (seen.has(from)) throw new VariationError(`the text ${JSON.stringify(from)} is edited twice`);
    seen.add(from);
  }
  const out: SceneJson = structuredClone(json);
  for (const f of TEXT_FIELDS) {
    if (f === "expected_behavior") out.expected_behavior = replaceAll(out.expected_behavior, edits);
    else if (out.metadata[f] !== undefined) out.metadata[f] = replaceAll(out.metadata[f]!, edits);
  }
  return out;
}

/** A draw's scene files (the answer still the published one; the caller measures it). */
export function applyVariation<K extends string>(files: { json: SceneJson; xml: string }, v: SceneVariation<K>, p: Values<K>): { json: SceneJson; xml: string } {
  return { json: editTexts(files.json, v.text(p)), xml: editWorld(files.xml, v.world(p)) };
}
