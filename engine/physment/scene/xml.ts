// A small XML reader and writer for MJCF text: elements, attributes, comments and text,
// enough to find a scene's bodies and options and to edit a scene (add, remove, weld
// bodies) before MuJoCo compiles it again. MuJoCo stays the judge of what is valid MJCF;
// this only has to read what MuJoCo reads. Runtime-agnostic (no DOM).

export interface XmlElement {
  kind: "element";
  tag: string;
  /** Attributes in document order. */
  attrs: [string, string][];
  children: XmlNode[];
  /** 1-based line of the start tag. */
  line: number;
}
export type XmlNode = XmlElement | { kind: "comment"; text: string } | { kind: "text"; text: string };

export class XmlSyntaxError extends Error {
  override name = "XmlSyntaxError";
  constructor(message: string, readonly line: number) {
    super(`${message} (line ${line})`);
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(s: string, line: number): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (m, e: string) => {
    if (e.startsWith("#x")) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith("#")) return String.fromCodePoint(parseInt(e.slice(1), 10));
    const v = ENTITIES[e];
    if (v === undefined) throw new XmlSyntaxError(`unknown entity ${m}`, line);
    return v;
  });
}

function encode(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;").replace(/>/g, "&gt;");
}

/** Parses one XML document and returns its root element. */
export function parseXml(text: string): XmlElement {
  let i = 0;
  let line = 1;
  const n = text.length;
  const advance = (to: number) => {
    for (let k = i; k < to; k++) if (text.charCodeAt(k) === 10) line++;
    i = to;
  };
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const top = (): XmlElement | null => stack[stack.length - 1] ?? null;

  while (i < n) {
    const lt = text.indexOf("<", i);
    const end = lt < 0 ? n : lt;
    if (end > i) {
      const raw = text.slice(i, end);
      const parent = top();
      if (raw.trim() !== "") {
        if (!parent) throw new XmlSyntaxError("text outside the root element", line);
        parent.children.push({ kind: "text", text: decode(raw, line) });
      }
      advance(end);
    }
    if (lt < 0) break;
    if (text.startsWith("<!--", i)) {
      const close = text.indexOf("-->", i + 4);
      if (close < 0) throw new XmlSyntaxError("unterminated comment", line);
      top()?.children.push({ kind: "comment", text: text.slice(i + 4, close) });
      advance(close + 3);
    } else if (text.startsWith("<?", i)) {
      const close = text.indexOf("?>", i + 2);
      if (close < 0) throw new XmlSyntaxError("unterminated processing instruction", line);
      advance(close + 2);
    } else if (text.startsWith("<![CDATA[", i)) {
      const close = text.indexOf("]]>", i + 9);
      if (close < 0) throw new XmlSyntaxError("unterminated CDATA section", line);
      top()?.children.push({ kind: "text", text: text.slice(i + 9, close) });
      advance(close + 3);
    } else if (text.startsWith("<!", i)) {
      const close = text.indexOf(">", i + 2);
      if (close < 0) throw new XmlSyntaxError("unterminated declaration", line);
      advance(close + 1);
    } else if (text.startsWith("</", i)) {
      const m = /^<\/\s*([A-Za-z_][\w.:-]*)\s*>/.exec(text.slice(i, i + 200));
      if (!m) throw new XmlSyntaxError("malformed end tag", line);
      const open = stack.pop();
      if (!open) throw new XmlSyntaxError(`end tag </${m[1]}> without a start tag`, line);
      if (open.tag !== m[1]) throw new XmlSyntaxError(`end tag </${m[1]}> closes <${open.tag}> (opened on line ${open.line})`, line);
      advance(i + m[0].length);
    } else {
      const startLine = line;
      const nameMatch = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(i, i + 200));
      if (!nameMatch) throw new XmlSyntaxError("malformed start tag", line);
      const el: XmlElement = { kind: "element", tag: nameMatch[1], attrs: [], children: [], line: startLine };
      let j = i + nameMatch[0].length;
      let selfClosing = false;
      for (;;) {
        while (j < n && /\s/.test(text[j])) j++;
        if (j >= n) throw new XmlSyntaxError(`unterminated start tag <${el.tag}>`, startLine);
        if (text[j] === ">") {
          j++;
          break;
        }
        if (text.startsWith("/>", j)) {
          j += 2;
          selfClosing = true;
          break;
        }
        const am = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(text.slice(j));
        if (!am) throw new XmlSyntaxError(`malformed attribute in <${el.tag}>`, startLine);
        const name = am[1];
        if (el.attrs.some(([k]) => k === name)) throw new XmlSyntaxError(`attribute "${name}" repeated in <${el.tag}>`, startLine);
        el.attrs.push([name, decode(am[3] ?? am[4] ?? "", startLine)]);
        j += am[0].length;
      }
      const parent = top();
      if (parent) parent.children.push(el);
      else if (root) throw new XmlSyntaxError(`second root element <${el.tag}>`, startLine);
      else root = el;
      if (!selfClosing) stack.push(el);
      advance(j);
    }
  }
  if (stack.length) {
    const open = stack[stack.length - 1];
    throw new XmlSyntaxError(`<${open.tag}> (line ${open.line}) is never closed`, line);
  }
  if (!root) throw new XmlSyntaxError("no root element", line);
  return root;
}

/** Writes an element tree back as XML text (two-space indentation, comments kept). */
export function serializeXml(root: XmlElement): string {
  const out: string[] = [];
  const write = (node: XmlNode, depth: number) => {
    const pad = "  ".repeat(depth);
    if (node.kind === "comment") out.push(`${pad}<!--${node.text}-->`);
    else if (node.kind === "text") out.push(pad + encode(node.text.trim()));
    else {
      const attrs = node.attrs.map(([k, v]) => ` ${k}="${encode(v)}"`).join("");
      if (node.children.length === 0) out.push(`${pad}<${node.tag}${attrs}/>`);
      else {
        out.push(`${pad}<${node.tag}${attrs}>`);
        for (const c of node.children) write(c, depth + 1);
        out.push(`${pad}</${node.tag}>`);
      }
    }
  };
  write(root, 0);
  return out.join("\n") + "\n";
}

export function attr(el: XmlElement, name: string): string | undefined {
  return el.attrs.find(([k]) => k === name)?.[1];
}

export function setAttr(el: XmlElement, name: string, value: string): void {
  const a = el.attrs.find(([k]) => k === name);
  if (a) a[1] = value;
  else el.attrs.push([name, value]);
}

export function elements(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => c.kind === "element");
}

export function child(el: XmlElement, tag: string): XmlElement | undefined {
  return elements(el).find((c) => c.tag === tag);
}

/** Every element below `el` (depth first, document order), `el` excluded. */
export function descendants(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of elements(e)) {
      out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/** A deep copy of an element tree. */
export function cloneXml<T extends XmlNode>(node: T): T {
  return structuredClone(node);
}
