// A growable i32 buffer for the kernels' hot loops. Array<i32>#push is a call with a
// capacity check per element; here the check is inline and growth doubles the block in place where it can.

@final
export class IntBuf {
  data: StaticArray<i32>;
  length: i32 = 0;

  constructor(capacity: i32 = 16) {
    this.data = new StaticArray<i32>(max(capacity, 16));
  }

  @inline
  push(v: i32): void {
    if (this.length == this.data.length) this.grow(this.length + 1);
    unchecked((this.data[this.length++] = v));
  }

  @inline
  get(i: i32): i32 {
    return unchecked(this.data[i]);
  }

  /** Room for `more` further elements without growing. */
  reserve(more: i32): void {
    if (this.length + more > this.data.length) this.grow(this.length + more);
  }

  private grow(need: i32): void {
    let cap = this.data.length << 1;
    while (cap < need) cap <<= 1;
    // in place when the block can grow, as Array's own growth does (no second copy alive)
    this.data = changetype<StaticArray<i32>>(__renew(changetype<usize>(this.data), <usize>cap << 2));
  }
}
