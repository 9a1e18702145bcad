import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { builtinMechanism } from "../../../catalog/mod.ts";
import { compile, type CompositeState } from "../../compile/compile.ts";
import { solve } from "../../solve/solver.ts";
import { reach } from "../../episode/reach.ts";
import { Session } from "../../episode/session.ts";
import type { MechanismModel } from "../../model/model.ts";
import { smallBenchmark } from "../../tasks/generate.test_support.ts";
import { episodeFromAudit, type TaskGraph } from "../../tasks/families/episode_common.ts";
import { answerPrompt, PromptParseError } from "./mod.ts";
import { PromptText } from "./text.ts";
import { readLibrary } from "./library.ts";
import { SOUND } from "../../episode/rules.ts";
import { edgeRulesText } from "../../tasks/render/episode_text.ts";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../..");
const g = smallBenchmark({ ids: ["electrical_resistor", "thermal_three_node_chain", "mechanics_grounded_geared_dual_inertia"], perLevel: 1 });
const tasks = g.tasks.map((t, i) => ({ ...t, gold: g.solutions[i].answer, audit: g.solutions[i].audit }));

describe("the prompt-text parser", () => {
  it("answers every task of a generated benchmark (all six families) exactly as the gold", () => {
    expect(new Set(tasks.map((t) => t.family)).size).toBe(6);
    for (const t of tasks) {
      const a = answerPrompt(t.prompt);
      expect(a.taskId).toBe(t.task_id);
      expect(a.family).toBe(t.family);
      expect(a.answer, `${t.task_id} (${t.family}, ${t.mechanism})`).toEqual(t.gold);
    }
  });

  it("imports nothing from the task generators, directly or through another module, and no file API", () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/(?:import|export)[^"']*?from\s+["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)/g)) {
        const spec = m[1] ?? m[2];
        if (spec.startsWith(".")) visit(resolve(dirname(file), spec));
      }
    };
    visit(join(here, "mod.ts"));
    const files = [...seen].map((f) => f.slice(root.length + 1));
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => f.startsWith("engine/tasks/"))).toEqual([]);
    const own = files.filter((f) => f.startsWith("engine/baselines/"));
    for (const f of own) {
      const text = readFileSync(join(root, f), "utf8");
      expect(text, f).not.toMatch(/node:fs|readFile|Deno\.|fetch\(/);
    }
  });

  it("runs under Deno with every permission denied (no file read can happen unnoticed)", () => {
    const deno = join(root, "node_modules", ".bin", "deno");
    const sample = tasks.filter((t, i) => tasks.findIndex((u) => u.family === t.family) === i);
    const r = spawnSync(deno, ["run", "--no-prompt", "engine/baselines/prompt_parser/stdin_answer.test_support.ts"], {
      cwd: root,
      input: sample.map((t) => JSON.stringify(t.prompt)).join("\n") + "\n",
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const answers = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(answers.map((a) => a.answer)).toEqual(sample.map((t) => t.gold));
  });

  it("reports an unreadable prompt with the task id, the line and what was expected", () => {
    const t = tasks.find((x) => x.family === "necessity")!;
    const lines = t.prompt.split("\n");
    const k = lines.findIndex((l) => l.startsWith("E0: "));
    lines[k] = "E0: N0 => N1";
    expect(() => answerPrompt(lines.join("\n"))).toThrow(PromptParseError);
    expect(() => answerPrompt(lines.join("\n"))).toThrow(new RegExp(`^${t.task_id}: line ${k + 1}: expected an edge EK: NA -> NB \\(CJ\\), found "E0: N0 => N1"$`));
    expect(() => answerPrompt("hello")).toThrow(/^\(no task id\): line 1: expected the header line Task family: FAMILY, found "hello"$/);
    expect(() => answerPrompt(t.prompt.replace("Task family: necessity", "Task family: poetry"))).toThrow(/line 1: expected a task family title/);
  });
});

// ---- the parser reads the text: perturbed prompts move its answer exactly as the gold moves ----

/** State consistency's gold computed straight from a model object (not from text): rows × cases by compile + solve. */
function scGold(m: MechanismModel, audit: unknown): Record<string, unknown> {
  const a = audit as { rows: { id: string; state: CompositeState }[]; cases: { id: string; restrictions: { var: string; cells: string[] }[] }[] };
  const results: Record<string, unknown> = {};
  for (const c of a.cases) {
    const extra = c.restrictions.map((r) => {
      const v = m.variableIndex.get(r.var)!;
      return { var: v, cells: r.cells.map((x) => m.variables[v].cells.indexOf(x)), source: "case" };
    });
    const ids = a.rows.filter((row) => {
      const state = { ...row.state };
      for (const i of m.instances) state[i.name] ??= i.states[0];
      return solve(compile(m, state, undefined, extra, { withoutScenario: true }).problem).count > 0n;
    }).map((row) => row.id);
    results[c.id] = { consistent_count: ids.length, consistent_ids: ids };
  }
  return { case_results: results };
}

describe("the prompt-text parser under the paper's edge rules", () => {
  // thermal_branched_star: a transition task whose answer the sound rules move
  const paper = smallBenchmark({ ids: ["electrical_resistor", "mechanics_grounded_geared_dual_inertia", "mechanics_sign_convention", "thermal_branched_star"], perLevel: 1, rules: "paper" });
  const ptasks = paper.tasks.map((t, i) => ({ ...t, gold: paper.solutions[i].answer, audit: paper.solutions[i].audit }));

  it("answers every task exactly as the gold computed under the rules the prompt states", () => {
    expect(paper.settings.rules).toBe("paper");
    expect(new Set(ptasks.map((t) => t.family))).toEqual(new Set(["state_consistency", "plausibility", "necessity", "transition", "functional_recovery", "trace_faithfulness"]));
    for (const t of ptasks) expect(answerPrompt(t.prompt).answer, `${t.task_id} (${t.family}, ${t.mechanism})`).toEqual(t.gold);
  });

  it("reads the rules from the words: the same task with the sound rules' text is answered under the sound rules", () => {
    const soundText = edgeRulesText(SOUND).split("\n");
    let moved = 0, tried = 0;
    for (const t of ptasks.filter((x) => x.family === "transition")) {
      const m = builtinMechanism(t.mechanism)!;
      const graph = (t.audit as { graph: TaskGraph }).graph;
      const lines = t.prompt.split("\n");
      const head = lines.findIndex((l) => l.startsWith("Episode-graph rules ("));
      const swapped = [...lines.slice(0, head), ...soundText, ...lines.slice(head + soundText.length)].filter((l) => !l.startsWith("Case restrictions"));
      const r = reach(new Session(m, graph.scenario, { rules: SOUND }), graph.initial.map((id) => episodeFromAudit(m, graph, id)), graph.horizon);
      const want = [...new Set(r.edges.flatMap((e) => m.instances.filter((i) => r.episodes[e.source].state[i.name] !== r.episodes[e.target].state[i.name])
        .map((i) => JSON.stringify({ component: i.name, source_state: r.episodes[e.source].state[i.name], target_state: r.episodes[e.target].state[i.name] }))))].sort()
        .map((x) => JSON.parse(x));
      const got = answerPrompt(swapped.join("\n")).answer.admissible_component_state_transitions as { component: string; source_state: string; target_state: string }[];
      const key = (x: { component: string; source_state: string; target_state: string }) => `${x.component}\u0000${x.source_state}\u0000${x.target_state}`;
      expect(got.map(key), t.task_id).toEqual(want.map(key).sort());
      tried++;
      if (JSON.stringify(got) !== JSON.stringify(t.gold.admissible_component_state_transitions)) moved++;
    }
    expect(tried).toBeGreaterThan(0);
    expect(moved).toBeGreaterThan(0);
  });

  it("refuses rules worded in neither reading, naming the line", () => {
    const t = ptasks.find((x) => x.family === "plausibility")!;
    const broken = t.prompt.replace("is moved by an event of the cause.", "is whatever you like.");
    expect(() => answerPrompt(broken)).toThrow(/expected the episode-graph rules stating one reading of the decl-changes clause/);
  });
});

describe("perturbed prompts", () => {
  const sc = tasks.filter((t) => t.family === "state_consistency");

  it("one law's term sign flipped: the parser's answer is the perturbed model's gold, and it moves where the gold moves", () => {
    let moved = 0, tried = 0;
    for (const t of sc) {
      const m = builtinMechanism(t.mechanism)!;
      const lines = t.prompt.split("\n");
      for (const [li, law] of m.laws.entries()) {
        if (law.state !== null || law.terms.length < 2 || tried >= 40) continue;
        const k = lines.findIndex((l) => l.startsWith(`- ${law.id}: `));
        if (k < 0) continue;
        tried++;
        const text = lines[k];
        const at = text.indexOf(": ") + 2;
        const flipped = text.slice(0, at) + (text[at] === "+" ? "-" : "+") + text.slice(at + 1);
        const perturbed = [...lines.slice(0, k), flipped, ...lines.slice(k + 1)].join("\n");
        const m2: MechanismModel = { ...m, laws: m.laws.map((l, j) => (j === li ? { ...l, terms: l.terms.map((x, n) => (n === 0 ? { ...x, coef: -x.coef as -1 | 1 } : x)) } : l)) };
        const gold2 = scGold(m2, t.audit);
        expect(answerPrompt(perturbed).answer, `${t.task_id} ${law.id}`).toEqual(gold2);
        if (JSON.stringify(gold2) !== JSON.stringify(t.gold)) moved++;
      }
    }
    expect(tried).toBeGreaterThan(10);
    expect(moved).toBeGreaterThan(0);
  });

  it("one persistent restriction removed: the parser follows the gold of the model without it", () => {
    let moved = 0, tried = 0;
    for (const t of sc) {
      const m = builtinMechanism(t.mechanism)!;
      const lines = t.prompt.split("\n");
      const head = lines.findIndex((l) => l.startsWith("Persistent restrictions ("));
      const n = Number(/\(([0-9]+);/.exec(lines[head])![1]);
      for (let j = 1; j <= n; j++) {
        const m2: MechanismModel = { ...m, restrictions: m.restrictions.filter((r) => r.state !== null || `- ${m.variables[r.var].name} in {${r.cells.map((c) => m.variables[r.var].cells[c]).join(", ")}}` !== lines[head + j]) };
        if (m2.restrictions.length === m.restrictions.length) continue;
        tried++;
        const perturbed = [...lines.slice(0, head), lines[head].replace(`(${n};`, `(${n - 1};`), ...lines.slice(head + 1, head + j), ...lines.slice(head + j + 1)].join("\n");
        const gold2 = scGold(m2, t.audit);
        expect(answerPrompt(perturbed).answer, `${t.task_id} without ${lines[head + j]}`).toEqual(gold2);
        if (JSON.stringify(gold2) !== JSON.stringify(t.gold)) moved++;
      }
    }
    expect(tried).toBeGreaterThan(5);
    expect(moved).toBeGreaterThan(0);
  });

  it("one declared transition removed: the transitions answer is the graph of the model without it", () => {
    let moved = 0, tried = 0;
    for (const t of tasks.filter((x) => x.family === "transition")) {
      const m = builtinMechanism(t.mechanism)!;
      const graph = (t.audit as { graph: TaskGraph }).graph;
      const lines = t.prompt.split("\n");
      m.transitions.forEach((tr, j) => {
        const k = lines.findIndex((l) => l.startsWith(`- ${tr.instance}: ${tr.from} -> ${tr.to};`));
        if (k < 0 || tried >= 12) return;
        tried++;
        const m2: MechanismModel = { ...m, transitions: m.transitions.filter((_, n) => n !== j) };
        const r = reach(new Session(m2, graph.scenario), graph.initial.map((id) => episodeFromAudit(m, graph, id)), graph.horizon);
        const triples = new Map<string, unknown>();
        for (const e of r.edges) {
          for (const i of m.instances) {
            const a = r.episodes[e.source].state[i.name], b = r.episodes[e.target].state[i.name];
            if (a !== b) triples.set(`${i.name}\u0000${a}\u0000${b}`, { component: i.name, source_state: a, target_state: b });
          }
        }
        const gold2 = [...triples.keys()].sort().map((key) => triples.get(key));
        const answer = answerPrompt([...lines.slice(0, k), ...lines.slice(k + 1)].join("\n")).answer;
        expect(answer.admissible_component_state_transitions, `${t.task_id} without ${lines[k]}`).toEqual(gold2);
        if (JSON.stringify(answer) !== JSON.stringify(t.gold)) moved++;
      });
    }
    expect(tried).toBeGreaterThan(3);
    expect(moved).toBeGreaterThan(0);
  });
});

describe("functional recovery's library table", () => {
  const fr = tasks.filter((t) => t.family === "functional_recovery");

  it("reads every library episode back exactly: composite state and full cell vector, in the audit's library order", () => {
    expect(fr.length).toBeGreaterThan(0);
    for (const t of fr) {
      const m = builtinMechanism(t.mechanism)!;
      const graph = (t.audit as { graph: TaskGraph }).graph;
      const read = readLibrary(new PromptText(t.prompt), m, "Episode library");
      const lib = graph.layers[0].episodes;
      expect([...read.keys()], t.task_id).toEqual(lib.map((_, k) => `E${String(k + 1).padStart(2, "0")}`));
      expect([...read.values()], t.task_id).toEqual(lib.map((id) => episodeFromAudit(m, graph, id)));
    }
  });

  it("follows the table's cells: an outcome's unsafe atom written into its row makes that policy U", () => {
    let tried = 0;
    for (const t of fr) {
      const lines = t.prompt.split("\n");
      const contract = lines.find((l) => l.startsWith("Contract: "))!;
      const unsafe = /unsafe atoms \(unsafe when all hold\): (\S+)=(\S+)\.$/.exec(contract);
      const policy = lines.findIndex((l) => /^R01 names the outcome episodes /.test(l));
      const status = String(t.gold.plan_statuses)[0];
      if (!unsafe || status === "U") continue;
      // the unsafe variable must be a row column for the edit to stay inside the table
      const head = lines.findIndex((l) => l.startsWith("Row columns ("));
      // each group "COMPONENT: LOCAL, LOCAL", as full names
      const groups = lines[head].slice(lines[head].indexOf("): ") + 3).split(" | ").map((g) => {
        const [comp, cols] = g.split(": ");
        return cols.split(", ").map((c) => `${comp}.${c}`);
      });
      const gi = groups.findIndex((g) => g.includes(unsafe[1]));
      if (gi < 0) continue;
      const short: Record<string, string> = { negative: "-", zero: "0", positive: "+" };
      const outcome = /^R01 names the outcome episodes (E[0-9]+)/.exec(lines[policy])![1];
      const row = lines.findIndex((l) => l.startsWith(`${outcome}: `));
      const parts = lines[row].slice(outcome.length + 2).split(" | ").map((g) => g.split(" "));
      parts[gi][groups[gi].indexOf(unsafe[1])] = short[unsafe[2]] ?? unsafe[2];
      lines[row] = `${outcome}: ${parts.map((g) => g.join(" ")).join(" | ")}`;
      expect(String(answerPrompt(lines.join("\n")).answer.plan_statuses)[0], t.task_id).toBe("U");
      tried++;
    }
    expect(tried).toBeGreaterThan(0);
  });

  it("refuses a row with a value missing, naming the line", () => {
    const t = fr[0];
    const lines = t.prompt.split("\n");
    const k = lines.findIndex((l) => l.startsWith("E01: "));
    lines[k] = lines[k].replace(/ \S+$/, "");
    expect(() => answerPrompt(lines.join("\n"))).toThrow(new RegExp(`^${t.task_id}: line ${k + 1}: expected [0-9 |]+ values per group`));
  });
});
