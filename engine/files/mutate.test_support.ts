// Structure-aware mutations for fuzzing the loaders of the files users hand us: a valid JSON
// value mutated at one of its own paths (a key deleted or renamed, a value replaced by one of
// another type, an element duplicated, a value wrapped in an array) or its text cut short or
// spliced; an XML text mutated at one of its own attributes or lines. fast-check draws the
// mutations, so a failing input is shrunk and its seed printed for replay.
import fc from "fast-check";

/** One mutation; `at` picks the path, attribute or position (modulo how many there are). */
export interface Mutation {
  op: "delete" | "replace" | "duplicate" | "rename" | "wrap" | "truncate" | "splice";
  at: number;
  value: unknown;
  text: string;
}

/** One to three mutations. */
export const mutations: fc.Arbitrary<Mutation[]> = fc.array(
  fc.record({
    op: fc.constantFrom("delete", "replace", "duplicate", "rename", "wrap", "truncate", "splice"),
    at: fc.nat(),
    value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(-1, 0, 1e308, -1e-308, "", "NaN", null, [], {}, true)),
    text: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("{", "]", '"', "\\", "\u0000", "\ud800", "<", "/>", "&amp", "\n")),
  }),
  { minLength: 1, maxLength: 3 },
);

type Path = (string | number)[];

function paths(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
  return out;
}

/** The value with one structural mutation at a path picked by `m.at` (the root when it has no other). */
function mutateValue(base: unknown, m: Mutation): unknown {
  const root = structuredClone(base);
  const all = paths(root).slice(1);
  if (!all.length) return m.value;
  const path = all[m.at % all.length];
  const key = path.at(-1)!;
  let parent = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  switch (m.op) {
    case "delete":
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      break;
    case "replace":
      parent[key] = m.value;
      break;
    case "duplicate":
      if (Array.isArray(parent)) parent.splice(key as number, 0, structuredClone(parent[key as number]));
      else parent[`${key}${m.text}`] = structuredClone(parent[key]);
      break;
    case "rename":
      if (!Array.isArray(parent)) {
        parent[`${key}${m.text || "_"}`] = parent[key];
        delete parent[key];
      }
      break;
    case "wrap":
      parent[key] = [parent[key]];
      break;
  }
  return root;
}

/** Text-level mutations: cut at a position, or splice `m.text` in at one. */
function mutateText(text: string, m: Mutation): string {
  const at = m.at % (text.length + 1);
  return m.op === "truncate" ? text.slice(0, at) : text.slice(0, at) + m.text + text.slice(at);
}

/** A JSON file's text after the mutations (structural ones on the value, then text ones). */
export function mutateJson(base: unknown, ms: readonly Mutation[]): string {
  let value = base;
  for (const m of ms) if (m.op !== "truncate" && m.op !== "splice") value = mutateValue(value, m);
  let text = JSON.stringify(value, null, 2) ?? "null";
  for (const m of ms) if (m.op === "truncate" || m.op === "splice") text = mutateText(text, m);
  return text;
}

/**
 * An XML text after the mutations: an attribute's value replaced (by another number, a
 * string, an empty one), a line deleted or duplicated, an element's name changed, the text
 * cut or spliced.
 */
export function mutateXml(xml: string, ms: readonly Mutation[]): string {
  let text = xml;
  for (const m of ms) {
    const attrs = [...text.matchAll(/="[^"]*"/g)];
    const lines = text.split("\n");
    switch (m.op) {
      case "replace": {
        if (!attrs.length) break;
        const a = attrs[m.at % attrs.length];
        const v = typeof m.value === "number" ? String(m.value) : typeof m.value === "string" ? m.value.replaceAll('"', "") : m.text.replaceAll('"', "");
        text = text.slice(0, a.index) + `="${v}"` + text.slice(a.index! + a[0].length);
        break;
      }
      case "delete":
        lines.splice(m.at % lines.length, 1);
        text = lines.join("\n");
        break;
      case "duplicate":
        lines.splice(m.at % lines.length, 0, lines[m.at % lines.length]);
        text = lines.join("\n");
        break;
      case "rename": {
        const tags = [...text.matchAll(/<([a-z]+)/g)];
        if (!tags.length) break;
        const t = tags[m.at % tags.length];
        text = text.slice(0, t.index! + 1) + `${t[1]}${m.text.replace(/[^a-z]/g, "") || "x"}` + text.slice(t.index! + 1 + t[1].length);
        break;
      }
      default:
        text = mutateText(text, m);
    }
  }
  return text;
}
