// `mech merge DIR… --out DIR`: joins the shard directories of one sharded run (mech generate,
// mech eval or mech physment run with --shard I/N) into what the unsharded run writes, through
// the same writers, then prints what the unsharded command prints at its end.
import { readdirSync } from "node:fs";
import { mergeBenchmarkShards, mergeEvaluationShards, ShardError, shardKind } from "../engine/api/mechreasoner.ts";
import { printBenchmark } from "./tasks_commands.ts";
import { printScores } from "./eval_commands.ts";
import type { Io } from "./io.ts";

export interface MergeArgs {
  dirs: readonly string[];
  out: string;
  tasks?: string;
  allowUnfinished: boolean;
  json: boolean;
}

export async function mergeCommand(args: MergeArgs, io: Io): Promise<number> {
  const kind = shardKind(args.dirs);
  if (kind !== "eval" && args.tasks !== undefined) throw new ShardError("--tasks applies to eval shards; drop it");
  if (kind === "generate") {
    if (args.allowUnfinished) throw new ShardError("--allow-unfinished applies to eval and PhysMent shards: a benchmark needs every pool; rerun the unfinished shard, it continues");
    const merged = mergeBenchmarkShards(args.dirs, args.out);
    printBenchmark(args.out, merged.manifest, args.json, io);
    io.err(`mech: ${args.dirs.length} shards merged into ${args.out}`);
    return 0;
  }
  if (kind === "eval") {
    const merged = await mergeEvaluationShards(args.dirs, args.out, { ...(args.tasks !== undefined ? { benchmark: args.tasks } : {}), allowUnfinished: args.allowUnfinished });
    for (const w of merged.warnings) io.err(`mech: ${w}`);
    io.err(`mech: ${args.dirs.length} shards merged into ${args.out}${merged.missing ? `; ${merged.missing} item(s) still to run: mech eval with the unsharded settings and --out ${args.out}` : ""}`);
    for (const w of merged.run.warnings) io.err(`mech: ${w}`);
    return printScores([merged.run], args.json, {}, io);
  }
  const { mergePhysmentShards } = await import("../engine/api/physment.ts");
  const merged = await mergePhysmentShards(args.dirs, args.out, { allowUnfinished: args.allowUnfinished });
  io.err(`mech: ${args.dirs.length} shards merged into ${args.out}: ${merged.episodes} episodes${merged.unfinished ? `, ${merged.unfinished} unfinished (run the unsharded mech physment run with --out ${args.out} to finish them)` : ""}`);
  const { scoreDirectory } = await import("./physment_commands.ts");
  return scoreDirectory(args.out, merged.settings.scenes_dir ?? undefined, io, (d) => readdirSync(d));
}
