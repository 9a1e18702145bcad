import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkShardSet, inShard, parseShard, type Shard, ShardError, shardOf } from "./shard.ts";
import { sha256 } from "../files/sha256.ts";

const shardsOf = (n: number): Shard[] => Array.from({ length: n }, (_, i) => ({ index: i + 1, count: n }));

describe("the partition", () => {
  it("puts a unit in shard (first 32 bits of SHA-256(id)) mod N + 1", () => {
    for (const id of ["task_0123456789abcdef", "electrical_resistor/necessity", "7__reference__b5__zero-shot__function"]) {
      const h = Number.parseInt(sha256(id).slice(0, 8), 16);
      for (const n of [1, 2, 3, 8, 1000]) expect(shardOf(id, n)).toBe((h % n) + 1);
    }
    expect(shardOf("", 7)).toBe((0xe3b0c442 % 7) + 1);
  });

  it("covers every unit exactly once, whatever the other units are, and the same way every time", () => {
    fc.assert(fc.property(fc.uniqueArray(fc.string(), { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), fc.string(), (ids, n, extra) => {
      const owners = ids.map((id) => shardsOf(n).filter((s) => inShard(id, s)));
      for (const o of owners) expect(o).toHaveLength(1);
      // a unit's shard is a function of its id and N alone: adding another unit, or asking again, changes nothing
      const again = [...ids, extra].map((id) => shardOf(id, n));
      expect(again.slice(0, ids.length)).toEqual(owners.map((o) => o[0].index));
      for (const s of again) expect(s >= 1 && s <= n).toBe(true);
    }));
  });

  it("without a shard every unit is in", () => {
    fc.assert(fc.property(fc.string(), (id) => inShard(id, null)));
  });

  it("parses I/N and says why anything else is not a shard", () => {
    expect(parseShard("2/8")).toEqual({ index: 2, count: 8 });
    expect(parseShard("1/1")).toEqual({ index: 1, count: 1 });
    expect(parseShard("0/3")).toMatch(/index I runs from 1 to 3/);
    expect(parseShard("4/3")).toMatch(/index I runs from 1 to 3/);
    expect(parseShard("a/b")).toMatch(/not a shard; expected I\/N/);
    expect(parseShard("1/0")).toMatch(/count N must be at least 1/);
    expect(parseShard("3")).toMatch(/not a shard/);
    expect(parseShard("-1/3")).toMatch(/not a shard/);
  });
});

describe("checkShardSet", () => {
  const dir = (index: number, count = 3, settings = "{}") => ({ dir: `d${index}`, shard: { index, count }, settings });
  it("orders a complete set by index", () => {
    expect(checkShardSet([dir(3), dir(1), dir(2)]).map((d) => d.dir)).toEqual(["d1", "d2", "d3"]);
  });
  it("names missing, duplicate and disagreeing shards with their directories", () => {
    expect(() => checkShardSet([dir(1), dir(3)])).toThrow(/shard 2\/3 missing \(given: d1 = 1\/3, d3 = 3\/3\)/);
    expect(() => checkShardSet([dir(1), dir(2), { ...dir(2), dir: "again" }, dir(3)])).toThrow(/shard 2\/3 given twice: d2 and again/);
    expect(() => checkShardSet([dir(1), dir(2, 4)])).toThrow(/shards of different runs: d1 is shard 1\/3, d2 is shard 2\/4/);
    expect(() => checkShardSet([dir(1), dir(2, 3, '{"seed":"x"}'), dir(3)])).toThrow(/d2 and d1 are shards of runs with different settings \(seed: undefined vs "x"\)/);
    expect(() => checkShardSet([])).toThrow(ShardError);
  });
});
