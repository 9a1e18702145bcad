// `mech physment verify`: every built-in scene's gold answer is what its reference
// procedure measures in the simulator, agrees with its closed form, needs the
// interventions its category requires, and cannot be read off the scene's static
// attributes; and the scenes fill Table 1's categories with the paper's counts.
import type { Scene } from "./scene/load.ts";
import { World } from "./sim/world.ts";
import { makeToolBox } from "./tools/toolbox.ts";
import type { ToolResult } from "./protocol.ts";
import { type Answer, type ReferenceProcedure, runProcedure } from "./reference.ts";
import { CATEGORIES, categoryOfScene, withinTolerance } from "./score/mod.ts";

/** Tools that change the simulation: the "intervention steps" of appendix C. */
export const INTERVENTIONS = new Set([
  "step", "apply_force", "apply_torque", "set_velocity", "move_object", "change_position",
  "create_objects", "delete_objects", "attach_objects",
]);

/** The verification of one built-in scene (`mech physment verify`'s row). */
export interface SceneVerdict {
  /** The scene's number. */
  scene: number;
  /** Its Table 1 category, or null outside Table 1's ids 7–111. */
  category: string | null;
  /** The gold answer of its metadata file. */
  gold: unknown;
  /** What its reference procedure measured, or null when it could not run. */
  measured: Answer | null;
  /** The intervention calls of the procedure (step, apply_force, move_object, create_objects, …). */
  interventions: number;
  /** The procedure's iterations (batches of calls), the answer's included. */
  iterations: number;
  /** What is wrong, in words; empty when the scene verified. */
  problems: string[];
}

/**
 * The gold matches when it equals the measurement: procedures round their result
 * themselves, so any difference (beyond floating-point noise) means the simulation no
 * longer produces the gold. Codes and texts compare case-insensitively.
 */
export function goldMatches(gold: unknown, measured: Answer): boolean {
  const g = Array.isArray(gold) ? gold : [gold];
  const m = Array.isArray(measured) ? measured : [measured];
  if (g.length !== m.length) return false;
  return g.every((x, i) => {
    const y = m[i];
    if (typeof x === "number" && typeof y === "number") return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x));
    return String(x).trim().toLowerCase() === String(y).trim().toLowerCase();
  });
}

/** Numbers anywhere in a value (tool results). */
function numbersIn(v: unknown, out: number[] = []): number[] {
  if (typeof v === "number" && Number.isFinite(v)) out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => numbersIn(x, out));
  else if (v && typeof v === "object") Object.values(v).forEach((x) => numbersIn(x, out));
  return out;
}

/** What a verification problem is about (the reasons a scene variant is rejected). */
export type ProblemKind = "category" | "procedure" | "gold" | "closed-form" | "interventions" | "static";

export async function verifyScene(n: number, scene: Scene, ref: ReferenceProcedure | undefined): Promise<SceneVerdict> {
  return (await checkScene(n, scene, ref)).verdict;
}

/** verifyScene with each problem's kind beside it (in the same order). */
export async function checkScene(n: number, scene: Scene, ref: ReferenceProcedure | undefined): Promise<{ verdict: SceneVerdict; kinds: ProblemKind[] }> {
  const category = categoryOfScene(n);
  const verdict: SceneVerdict = { scene: n, category, gold: scene.answer, measured: null, interventions: 0, iterations: 0, problems: [] };
  const kinds: ProblemKind[] = [];
  const problem = (kind: ProblemKind, text: string) => {
    verdict.problems.push(text);
    kinds.push(kind);
  };
  if (!category) problem("category", `scene ${n} is outside Table 1's ids 7–111`);
  if (!ref) {
    problem("procedure", "no reference procedure");
    return { verdict, kinds };
  }
  const world = await World.create(scene);
  let calls: ToolResult[] = [];
  try {
    const run = runProcedure(ref, makeToolBox(world));
    calls = run.calls;
    verdict.measured = run.answer;
    verdict.iterations = run.iterations;
  } catch (e) {
    problem("procedure", `the reference procedure fails: ${e instanceof Error ? e.message : String(e)}`);
    return { verdict, kinds };
  } finally {
    world.dispose();
  }
  if (!goldMatches(scene.answer, verdict.measured!)) {
    problem("gold", `gold ${JSON.stringify(scene.answer)} differs from the measurement ${JSON.stringify(verdict.measured)}`);
  }
  if (ref.closedForm) {
    const want = Array.isArray(ref.closedForm.value) ? ref.closedForm.value : [ref.closedForm.value];
    const got = (Array.isArray(verdict.measured) ? verdict.measured : [verdict.measured]).map(Number);
    const off = want.map((w, i) => Math.abs(w - got[i]) > ref.closedForm!.tolerance * Math.max(1, Math.abs(w)));
    if (want.length !== got.length || off.some(Boolean)) {
      problem("closed-form", `the measurement ${JSON.stringify(verdict.measured)} disagrees with ${ref.closedForm.formula} = ${JSON.stringify(ref.closedForm.value)} beyond ${ref.closedForm.tolerance * 100} %`);
    }
  }
  const used = calls.map((c) => c.tool);
  verdict.interventions = used.filter((t) => INTERVENTIONS.has(t)).length;
  const meta = CATEGORIES.find((c) => c.id === category);
  if (meta) {
    const name = meta.name.toLowerCase();
    if (name.startsWith("easy") && verdict.interventions > 3) problem("interventions", `an Easy scene, but its reference uses ${verdict.interventions} intervention steps (at most 3)`);
    if (name.startsWith("hard") && verdict.interventions <= 3) problem("interventions", `a Hard scene, but its reference uses only ${verdict.interventions} intervention steps (more than 3 needed)`);
    if (name.startsWith("hard") && verdict.iterations < 3) problem("interventions", "a Hard scene needs an adaptive loop: later calls depending on earlier observations over at least 3 iterations");
    if (name.includes("object creation") && !used.includes("create_objects")) problem("category", "an Object Creation scene whose reference never calls create_objects");
    if (name.includes("hidden") && !used.includes("find_objects")) problem("category", "a Hidden Objects scene whose reference never calls find_objects");
    if (name.includes("hidden") && !scene.objects.some((o) => o.hidden) && scene.unlisted.length === 0) problem("category", "a Hidden Objects scene without a hidden object");
    if (name.includes("create / delete / attach") && !used.some((t) => t === "create_objects" || t === "delete_objects" || t === "attach_objects")) {
      problem("category", "a Create/Delete/Attach scene whose reference neither creates, deletes nor attaches");
    }
  }
  // the answer must not be readable off the static attributes at t = 0
  const quantities = (Array.isArray(scene.answer) ? scene.answer : [scene.answer]).filter((x): x is number => typeof x === "number" && !Number.isInteger(x));
  if (quantities.length) {
    const probe = await World.create(scene);
    try {
      const box = makeToolBox(probe);
      const statics: number[] = [];
      for (const o of scene.objects.filter((x) => !x.hidden)) {
        for (const tool of ["get_parameters", "get_position"]) numbersIn(box.call({ tool, parameters: { object_id: o.key } }).result, statics);
      }
      for (const q of quantities) {
        const hit = statics.find((s) => withinTolerance(s, q));
        if (hit !== undefined) problem("static", `the answer ${q} can be read off a static attribute (${hit}) without any intervention`);
      }
    } finally {
      probe.dispose();
    }
  }
  return { verdict, kinds };
}

/** Scenes per Table 1 category against the paper's counts. */
export function categoryCounts(numbers: readonly number[]): { category: string; want: number; have: number }[] {
  return CATEGORIES.map((c) => ({ category: c.name, want: c.last - c.first + 1, have: numbers.filter((n) => n >= c.first && n <= c.last).length }));
}
