// `mech compose`: composed mechanisms, gated, written to a catalog directory.
import { COMPOSE_DOMAINS, type ComposedCatalog, composeMechanisms, GATES } from "../engine/api/solver.ts";
import { InputError, type Io } from "./io.ts";
import { progress } from "./progress.ts";

export interface ComposeArgs {
  seed: string;
  count: number;
  components: string;
  domains?: string;
  out: string;
  force: boolean;
  json: boolean;
}

/** MIN-MAX (or a single N for MIN = MAX). */
export function parseRange(text: string, option: string): { min: number; max: number } {
  const m = /^(\d{1,4})(?:-(\d{1,4}))?$/.exec(text.trim());
  if (!m) throw new InputError(`${option}: expected MIN-MAX (e.g. 3-20) or N, got "${text}"`);
  return { min: Number(m[1]), max: Number(m[2] ?? m[1]) };
}

export function composeCommand(args: ComposeArgs, io: Io): number {
  // the options in the command line's words; the library checks them again for scripts
  if (args.count < 1) throw new InputError(`--count: expected at least 1 mechanism, got ${args.count}`);
  const components = parseRange(args.components, "--components");
  if (components.min > components.max) throw new InputError(`--components: MIN ${components.min} is above MAX ${components.max}`);
  const domains = args.domains?.split(",").map((d) => d.trim()).filter(Boolean);
  if (domains && !domains.length) throw new InputError("--domains: empty list");
  const unknown = domains?.find((d) => !(COMPOSE_DOMAINS as readonly string[]).includes(d));
  if (unknown !== undefined) throw new InputError(`--domains: unknown domain "${unknown}" (expected ${COMPOSE_DOMAINS.join(", ")})`);
  if (domains?.includes("electrical") && !domains.includes("thermal")) throw new InputError("--domains: electrical needs thermal too (a composed circuit's heating resistors warm a thermal network)");
  const bar = progress(io, "compose", args.count);
  const start = performance.now();
  let composed: ComposedCatalog;
  try {
    composed = composeMechanisms({
      seed: args.seed,
      count: args.count,
      components,
      // the library checks each name against the domains it knows
      ...(domains ? { domains: domains as ("translational" | "rotational" | "thermal" | "electrical")[] } : {}),
      out: args.out,
      force: args.force,
      onCandidate: (e) => bar.update(e.accepted, `candidate ${e.index + 1}: ${e.kind}, ${e.components} components, ${e.rejection ? `rejected by ${e.rejection.gate}` : "accepted"}`),
    });
  } finally {
    bar.finish();
  }
  const r = composed.record;
  const sizes = composed.mechanisms.map((m) => (m.data.components as unknown[]).length).sort((a, b) => a - b);
  if (args.json) {
    io.out(JSON.stringify({ dir: args.out, seed: r.seed, settings: r.settings, candidates: r.candidates, accepted: r.mechanisms.length, rejected: r.rejected, resumed: composed.resumed, mechanisms: r.mechanisms }));
  } else {
    const s = r.settings;
    io.out(`${r.mechanisms.length} composed mechanisms in ${args.out} (seed ${r.seed}, ${s.components.min}-${s.components.max} components, domains ${s.domains.join(",")}; composer ${r.composer.version})`);
    io.out(`components per mechanism: min ${sizes[0]}, median ${sizes[Math.floor(sizes.length / 2)]}, max ${sizes.at(-1)}`);
    io.out("");
    io.out("| gate | rejected | first reason |");
    io.out("|---|---:|---|");
    for (const g of GATES) io.out(`| ${g} | ${r.rejected[g]} | ${(composed.reasons[g][0] ?? "").replaceAll("|", "/").slice(0, 160)} |`);
    io.out(`| all | ${r.candidates - r.mechanisms.length} of ${r.candidates} candidates | |`);
  }
  io.err(`composed in ${((performance.now() - start) / 1000).toFixed(1)} s${composed.resumed ? ` (${composed.resumed} mechanisms were there from an interrupted run)` : ""}`);
  return 0;
}
