// The manifest of a generated benchmark: settings, per-cell and per-pool outcomes, the
// Table 3 and Table 11 counts, and completion hashes binding generator version,
// catalog, settings and the three data files.
import { FAMILY_IDS, LEVELS, type TaskFamily } from "./family.ts";
import { GENERATOR_VERSION, type Generated } from "./generate.ts";
import { sha256 } from "../files/sha256.ts";
import { fileSha256 } from "../files/file_sha256.ts";
import { packProblems } from "./problem_file.ts";
import type { CatalogRecord, Manifest, ProblemRecord, SolutionRecord, TaskRecord } from "./records.ts";

/** A mechanism's size as the manifest records it (the report slices accuracy by it). */
export interface MechanismSize {
  components: number;
  variables: number;
}

/** A mechanism's size: its components, and the variables of its qualitative model. */
export function mechanismSize(m: { instances: readonly unknown[]; variables: readonly unknown[] }): MechanismSize {
  return { components: m.instances.length, variables: m.variables.length };
}

export const jsonl = (records: readonly unknown[]) => records.map((r) => JSON.stringify(r) + "\n").join("");

/** The texts of a benchmark's three data files, exactly as written. */
export interface BenchmarkFiles {
  /** One task per line. */
  "tasks.jsonl": string;
  /** One gold answer and audit per line, in the tasks' order. */
  "solutions.jsonl": string;
  /** The compiled problems the audits refer to: a problem per line, with its cases (problem_file.ts). */
  "problems.jsonl": string;
}

export function benchmarkFiles(g: { tasks: TaskRecord[]; solutions: SolutionRecord[]; problems: ProblemRecord[] }): BenchmarkFiles {
  return { "tasks.jsonl": jsonl(g.tasks), "solutions.jsonl": jsonl(g.solutions), "problems.jsonl": jsonl(packProblems(g.problems)) };
}

/** The hash that binds everything a benchmark directory claims. */
export function completionHash(m: Pick<Manifest, "generator" | "catalog_sha256" | "settings" | "files">): string {
  return sha256(JSON.stringify([m.generator.version, m.catalog_sha256, m.settings, m.files]));
}

/**
 * The manifest of generated files: `sizes` gives each mechanism's size (absent ones are left
 * out), `catalog` the directory catalog's record (absent for the built-in catalog).
 */
export function buildManifest(
  g: Omit<Generated, "timings">,
  files: BenchmarkFiles,
  catalogSha256: string,
  families: readonly TaskFamily[],
  about: { sizes?: (id: string) => MechanismSize | undefined; catalog?: CatalogRecord } = {},
): Manifest {
  const present = FAMILY_IDS.filter((f) => g.settings.families.includes(f));
  const partial: Omit<Manifest, "completion_sha256"> = {
    format: "mechbench-tasks/2",
    generator: { name: "mechbench", version: GENERATOR_VERSION },
    catalog_sha256: catalogSha256,
    settings: g.settings,
    bands: Object.fromEntries(families.map((f) => [f.id, f.bands])),
    cells: g.cells,
    pools: g.pools,
    generated: g.generated,
    duplicates_removed: g.duplicatesRemoved,
    retained: g.tasks.length,
    families: present.map((family) => {
      const pools = g.pools.filter((p) => p.family === family);
      const tasks = g.tasks.filter((t) => t.family === family);
      return {
        family,
        items: tasks.length,
        mechanisms: new Set(tasks.map((t) => t.mechanism)).size,
        pools: {
          complete: pools.filter((p) => p.outcome === "complete").length,
          partial: pools.filter((p) => p.outcome === "partial").length,
          empty: pools.filter((p) => p.outcome === "empty").length,
        },
      };
    }),
    mechanisms: g.settings.mechanisms.map((mechanism) => {
      const tasks = g.tasks.filter((t) => t.mechanism === mechanism);
      const size = about.sizes?.(mechanism);
      return { mechanism, families: present.filter((f) => tasks.some((t) => t.family === f)), retained: tasks.length, ...(size ? { components: size.components, variables: size.variables } : {}) };
    }),
    ...(about.catalog ? { catalog: about.catalog } : {}),
    files: { "tasks.jsonl": fileSha256(files["tasks.jsonl"]), "solutions.jsonl": fileSha256(files["solutions.jsonl"]), "problems.jsonl": fileSha256(files["problems.jsonl"]) },
  };
  return { ...partial, completion_sha256: completionHash(partial) };
}

/**
 * Table 3 and the pool outcomes as Markdown lines (`mech generate`, `mech tasks stats`):
 * per family its items, mechanisms and pools by outcome, the total, and the slots filled.
 *
 * @param m A benchmark's manifest.
 * @returns The lines, without line ends.
 *
 * @example
 * ```ts
 * import { generateBenchmark, summaryLines } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const lines = summaryLines(benchmark.manifest);
 * assert.equal(lines[0], "| task family | items | mechanisms | complete pools | partial pools | empty pools |");
 * console.log(lines.join("\n"));
 * ```
 */
export function summaryLines(m: Manifest): string[] {
  const out = [
    "| task family | items | mechanisms | complete pools | partial pools | empty pools |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const f of m.families) out.push(`| ${f.family} | ${f.items} | ${f.mechanisms} | ${f.pools.complete} | ${f.pools.partial} | ${f.pools.empty} |`);
  const all = (k: "complete" | "partial" | "empty") => m.families.reduce((n, f) => n + f.pools[k], 0);
  out.push(`| total | ${m.retained} | ${m.mechanisms.filter((x) => x.retained > 0).length} | ${all("complete")} | ${all("partial")} | ${all("empty")} |`);
  out.push("", `${m.generated} tasks generated for ${m.pools.length * LEVELS.length * m.settings.per_level} targeted slots; ${m.duplicates_removed} duplicate prompt${m.duplicates_removed === 1 ? "" : "s"} removed; ${m.retained} retained.`);
  return out;
}

/**
 * Per family present: its tasks per level and the prompt lengths in tokens (min / median /
 * max), as Markdown lines (`mech tasks stats`).
 *
 * @param m A benchmark's manifest.
 * @param tasks Its tasks.
 * @returns The lines, without line ends.
 *
 * @example
 * ```ts
 * import { generateBenchmark, levelLines } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], families: ["necessity"], perLevel: 1 });
 * assert.match(levelLines(benchmark.manifest, benchmark.tasks)[2], /^\| necessity \| 1 \| 1 \| 1 \| 1 \| \d+ \/ \d+ \/ \d+ \|$/);
 * ```
 */
export function levelLines(m: Manifest, tasks: readonly TaskRecord[]): string[] {
  const out = ["| task family | " + LEVELS.join(" | ") + " | prompt tokens (min / median / max) |", "|---|" + LEVELS.map(() => "---:|").join("") + "---|"];
  for (const f of m.families) {
    const perLevel = LEVELS.map((l) => tasks.filter((t) => t.family === f.family && t.level === l).length);
    const tokens = tasks.filter((t) => t.family === f.family).map((t) => t.prompt_tokens).sort((a, b) => a - b);
    const span = tokens.length ? `${tokens[0]} / ${tokens[Math.floor(tokens.length / 2)]} / ${tokens.at(-1)}` : "—";
    out.push(`| ${f.family} | ${perLevel.join(" | ")} | ${span} |`);
  }
  return out;
}

/**
 * Table 11 as Markdown lines: per mechanism, its families with retained tasks and the
 * retained count.
 *
 * @param m A benchmark's manifest.
 * @returns The lines, without line ends.
 *
 * @example
 * ```ts
 * import { generateBenchmark, mechanismLines } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], families: ["necessity"], perLevel: 1 });
 * assert.deepEqual(mechanismLines(benchmark.manifest), ["| mechanism | families | retained |", "|---|---|---:|", "| mechanics_damper | necessity | 4 |"]);
 * ```
 */
export function mechanismLines(m: Manifest): string[] {
  const out = ["| mechanism | families | retained |", "|---|---|---:|"];
  for (const x of m.mechanisms) out.push(`| ${x.mechanism} | ${x.families.join(", ") || "—"} | ${x.retained} |`);
  return out;
}
