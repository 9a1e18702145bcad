// --shard I/N, shared by mech generate, mech eval and mech physment run.
import { parseShard, type Shard } from "../engine/api/mechreasoner.ts";
import { InputError } from "./io.ts";

/** The shard the user asked for, or null without --shard; a malformed one is an input error (exit 2). */
export function shardOption(text: string | undefined): Shard | null {
  if (text === undefined) return null;
  const s = parseShard(text);
  if (typeof s === "string") throw new InputError(`--shard: ${s}`);
  return s;
}
