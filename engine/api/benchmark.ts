// The MechReasoner benchmark for scripts: generated in memory from the built-in catalog
// (cancellable, with progress), written to and read from a directory, verified.
import { z } from "zod";
import { builtinMechanism, builtinMechanismIds, catalogSha256 } from "../../catalog/mod.ts";
import { oneOf } from "../model/issues.ts";
import { DEFAULT_PROFILE, RULE_PROFILES } from "../episode/rule_names.ts";
import { FAMILIES } from "../tasks/families/mod.ts";
import { FAMILY_IDS } from "../tasks/family.ts";
import { DEFAULT_MAX_PROMPT_TOKENS, DEFAULT_PER_LEVEL, DEFAULT_SEED } from "../tasks/defaults.ts";
import { assemble, type GenerateProgress, generatePools, type PoolOutput, settingsOf } from "../tasks/generate.ts";
import { benchmarkFiles, buildManifest } from "../tasks/manifest.ts";
import { type Benchmark, prepareOutputDir, readBenchmark, writeBenchmark } from "../tasks/store.ts";
import { verifyBenchmark as verifyAgainst, type VerifyResult } from "../tasks/verify.ts";
import { checkOptions } from "./options.ts";
import { OptionsError } from "../files/errors.ts";

const SEED = /^[A-Za-z0-9._:-]{1,64}$/;
const fn = <T>() => z.custom<T>((v) => typeof v === "function", "expected a function");

const GenerateOptions = z.object({
  mechanisms: z.array(z.string()).min(1).optional(),
  families: z.array(z.enum(FAMILY_IDS)).min(1).optional(),
  seed: z.string().regex(SEED, "expected 1 to 64 letters, digits or . _ : -").default(DEFAULT_SEED),
  perLevel: z.int().positive().default(DEFAULT_PER_LEVEL),
  maxPromptTokens: z.int().positive().default(DEFAULT_MAX_PROMPT_TOKENS),
  rules: z.enum(RULE_PROFILES).default(DEFAULT_PROFILE),
  onProgress: fn<(e: GenerateProgress) => void>().optional(),
  signal: z.custom<AbortSignal>((v) => v instanceof AbortSignal, "expected an AbortSignal").optional(),
}).strict();

/** What generateBenchmark makes: the options of `mech generate`, defaults included. */
export interface GenerateBenchmarkOptions {
  /** Built-in mechanism ids, in any order (generated in catalog order); default all 18. */
  mechanisms?: readonly string[];
  /** Task family ids (generated in registry order); default all six. */
  families?: readonly ("state_consistency" | "plausibility" | "necessity" | "transition" | "functional_recovery" | "trace_faithfulness")[];
  /** The generation seed (default "mechbench-v1", the release's). */
  seed?: string;
  /** Tasks per (family, mechanism, level) cell (default 4). */
  perLevel?: number;
  /** The prompt token ceiling (default 80,000). */
  maxPromptTokens?: number;
  /** The edge-rule profile of every episode graph (default "sound"). */
  rules?: "sound" | "paper";
  /** Called after each (mechanism, family) pool. */
  onProgress?: (event: GenerateProgress) => void;
  /** Stops generation between pools; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Yields to the event loop, so an abort from a timer or another task is seen between pools. */
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Generates the MechReasoner benchmark in memory from the built-in catalog: every option of
 * `mech generate`, byte-identical files for the same options.
 *
 * @param options Mechanisms, families, seed, cell size, token ceiling, edge rules, progress, signal.
 * @returns The benchmark: its manifest, its three files' texts and their records.
 * @throws {OptionsError} For an unknown mechanism or family, or a malformed option.
 * @throws The signal's reason when it is aborted (an AbortError by default).
 *
 * @example Generate two mechanisms' benchmark without touching the disk
 * ```ts
 * import { generateBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper", "thermal_two_masses"], perLevel: 1 });
 * assert.equal(benchmark.tasks.length, benchmark.manifest.retained);
 * console.log(benchmark.manifest.completion_sha256);
 * ```
 */
export async function generateBenchmark(options: GenerateBenchmarkOptions = {}): Promise<Benchmark> {
  const o = checkOptions("generateBenchmark", GenerateOptions, options);
  const all = builtinMechanismIds();
  const unknown = (o.mechanisms ?? []).filter((id) => !all.includes(id));
  if (unknown.length) throw new OptionsError(`generateBenchmark: mechanisms: no built-in mechanism ${unknown.join(", ")} (expected ${oneOf(all, 40)})`);
  const ids = o.mechanisms ? all.filter((id) => o.mechanisms!.includes(id)) : all;
  const families = o.families ? FAMILIES.filter((f) => o.families!.includes(f.id)) : [...FAMILIES];
  const mechanisms = ids.map((id) => builtinMechanism(id)!);
  const total = ids.length * families.length;
  const base = { mechanisms, families, seed: o.seed, perLevel: o.perLevel, maxPromptTokens: o.maxPromptTokens, rules: o.rules };
  const pools: PoolOutput[] = [];
  let done = 0;
  // one mechanism at a time, with a turn of the event loop between: a pool is never cut in half
  for (const id of ids) {
    await turn();
    o.signal?.throwIfAborted();
    const got = generatePools({
      ...base,
      onProgress: (e) => {
        o.onProgress?.({ ...e, done: ++done, total });
        o.signal?.throwIfAborted();
      },
    }, (m) => m === id);
    pools.push(...got.pools);
  }
  const g = assemble(settingsOf(base), pools);
  const texts = benchmarkFiles(g);
  const manifest = buildManifest(g, texts, catalogSha256(), families);
  return { dir: `memory:${manifest.completion_sha256.slice(0, 12)}`, manifest, texts, tasks: g.tasks, solutions: g.solutions, problems: g.problems };
}

/**
 * Writes a benchmark to a directory as `mech generate` does (files first, the manifest last,
 * each atomically).
 *
 * @param dir The directory: created when missing; refused when not empty unless `force`.
 * @param benchmark A benchmark from generateBenchmark or loadBenchmark.
 * @param options `force` replaces a benchmark already there.
 * @throws {StoreError} When the directory is not empty (without force) or cannot be written.
 *
 * @example
 * ```ts
 * import { generateBenchmark, loadBenchmark, saveBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * saveBenchmark(dir, benchmark, { force: true });
 * assert.equal(loadBenchmark(dir).manifest.completion_sha256, benchmark.manifest.completion_sha256);
 * ```
 */
export function saveBenchmark(dir: string, benchmark: Benchmark, options: { force?: boolean } = {}): void {
  prepareOutputDir(dir, options.force ?? false);
  writeBenchmark(dir, benchmark.texts, benchmark.manifest);
}

/**
 * Reads and validates a benchmark directory (every line of every file).
 *
 * @param dir A directory `mech generate` or saveBenchmark wrote.
 * @returns The benchmark.
 * @throws {StoreError} Naming the file, line and JSON path of the first problem.
 *
 * @example
 * ```ts
 * import { loadBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => loadBenchmark("no/such/dir"), /no such directory/);
 * ```
 */
export function loadBenchmark(dir: string): Benchmark {
  return readBenchmark(dir);
}

/**
 * Verifies a benchmark as `mech tasks verify` does: file and completion hashes, every
 * prompt header and token count, and every gold recomputed from the built-in catalog.
 *
 * @param benchmark A benchmark (generated or loaded).
 * @param options `onProgress(done, total)` after each task.
 * @returns The findings (empty when the benchmark is what it claims), tasks and golds checked.
 *
 * @example
 * ```ts
 * import { generateBenchmark, verifyBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * assert.deepEqual(verifyBenchmark(benchmark).findings, []);
 * ```
 */
export function verifyBenchmark(benchmark: Benchmark, options: { onProgress?: (done: number, total: number) => void } = {}): VerifyResult {
  return verifyAgainst(benchmark, { sha256: catalogSha256(), mechanism: builtinMechanism }, options.onProgress);
}
