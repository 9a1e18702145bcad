import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../files/canonical_json.ts";
import { FileResponseCache, requestKey } from "./cache.ts";

const base = { endpoint: "http://h/v1", model: "m", controls: { max_tokens: 10, temperature: 0 }, system: "sys", prompt: "p" };

describe("the response cache", () => {
  it("keys on endpoint, model, every control, the system message and the prompt; not on key order or a trailing slash", () => {
    const k = requestKey(base);
    expect(requestKey({ ...base, controls: { temperature: 0, max_tokens: 10 } })).toBe(k);
    expect(requestKey({ ...base, endpoint: "http://h/v1/" })).toBe(k);
    for (const changed of [
      { ...base, endpoint: "http://other/v1" },
      { ...base, model: "m2" },
      { ...base, controls: { max_tokens: 11, temperature: 0 } },
      { ...base, controls: { max_tokens: 10 } },
      { ...base, system: "sys2" },
      { ...base, prompt: "p2" },
    ]) expect(requestKey(changed)).not.toBe(k);
  });

  it("canonical JSON sorts keys at every depth and drops undefined fields", () => {
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: undefined, e: null })).toBe('{"b":[{"c":2,"d":1}],"e":null}');
  });

  it("stores entries as files and reads them back; a missing, corrupt or foreign entry is a miss", () => {
    const dir = mkdtempSync(join(tmpdir(), "mech-cache-"));
    const cache = new FileResponseCache(dir);
    const key = requestKey(base);
    expect(cache.get(key)).toBeNull();
    const entry = { key, content: '{"answer": 1}', finish_reason: "stop", usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 } };
    cache.put(entry);
    expect(cache.get(key)).toEqual(entry);
    expect(new FileResponseCache(dir).get(key)).toEqual(entry);
    // no temporary file is left behind
    expect(readdirSync(join(dir, key.slice(0, 2)))).toEqual([`${key}.json`]);
    writeFileSync(join(dir, key.slice(0, 2), `${key}.json`), '{"key": "tor');
    expect(cache.get(key)).toBeNull();
    const other = requestKey({ ...base, prompt: "x" });
    cache.put({ ...entry, key: other });
    writeFileSync(join(dir, key.slice(0, 2), `${key}.json`), JSON.stringify({ ...entry, key: other }));
    expect(cache.get(key)).toBeNull();
  });
});
