// problems.jsonl's layout. The problems the audits refer to are mostly the same mechanism's
// variables and confluences under other states and domains (a state-consistency row under
// each of its cases, a recovery fault's universe), so a line holds one problem in full and,
// as cases beside it, the problems that differ from it only in `state` and domains. A case
// is formed back by replacing those fields in a copy of the line's problem (key order kept),
// so its ref is still the SHA-256 of its own JSON text and every audit stays checkable.
import type { ProblemCase, ProblemLine, ProblemRecord } from "./records.ts";
import { type JsonPath, jsonPath } from "../files/json_path.ts";

interface Variable {
  domain: number[];
  [key: string]: unknown;
}

interface Shape {
  state: Record<string, string>;
  variables: Variable[];
  [key: string]: unknown;
}

/** A problem's JSON with its state and domains left out: problems with equal skeletons share a line. */
function skeleton(p: Shape): string {
  return JSON.stringify({ ...p, state: null, variables: p.variables.map((v) => ({ ...v, domain: null })) });
}

const sameCells = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const sameState = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The lines of problems.jsonl for `records` (each ref once): a record whose skeleton is new
 * starts a line, any later one with that skeleton becomes a case of that line. Lines come
 * in the order their first problems do, cases in the records' order.
 */
export function packProblems(records: readonly ProblemRecord[]): ProblemLine[] {
  const lines: ProblemLine[] = [];
  const bySkeleton = new Map<string, ProblemLine>();
  for (const r of records) {
    const p = r.problem as unknown as Shape;
    const key = skeleton(p);
    const line = bySkeleton.get(key);
    if (!line) {
      const fresh: ProblemLine = { ref: r.ref, problem: r.problem };
      bySkeleton.set(key, fresh);
      lines.push(fresh);
      continue;
    }
    const base = line.problem as unknown as Shape;
    const c: ProblemCase = { ref: r.ref, domains: [] };
    if (!sameState(p.state, base.state)) c.state = p.state;
    p.variables.forEach((v, i) => {
      if (!sameCells(v.domain, base.variables[i].domain)) c.domains.push({ var: i, cells: v.domain });
    });
    (line.cases ??= []).push(c);
  }
  return lines;
}

/** A case of problems.jsonl that cannot be formed from its line's problem. */
export class ProblemCaseError extends Error {
  /** The error's name, for messages and logs. */
  override name = "ProblemCaseError";
}

/**
 * Every problem of problems.jsonl's lines: each line's problem, then its cases formed from
 * it (a copy with the case's state, when given, and its variables' domains replaced).
 * `where(line, place)` names a place for errors (the line's index, the JSON path in it).
 *
 * @throws {ProblemCaseError} When a case names a variable the line's problem does not have, or the line's problem has no variables or state to replace.
 */
export function formProblems(lines: readonly ProblemLine[], where: (line: number, place: string) => string): ProblemRecord[] {
  const out: ProblemRecord[] = [];
  const at = (n: number, path: JsonPath) => where(n, jsonPath(path));
  lines.forEach((line, n) => {
    out.push({ ref: line.ref, problem: line.problem });
    if (!line.cases) return;
    const base = line.problem as unknown as Partial<Shape>;
    if (!Array.isArray(base.variables) || typeof base.state !== "object" || base.state === null) {
      throw new ProblemCaseError(`${at(n, ["problem"])}: a line with cases needs a problem with a state and variables`);
    }
    const variables = base.variables;
    line.cases.forEach((c, k) => {
      const formed = variables.slice();
      c.domains.forEach((d, j) => {
        const v = formed[d.var];
        if (v === undefined || typeof v !== "object") throw new ProblemCaseError(`${at(n, ["cases", k, "domains", j, "var"])}: variable ${d.var}, but the line's problem has ${variables.length}`);
        formed[d.var] = { ...v, domain: d.cells };
      });
      // the spread keeps the base's key order, so the formed JSON is the original text
      out.push({ ref: c.ref, problem: { ...line.problem, ...(c.state ? { state: c.state } : {}), variables: formed } });
    });
  });
  return out;
}
