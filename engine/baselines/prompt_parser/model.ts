// The qualitative model read back from a prompt's model text: components with their
// variables (parameters marked), quantity spaces, persistent restrictions, the laws active
// in every state, each component's states with their restrictions and laws, and (episode
// prompts) the declared transitions and the operating context. The result is an engine
// MechanismModel with one scenario, "context", holding the operating context: everything
// the public solver and episode graph need, and nothing from any file.
import type { Sign } from "../../model/sign.ts";
import type { MechanismModel, ModelGuard, ModelInstance, ModelLaw, ModelRestriction, ModelTerm, ModelTransition, ModelVariable } from "../../model/model.ts";
import type { Episode } from "../../episode/episode.ts";
import { esc, int, type PromptText } from "./text.ts";
import { type EdgeRules, takes } from "../../episode/rules.ts";
import { readEdgeRules } from "./edge_rules.ts";

export const CONTEXT_SCENARIO = "context";
const SIGN_OF: Record<string, Sign> = { negative: -1, zero: 0, positive: 1 };

export interface QuantitySpace {
  cells: string[];
  signs: Sign[];
}

/** The quantity space of every variable the prompt does not list. */
export const signSpace = (): QuantitySpace => ({ cells: ["negative", "zero", "positive"], signs: [-1, 0, 1] });

/** The Quantity spaces paragraph: the listed landmark spaces by variable name, with the line of each. */
export function readQuantitySpaces(t: PromptText): Map<string, { space: QuantitySpace; line: number }> {
  const out = new Map<string, { space: QuantitySpace; line: number }>();
  const qs = t.seek(/^Quantity spaces\. /, "the Quantity spaces. paragraph");
  if (!/except these/.test(qs.input)) return out;
  while (/^- /.test(t.lines[t.at] ?? "")) {
    const m = t.next(/^- (\S+): (.*)$/, "a quantity space - NAME: CELL (SIGN) < …");
    const cells = m[2].split(" < ").map((c) => {
      const cm = /^(\S+) \((negative|zero|positive)\)$/.exec(c);
      if (!cm) t.fail(t.last, `a cell with its sign, CELL (SIGN), not ${JSON.stringify(c)}`);
      return cm!;
    });
    out.set(m[1], { space: { cells: cells.map((c) => c[1]), signs: cells.map((c) => SIGN_OF[c[2]]) }, line: t.last });
  }
  return out;
}

/** A model being read: names resolve to indices as soon as the components are known. */
export interface ReadModel {
  model: MechanismModel;
  /** Episode prompts: the edge rules the prompt states. */
  rules?: EdgeRules;
  /** Restriction text "NAME in {CELLS}" → a restriction (source names where it came from). */
  restriction(text: string, line: number, source: string, instance?: string | null, state?: string | null): ModelRestriction;
  /** A fact "NAME=CELL". */
  fact(text: string, line: number): { var: number; cell: number };
  variable(name: string, line: number): number;
  cell(v: number, name: string, line: number): number;
}

function reader(t: PromptText, model: MechanismModel): ReadModel {
  const variable = (name: string, line: number) => {
    const v = model.variableIndex.get(name);
    if (v === undefined) t.fail(line, `a variable of the model, not ${JSON.stringify(name)}`);
    return v!;
  };
  const cell = (v: number, name: string, line: number) => {
    const c = model.variables[v].cells.indexOf(name);
    if (c < 0) t.fail(line, `a cell of ${model.variables[v].name} (${model.variables[v].cells.join(", ")}), not ${JSON.stringify(name)}`);
    return c;
  };
  return {
    model,
    variable,
    cell,
    restriction(text, line, source, instance = null, state = null) {
      const m = /^(\S+) in \{(.*)\}$/.exec(text.trim());
      if (!m) t.fail(line, `a restriction NAME in {CELLS}, not ${JSON.stringify(text)}`);
      const v = variable(m![1], line);
      const cells = m![2].split(", ").map((c) => cell(v, c, line));
      return { var: v, cells, source, instance, state };
    },
    fact(text, line) {
      const m = /^(\S+)=(\S+)$/.exec(text.trim());
      if (!m) t.fail(line, `a fact NAME=CELL, not ${JSON.stringify(text)}`);
      const v = variable(m![1], line);
      return { var: v, cell: cell(v, m![2], line) };
    },
  };
}

/** `+a*b^2 -c = 0` → terms. */
export function parseTerms(t: PromptText, r: Pick<ReadModel, "variable">, text: string, line: number): ModelTerm[] {
  if (text === "0 = 0") return [];
  if (!text.endsWith(" = 0")) t.fail(line, `a confluence TERMS = 0, not ${JSON.stringify(text)}`);
  return text.slice(0, -4).split(" ").map((tok) => {
    const m = /^([+-])(.+)$/.exec(tok);
    if (!m) t.fail(line, `a signed term like +a*b, not ${JSON.stringify(tok)}`);
    const factors = m![2] === "1" ? [] : m![2].split("*").map((f) => {
      const fm = /^(.+?)(?:\^([0-9]+))?$/.exec(f)!;
      return { var: r.variable(fm[1], line), exp: fm[2] === undefined ? 1 : Number(fm[2]) };
    });
    return { coef: m![1] === "-" ? -1 : 1, factors } as ModelTerm;
  });
}

/** The local name's derivative order and base: `d1__p__v` is the first derivative of `p.v`. */
function derivative(local: string): { order: number; base: string } {
  const m = /^d([0-9]+)__(.+)$/.exec(local);
  return m ? { order: Number(m[1]), base: m[2].replaceAll("__", ".") } : { order: 0, base: local };
}

/**
 * Models already read, by their exact text: prompts of one mechanism and context share
 * one model object, so the solutions and episode sessions memoized on it serve them all
 * (a server answers many prompts). Bounded; the oldest entry goes first.
 */
const MODEL_CACHE_SIZE = 64;
const modelCache = new Map<string, ReadModel>();

/**
 * Reads the model text from the cursor on: `Mechanism …` through the component states, then,
 * when `episodes`, the declared transitions and the operating context.
 */
export function readModel(t: PromptText, opts: { episodes: boolean }): ReadModel {
  const start = t.at;
  const read = parseModel(t, opts);
  const key = `${opts.episodes}\n${t.lines.slice(start, t.at).join("\n")}`;
  const hit = modelCache.get(key);
  if (hit) {
    modelCache.delete(key);
    modelCache.set(key, hit);
    return { ...hit, ...reader(t, hit.model) };
  }
  modelCache.set(key, read);
  if (modelCache.size > MODEL_CACHE_SIZE) modelCache.delete(modelCache.keys().next().value!);
  return read;
}

function parseModel(t: PromptText, opts: { episodes: boolean }): ReadModel {
  const rules = opts.episodes ? readEdgeRules(t) : undefined;
  const head = t.seek(/^Mechanism (\S+)(?:: (.*))?\.$/, "the model's first line, Mechanism ID: TITLE.");
  const comps = t.seek(/^Components and their variables \(([0-9,]+) components?, ([0-9,]+) variables?[;)]/, "Components and their variables (N components, M variables…):");
  const instances: ModelInstance[] = [];
  const variables: ModelVariable[] = [];
  const variableIndex = new Map<string, number>();
  for (let k = 0; k < int(comps[1]); k++) {
    const m = t.next(/^- (\S+) \((\S+)\): (.*)$/, "a component line - NAME (TYPE): VARIABLES");
    const inst: ModelInstance = { name: m[1], type: m[2], states: [], variables: [] };
    for (const item of m[3].split(", ")) {
      const vm = /^(\S+?)( \(parameter\))?$/.exec(item)!;
      const name = vm[1];
      if (!name.startsWith(`${inst.name}.`)) t.fail(t.last, `variables named ${inst.name}.LOCAL, not ${JSON.stringify(name)}`);
      const local = name.slice(inst.name.length + 1);
      variableIndex.set(name, variables.length);
      inst.variables.push(variables.length);
      variables.push({ name, instance: inst.name, local, kind: vm[2] ? "parameter" : "variable", base: -1, order: 0, ...signSpace() });
    }
    instances.push(inst);
  }
  if (variables.length !== int(comps[2])) t.fail(t.last, `${comps[2]} variables in all, not ${variables.length}`);
  // bases: the undifferentiated variable's index, or a fresh number when it is not a variable itself
  const bases = new Map<string, number>();
  for (const v of variables) {
    const d = derivative(v.local);
    const baseName = `${v.instance}.${d.base}`;
    if (!bases.has(baseName)) bases.set(baseName, variableIndex.get(baseName) ?? -(bases.size + 1));
    v.base = bases.get(baseName)!;
    v.order = d.order;
  }
  const model: MechanismModel = {
    id: head[1],
    ...(head[2] ? { title: head[2] } : {}),
    file: "(prompt)",
    instances,
    variables,
    variableIndex,
    laws: [],
    restrictions: [],
    transitions: [],
    scenarios: [{ id: CONTEXT_SCENARIO, context: [], restrict: [] }],
    nodes: [],
    free: [],
  };
  const r = reader(t, model);

  for (const [name, { space, line }] of readQuantitySpaces(t)) Object.assign(variables[r.variable(name, line)], space);

  const pr = t.seek(/^Persistent restrictions \(([0-9,]+);/, "Persistent restrictions (N; …):");
  for (let k = 0; k < int(pr[1]); k++) {
    const m = t.next(/^- (.*)$/, "a persistent restriction - NAME in {CELLS}");
    model.restrictions.push(r.restriction(m[1], t.last, "persistent"));
  }
  const la = t.seek(/^Laws active in every composite state \(([0-9,]+)\):$/, "Laws active in every composite state (N):");
  for (let k = 0; k < int(la[1]); k++) {
    const m = t.next(/^- (.+?): ([+-].* = 0|0 = 0)$/, "a law - ID: TERMS = 0");
    model.laws.push(law(m[1], null, null, parseTerms(t, r, m[2], t.last)));
  }
  t.seek(/^Component states\. /, "the Component states. paragraph");
  for (const inst of instances) {
    const only = new RegExp(`^- ${esc(inst.name)}: (\\S+) \\(its only state\\)$`).exec(t.lines[t.at] ?? "");
    if (only) {
      inst.states.push(only[1]);
      t.at++;
      continue;
    }
    t.next(new RegExp(`^- ${esc(inst.name)}:$`), `the states of ${inst.name}: - ${inst.name}: (then one line per state)`);
    while (new RegExp(`^  - ${esc(inst.name)}\\.`).test(t.lines[t.at] ?? "")) {
      const m = t.next(new RegExp(`^  - ${esc(inst.name)}\\.(\\S+?): (.*)$`), `a state line   - ${inst.name}.STATE: …`);
      const st = m[1];
      inst.states.push(st);
      if (m[2] === "no restrictions") continue;
      for (const part of m[2].split("; ")) {
        const lm = /^law (.+?): ([+-].* = 0|0 = 0)$/.exec(part);
        if (lm) model.laws.push(law(lm[1], inst.name, st, parseTerms(t, r, lm[2], t.last)));
        else model.restrictions.push(r.restriction(part, t.last, `state ${inst.name}.${st}`, inst.name, st));
      }
    }
    if (!inst.states.length) t.fail(t.at, `the states of ${inst.name}`);
  }

  if (opts.episodes) {
    t.seek(/^Declared component-state transitions /, "Declared component-state transitions (…):");
    while (/^- /.test(t.lines[t.at] ?? "")) {
      if (t.lines[t.at] === "- none") {
        t.at++;
        break;
      }
      const m = t.next(/^- (\S+): (\S+) -> (\S+); (?:event variable (\S+)|no event variable); source guard (.*); target guard (.*)$/, "a transition - COMP: FROM -> TO; event variable X; source guard G; target guard G");
      const guards = (g: string): ModelGuard[] => (g === "none" ? [] : g.split(" and ").map((x) => {
        const res = r.restriction(x, t.last, "guard");
        return { var: res.var, cells: res.cells };
      }));
      const tr: ModelTransition = { instance: m[1], from: m[2], to: m[3], event: m[4] === undefined ? null : r.variable(m[4], t.last), source: guards(m[5]), target: guards(m[6]) };
      model.transitions.push(tr);
    }
    const oc = t.seek(/^Operating context(?: \(holds in every episode, in addition to the persistent restrictions\))?: (.*)\.$/, "the Operating context line");
    if (oc[1] !== "no restrictions beyond the persistent ones") {
      model.scenarios[0].context = oc[1].split(" and ").map((x) => r.restriction(x, t.last, `scenario ${CONTEXT_SCENARIO}`));
    }
    // a universe solved with case restrictions lists them, and every episode satisfies them
    if (!takes(rules!, "context-universe")) {
      const cr = t.next(/^Case restrictions(?: \(hold in every episode\))?: (.*)\.$/, "the Case restrictions line (the rules solve the universe under the whole scenario)");
      if (cr[1] !== "none") model.scenarios[0].restrict = cr[1].split(" and ").map((x) => r.restriction(x, t.last, `case of scenario ${CONTEXT_SCENARIO}`));
    }
  }
  return { ...r, ...(rules ? { rules } : {}) };
}

function law(id: string, instance: string | null, state: string | null, terms: ModelTerm[]): ModelLaw {
  return { id, origin: id.startsWith("connect(") ? "connection" : "component", instance, state, derivativeOf: null, terms };
}

/**
 * `COMP.STATE` items of the last line read, added to `state` (which may hold other
 * components' states already); an item that names no component or state of the model is refused.
 */
export function readStates(t: PromptText, m: MechanismModel, items: readonly string[], state: Record<string, string>): Record<string, string> {
  for (const item of items) {
    const inst = m.instances.find((i) => item.startsWith(`${i.name}.`));
    const s = inst ? item.slice(inst.name.length + 1) : undefined;
    if (!inst || !inst.states.includes(s!)) t.fail(t.last, `COMPONENT.STATE of the model, not ${JSON.stringify(item)}`);
    state[inst!.name] = s!;
  }
  return state;
}

/** `LABEL composite state: a.S1, b.S2.` then `LABEL cells: {JSON}` at the cursor. */
export function readEpisode(t: PromptText, r: ReadModel, label: string): Episode {
  const st = t.next(new RegExp(`^${esc(label)} composite state: (.*)\\.$`), `${label} composite state: COMP.STATE, ….`);
  const state = readStates(t, r.model, st[1].split(", "), {});
  if (Object.keys(state).length !== r.model.instances.length) t.fail(t.last, "a state for every component");
  const cm = t.next(new RegExp(`^${esc(label)} cells: (\\{.*\\})$`), `${label} cells: {JSON}`);
  let cells: Record<string, unknown>;
  try {
    cells = JSON.parse(cm[1]);
  } catch {
    return t.fail(t.last, "a JSON object of variable cells");
  }
  const out = r.model.variables.map((v, k) => {
    const c = cells[v.name];
    if (typeof c !== "string") t.fail(t.last, `a cell for ${v.name}`);
    return r.cell(k, c as string, t.last);
  });
  return { state, cells: out };
}
