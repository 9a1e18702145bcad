// State consistency (Definition 4, Table 7): complete composite-state rows drawn from
// the state space (inconsistent rows are not filtered out) and cases (`base` plus
// restrictions drawn from the catalog's scenarios and single-cell restrictions of
// state variables); gold = per case, the rows with an admissible interpretation.
import { z } from "zod";
import type { MechanismModel } from "../../model/model.ts";
import { activeIn, compile, type CompositeState, stateLabel } from "../../compile/compile.ts";
import { solve } from "../../solve/solver.ts";
import { bandLevels, bandOf, type Level, LEVELS, type Exhibit, type FamilyCandidate, type Gold, type TaskFamily } from "../family.ts";
import type { CaseRestriction, SemanticObjects } from "../semantic_objects.ts";
import { keyedRandom } from "../../files/random.ts";
import { sha256 } from "../../files/sha256.ts";
import { CONFLUENCE_RULE, modelLines, restrictionText, rowColumns } from "../render/model_text.ts";
import { cellByName, namedCells, namedState, namedVariable, variableByName } from "./audit_names.ts";

/** The row counts and case counts the candidate grid draws (a case count includes `base`). */
export const ROW_COUNTS = [1, 2, 3, 4, 6, 8, 10, 12, 14, 16];
export const MAX_CASES = 4;
/** Draws per (rows, cases) cell of the grid; small tasks more often fail validity (one label only). */
export const replicates = (rows: number) => (rows <= 2 ? 8 : 3);

const CaseResult = z.object({
  consistent_count: z.int().min(0),
  consistent_ids: z.array(z.string().regex(/^S\d{3,}$/)),
}).strict();
export const StateConsistencyAnswer = z.object({ case_results: z.record(z.string(), CaseResult) }).strict();
export type StateConsistencyAnswer = z.infer<typeof StateConsistencyAnswer>;

const NamedRestriction = z.object({ var: z.string(), cells: z.array(z.string()).min(1) }).strict();
export const StateConsistencyAudit = z.object({
  rows: z.array(z.object({ id: z.string(), state: z.record(z.string(), z.string()) }).strict()),
  cases: z.array(z.object({ id: z.string(), restrictions: z.array(NamedRestriction) }).strict()),
  pairs: z.array(z.object({
    row: z.string(),
    case: z.string(),
    active_confluences: z.int(),
    state_restrictions: z.int(),
    case_restrictions: z.int(),
    count: z.string().regex(/^\d+$/),
    consistent: z.boolean(),
    problem: z.string().regex(/^[0-9a-f]{64}$/),
  }).strict()),
}).strict();
export type StateConsistencyAudit = z.infer<typeof StateConsistencyAudit>;

export interface DisplayedCase {
  id: string;
  restrictions: CaseRestriction[];
}

/** A composite state's active confluences L and state restrictions R (Table 2). */
export function rowWeights(model: MechanismModel, s: CompositeState): { laws: number; restrictions: number } {
  return {
    laws: model.laws.filter((l) => activeIn(l, s)).length,
    restrictions: model.restrictions.filter((r) => r.state !== null && activeIn(r, s)).length,
  };
}

/**
 * The cases a task may display besides `base`: each catalog scenario with restrictions
 * (context and case restrictions together, one entry per variable), then every single
 * cell of every state variable (a variable some local state restricts). Duplicates
 * are dropped; the order is fixed.
 */
export function casePool(model: MechanismModel): CaseRestriction[][] {
  const out: CaseRestriction[][] = [];
  const seen = new Set<string>();
  const add = (rs: CaseRestriction[]) => {
    const key = rs.map((r) => `${r.var}:${r.cells.join(",")}`).join(";");
    if (rs.length && !seen.has(key)) {
      seen.add(key);
      out.push(rs);
    }
  };
  for (const sc of model.scenarios) {
    const byVar = new Map<number, number[]>();
    for (const r of [...sc.context, ...sc.restrict]) {
      const prev = byVar.get(r.var);
      byVar.set(r.var, prev ? prev.filter((c) => r.cells.includes(c)) : [...r.cells].sort((a, b) => a - b));
    }
    add([...byVar].sort((a, b) => a[0] - b[0]).map(([v, cells]) => ({ var: v, cells })));
  }
  const stateVars = [...new Set(model.restrictions.filter((r) => r.state !== null).map((r) => r.var))].sort((a, b) => a - b);
  for (const v of stateVars) model.variables[v].cells.forEach((_, c) => add([{ var: v, cells: [c] }]));
  return out;
}

/**
 * Frozen absolute bands on Σ_i Σ_k (L_i + R_i + A_k). One candidate–case pair of a
 * large catalog mechanism weighs about 130, of the smallest about 30.
 */
export const BANDS: Record<Level, [number, number]> = { D1: [1, 300], D2: [301, 900], D3: [901, 2400], D4: [2401, 7200] };

const rowId = (k: number) => `S${String(k + 1).padStart(3, "0")}`;

export const RULES = [
  "Each candidate row selects one local state for every multi-state component (the columns below) and the only state of every other component.",
  "A row is consistent in a case exactly when at least one complete assignment of one cell to every variable satisfies, all at once: the persistent restrictions, the restrictions of every selected state, the case's restrictions and every active law (the laws active in every state and the laws of the selected states).",
  "Several restrictions on one variable all apply: the variable must take a cell allowed by each of them. A variable in no law only needs a cell its restrictions allow.",
  "Only consistency within one composite state is asked; whether a row can be reached from another row is out of scope.",
];

function renderBody(z: SemanticObjects, rows: number[], cases: DisplayedCase[]): string {
  const m = z.model;
  const columns = rowColumns(m);
  const out = [
    "Audit complete composite-state consistency for this qualitative mechanism.",
    "",
    ...RULES,
    CONFLUENCE_RULE,
    "",
    ...modelLines(m),
    "",
    `Candidate rows (${rows.length}). Columns: ${columns.join(" | ")}.`,
    ...rows.map((s, k) => `${rowId(k)}: ${stateLabel(m, z.states[s])}`),
    "",
    `Cases (${cases.length}). Each case adds its restrictions to the persistent ones.`,
    ...cases.map((c) => `${c.id}: ${c.restrictions.length ? c.restrictions.map((r) => restrictionText(m, r)).join(" and ") : "no additional restrictions"}`),
    "",
    "For every case, return the consistent candidate ids, sorted by number, and their count. Answer with one JSON object of exactly this shape:",
    JSON.stringify({ answer: { case_results: Object.fromEntries(cases.map((c) => [c.id, { consistent_count: 0, consistent_ids: [] }])) } }),
  ];
  return out.join("\n");
}

function goldOf(z: SemanticObjects, rows: number[], cases: DisplayedCase[]): Gold {
  const m = z.model;
  const exhibits = new Map<string, Exhibit>();
  const audit: StateConsistencyAudit = {
    rows: rows.map((s, k) => ({ id: rowId(k), state: namedState(m, z.states[s]) })),
    cases: cases.map((c) => ({ id: c.id, restrictions: c.restrictions.map((r) => ({ var: namedVariable(m, r.var), cells: namedCells(m, r.var, r.cells) })) })),
    pairs: [],
  };
  const caseResults: StateConsistencyAnswer["case_results"] = {};
  for (const c of cases) {
    const ids: string[] = [];
    rows.forEach((s, k) => {
      const count = z.count(s, c.restrictions);
      const problem = z.problem(s, c.restrictions);
      const ref = sha256(JSON.stringify(problem));
      if (!exhibits.has(ref)) exhibits.set(ref, { ref, problem });
      const w = rowWeights(m, z.states[s]);
      audit.pairs.push({
        row: rowId(k),
        case: c.id,
        active_confluences: w.laws,
        state_restrictions: w.restrictions,
        case_restrictions: c.restrictions.length,
        count: String(count),
        consistent: count > 0n,
        problem: ref,
      });
      if (count > 0n) ids.push(rowId(k));
    });
    caseResults[c.id] = { consistent_count: ids.length, consistent_ids: ids };
  }
  return { answer: { case_results: caseResults }, audit, exhibits: [...exhibits.values()] };
}

/** The candidate for these rows (state indices, in display order) and cases (`base` included). */
export function stateConsistencyCandidate(z: SemanticObjects, rows: number[], cases: DisplayedCase[]): FamilyCandidate {
  let complexity = 0;
  for (const s of rows) {
    const w = rowWeights(z.model, z.states[s]);
    for (const c of cases) complexity += w.laws + w.restrictions + c.restrictions.length;
  }
  return { complexity, level: bandOf(BANDS, complexity), query: () => goldOf(z, rows, cases), render: () => renderBody(z, rows, cases) };
}

export const stateConsistency: TaskFamily = {
  id: "state_consistency",
  title: "state consistency",
  answer: StateConsistencyAnswer,
  ...bandLevels(BANDS),

  *candidates(z, seed, wanted) {
    const m = z.model;
    if (z.states.length < 2) return;
    const pool = casePool(m);
    const grid: { rows: number; cases: number; rep: number }[] = [];
    for (let cases = 1; cases <= MAX_CASES; cases++) {
      for (const rows of ROW_COUNTS) {
        if (rows > z.states.length || cases - 1 > pool.length) continue;
        for (let rep = 0; rep < replicates(rows); rep++) grid.push({ rows, cases, rep });
      }
    }
    // L_i + R_i over the whole state space bound a candidate's complexity before its
    // rows are drawn (drawing consistent rows costs solves).
    const rowWeight = z.states.map((s) => {
      const w = rowWeights(m, s);
      return w.laws + w.restrictions;
    });
    const lightest = Math.min(...rowWeight), heaviest = Math.max(...rowWeight);
    const reachable = (lo: number, hi: number) => LEVELS.some((l) => wanted(l) && lo <= BANDS[l][1] && hi >= BANDS[l][0]);
    const order = keyedRandom(`${seed}/state_consistency/${m.id}/order`).shuffle(grid);
    for (const g of order) {
      const rng = keyedRandom(`${seed}/state_consistency/${m.id}/${g.rows}x${g.cases}/${g.rep}`);
      const drawnCases = rng.shuffle(pool).slice(0, g.cases - 1);
      const caseWeight = drawnCases.reduce((n, c) => n + c.length, 0);
      if (!reachable(g.rows * (g.cases * lightest + caseWeight), g.rows * (g.cases * heaviest + caseWeight))) continue;
      // Half the rows (in expectation) are drawn from the consistent states, the rest
      // from the whole space, so both labels occur even where consistent states are rare.
      const taken = new Set<number>();
      const rows: number[] = [];
      while (rows.length < g.rows) {
        const wantConsistent = rng.next() < 0.5;
        let s = wantConsistent ? z.drawConsistent(rng, taken) : null;
        if (s === null) {
          const free = z.states.map((_, i) => i).filter((i) => !taken.has(i));
          s = rng.pick(free);
        }
        taken.add(s);
        rows.push(s);
      }
      const cases: DisplayedCase[] = [
        ...drawnCases.map((restrictions, k) => ({ id: `C${k + 1}`, restrictions })),
        { id: "base", restrictions: [] },
      ];
      yield stateConsistencyCandidate(z, rows, cases);
    }
  },

  valid(gold) {
    const audit = gold.audit as StateConsistencyAudit;
    const yes = audit.pairs.filter((p) => p.consistent).length;
    if (yes === 0) return "no row is consistent in any case";
    if (yes === audit.pairs.length) return "every row is consistent in every case";
    return null;
  },

  explain(_answer, auditData) {
    const audit = StateConsistencyAudit.parse(auditData);
    const out: string[] = [];
    for (const c of audit.cases) {
      const rs = c.restrictions.map((r) => `${r.var} in {${r.cells.join(", ")}}`).join(" and ") || "no additional restrictions";
      const pairs = audit.pairs.filter((p) => p.case === c.id);
      const yes = pairs.filter((p) => p.consistent).map((p) => p.row);
      out.push(`${c.id} (${rs}): ${yes.length} consistent${yes.length ? `: ${yes.join(", ")}` : ""}`);
      for (const p of pairs) {
        const row = audit.rows.find((r) => r.id === p.row)!;
        out.push(`  ${p.row} ${Object.values(row.state).join("|")}: ${p.count} interpretation${p.count === "1" ? "" : "s"} ` +
          `(${p.active_confluences} active laws, ${p.state_restrictions} state and ${p.case_restrictions} case restrictions; problem ${p.problem.slice(0, 12)}…)`);
      }
    }
    return out;
  },

  recheck(model, auditData) {
    const audit = StateConsistencyAudit.parse(auditData);
    const pairs = new Map(audit.pairs.map((p) => [`${p.row}/${p.case}`, p]));
    const results: StateConsistencyAnswer["case_results"] = {};
    for (const c of audit.cases) {
      const extra = c.restrictions.map((r) => {
        const v = variableByName(model, r.var);
        return { var: v, cells: r.cells.map((name) => cellByName(model, v, name)), source: "case" };
      });
      const ids = audit.rows.filter((row) => {
        const { problem } = compile(model, row.state, undefined, extra, { withoutScenario: true });
        const count = solve(problem).count;
        const pair = pairs.get(`${row.id}/${c.id}`);
        if (!pair) throw new Error(`no audit entry for ${row.id} in case ${c.id}`);
        if (pair.problem !== sha256(JSON.stringify(problem))) throw new Error(`${row.id} in case ${c.id}: the audited problem is not the catalog's compilation`);
        if (pair.count !== String(count)) throw new Error(`${row.id} in case ${c.id}: the audit counts ${pair.count} interpretations, the catalog ${count}`);
        return count > 0n;
      }).map((row) => row.id);
      results[c.id] = { consistent_count: ids.length, consistent_ids: ids };
    }
    return { case_results: results };
  },
};
