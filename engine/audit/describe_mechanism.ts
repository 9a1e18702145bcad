// A readable description of a resolved mechanism: components with their types, laws in
// algebraic notation, states with their restrictions, transitions with guards and event
// coordinates, connections (nodes) and scenarios. Used by `mech catalog show` and by the
// messages of the catalog checks.
import type { Library } from "../model/library.ts";
import type { MechanismModel, ModelGuard, ModelInstance, ModelLaw, ModelTerm, ModelTransition, ModelVariable } from "../model/model.ts";
import { countCompositeStates } from "../compile/compile.ts";

const SIGN_RELATION: Record<string, string> = {
  "negative": "< 0",
  "zero": "= 0",
  "positive": "> 0",
  "negative,zero": "≤ 0",
  "positive,zero": "≥ 0",
  "negative,positive": "≠ 0",
  "negative,positive,zero": "any sign",
};

const isSignSpace = (v: ModelVariable) => v.cells.length === 3 && v.cells.join(",") === "negative,zero,positive";

/** Allowed cells of a variable: `> 0`, `≤ 0` for the sign space, `∈ {…}` otherwise. */
export function formatCells(v: ModelVariable, cells: readonly number[]): string {
  const names = cells.map((c) => v.cells[c] ?? `<cell ${c}>`);
  if (isSignSpace(v)) {
    const rel = SIGN_RELATION[[...new Set(names)].sort().join(",")];
    if (rel) return rel;
  }
  return `∈ {${names.join(", ")}}`;
}

/** The display name of a variable: local inside its own instance, qualified otherwise. */
export function variableName(model: MechanismModel, index: number, instance: string | null = null): string {
  const v = model.variables[index];
  if (!v) return `<variable ${index}>`;
  return instance !== null && v.instance === instance ? v.local : v.name;
}

/** Restrictions or guards as `v > 0, a ∈ {…}`; `(none)` when empty. */
export function formatConditions(model: MechanismModel, items: readonly ModelGuard[], instance: string | null = null): string {
  if (!items.length) return "(none)";
  return items.map((g) => {
    const v = model.variables[g.var];
    return v ? `${variableName(model, g.var, instance)} ${formatCells(v, g.cells)}` : `<variable ${g.var}>`;
  }).join(", ");
}

const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
const power = (e: number) => (e === 1 ? "" : [...String(e)].map((d) => SUPERSCRIPT[Number(d)]).join(""));

/** A confluence in algebraic notation: `m·a − flange_a.f − flange_b.f = 0`. */
export function formatTerms(model: MechanismModel, terms: readonly ModelTerm[], instance: string | null = null): string {
  if (!terms.length) return "0 = 0";
  const body = terms.map((t, i) => {
    const product = t.factors.length ? t.factors.map((f) => variableName(model, f.var, instance) + power(f.exp)).join("·") : "1";
    if (i === 0) return t.coef < 0 ? `−${product}` : product;
    return `${t.coef < 0 ? "−" : "+"} ${product}`;
  });
  return `${body.join(" ")} = 0`;
}

/** `id: terms = 0`, component laws with local names, connection laws with qualified ones. */
export function formatLaw(model: MechanismModel, law: ModelLaw): string {
  return `${law.id}: ${formatTerms(model, law.terms, law.origin === "component" ? law.instance : null)}`;
}

/** `REST → MOVING_POSITIVE on v; H− v = 0, a > 0; H+ v > 0`. */
export function formatTransition(model: MechanismModel, t: ModelTransition): string {
  const on = t.event === null ? "" : ` on ${variableName(model, t.event, t.instance)}`;
  return `${t.from} → ${t.to}${on}; H− ${formatConditions(model, t.source, t.instance)}; H+ ${formatConditions(model, t.target, t.instance)}`;
}

/** A mechanism in brief (a row of `mech catalog list`). */
export interface MechanismListing {
  /** The mechanism's id. */
  id: string;
  /** Where it comes from ("" when unknown). */
  provenance: string;
  /** Its components. */
  components: number;
  /** Its composite states. */
  compositeStates: number;
  /** Its scenarios' ids. */
  scenarios: string[];
}

export function mechanismListing(model: MechanismModel): MechanismListing {
  return {
    id: model.id,
    provenance: model.provenance ?? "",
    components: model.instances.length,
    compositeStates: countCompositeStates(model),
    scenarios: model.scenarios.map((s) => s.id),
  };
}

/** The ports of an instance (from its type in the library), or [] when unknown. */
export function instancePorts(library: Library | undefined, inst: ModelInstance): { name: string; domain: string }[] {
  return library?.get(inst.type)?.table.type.ports.map((p) => ({ name: p.name, domain: p.domain })) ?? [];
}

/** The lines of `mech catalog show`. */
export function describeMechanism(model: MechanismModel, library?: Library): string[] {
  const out: string[] = [];
  const listing = mechanismListing(model);
  out.push(model.title ? `${model.id} — ${model.title}` : model.id);
  if (model.provenance) out.push(`  provenance: ${model.provenance}`);
  out.push(`  file: ${model.file}`);
  out.push(
    `  ${listing.components} components, ${model.variables.length} variables, ${model.laws.length} laws, ` +
      `${listing.compositeStates} composite states, ${listing.scenarios.length} scenarios`,
  );

  const nodeOf = new Map<string, number>();
  model.nodes.forEach((n, i) => n.ports.forEach((p) => nodeOf.set(p, i + 1)));
  const free = new Set(model.free);

  out.push("", "Components");
  for (const inst of model.instances) {
    const entry = library?.get(inst.type);
    const msl = entry?.table.type.msl;
    out.push(`  ${inst.name}: ${inst.type}${msl ? ` (${msl})` : ""}`);
    const params = model.restrictions.filter((r) => r.instance === inst.name && r.source.startsWith("parameter "));
    if (params.length) out.push(`    parameters: ${formatConditions(model, params, inst.name)}`);
    const ports = instancePorts(library, inst);
    if (ports.length) {
      out.push(`    ports: ${ports.map((p) => {
        const q = `${inst.name}.${p.name}`;
        const where = nodeOf.has(q) ? `node ${nodeOf.get(q)}` : free.has(q) ? "free" : "unconnected";
        return `${p.name} (${p.domain}, ${where})`;
      }).join(", ")}`);
    }
    const spaces = inst.variables.filter((i) => !isSignSpace(model.variables[i]));
    for (const i of spaces) out.push(`    space of ${model.variables[i].local}: ${model.variables[i].cells.join(" < ")}`);
    const always = model.restrictions.filter((r) => r.instance === inst.name && r.state === null && r.source.startsWith("type "));
    if (always.length) out.push(`    always: ${formatConditions(model, always, inst.name)}`);
    const laws = model.laws.filter((l) => l.origin === "component" && l.instance === inst.name && l.state === null);
    if (laws.length) {
      out.push("    laws:");
      for (const l of laws) out.push(`      ${formatLaw(model, l)}`);
    }
    if (inst.states.length > 1) {
      out.push("    states:");
      const described = entry?.table.type.states ?? [];
      for (const s of inst.states) {
        const rs = model.restrictions.filter((r) => r.instance === inst.name && r.state === s);
        const why = described.find((d) => d.name === s)?.description;
        out.push(`      ${s}: ${formatConditions(model, rs, inst.name)}${why ? ` — ${why}` : ""}`);
        for (const l of model.laws.filter((x) => x.instance === inst.name && x.state === s)) out.push(`        law ${formatLaw(model, l)}`);
      }
    } else {
      out.push(`    state: ${inst.states[0]}`);
    }
    const ts = model.transitions.filter((t) => t.instance === inst.name);
    if (ts.length) {
      out.push("    transitions:");
      for (const t of ts) out.push(`      ${formatTransition(model, t)}`);
    }
  }

  out.push("", `Connections (${model.nodes.length} node${model.nodes.length === 1 ? "" : "s"})`);
  model.nodes.forEach((n, i) => {
    out.push(`  node ${i + 1} (${n.domain}): ${n.ports.join(", ")}`);
    const ports = new Set(n.ports);
    const mine = model.laws.filter((l) =>
      l.origin === "connection" && l.terms.some((t) => t.factors.some((f) => ports.has(portOf(model, f.var))))
    );
    for (const l of mine) out.push(`    ${formatLaw(model, l)}`);
  });
  if (model.free.length) out.push(`  free (zero flow): ${model.free.join(", ")}`);

  out.push("", "Scenarios");
  for (const sc of model.scenarios) {
    out.push(`  ${sc.id}${sc.description ? `: ${sc.description}` : ""}`);
    if (sc.context.length) out.push(`    context: ${formatConditions(model, sc.context)}`);
    if (sc.restrict.length) out.push(`    restrict: ${formatConditions(model, sc.restrict)}`);
  }
  return out;
}

/**
 * The instance-qualified port of a port variable (`mass1.flange_b.s` and
 * `mass1.d1__flange_b__s` → `mass1.flange_b`, `sine.d1__y` → `sine.y`), or "" for other
 * variables. The base variable's local name is `port.quantity`, or `port` for a signal.
 */
export function portOf(model: MechanismModel, index: number): string {
  const v = model.variables[index];
  if (!v || (v.kind !== "across" && v.kind !== "flow")) return "";
  const base = model.variables[v.base]?.local ?? v.local;
  const dot = base.indexOf(".");
  return `${v.instance}.${dot < 0 ? base : base.slice(0, dot)}`;
}
