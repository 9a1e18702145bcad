// The episode-graph families from their prompts, answered with the engine's episode graph:
// a session over the model read back from the prompt (its universe: the persistent
// restrictions and the operating context), successors by the edge rules, bounded
// reachability from the given initial episode.
import { Session } from "../../episode/session.ts";
import { reach } from "../../episode/reach.ts";
import { type Episode, episodeKey } from "../../episode/episode.ts";
import { CONTEXT_SCENARIO, readEpisode, readModel, type ReadModel, readStates } from "./model.ts";
import { int, type PromptText } from "./text.ts";
import { readLibrary } from "./library.ts";

type Fact = { var: number; cell: number };
const holds = (x: Episode, facts: readonly Fact[]) => facts.every((f) => x.cells[f.var] === f.cell);

// one session per model read (its successors are memoized across prompts)
const sessions = new WeakMap<object, Session>();
function session(r: ReadModel): Session {
  let s = sessions.get(r.model);
  if (!s) sessions.set(r.model, (s = new Session(r.model, CONTEXT_SCENARIO, { rules: r.rules })));
  return s;
}

/** Plausibility: a narrative is P when one path of exactly H edges meets every checkpoint's facts at its step. */
export function answerPlausibility(t: PromptText): Record<string, unknown> {
  const r = readModel(t, { episodes: true });
  const horizon = int(t.seek(/^The successor horizon is ([0-9]+)\.$/, "The successor horizon is H.")[1]);
  const x0 = readEpisode(t, r, "Initial episode");
  const n = int(t.seek(/^Narratives \(([0-9,]+)\):$/, "Narratives (N):")[1]);
  const s = session(r);
  const key = (x: Episode) => episodeKey(r.model, x);
  let labels = "";
  for (let k = 0; k < n; k++) {
    const m = t.next(/^Q[0-9]+: (.*)$/, "a narrative QNN: t=1: FACTS; t=2: …");
    const checkpoints = m[1].split("; ").map((part, i) => {
      const pm = /^t=([0-9]+): (.*)$/.exec(part);
      if (!pm || Number(pm[1]) !== i + 1) t.fail(t.last, `checkpoint t=${i + 1}: FACTS`);
      return pm![2].split(" AND ").map((f) => r.fact(f, t.last));
    });
    if (checkpoints.length !== horizon) t.fail(t.last, `${horizon} checkpoints`);
    // the episodes a path can be in after t edges having met every checkpoint so far
    let frontier = new Map([[key(x0), x0]]);
    for (let step = 0; step < horizon && frontier.size; step++) {
      const next = new Map<string, Episode>();
      for (const x of frontier.values()) {
        for (const e of s.successors(x)) if (holds(e.target, checkpoints[step])) next.set(key(e.target), e.target);
      }
      frontier = next;
    }
    labels += frontier.size ? "P" : "I";
  }
  return { plausibility_labels: labels };
}

/** Transitions: the distinct (component, source, target) state changes of the admissible edges reachable within H. */
export function answerTransition(t: PromptText): Record<string, unknown> {
  const r = readModel(t, { episodes: true });
  const horizon = int(t.seek(/^The horizon is ([0-9]+)\.$/, "The horizon is H.")[1]);
  const x0 = readEpisode(t, r, "Initial episode");
  const g = reach(session(r), [x0], horizon);
  const seen = new Map<string, { component: string; source_state: string; target_state: string }>();
  for (const e of g.edges) {
    const a = g.episodes[e.source], b = g.episodes[e.target];
    for (const i of r.model.instances) {
      if (a.state[i.name] === b.state[i.name]) continue;
      const triple = { component: i.name, source_state: a.state[i.name], target_state: b.state[i.name] };
      seen.set(JSON.stringify(triple), triple);
    }
  }
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const triples = [...seen.values()].sort((x, y) => cmp(x.component, y.component) || cmp(x.source_state, y.source_state) || cmp(x.target_state, y.target_state));
  return { admissible_component_state_transitions: triples };
}

/**
 * Functional recovery: per policy, U when an outcome or a one-edge successor of one meets
 * every unsafe atom; else D when a deadline episode (a successor, or the outcome itself
 * when it has none) misses a goal atom; else R.
 */
export function answerFunctionalRecovery(t: PromptText): Record<string, unknown> {
  const r = readModel(t, { episodes: true });
  const episodes = readLibrary(t, r.model, "Episode library");
  const c = t.seek(/^Contract: horizon and deadline are both 1; goal atoms \(all required\): (.*); unsafe atoms \(unsafe when all hold\): (.*)\.$/, "the Contract: line");
  const facts = (text: string) => text.split(" AND ").map((f) => r.fact(f, t.last));
  const goal = facts(c[1]), unsafe = facts(c[2]);
  const np = int(t.seek(/^Repair policies \(([0-9,]+)\):$/, "Repair policies (N):")[1]);
  const s = session(r);
  let statuses = "";
  for (let k = 0; k < np; k++) {
    const pm = t.next(/^R[0-9]+ names the outcome episodes (.*)\.$/, "a policy RNN names the outcome episodes E…, E….");
    const outcomes = pm[1].split(", ").map((id) => {
      const x = episodes.get(id);
      if (!x) t.fail(t.last, `library episode ids, not ${JSON.stringify(id)}`);
      return x!;
    });
    let unsafeHit = false, missed = false;
    for (const x of outcomes) {
      const succ = s.successors(x).map((e) => e.target);
      if (holds(x, unsafe) || succ.some((y) => holds(y, unsafe))) unsafeHit = true;
      const deadline = succ.length ? succ : [x];
      if (deadline.some((y) => !holds(y, goal))) missed = true;
    }
    statuses += unsafeHit ? "U" : missed ? "D" : "R";
  }
  return { plan_statuses: statuses };
}

/**
 * Necessity: claims over the supplied normalized graph. The graph is read back as episodes
 * of the model the prompt states and checked, edge for edge, against the graph that model,
 * its scenario restrictions and its edge rules give from the initial node within the
 * horizon: a prompt whose supplied graph its own words do not determine is refused. A
 * claim is N when every edge whose source meets all SOURCE facts has a target meeting some
 * TARGET alternative.
 */
export function answerNecessity(t: PromptText): Record<string, unknown> {
  const r = readModel(t, { episodes: true });
  const horizon = int(t.seek(/^The horizon is ([0-9]+)\.$/, "The horizon is H.")[1]);
  const g = readSuppliedGraph(t, r);
  const key = (x: Episode) => episodeKey(r.model, x);
  const built = reach(session(r), [g.nodes[g.initial]], horizon);
  const want = new Set(built.edges.map((e) => `${key(built.episodes[e.source])}>${key(built.episodes[e.target])}`));
  const have = new Set(g.edges.map(([a, b]) => `${key(g.nodes[a])}>${key(g.nodes[b])}`));
  const missing = [...want].filter((k) => !have.has(k)).length;
  const extra = [...have].filter((k) => !want.has(k)).length;
  if (missing || extra || have.size !== g.edges.length) {
    t.fail(g.edgesLine, `the ${want.size} distinct edges the stated model, restrictions and rules give within horizon ${horizon} (the list lacks ${missing}, adds ${extra})`);
  }
  const nq = int(t.seek(/^Claims \(([0-9,]+)\):$/, "Claims (N):")[1]);
  let labels = "";
  for (let k = 0; k < nq; k++) {
    const m = t.next(/^Q[0-9]+: IF (.*), THEN (.*)$/, "a claim QNN: IF SOURCE facts, THEN TARGET alternatives");
    const fact = (text: string, side: string): Fact => {
      const fm = new RegExp(`^${side} (v[0-9]+)=(\\S+)$`).exec(text);
      const v = fm ? g.alias.get(fm[1]) : undefined;
      if (v === undefined) t.fail(t.last, `${side} vN=CELL with a listed alias, not ${JSON.stringify(text)}`);
      return { var: v!, cell: r.cell(v!, fm![2], t.last) };
    };
    const src = m[1].split(" AND ").map((f) => fact(f, "SOURCE"));
    const alts = m[2].split(" OR ").map((f) => fact(f, "TARGET"));
    const counter = g.edges.some(([a, b]) => holds(g.nodes[a], src) && !alts.some((f) => holds(g.nodes[b], [f])));
    labels += counter ? "U" : "N";
  }
  return { necessity_labels: labels };
}

/** The normalized graph of a necessity prompt as episodes of the model read before it. */
function readSuppliedGraph(t: PromptText, r: ReadModel): { alias: Map<string, number>; nodes: Episode[]; initial: number; edges: [number, number][]; edgesLine: number } {
  const vars = r.model.variables;
  const nv = int(t.seek(/^Variables \(([0-9,]+)\), aliased; /, "Variables (N), aliased; …")[1]);
  if (nv !== vars.length) t.fail(t.last, `the model's ${vars.length} variables`);
  const alias = new Map<string, number>();
  for (let k = 0; k < nv; k++) {
    const m = t.next(/^(v[0-9]+) = (\S+): (.*)$/, "a variable line vN = NAME: 0=CELL 1=CELL …");
    const v = r.variable(m[2], t.last);
    if (m[3] !== vars[v].cells.map((c, i) => `${i}=${c}`).join(" ")) t.fail(t.last, `the cells of ${vars[v].name} with their codes 0=… 1=… in order`);
    alias.set(m[1], v);
  }
  const aliasOf = (text: string, line: number) => {
    const v = alias.get(text);
    if (v === undefined) t.fail(line, `a listed alias, not ${JSON.stringify(text)}`);
    return v!;
  };
  const code = (v: number, text: string, line: number) => {
    const c = Number(text);
    if (!/^[0-9]+$/.test(text) || c >= vars[v].cells.length) t.fail(line, `a code of ${vars[v].name}, not ${JSON.stringify(text)}`);
    return c;
  };
  const shared = new Map<number, number>();
  const sh = t.seek(/^Cells shared by every node: ?(.*)$/, "Cells shared by every node: vN=C …");
  for (const x of sh[1].split(" ").filter(Boolean)) {
    const m = /^(v[0-9]+)=(.+)$/.exec(x);
    if (!m) t.fail(t.last, "vN=CODE items");
    const v = aliasOf(m![1], t.last);
    shared.set(v, code(v, m![2], t.last));
  }
  const cols = t.seek(/^Node columns \(the codes of these variables, in this order\): ?(.*)$/, "Node columns (…): vA vB …")[1].split(" ").filter(Boolean).map((a) => aliasOf(a, t.last));
  if (cols.length + shared.size !== nv || cols.some((v) => shared.has(v))) t.fail(t.last, "every variable once, shared or as a column");
  const ns = int(t.seek(/^Composite states \(([0-9,]+)\) of the multi-state components/, "Composite states (N) of the multi-state components …:")[1]);
  const states: Record<string, string>[] = [];
  for (let k = 0; k < ns; k++) {
    const m = t.next(new RegExp(`^S${k}: ?(.*)$`), `a composite state S${k}: COMP.STATE, …`);
    // the multi-state components are listed; the others have their only state
    const only = Object.fromEntries(r.model.instances.filter((i) => i.states.length === 1).map((i) => [i.name, i.states[0]]));
    const state = readStates(t, r.model, m[1].split(", ").filter(Boolean), only);
    if (Object.keys(state).length !== r.model.instances.length) t.fail(t.last, "a state for every multi-state component");
    states.push(state);
  }
  const nh = t.seek(/^Nodes \(([0-9,]+); node N([0-9]+) is the initial episode\):$/, "Nodes (N; node NK is the initial episode):");
  const nn = int(nh[1]), initial = Number(nh[2]);
  if (initial >= nn) t.fail(t.last, "an initial node among the nodes");
  const nodes: Episode[] = [];
  for (let k = 0; k < nn; k++) {
    const m = t.next(new RegExp(`^N${k}: S([0-9]+) \\| ?(.*)$`), `a node N${k}: SJ | CODES`);
    const state = states[Number(m[1])];
    const vals = m[2].split(" ").filter(Boolean);
    if (!state || vals.length !== cols.length) t.fail(t.last, `a listed composite state and ${cols.length} codes`);
    const cells = vars.map((_, v) => shared.get(v) ?? -1);
    cols.forEach((v, i) => (cells[v] = code(v, vals[i], t.last)));
    nodes.push({ state: state!, cells });
  }
  const ne = int(t.seek(/^Edges \(([0-9,]+)\), /, "Edges (N), source -> target (cause):")[1]);
  const edgesLine = t.last;
  const edges: [number, number][] = [];
  for (let k = 0; k < ne; k++) {
    const m = t.next(/^E[0-9]+: N([0-9]+) -> N([0-9]+) \(C[0-9]+\)$/, "an edge EK: NA -> NB (CJ)");
    const a = Number(m[1]), b = Number(m[2]);
    if (a >= nn || b >= nn) t.fail(t.last, "an edge between listed nodes");
    edges.push([a, b]);
  }
  return { alias, nodes, initial, edges, edgesLine };
}
