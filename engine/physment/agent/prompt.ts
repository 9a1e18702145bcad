// The initial prompt of an episode (PhysMent appendix G): scene and task, the visible objects
// and their permitted attributes, the tool documentation (from the ToolBox's specs),
// conventions, how calls and results travel, the iteration budget I_max, worked examples for
// the one-shot and few-shot chain-of-thought strategies (appendix E), answer format and
// submission rules, and for the text protocol the JSON formatting rules.
//
// The scene comes in as plain data (SceneInfo), so this module does not depend on the scene
// loader; hidden objects are dropped here, never shown.
import { z } from "zod";
import type { ToolSpec } from "../protocol.ts";
import { type WorkedExample, WORKED_EXAMPLES } from "./examples.ts";
import type { ProtocolName } from "./protocols.ts";

export const SceneObject = z.object({
  id: z.int().min(1),
  name: z.string(),
  /** Hidden objects are not listed in the prompt (find_objects reveals them). */
  hidden: z.boolean().default(false),
}).strict();

export const SceneInfo = z.object({
  id: z.string().min(1),
  name: z.string(),
  task: z.string().min(1),
  /** comparison, calculation, computation, observation, … (free text in the published scenes). */
  problemType: z.string().min(1),
  objects: z.array(SceneObject),
  /** Per object id (decimal, e.g. "1"): attribute name → permitted. */
  permissions: z.record(z.string(), z.record(z.string(), z.boolean())).default({}),
  /**
   * Per object id: permitted attribute → its value at the start (t = 0), shown beside the
   * attribute's name; an attribute without a value here is listed by name only.
   */
  values: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
  /** The scene's gravity vector (m/s², world frame) as the simulation has it; absent: not stated. */
  gravity: z.tuple([z.number(), z.number(), z.number()]).optional(),
  /** The simulator's timestep (s); absent: not stated. */
  timestep: z.number().positive().optional(),
}).strict().superRefine((s, ctx) => {
  const ids = new Set<number>();
  for (const o of s.objects) {
    if (ids.has(o.id)) ctx.addIssue({ code: "custom", message: `duplicate object id ${o.id}`, path: ["objects"] });
    ids.add(o.id);
  }
  for (const field of ["permissions", "values"] as const) {
    for (const key of Object.keys(s[field])) {
      if (!ids.has(Number(key)) || String(Number(key)) !== key) {
        ctx.addIssue({ code: "custom", message: `${field} for unknown object id "${key}"`, path: [field, key] });
      }
    }
  }
});
export type SceneInfo = z.output<typeof SceneInfo>;
export type SceneInfoInput = z.input<typeof SceneInfo>;

/** The prompting strategies: no worked example, one, or several with chain-of-thought. */
export const Strategy: z.ZodEnum<{ "zero-shot": "zero-shot"; "one-shot": "one-shot"; "few-shot-cot": "few-shot-cot" }> = z.enum(["zero-shot", "one-shot", "few-shot-cot"]);
/** A prompting strategy. */
export type Strategy = z.infer<typeof Strategy>;

export interface PromptInput {
  scene: SceneInfoInput;
  specs: readonly ToolSpec[];
  /** I_max: the number of model responses allowed. */
  budget: number;
  strategy: Strategy;
  protocol: ProtocolName;
}

export interface InitialPrompt {
  system: string;
  user: string;
}

const SYSTEM = "You are a physicist running experiments in a MuJoCo rigid-body simulation. You cannot see the " +
  "scene: you act on it and observe it only through the tools described below. Design your measurements, " +
  "interpret the returned values, and submit your answer with the answer tool.";

export function buildPrompt(input: PromptInput): InitialPrompt {
  const scene = SceneInfo.parse(input.scene);
  const budget = z.int().positive().parse(input.budget);
  const strategy = Strategy.parse(input.strategy);
  const protocol = input.protocol;
  const examples = strategy === "zero-shot" ? [] : strategy === "one-shot" ? WORKED_EXAMPLES.slice(0, 1) : WORKED_EXAMPLES;

  const sections: string[] = [
    sceneSection(scene),
    objectsSection(scene),
    conventionsSection(scene),
    toolsSection(input.specs),
    callsSection(protocol),
    budgetSection(budget),
  ];
  if (examples.length > 0) sections.push(examplesSection(examples, protocol, strategy));
  sections.push(answerFormatSection(scene.problemType));
  sections.push(submissionSection(budget));
  if (protocol === "text") sections.push(jsonRulesSection());
  return { system: SYSTEM, user: sections.join("\n\n") };
}

function sceneSection(s: SceneInfo): string {
  return [
    `## Scene description and task`,
    `Scene: ${s.name} (scene ${s.id})`,
    `Problem type: ${s.problemType}`,
    `Task: ${s.task}`,
  ].join("\n");
}

function objectsSection(s: SceneInfo): string {
  const lines = [`## Available objects and parameters`];
  const visible = s.objects.filter((o) => !o.hidden);
  if (visible.length === 0) lines.push("No objects are listed.");
  let valued = false;
  for (const o of visible) {
    const perms = s.permissions[String(o.id)] ?? {};
    const values = s.values[String(o.id)] ?? {};
    const allowed = Object.entries(perms).filter(([k, ok]) => ok && k !== "hidden").map(([k]) => k);
    const shown = allowed.map((k) => {
      if (!(k in values)) return k;
      valued = true;
      return `${k}: ${showValue(values[k])}`;
    });
    lines.push(`- object_${o.id}: ${o.name}; permitted attributes: ${shown.length > 0 ? shown.join("; ") : "none"}`);
  }
  lines.push(
    "Address objects by id as \"object_N\" (the number N alone is accepted too). " +
      (valued ? "Attribute values are those at the start (t = 0), in the world frame. " : "") +
      "get_parameters returns only an object's permitted attributes" + (valued ? ", as they are now" : "") +
      "; other attributes must be inferred from experiments.",
  );
  return lines.join("\n");
}

/**
 * Frame, units, gravity and timestep. Gravity and the timestep are the scene's own values
 * (SceneInfo); a constant the scene data does not give is not stated at all.
 */
function conventionsSection(s: SceneInfo): string {
  const step = s.timestep !== undefined
    ? `- The simulator advances in fixed steps of ${num(s.timestep)} s; step(duration) advances simulated time by duration seconds (rounded to whole steps).`
    : `- step(duration) advances simulated time by duration seconds.`;
  return [
    `## Coordinate frame and units`,
    `- World frame: x and y horizontal, z vertical pointing up.${s.gravity ? ` ${gravityText(s.gravity)}` : ""}`,
    `- SI units throughout: m, kg, s, m/s, m/s², N, N·m, J, rad, kg/m³. Vectors are [x, y, z]; quaternions are [w, x, y, z].`,
    step,
    `- Every result reports sim_time, the simulated time in seconds after that call.`,
  ].join("\n");
}

function gravityText([x, y, z]: readonly [number, number, number]): string {
  if (x === 0 && y === 0 && z === 0) return "There is no gravity in this scene.";
  if (x === 0 && y === 0 && z < 0) return `Gravity acts along -z with g = ${num(-z)} m/s².`;
  return `The gravity is [${[x, y, z].map(num).join(", ")}] m/s² (world frame).`;
}

/** An attribute value as the prompt shows it: strings bare, numbers as num(), lists in brackets, null as "none". */
function showValue(v: unknown): string {
  if (v === null || v === undefined) return "none";
  if (typeof v === "number") return num(v);
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return `[${v.map(showValue).join(", ")}]`;
  if (typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${k}: ${showValue(x)}`).join(", ")}}`;
  return String(v);
}

/** A number as a model reads it: at most 10 significant digits (no binary noise), no -0. */
function num(v: number): string {
  const r = Number(v.toPrecision(10));
  return String(r === 0 ? 0 : r);
}

function toolsSection(specs: readonly ToolSpec[]): string {
  return [`## Tools`, ...specs.map(renderToolDoc)].join("\n");
}

/** One tool's documentation: signature from the JSON Schema, description, one line per parameter. */
export function renderToolDoc(spec: ToolSpec): string {
  const props = (spec.parameters.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(spec.parameters.required) ? spec.parameters.required as string[] : []);
  const args = Object.entries(props).map(([name, p]) => {
    const def = p.default !== undefined ? ` = ${JSON.stringify(p.default)}` : "";
    const opt = !required.has(name) && def === "" ? "?" : "";
    return `${name}${opt}: ${typeName(p)}${def}`;
  });
  const lines = [`- ${spec.name}(${args.join(", ")}): ${spec.description}`];
  for (const [name, p] of Object.entries(props)) {
    if (typeof p.description === "string" && p.description.length > 0) lines.push(`    ${name}: ${p.description}`);
  }
  return lines.join("\n");
}

function typeName(p: Record<string, unknown>): string {
  const alts = (p.anyOf ?? p.oneOf) as Record<string, unknown>[] | undefined;
  if (Array.isArray(alts)) return alts.map(typeName).join(" | ");
  if (Array.isArray(p.enum)) return p.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (p.const !== undefined) return JSON.stringify(p.const);
  const t = p.type;
  if (Array.isArray(t)) return t.join(" | ");
  if (t === "array") {
    const items = p.items as Record<string, unknown> | undefined;
    const n = typeof p.minItems === "number" && p.minItems === p.maxItems ? p.minItems : undefined;
    const inner = items ? typeName(items) : "any";
    if (n !== undefined) return `[${Array(n).fill(inner).join(", ")}]`;
    // A union's element type needs parentheses: (string | number)[], not string | number[].
    return inner.includes(" | ") ? `(${inner})[]` : `${inner}[]`;
  }
  if (t === "integer") return "integer";
  return typeof t === "string" ? t : "any";
}

function callsSection(protocol: ProtocolName): string {
  const shape = "{tool, parameters, result, sim_time}";
  const common = `A failed call (unknown tool, bad arguments, unknown object, invalid state) returns result ` +
    `{"error": message} and changes nothing.`;
  if (protocol === "function") {
    return [
      `## Tool calls and results`,
      `Call the tools as functions. One response may contain several calls; they are executed in the order given. ` +
      `Each call's result comes back as ${shape}. ${common}`,
    ].join("\n");
  }
  return [
    `## Tool calls and results`,
    `In each response, give your reasoning, then one JSON array of tool calls:`,
    `[{"tool": "TOOL_NAME", "parameters": {...}}, ...]`,
    `The calls are executed in order. The environment answers with "Results: [...]", one entry ${shape} per call. ` +
    common,
  ].join("\n");
}

function budgetSection(budget: number): string {
  return [
    `## Iteration budget`,
    `You have at most ${budget} iterations (I_max = ${budget}). An iteration is one response of yours, however many ` +
    `tool calls it contains. The episode ends when you call answer, or after your ${budget}th response; if you have ` +
    `not called answer by then, the scene is scored as failed. Plan your experiment to fit the budget.`,
  ].join("\n");
}

/**
 * The reminder the loop adds after each turn's results while the episode goes on (as the
 * published harness does after every iteration): `left` responses remain of `budget`.
 */
export function iterationsLeftReminder(left: number, budget: number): string {
  if (left === 1) {
    return `Only 1 of your ${budget} iterations remains: your next response is the last, so submit your answer with the answer tool in it.`;
  }
  return `${left} of your ${budget} iterations remain; submit your answer with the answer tool before they run out.`;
}

function examplesSection(examples: readonly WorkedExample[], protocol: ProtocolName, strategy: Strategy): string {
  const lines = [
    `## Example assistant-environment interaction${examples.length > 1 ? "s" : ""}`,
    examples.length > 1
      ? "The examples come from other scenes: their objects and numbers do not apply to your scene."
      : "The example comes from another scene: its objects and numbers do not apply to your scene.",
  ];
  if (protocol === "function") {
    lines.push("Each response's calls are written here as a JSON array; you make them as function calls.");
  }
  if (strategy === "few-shot-cot") {
    lines.push(
      "Think step by step as in the examples: before each set of tool calls, state what you know, what you will " +
        "measure and why; after the results, check the values against each other and against physics before answering.",
    );
  }
  examples.forEach((ex, n) => {
    lines.push("", `### Example ${n + 1}: ${ex.title}`, `Objects:`, ...ex.objects.map((o) => `- ${o}`), `Task: ${ex.task}`);
    for (const turn of ex.turns) {
      lines.push("", `Assistant: ${turn.reasoning}`, JSON.stringify(turn.calls));
      lines.push(turn.results ? `Environment: Results: ${JSON.stringify(turn.results)}` : `(The episode ends.)`);
    }
  });
  return lines.join("\n");
}

function answerFormatSection(problemType: string): string {
  return [
    `## Answer format requirements`,
    `- Numerical answers are plain numbers without units, e.g. 4.905 (not "4.905 m/s").`,
    `- Comparison answers are the object id number, e.g. 2 for object_2 (0 if all objects qualify equally).`,
    `- Several values are comma-separated in the order the task asks for, e.g. "1, 0.6, 0, 1".`,
    `- Observation answers are a short description of what happens.`,
    `This scene's problem type is "${problemType}".`,
  ].join("\n");
}

function submissionSection(budget: number): string {
  return [
    `## Final submission guidelines`,
    `- Submit exactly once with the answer tool, as the last call of your response: calls after it are not executed.`,
    `- Answer the quantity the task asks for, not an intermediate value; keep at least three significant figures ` +
    `unless the task asks for rounding.`,
    `- Base the answer on your measurements and the task's data; you have ${budget} iterations in total.`,
  ].join("\n");
}

function jsonRulesSection(): string {
  return [
    `## JSON tool-call formatting rules`,
    `- The array must be valid JSON: double-quoted keys and strings, no comments, no trailing commas.`,
    `- Every call is an object with exactly "tool" and "parameters"; use {} for a tool without parameters.`,
    `- Object ids are strings "object_N"; vectors are arrays of three numbers.`,
    `- Put one array in each response. If a response contains several, only the last one is executed.`,
  ].join("\n");
}
