// A mechanism as a Modelica model over the MSL 4.1.0 classes its component types abstract,
// with the parameters, start values and stop time of its numeric block, so the paper's
// A.9 check can be run in a Modelica tool. Pure: returns the text.
import { z } from "zod";
import { jsonPath } from "../files/json_path.ts";
import type { Library } from "../model/library.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import { Mechanism } from "../model/mechanism.ts";
import { fallbackMapping, MSL_MAPPINGS, mslClassName } from "./msl_mapping.ts";

export const MSL_VERSION = "4.1.0";

/**
 * A mechanism that cannot be written as a Modelica model: no numeric block, a component
 * type without an MSL class, a numeric name MSL does not have, or an unconnected MSL input.
 *
 * @example
 * ```ts
 * import { ExportError, exportModelica, mechanismSource } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const { data } = mechanismSource("mechanics_damper", Deno.readTextFileSync);
 * const { numeric: _numeric, ...plain } = data as Record<string, unknown>;
 * assert.throws(() => exportModelica({ file: "plain.json", data: plain }), ExportError);
 * ```
 */
export class ExportError extends Error {
  /** The error's name, for messages and logs. */
  override name = "ExportError";
}

const finite = z.number().finite();
const NumericBlock = z.object({
  parameters: z.record(z.string(), finite),
  start: z.record(z.string(), finite),
  stopTime: finite.positive(),
}).passthrough();

export interface ModelicaExportOptions {
  /** The built-in catalog's hash, named in the header. */
  catalogHash?: string;
  /** Where the mechanism came from, for the header (default: its id in the catalog). */
  source?: string;
}

// Modelica's reserved words, and the library's top name (an instance called Modelica
// would hide the package every declaration names).
const RESERVED = new Set([
  "algorithm", "and", "annotation", "block", "break", "class", "connect", "connector", "constant", "constrainedby",
  "der", "discrete", "each", "else", "elseif", "elsewhen", "encapsulated", "end", "enumeration", "equation", "expandable",
  "extends", "external", "false", "final", "flow", "for", "function", "if", "import", "impure", "in", "initial", "inner",
  "input", "loop", "model", "not", "operator", "or", "outer", "output", "package", "parameter", "partial", "protected",
  "public", "pure", "record", "redeclare", "replaceable", "return", "stream", "then", "true", "type", "when", "while",
  "within", "Modelica",
]);

/** A number as Modelica text that reads back to the same double (String() round-trips). */
export function modelicaNumber(x: number): string {
  return String(x);
}

/** A Modelica string literal. */
function modelicaString(s: string): string {
  return `"${s.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replace(/\s+/g, " ")}"`;
}

/** `instance.name` split at its first dot. */
function splitRef(ref: string): [string, string] {
  const dot = ref.indexOf(".");
  return dot < 0 ? [ref, ""] : [ref.slice(0, dot), ref.slice(dot + 1)];
}

/**
 * The Modelica model of a mechanism file (validated against `library` first). Throws
 * MechanismError for an invalid mechanism and ExportError for one that has no Modelica
 * form: no numeric block, a component type without an MSL class, a numeric name MSL
 * does not have, or an unconnected MSL input. Instance names Modelica reserves are
 * renamed (modelicaNames).
 */
export function modelicaModel(data: unknown, file: string, library: Library, options: ModelicaExportOptions = {}): string {
  loadMechanism(data, file, library);
  const mech = Mechanism.parse(data);
  const fail = (msg: string): never => {
    throw new ExportError(`${file}: ${msg}`);
  };

  if (mech.numeric === undefined) {
    fail(`mechanism ${mech.id} has no numeric block (parameters, start values and stopTime), which the Modelica model needs`);
  }
  const parsed = NumericBlock.safeParse(mech.numeric);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    fail(`at ${jsonPath(["numeric", ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))])}: ${issue.message}`);
  }
  const numeric = parsed.data!;

  const noMsl = [...new Set(mech.components.filter((c) => !library.get(c.type)?.table.type.msl).map((c) => c.type))];
  if (noMsl.length) fail(`component type${noMsl.length > 1 ? "s" : ""} ${noMsl.join(", ")} ${noMsl.length > 1 ? "name" : "names"} no MSL class (its "msl" field), so ${mech.id} cannot be written in Modelica`);
  const renamed = modelicaNames(mech.components.map((c) => c.name));
  const ref = (port: string) => {
    const [inst, rest] = splitRef(port);
    return `${renamed.get(inst) ?? inst}.${rest}`;
  };

  const instances = new Map(mech.components.map((c) => {
    const msl = library.get(c.type)!.table.type.msl!;
    return [c.name, { type: c.type, msl, mapping: MSL_MAPPINGS[c.type] ?? fallbackMapping(msl) }] as const;
  }));

  // Modifiers per instance: structural ones, then parameters, then start values.
  const mods = new Map<string, string[]>(mech.components.map((c) => [c.name, [...(instances.get(c.name)!.mapping.modifiers ?? [])]]));
  const instanceOf = (key: string, where: string) => {
    const [inst, name] = splitRef(key);
    const i = instances.get(inst);
    if (!i || !name || name.includes(".")) fail(`numeric.${where} names "${key}", which is not INSTANCE.NAME of a component of ${mech.id}`);
    return { inst, name, ...i! };
  };

  const given = new Set<string>();
  for (const [key, value] of Object.entries(numeric.parameters)) {
    const { inst, name, mapping, msl } = instanceOf(key, "parameters");
    const how = mapping.open ? "same" : mapping.parameters?.[name];
    if (!how) fail(`numeric.parameters names "${key}", but ${mslClassName(msl)} has no parameter ${name} this exporter knows (${known(mapping.parameters)})`);
    mods.get(inst)!.push(how === "mu_pos_table" ? `mu_pos=[0, ${modelicaNumber(value)}]` : `${name}=${modelicaNumber(value)}`);
    given.add(key);
  }
  for (const [inst, { mapping, msl }] of instances) {
    for (const [name, start] of Object.entries(mapping.required ?? {})) {
      if (given.has(`${inst}.${name}`)) continue;
      if (start === null) fail(`numeric.parameters lacks "${inst}.${name}", which ${mslClassName(msl)} needs (MSL gives it no default)`);
      mods.get(inst)!.push(`${name}=${modelicaNumber(start!)} /* not in the numeric block: MSL's start value */`);
    }
  }
  for (const [key, value] of Object.entries(numeric.start)) {
    const { inst, name, mapping, msl } = instanceOf(key, "start");
    const role = mapping.open ? "state" : mapping.variables?.[name];
    if (!role) fail(`numeric.start names "${key}", but ${mslClassName(msl)} has no variable ${name} this exporter can start (${known(mapping.variables)})`);
    mods.get(inst)!.push(role === "state" ? `${name}(start=${modelicaNumber(value)}, fixed=true)` : `${name}(start=${modelicaNumber(value)}) /* MSL computes ${name}: a guess, not an initial equation */`);
  }

  // Connections: a group of N ports is N-1 connects chaining them.
  const connects: string[] = [];
  const connected = new Set<string>();
  for (const group of mech.connections) {
    group.forEach((p) => connected.add(p));
    for (let k = 1; k < group.length; k++) connects.push(`  connect(${ref(group[k - 1])}, ${ref(group[k])});`);
  }
  for (const [inst, { mapping, msl }] of instances) {
    for (const input of mapping.inputs ?? []) {
      if (!connected.has(`${inst}.${input}`)) fail(`${inst}.${input} is an input of ${mslClassName(msl)} and is not connected; Modelica needs every input connected`);
    }
  }

  const name = RESERVED.has(mech.id) ? `${mech.id}_` : mech.id;
  const lines = [
    `// Written by \`mech export modelica\` from the Mechbench mechanism ${mech.id}`,
    `// (${options.source ?? "built-in catalog"}${options.catalogHash ? `; catalog sha256 ${options.catalogHash}` : ""})`,
    `// for the Modelica Standard Library ${MSL_VERSION}. Parameters, start values and StopTime`,
    `// are the mechanism's numeric block; each connection group is a chain of connects.`,
    ...[...renamed].map(([from, to]) => `// The instance ${from} is named ${to} here: ${from} is reserved in Modelica.`),
    `model ${name}${mech.title ? ` ${modelicaString(mech.title)}` : ""}`,
    ...mech.components.map((c) => {
      const { msl } = instances.get(c.name)!;
      const m = mods.get(c.name)!;
      return `  ${mslClassName(msl)} ${renamed.get(c.name) ?? c.name}${m.length ? `(${m.join(", ")})` : ""};`;
    }),
    "equation",
    ...connects,
    `  annotation(uses(Modelica(version="${MSL_VERSION}")), experiment(StopTime=${modelicaNumber(numeric.stopTime)}));`,
    `end ${name};`,
  ];
  return lines.join("\n") + "\n";
}

/**
 * Instance names Modelica reserves, renamed by appending underscores until the name is
 * free: a map from catalog name to Modelica name (only the renamed ones).
 */
export function modelicaNames(names: readonly string[]): Map<string, string> {
  const taken = new Set(names);
  const out = new Map<string, string>();
  for (const n of names) {
    if (!RESERVED.has(n)) continue;
    let m = `${n}_`;
    while (taken.has(m)) m += "_";
    taken.add(m);
    out.set(n, m);
  }
  return out;
}

function known(names: Readonly<Record<string, unknown>> | undefined): string {
  const list = Object.keys(names ?? {});
  return list.length ? `it takes ${list.join(", ")}` : "it takes none";
}
