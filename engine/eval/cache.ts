// The response cache: a finished response stored under the SHA-256 of everything that
// decides it (endpoint, model, request controls, system message, prompt), so the same
// configuration run again, into any run directory, sends nothing. Entries are written to a
// temporary name and renamed into place: a reader sees a whole entry or none.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { Usage } from "../llm/model.ts";
import { sha256 } from "../files/sha256.ts";
import { canonicalJson } from "../files/canonical_json.ts";

export const CachedResponse = z.object({
  key: z.string().regex(/^[0-9a-f]{64}$/),
  content: z.string().nullable(),
  finish_reason: z.string().nullable(),
  usage: Usage.nullable(),
  reasoning: z.string().optional(),
}).strict();
export type CachedResponse = z.infer<typeof CachedResponse>;

export interface RequestIdentity {
  endpoint: string;
  model: string;
  /** Request fields beside model and messages. */
  controls: Record<string, unknown>;
  system: string;
  prompt: string;
}

export function requestKey(r: RequestIdentity): string {
  return sha256(canonicalJson({ endpoint: r.endpoint.replace(/\/+$/, ""), model: r.model, controls: r.controls, system: sha256(r.system), prompt: sha256(r.prompt) }));
}

export interface ResponseCache {
  get(key: string): CachedResponse | null;
  put(entry: CachedResponse): void;
}

export class MemoryResponseCache implements ResponseCache {
  readonly entries = new Map<string, CachedResponse>();
  get(key: string): CachedResponse | null {
    return this.entries.get(key) ?? null;
  }
  put(entry: CachedResponse): void {
    this.entries.set(entry.key, entry);
  }
}

/** One JSON file per entry under `dir/<first two hex digits>/<key>.json`. */
export class FileResponseCache implements ResponseCache {
  /** Shard directories known to exist (a mkdir per entry costs as much as the write). */
  readonly #shards = new Set<string>();
  constructor(readonly dir: string) {}

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

  put(entry: CachedResponse): void {
    const path = this.#path(entry.key);
    const shard = join(this.dir, entry.key.slice(0, 2));
    if (!this.#shards.has(shard)) {
      mkdirSync(shard, { recursive: true });
      this.#shards.add(shard);
    }
    // a unique temporary name: two processes may store the same entry at once
    const tmp = `${path}.${Date.now().toString(36)}${Math.random().toString(36).slice(2)}.partial`;
    writeFileSync(tmp, JSON.stringify(CachedResponse.parse(entry)));
    renameSync(tmp, path);
  }
}
