// Compiled problems read back from JSON Lines text (the shape `mech compile --json` prints),
// each line checked against the problem format.
import { parseJsonText } from "../model/json_text.ts";
import { MechanismError } from "../model/issues.ts";
import { Problem } from "./problem.ts";

/**
 * The problems of a JSON Lines text, one per nonblank line, each checked against the
 * problem format (catalog/schema/problem.json). A byte-order mark is ignored.
 *
 * @param text The text: one JSON object per line.
 * @param file The name used in error messages.
 * @returns The problems in line order (empty when the text has no nonblank line).
 * @throws {MechanismError} Naming the file and line (and the column for invalid JSON), the JSON path and what was expected.
 *
 * @example Read back what compileState produced
 * ```ts
 * import { compileState, mechanism, parseProblems, solveProblem } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const model = mechanism("thermal_two_masses");
 * const problem = compileState(model, { mass1: "COOLING", mass2: "HEATING", conduction: "FORWARD_HEAT_FLOW" });
 * const [back] = parseProblems(JSON.stringify(problem) + "\n", "problems.jsonl");
 * assert.equal(solveProblem(back).count, solveProblem(problem).count);
 *
 * assert.throws(() => parseProblems("{oops}", "problems.jsonl"), /problems\.jsonl:1:2/);
 * ```
 */
export function parseProblems(text: string, file: string): Problem[] {
  const out: Problem[] = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    const data = parseJsonText(line, file, i + 1);
    const r = Problem.safeParse(data);
    if (!r.success) {
      throw new MechanismError(r.error.issues.map((x) => ({ file: `${file}:${i + 1}`, path: x.path as (string | number)[], message: x.message })));
    }
    out.push(r.data);
  });
  return out;
}
