// Open-addressing table interning fixed-width i32 keys to dense ids 0, 1, 2, ...
import { IntBuf } from "./int_buf";

/**
 * Most slots a table takes (2^27 words, 512 MiB): an array may not exceed 1 GiB, and
 * compileMdd refuses a layer of more than 2^26 nodes, so the load stays at most 1/2.
 */
const MAX_SLOTS: i32 = 1 << 27;

/** Slots for `capacity` keys at load at most 1/2: a power of two, 16 to MAX_SLOTS. */
function slotsFor(capacity: i32): i32 {
  let cap: i32 = 16;
  while (cap < MAX_SLOTS && <i64>cap < <i64>capacity * 2) cap <<= 1;
  return cap;
}

export class KeyTable {
  width: i32;
  keys: IntBuf = new IntBuf();
  slots: StaticArray<i32>;
  mask: i32;
  count: i32 = 0;

  constructor(width: i32, capacity: i32 = 16) {
    this.width = width;
    const cap = slotsFor(capacity);
    this.slots = new StaticArray<i32>(cap);
    this.mask = cap - 1;
    for (let i = 0; i < cap; i++) unchecked((this.slots[i] = -1));
  }

  /** Empties the table for keys of `width`, keeping its buffers where they fit. */
  reset(width: i32, capacity: i32): void {
    this.width = width;
    this.count = 0;
    this.keys.length = 0;
    const cap = slotsFor(capacity);
    if (cap != this.slots.length) this.slots = new StaticArray<i32>(cap);
    this.mask = cap - 1;
    for (let i = 0; i < cap; i++) unchecked((this.slots[i] = -1));
  }

  private hash(src: StaticArray<i32>, off: i32): u32 {
    let h: u32 = 2166136261;
    for (let i = 0; i < this.width; i++) {
      h ^= <u32>unchecked(src[off + i]);
      h *= 16777619;
    }
    h ^= h >> 15;
    return h;
  }

  private same(id: i32, src: StaticArray<i32>, off: i32): bool {
    const base = id * this.width;
    for (let i = 0; i < this.width; i++) {
      if (this.keys.get(base + i) != unchecked(src[off + i])) return false;
    }
    return true;
  }

  private grow(): void {
    if (this.mask + 1 >= MAX_SLOTS) return; // the caller refuses tables this full
    const cap = (this.mask + 1) << 1;
    this.slots = new StaticArray<i32>(cap);
    this.mask = cap - 1;
    for (let i = 0; i < cap; i++) unchecked((this.slots[i] = -1));
    const tmp = new StaticArray<i32>(this.width);
    for (let id = 0; id < this.count; id++) {
      for (let i = 0; i < this.width; i++) unchecked((tmp[i] = this.keys.get(id * this.width + i)));
      let s = <i32>(this.hash(tmp, 0) & <u32>this.mask);
      while (unchecked(this.slots[s]) >= 0) s = (s + 1) & this.mask;
      unchecked((this.slots[s] = id));
    }
  }

  /** Id of the key src[off .. off+width), inserting it if new. */
  intern(src: StaticArray<i32>, off: i32): i32 {
    let s = <i32>(this.hash(src, off) & <u32>this.mask);
    while (true) {
      const id = unchecked(this.slots[s]);
      if (id < 0) break;
      if (this.same(id, src, off)) return id;
      s = (s + 1) & this.mask;
    }
    const id = this.count++;
    unchecked((this.slots[s] = id));
    const keys = this.keys;
    keys.reserve(this.width);
    for (let i = 0; i < this.width; i++) unchecked((keys.data[keys.length++] = unchecked(src[off + i])));
    if (this.count * 2 > this.mask) this.grow();
    return id;
  }
}
