// A reader of the exporter's own output format (one declaration per line, one connect
// per line), so tests can check what the text says rather than how it is spelled.

export interface ParsedDeclaration {
  className: string;
  instance: string;
  /** Top-level `name=value` modifiers, value as written. */
  parameters: Map<string, string>;
  /** `name(start=value, fixed=true)` (fixed: whether fixed=true is written). */
  starts: Map<string, { value: string; fixed: boolean }>;
}

export interface ParsedModel {
  name: string;
  declarations: ParsedDeclaration[];
  connects: [string, string][];
  stopTime: string | undefined;
  uses: string | undefined;
}

/** Splits a modifier list at its top-level commas (not inside brackets or parentheses). */
function topLevel(list: string): string[] {
  const out: string[] = [];
  let depth = 0, from = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === "," && depth === 0) {
      out.push(list.slice(from, i).trim());
      from = i + 1;
    }
  }
  if (list.trim()) out.push(list.slice(from).trim());
  return out;
}

export function parseExportedModel(text: string): ParsedModel {
  const lines = text.split("\n");
  const name = /^model (\w+)/m.exec(text)?.[1] ?? "";
  const declarations: ParsedDeclaration[] = [];
  const connects: [string, string][] = [];
  let inEquations = false;
  for (const raw of lines) {
    const line = raw.replace(/\/\*.*?\*\//g, "").trim();
    if (line === "equation") inEquations = true;
    if (!inEquations) {
      const d = /^(Modelica\.[\w.]+|\S+\.\S+) (\w+)(?:\((.*)\))?;$/.exec(line);
      if (!d) continue;
      const parameters = new Map<string, string>();
      const starts = new Map<string, { value: string; fixed: boolean }>();
      for (const mod of topLevel(d[3] ?? "")) {
        const s = /^(\w+)\(start=([^,)]+)(, fixed=true)?\)$/.exec(mod);
        if (s) starts.set(s[1], { value: s[2], fixed: s[3] !== undefined });
        else {
          const p = /^(\w+)=(.+)$/.exec(mod);
          if (!p) throw new Error(`unreadable modifier "${mod}" in: ${line}`);
          parameters.set(p[1], p[2]);
        }
      }
      declarations.push({ className: d[1], instance: d[2], parameters, starts });
    } else {
      const c = /^connect\((\w+\.\w+), (\w+\.\w+)\);$/.exec(line);
      if (c) connects.push([c[1], c[2]]);
    }
  }
  return {
    name,
    declarations,
    connects,
    stopTime: /experiment\(StopTime=([^)]+)\)/.exec(text)?.[1],
    uses: /uses\(Modelica\(version="([^"]+)"\)\)/.exec(text)?.[1],
  };
}
