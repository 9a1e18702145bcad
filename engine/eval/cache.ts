// The response cache: a finished response stored under the SHA-256 of everything that
// decides it (endpoint, model, request controls, system message, prompt), so the same
// configuration run again, into any run directory, sends nothing. Entries are written to a
// temporary name and renamed into place: a reader sees a whole entry or none.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { Usage } from "../llm/model.ts";
import { sha256 } from "../files/sha256.ts";
import { canonicalJson } from "../files/canonical_json.ts";
import { fsMessage } from "../files/fs_reason.ts";
import { writeAtomically } from "../files/atomic_write.ts";

/** A response cache entry: the request's key and what the model answered. */
export const CachedResponse: z.ZodObject<
  {
    key: z.ZodString;
    content: z.ZodNullable<z.ZodString>;
    finish_reason: z.ZodNullable<z.ZodString>;
    usage: z.ZodNullable<typeof Usage>;
    reasoning: z.ZodOptional<z.ZodString>;
  },
  z.core.$strict
> = z.object({
  key: z.string().regex(/^[0-9a-f]{64}$/),
  content: z.string().nullable(),
  finish_reason: z.string().nullable(),
  usage: Usage.nullable(),
  reasoning: z.string().optional(),
}).strict();
/** A response cache entry: `key` (the SHA-256 of the request), the content, finish reason, usage and reasoning. */
export type CachedResponse = z.infer<typeof CachedResponse>;

export interface RequestIdentity {
  endpoint: string;
  model: string;
  /** Request fields beside model and messages. */
  controls: Record<string, unknown>;
  system: string;
  prompt: string;
  /** Which sample of the item (0 when absent): samples 1, 2 … are requests of their own, sample 0 is the run of one sample's request. */
  sample?: number;
}

export function requestKey(r: RequestIdentity): string {
  const sample = r.sample ? { sample: r.sample } : {};
  return sha256(canonicalJson({ endpoint: r.endpoint.replace(/\/+$/, ""), model: r.model, controls: r.controls, system: sha256(r.system), prompt: sha256(r.prompt), ...sample }));
}

/**
 * Where finished responses are kept, keyed by everything that decides them (endpoint, model
 * id, request controls, system message, prompt): a request met again is answered from here.
 * Implement it to keep responses elsewhere (a database, a shared store).
 */
export interface ResponseCache {
  /** The entry stored under `key`, or null. */
  get(key: string): CachedResponse | null;
  /** Stores an entry under its key (it may replace one stored before). */
  put(entry: CachedResponse): void;
}

/**
 * A response cache in memory, for one process (share one between evaluate calls).
 *
 * @example
 * ```ts
 * import { evaluate, generateBenchmark, MemoryResponseCache } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const cache = new MemoryResponseCache();
 * const model = { id: "empty", function: () => "{}" };
 * await evaluate({ benchmark, model, cache });
 * const again = await evaluate({ benchmark, model, cache });
 * assert.equal(again.summary?.cached, benchmark.tasks.length);
 * ```
 */
export class MemoryResponseCache implements ResponseCache {
  /** The entries, by key. */
  readonly entries: Map<string, CachedResponse> = new Map();
  /** The entry stored under `key`, or null. */
  get(key: string): CachedResponse | null {
    return this.entries.get(key) ?? null;
  }
  /** Stores an entry under its key. */
  put(entry: CachedResponse): void {
    this.entries.set(entry.key, entry);
  }
}

/**
 * A response cache on disk, shared by runs and processes: one JSON file per entry under
 * `dir/<first two hex digits>/<key>.json`, each written whole (to a temporary name, then
 * renamed). `mech eval` uses one (MECHBENCH_CACHE_DIR, else the user's cache directory).
 *
 * @example
 * ```ts
 * import { evaluate, FileResponseCache, generateBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const cache = new FileResponseCache(await Deno.makeTempDir());
 * await evaluate({ benchmark, model: { id: "empty", function: () => "{}" }, cache });
 * const again = await evaluate({ benchmark, model: { id: "empty", function: () => "{}" }, cache });
 * assert.equal(again.summary?.sent, 0);
 * ```
 */
export class FileResponseCache implements ResponseCache {
  /** Shard directories known to exist (a mkdir per entry costs as much as the write). */
  readonly #shards = new Set<string>();
  /** The cache directory (created as entries are stored). */
  readonly dir: string;
  /**
   * A cache in a directory.
   *
   * @param dir The cache directory (created as entries are stored).
   */
  constructor(dir: string) {
    this.dir = dir;
  }

  #path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  /** An entry that is missing, unreadable or not a valid entry for this key is a miss. */
  get(key: string): CachedResponse | null {
    let text: string;
    try {
      text = readFileSync(this.#path(key), "utf8");
    } catch {
      return null;
    }
    try {
      const r = CachedResponse.safeParse(JSON.parse(text));
      return r.success && r.data.key === key ? r.data : null;
    } catch {
      return null;
    }
  }

  /** Stores an entry under its key, atomically; a file-system failure is a StoreError naming the path (a partial file is removed). */
  put(entry: CachedResponse): void {
    const name = `${entry.key}.json`;
    const shard = join(this.dir, entry.key.slice(0, 2));
    const text = JSON.stringify(CachedResponse.parse(entry));
    if (!this.#shards.has(shard)) {
      try {
        mkdirSync(shard, { recursive: true });
      } catch (e) {
        throw fsMessage(join(shard, name), e);
      }
      this.#shards.add(shard);
    }
    // a unique temporary name: two processes may store the same entry at once
    writeAtomically(shard, name, text, `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2)}.partial`);
  }
}
