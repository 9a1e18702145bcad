// `mech generate` and `mech tasks show|stats|verify`: the MechReasoner benchmark on disk.
import { DEFAULT_PROFILE, type RuleProfile } from "../engine/episode/rule_names.ts";
import { builtinMechanism, builtinMechanismIds } from "../catalog/mod.ts";
import { catalogSha256 } from "../catalog/mod.ts";
import { oneOf } from "../engine/model/issues.ts";
import { LEVELS, type TaskFamily } from "../engine/tasks/family.ts";
import { FAMILIES, familyById } from "../engine/tasks/families/mod.ts";
import { DEFAULT_PER_LEVEL, DEFAULT_SEED } from "../engine/tasks/defaults.ts";
import { generate, type Generated, generatePools, GENERATOR_VERSION, type GenerateOptions, settingsOf } from "../engine/tasks/generate.ts";
import { DEFAULT_MAX_PROMPT_TOKENS } from "../engine/tasks/defaults.ts";
import { benchmarkFiles, buildManifest, mechanismLines, summaryLines } from "../engine/tasks/manifest.ts";
import { prepareOutputDir, readBenchmark, writeBenchmark } from "../engine/tasks/store.ts";
import { hasPool, openGenerationShard, writePool } from "../engine/tasks/shard_store.ts";
import { inShard, poolUnit, type Shard, shardLabel } from "../engine/shard/shard.ts";
import { shardOption } from "./shard_option.ts";
import { verifyBenchmark } from "../engine/tasks/verify.ts";
import { qualityReport } from "../engine/tasks/quality/report.ts";
import { qualityLines } from "../engine/tasks/quality/report_text.ts";
import { InputError, type Io } from "./io.ts";
import { progress } from "./progress.ts";


const lines = (io: Io, ...text: string[]) => text.forEach((t) => io.out(t));

export interface GenerateArgs {
  out: string;
  mechanisms?: string;
  families?: string;
  seed: string;
  perLevel: number;
  maxTokens: number;
  force: boolean;
  json: boolean;
  rules?: RuleProfile;
  /** I/N: generate only the pools of shard I of N into --out (mech merge joins the N). */
  shard?: string;
}

const splitList = (text: string, flag: string): string[] => {
  const items = text.split(",").map((s) => s.trim()).filter(Boolean);
  if (!items.length) throw new InputError(`${flag}: empty list`);
  return [...new Set(items)];
};

/** --families: registered family ids, in registry order. */
export function parseFamilies(text: string | undefined): TaskFamily[] {
  if (text === undefined) return [...FAMILIES];
  const ids = splitList(text, "--families");
  for (const id of ids) if (!familyById(id)) throw new InputError(`--families: unknown family "${id}" (expected ${oneOf(FAMILIES.map((f) => f.id))})`);
  return FAMILIES.filter((f) => ids.includes(f.id));
}

/** --mechanisms: catalog ids, in catalog order. */
export function parseMechanismIds(text: string | undefined): string[] {
  const all = builtinMechanismIds();
  if (text === undefined) return all;
  const ids = splitList(text, "--mechanisms");
  for (const id of ids) if (!all.includes(id)) throw new InputError(`--mechanisms: unknown mechanism "${id}" (expected ${oneOf(all, 40)})`);
  return all.filter((id) => ids.includes(id));
}

const SEED = /^[A-Za-z0-9._:-]{1,64}$/;

export function generateCommand(args: GenerateArgs, io: Io): number {
  if (!SEED.test(args.seed)) throw new InputError(`--seed: "${args.seed}" is not a seed (1 to 64 letters, digits or . _ : -)`);
  const families = parseFamilies(args.families);
  const ids = parseMechanismIds(args.mechanisms);
  const shard = shardOption(args.shard);
  const opts = (bar: ReturnType<typeof progress>): GenerateOptions => ({
    mechanisms: ids.map((id) => builtinMechanism(id)!),
    families,
    seed: args.seed,
    perLevel: args.perLevel,
    maxPromptTokens: args.maxTokens,
    rules: args.rules ?? DEFAULT_PROFILE,
    onProgress: (e) => bar.update(e.done, `${e.mechanism} ${e.family}: ${e.admitted} task${e.admitted === 1 ? "" : "s"}`),
  });
  if (shard) return generateShard(args, shard, opts, io);
  prepareOutputDir(args.out, args.force);
  const bar = progress(io, "generate", ids.length * families.length);
  const g = generate(opts(bar));
  bar.finish();
  saveBenchmark(args.out, g, families, catalogSha256(), args.json, io);
  const secs = (g.timings.totalMs / 1000).toFixed(1);
  io.err(`generated in ${secs} s (${g.timings.solves} exact solves; token counting ${(100 * g.timings.tokenMs / g.timings.totalMs).toFixed(0)} %)`);
  return 0;
}

/**
 * Writes a benchmark directory (into a directory prepareOutputDir made ready) and prints its
 * summary: what mech generate does after generating, and mech merge after joining shards.
 */
export function saveBenchmark(out: string, g: Omit<Generated, "timings">, families: readonly TaskFamily[], catalog: string, json: boolean, io: Io): void {
  const files = benchmarkFiles(g);
  const manifest = buildManifest(g, files, catalog, families);
  writeBenchmark(out, files, manifest);
  if (json) {
    io.out(JSON.stringify({ dir: out, retained: manifest.retained, generated: manifest.generated, duplicates_removed: manifest.duplicates_removed, families: manifest.families, completion_sha256: manifest.completion_sha256 }));
  } else {
    const s = manifest.settings;
    io.out(`MechReasoner benchmark in ${out} (seed ${s.seed}, ${s.per_level} per level, ceiling ${s.max_prompt_tokens} tokens, edge rules ${s.rules})`);
    io.out("");
    for (const line of summaryLines(manifest)) io.out(line);
    io.out("");
    for (const line of mechanismLines(manifest)) io.out(line);
  }
}

/**
 * `mech generate --shard I/N`: the pools of shard I into --out, each written as it finishes;
 * run again, it continues with the pools not yet on disk.
 */
function generateShard(args: GenerateArgs, shard: Shard, opts: (bar: ReturnType<typeof progress>) => GenerateOptions, io: Io): number {
  const probe = opts(progress(io, "generate", 0));
  const families = probe.families, ids = probe.mechanisms.map((m) => m.id);
  const held = openGenerationShard(args.out, {
    format: "mechbench-tasks-shard/1",
    shard,
    generator: { name: "mechbench", version: GENERATOR_VERSION },
    catalog_sha256: catalogSha256(),
    settings: settingsOf(probe),
  }, args.force);
  const mine = ids.flatMap((m) => families.filter((f) => inShard(poolUnit(m, f.id), shard)).map((f) => [m, f.id] as const));
  const todo = mine.filter(([m, f]) => !hasPool(held, m, f));
  const bar = progress(io, `generate ${shardLabel(shard)}`, todo.length);
  const want = new Set(todo.map(([m, f]) => poolUnit(m, f)));
  const { pools, timings } = generatePools({ ...opts(bar), onPool: (p) => writePool(args.out, p) }, (m, f) => want.has(poolUnit(m, f)));
  bar.finish();
  const tasks = pools.reduce((n, p) => n + p.admitted.length, 0);
  if (args.json) io.out(JSON.stringify({ dir: args.out, shard, pools: mine.length, generated_now: todo.length, tasks_now: tasks }));
  else io.out(`shard ${shardLabel(shard)} of the MechReasoner benchmark in ${args.out}: ${mine.length} of ${ids.length * families.length} pools (${mine.length - todo.length} already there, ${todo.length} generated now, ${tasks} tasks before de-duplication); join the ${shard.count} shard directories with mech merge`);
  io.err(`generated in ${(timings.totalMs / 1000).toFixed(1)} s (${timings.solves} exact solves)`);
  return 0;
}

/** `mech tasks show TASK_ID`: the prompt as sent, the gold and its evidence. */
export function tasksShowCommand(args: { taskId: string; dir: string; json: boolean }, io: Io): number {
  const b = readBenchmark(args.dir);
  const i = b.tasks.findIndex((t) => t.task_id === args.taskId);
  if (i < 0) {
    const near = b.tasks.filter((t) => t.task_id.startsWith(args.taskId)).map((t) => t.task_id);
    throw new InputError(`${args.dir}: no task ${args.taskId}${near.length ? ` (did you mean ${oneOf(near, 5)}?)` : ` (${b.tasks.length} tasks; mech tasks stats ${args.dir} lists them by family)`}`);
  }
  const task = b.tasks[i];
  const solution = b.solutions.find((s) => s.task_id === task.task_id);
  if (args.json) {
    io.out(JSON.stringify({ task, solution: solution ?? null }));
    return 0;
  }
  io.out(`${task.task_id}: ${task.family}, ${task.mechanism}, level ${task.level}, complexity ${task.complexity}, ${task.prompt_tokens} prompt tokens`);
  lines(io, "", "=== prompt (user message) ===", task.prompt, "", "=== gold answer ===");
  if (!solution) {
    io.out("(no solution recorded)");
    return 1;
  }
  io.out(JSON.stringify({ answer: solution.answer }));
  lines(io, "", "=== evidence ===");
  for (const line of familyById(task.family)!.explain(solution.answer, solution.audit)) io.out(line);
  return 0;
}

/**
 * `mech tasks stats DIR`: Table 3, Table 11, the level cells and prompt lengths; with
 * `quality`, the shortcut measures after them (in JSON under "quality").
 */
export function tasksStatsCommand(args: { dir: string; json: boolean; quality?: boolean }, io: Io): number {
  const { manifest: m, tasks, solutions } = readBenchmark(args.dir);
  const quality = args.quality ? qualityReport({ tasks, solutions }, builtinMechanism) : undefined;
  if (args.json) {
    io.out(JSON.stringify({ settings: m.settings, retained: m.retained, families: m.families, mechanisms: m.mechanisms, cells: m.cells, ...(quality ? { quality } : {}) }));
    return 0;
  }
  lines(io, `${args.dir}: ${m.retained} tasks, generator ${m.generator.version}, seed ${m.settings.seed}, edge rules ${m.settings.rules}, catalog ${m.catalog_sha256.slice(0, 12)}…`, "");
  for (const line of summaryLines(m)) io.out(line);
  io.out("");
  for (const line of mechanismLines(m)) io.out(line);
  lines(io, "", "| task family | " + LEVELS.join(" | ") + " | prompt tokens (min / median / max) |", "|---|" + LEVELS.map(() => "---:|").join("") + "---|");
  for (const f of m.families) {
    const perLevel = LEVELS.map((l) => tasks.filter((t) => t.family === f.family && t.level === l).length);
    const tokens = tasks.filter((t) => t.family === f.family).map((t) => t.prompt_tokens).sort((a, b) => a - b);
    const span = tokens.length ? `${tokens[0]} / ${tokens[Math.floor(tokens.length / 2)]} / ${tokens.at(-1)}` : "—";
    io.out(`| ${f.family} | ${perLevel.join(" | ")} | ${span} |`);
  }
  if (quality) lines(io, "", ...qualityLines(quality));
  return 0;
}

/** `mech tasks verify DIR`: hashes, headers and every gold recomputed; exit 1 on any finding. */
export function tasksVerifyCommand(args: { dir: string; json: boolean }, io: Io): number {
  const b = readBenchmark(args.dir);
  const bar = progress(io, "verify", b.tasks.length);
  const r = verifyBenchmark(b, { sha256: catalogSha256(), mechanism: builtinMechanism }, (done, total) => {
    if (done === total || done % 25 === 0) bar.update(done, "tasks rechecked");
  });
  bar.finish();
  if (args.json) io.out(JSON.stringify({ dir: args.dir, tasks: r.tasks, golds_recomputed: r.golds, findings: r.findings }));
  else {
    for (const f of r.findings) io.out(f);
    io.out(r.findings.length
      ? `${r.findings.length} finding${r.findings.length === 1 ? "" : "s"} in ${args.dir}`
      : `${args.dir}: ${r.tasks} tasks verified: file and completion hashes match, every header and token count is right, and all ${r.golds} gold answers were recomputed from the catalog`);
  }
  return r.findings.length ? 1 : 0;
}
