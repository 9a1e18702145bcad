// `mech merge DIR… --out DIR`: joins the shard directories of one sharded run (mech generate,
// mech eval or mech physment run with --shard I/N) into what the unsharded run writes, through
// the same writers, then prints what the unsharded command prints at its end.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { mergeGenerationShards } from "../engine/tasks/merge.ts";
import { parseFamilies, saveBenchmark } from "./tasks_commands.ts";
import { prepareOutputDir } from "../engine/tasks/store.ts";
import { ShardError } from "../engine/shard/shard.ts";
import { requireEmptyOut, SHARD_FILE } from "../engine/shard/shard_files.ts";
import { GENERATION_SHARD_FORMAT } from "../engine/tasks/shard_store.ts";
import { PHYSMENT_SHARD_FORMAT } from "../engine/physment/agent/shard_run.ts";
import { RUN_FILE } from "../engine/eval/run_store.ts";
import type { Io } from "./io.ts";

export interface MergeArgs {
  dirs: readonly string[];
  out: string;
  tasks?: string;
  allowUnfinished: boolean;
  json: boolean;
}

type Kind = "generate" | "eval" | "physment";

const Format = z.object({ format: z.string() });

/** What wrote a shard directory: its shard.json's format, or an eval run's run.json. */
function kindOf(dir: string): Kind {
  if (!existsSync(dir)) throw new ShardError(`${dir}: no such directory`);
  const shardFile = join(dir, SHARD_FILE);
  if (existsSync(shardFile)) {
    let format: string | undefined;
    try {
      format = Format.safeParse(JSON.parse(readFileSync(shardFile, "utf8"))).data?.format;
    } catch {
      // named below as unreadable
    }
    if (format === GENERATION_SHARD_FORMAT) return "generate";
    if (format === PHYSMENT_SHARD_FORMAT) return "physment";
    throw new ShardError(`${shardFile}: not a shard file of mech generate or mech physment run (expected "format": "${GENERATION_SHARD_FORMAT}" or "${PHYSMENT_SHARD_FORMAT}")`);
  }
  if (existsSync(join(dir, RUN_FILE))) return "eval";
  throw new ShardError(`${dir}: not a shard directory (no ${SHARD_FILE} and no ${RUN_FILE}); give the output directories of mech generate, mech eval or mech physment run with --shard`);
}

export async function mergeCommand(args: MergeArgs, io: Io): Promise<number> {
  const kinds = args.dirs.map((d) => ({ dir: d, kind: kindOf(d) }));
  const other = kinds.find((k) => k.kind !== kinds[0].kind);
  if (other) throw new ShardError(`${kinds[0].dir} is a ${kinds[0].kind} shard but ${other.dir} is a ${other.kind} shard; merge the shards of one run`);
  const kind = kinds[0].kind;
  if (kind !== "eval" && args.tasks !== undefined) throw new ShardError("--tasks applies to eval shards; drop it");
  if (kind === "generate") {
    if (args.allowUnfinished) throw new ShardError("--allow-unfinished applies to eval and PhysMent shards: a benchmark needs every pool; rerun the unfinished shard, it continues");
    requireEmptyOut(args.out);
    const { generated, catalogSha256 } = mergeGenerationShards(args.dirs);
    prepareOutputDir(args.out, false);
    saveBenchmark(args.out, generated, parseFamilies(generated.settings.families.join(",")), catalogSha256, args.json, io);
    io.err(`mech: ${args.dirs.length} shards merged into ${args.out}`);
    return 0;
  }
  if (kind === "eval") {
    const { mergeEvalShards } = await import("../engine/eval/merge.ts");
    const merged = await mergeEvalShards(args.dirs, args.out, { tasks: args.tasks, allowUnfinished: args.allowUnfinished });
    for (const w of merged.warnings) io.err(`mech: ${w}`);
    io.err(`mech: ${args.dirs.length} shards merged into ${args.out}${merged.missing ? `; ${merged.missing} item(s) still to run: mech eval with the unsharded settings and --out ${args.out}` : ""}`);
    const { evalScoreCommand } = await import("./eval_commands.ts");
    return evalScoreCommand({ runs: [args.out], tasks: args.tasks, json: args.json }, io);
  }
  const { mergePhysmentShards } = await import("../engine/physment/agent/shard_run.ts");
  const merged = await mergePhysmentShards(args.dirs, args.out, { allowUnfinished: args.allowUnfinished });
  io.err(`mech: ${args.dirs.length} shards merged into ${args.out}: ${merged.episodes} episodes${merged.unfinished ? `, ${merged.unfinished} unfinished (run the unsharded mech physment run with --out ${args.out} to finish them)` : ""}`);
  const { scoreDirectory } = await import("./physment_commands.ts");
  return scoreDirectory(args.out, merged.settings.scenes_dir ?? undefined, io, (d) => readdirSync(d));
}
