// Top-down compilation of a layered (quasi-reduced) multi-valued decision diagram.
//
// Layer l assigns variable order[l]. A node's key is the residual of every confluence
// that is open at that layer (some but not all of its variables assigned): two flag
// bits (a positive / a negative determined term seen) and, for each partially assigned
// term, the sign of the product of its coefficient and assigned factors. Nodes with
// equal keys are merged while building; a prefix is pruned when a confluence completes
// unsatisfied or a sound relaxation shows it can no longer be satisfied. The
// bottom-up pass then removes nodes with no path to the terminal and merges nodes with
// identical child vectors.
import { Problem, cellSign, signSet } from "./problem";
import { setMul, setPow, signBit } from "./signs";
import { KeyTable } from "./table";
import { IntBuf } from "./int_buf";

export const MDD_OK: i32 = 0;
export const MDD_EMPTY: i32 = 2;
export const MDD_LIMIT: i32 = 3;

export class MddResult {
  status: i32 = MDD_OK;
  // reduced diagram: layerCount[l] nodes at layer l (layer n is the single terminal);
  // node i of layer l has children[layerStart[l] + i*k .. +k) for the k cells of order[l]
  layerCount: StaticArray<i32> = new StaticArray<i32>(0);
  layerStart: StaticArray<i32> = new StaticArray<i32>(0);
  children: Array<i32> = new Array<i32>();
  supported: StaticArray<u32> = new StaticArray<u32>(0);
  nodesBuilt: i64 = 0;
}

/** Words of node keys or raw edges one layer may hold before the solve is refused. */
const MAX_WORDS: i64 = 1 << 26;

const FLAG_POS: i32 = 1;
const FLAG_NEG: i32 = 2;

export function compileMdd(p: Problem, dom: StaticArray<u32>, order: StaticArray<i32>, nodeLimit: i64): MddResult {
  const res = new MddResult();
  const n = p.nVars;
  const nConf = p.nConf;
  const nTerms = unchecked(p.confTerm[nConf]);
  const pos = new StaticArray<i32>(n);
  for (let i = 0; i < n; i++) unchecked((pos[order[i]] = i));

  // Static structure: first/last positions of each confluence and term; constant terms.
  const cmin = new StaticArray<i32>(nConf);
  const cmax = new StaticArray<i32>(nConf);
  const tmin = new StaticArray<i32>(nTerms);
  const tmax = new StaticArray<i32>(nTerms);
  const constFlags = new StaticArray<i32>(nConf);
  for (let c = 0; c < nConf; c++) {
    let lo = i32.MAX_VALUE;
    let hi: i32 = -1;
    let cf: i32 = 0;
    for (let t = unchecked(p.confTerm[c]); t < unchecked(p.confTerm[c + 1]); t++) {
      let tlo = i32.MAX_VALUE;
      let thi: i32 = -1;
      for (let f = unchecked(p.termFac[t]); f < unchecked(p.termFac[t + 1]); f++) {
        const q = unchecked(pos[p.facVar[f]]);
        tlo = min(tlo, q);
        thi = max(thi, q);
      }
      if (thi < 0) {
        // A term without factors is its coefficient: determined before any layer, so it
        // goes into the confluence's initial flags and takes no part in its layer span.
        cf |= unchecked(p.termCoef[t]) > 0 ? FLAG_POS : FLAG_NEG;
      } else {
        lo = min(lo, tlo);
        hi = max(hi, thi);
      }
      unchecked((tmin[t] = tlo));
      unchecked((tmax[t] = thi));
    }
    unchecked((cmin[c] = lo));
    unchecked((cmax[c] = hi));
    unchecked((constFlags[c] = cf));
    if (hi < 0 && cf != 0 && cf != (FLAG_POS | FLAG_NEG)) {
      res.status = MDD_EMPTY; // a constant confluence that cannot balance
    }
  }
  res.supported = new StaticArray<u32>(n);
  res.layerCount = new StaticArray<i32>(n + 1);
  res.layerStart = new StaticArray<i32>(n + 1);
  if (res.status != MDD_OK) return res;

  // Rolling layouts for layers l (cur) and l+1 (next), and the open confluences of
  // layers l-1, l and l+1: a layout only changes where the layer's variable occurs, so
  // each layer costs time in the width of its keys, not in the size of the problem.
  let off0 = new StaticArray<i32>(nConf);
  let toff0 = new StaticArray<i32>(nTerms);
  let off1 = new StaticArray<i32>(nConf);
  let toff1 = new StaticArray<i32>(nTerms);
  for (let c = 0; c < nConf; c++) {
    unchecked((off0[c] = -1));
    unchecked((off1[c] = -1));
  }
  for (let t = 0; t < nTerms; t++) {
    unchecked((toff0[t] = -1));
    unchecked((toff1[t] = -1));
  }
  let openPrev = new Array<i32>(); // layer l-1: whose offsets still sit in off1/toff1
  let openCur = new Array<i32>(); // layer 0 has no open confluence
  let openSpare = new Array<i32>(); // free for layer l+1 (held layer l-2)
  let w0: i32 = 0;
  const hasX = new StaticArray<bool>(nConf);
  const ex = new StaticArray<i32>(nTerms); // exponent sum of the layer's variable per term
  const remSet = new StaticArray<i32>(nTerms); // sign set of the still-unassigned factors
  const copySrc = new Array<i32>();
  const copyDst = new Array<i32>();

  // Per-layer buffers are reused from layer to layer: a long problem allocates no
  // garbage per layer, so memory follows the widest layers, not the number of layers.
  let curTable = new KeyTable(w0);
  let spareTable = new KeyTable(0);
  let scratch = new StaticArray<i32>(1);
  curTable.intern(scratch, 0);
  const rawStart = new StaticArray<i32>(n + 1);
  const rawCount = new StaticArray<i32>(n + 1);
  const raw = new IntBuf();
  let built: i64 = 1;

  for (let l = 0; l < n; l++) {
    const x = unchecked(order[l]);
    const k = unchecked(p.nCells[x]);
    // Layout of layer l+1: drop confluences that x completes, add those x opens.
    for (let i = 0; i < openPrev.length; i++) {
      const c = unchecked(openPrev[i]);
      unchecked((off1[c] = -1));
      for (let t = unchecked(p.confTerm[c]); t < unchecked(p.confTerm[c + 1]); t++) unchecked((toff1[t] = -1));
    }
    const openNext = openSpare;
    openNext.length = 0;
    for (let i = 0; i < openCur.length; i++) {
      const c = unchecked(openCur[i]);
      if (unchecked(cmax[c]) != l) openNext.push(c);
    }
    for (let j = unchecked(p.varConfStart[x]); j < unchecked(p.varConfStart[x + 1]); j++) {
      const c = unchecked(p.varConf[j]);
      if (unchecked(cmin[c]) == l && unchecked(cmax[c]) > l) openNext.push(c);
    }
    let w1: i32 = 0;
    for (let i = 0; i < openNext.length; i++) {
      const c = unchecked(openNext[i]);
      unchecked((off1[c] = w1++));
      for (let t = unchecked(p.confTerm[c]); t < unchecked(p.confTerm[c + 1]); t++) {
        if (unchecked(tmin[t]) <= l && l < unchecked(tmax[t])) unchecked((toff1[t] = w1++));
      }
    }
    // Per-layer preparation for the confluences that mention x.
    for (let j = unchecked(p.varConfStart[x]); j < unchecked(p.varConfStart[x + 1]); j++) {
      const c = unchecked(p.varConf[j]);
      unchecked((hasX[c] = true));
      for (let t = unchecked(p.confTerm[c]); t < unchecked(p.confTerm[c + 1]); t++) {
        let e: i32 = 0;
        let rs: i32 = 4; // {+}: the empty product
        for (let f = unchecked(p.termFac[t]); f < unchecked(p.termFac[t + 1]); f++) {
          const v = unchecked(p.facVar[f]);
          if (v == x) e += unchecked(p.facExp[f]);
          else if (unchecked(pos[v]) > l) rs = setMul(rs, setPow(signSet(p, v, unchecked(dom[v])), unchecked(p.facExp[f])));
        }
        unchecked((ex[t] = e));
        unchecked((remSet[t] = rs));
      }
    }
    // Copy plan for open confluences that do not mention x.
    copySrc.length = 0;
    copyDst.length = 0;
    for (let i = 0; i < openNext.length; i++) {
      const c = unchecked(openNext[i]);
      if (unchecked(hasX[c])) continue;
      copySrc.push(unchecked(off0[c]));
      copyDst.push(unchecked(off1[c]));
      for (let t = unchecked(p.confTerm[c]); t < unchecked(p.confTerm[c + 1]); t++) {
        if (unchecked(toff1[t]) >= 0) {
          copySrc.push(unchecked(toff0[t]));
          copyDst.push(unchecked(toff1[t]));
        }
      }
    }
    const nextTable = spareTable;
    nextTable.reset(w1, curTable.count * 2);
    if (scratch.length < w1) scratch = new StaticArray<i32>(w1);
    for (let i = 0; i < w1; i++) unchecked((scratch[i] = 0));
    const m = curTable.count;
    unchecked((rawStart[l] = raw.length));
    unchecked((rawCount[l] = m));
    const keys = curTable.keys.data;
    const domX = unchecked(dom[x]);
    for (let i = 0; i < m; i++) {
      const base = i * w0;
      for (let cell = 0; cell < k; cell++) {
        if ((domX & (<u32>1 << <u32>cell)) == 0) {
          raw.push(-1);
          continue;
        }
        const sigma = cellSign(p, x, cell);
        for (let q = 0; q < copySrc.length; q++) {
          unchecked((scratch[copyDst[q]] = keys[base + copySrc[q]]));
        }
        let ok = true;
        for (let j = unchecked(p.varConfStart[x]); j < unchecked(p.varConfStart[x + 1]) && ok; j++) {
          const c = unchecked(p.varConf[j]);
          const o0 = unchecked(off0[c]);
          const o1 = unchecked(off1[c]);
          let flags = o0 >= 0 ? unchecked(keys[base + o0]) : unchecked(constFlags[c]);
          if (flags == (FLAG_POS | FLAG_NEG)) {
            // already balanced: residual is canonical
            if (o1 >= 0) {
              unchecked((scratch[o1] = flags));
              for (let t = unchecked(p.confTerm[c]); t < unchecked(p.confTerm[c + 1]); t++) {
                const d = unchecked(toff1[t]);
                if (d >= 0) unchecked((scratch[d] = 0));
              }
            }
            continue;
          }
          // Update terms; the feasibility relaxation needs per-term possible signs.
          let canAllZero = true;
          let nP: i32 = 0;
          let nN: i32 = 0;
          let lastP: i32 = -1;
          let lastN: i32 = -1;
          for (let t = unchecked(p.confTerm[c]); t < unchecked(p.confTerm[c + 1]); t++) {
            if (unchecked(tmax[t]) < l) continue; // determined before this layer
            const src = unchecked(toff0[t]);
            let ps: i32 = src >= 0 ? unchecked(keys[base + src]) : (unchecked(tmin[t]) >= l ? unchecked(p.termCoef[t]) : 0);
            const e = unchecked(ex[t]);
            if (e > 0) ps *= sigma == 0 ? 0 : ((e & 1) == 0 ? 1 : sigma);
            if (unchecked(tmax[t]) == l) {
              if (ps > 0) flags |= FLAG_POS;
              else if (ps < 0) flags |= FLAG_NEG;
              continue;
            }
            const d = unchecked(toff1[t]);
            if (d >= 0) unchecked((scratch[d] = ps));
            const possible = ps == 0 ? 2 : setMul(signBit(ps), unchecked(remSet[t]));
            if ((possible & 2) == 0) canAllZero = false;
            if ((possible & 4) != 0) { nP++; lastP = t; }
            if ((possible & 1) != 0) { nN++; lastN = t; }
          }
          if (o1 < 0) {
            // complete at layer l+1: every term zero, or both signs present
            if (flags != 0 && flags != (FLAG_POS | FLAG_NEG)) ok = false;
            continue;
          }
          if (flags == (FLAG_POS | FLAG_NEG)) {
            unchecked((scratch[o1] = flags));
            for (let t = unchecked(p.confTerm[c]); t < unchecked(p.confTerm[c + 1]); t++) {
              const d = unchecked(toff1[t]);
              if (d >= 0) unchecked((scratch[d] = 0));
            }
            continue;
          }
          unchecked((scratch[o1] = flags));
          const allZero = flags == 0 && canAllZero;
          const needPos = (flags & FLAG_POS) == 0;
          const needNeg = (flags & FLAG_NEG) == 0;
          let balance: bool;
          if (needPos && needNeg) balance = nP > 0 && nN > 0 && !(nP == 1 && nN == 1 && lastP == lastN);
          else if (needPos) balance = nP > 0;
          else balance = nN > 0;
          if (!allZero && !balance) ok = false;
        }
        if (!ok) {
          raw.push(-1);
          continue;
        }
        const before = nextTable.count;
        raw.push(nextTable.intern(scratch, 0));
        if (nextTable.count > before) {
          built++;
          if (built > nodeLimit || <i64>nextTable.count * <i64>w1 > MAX_WORDS || <i64>raw.length > MAX_WORDS) {
            res.status = MDD_LIMIT;
            res.nodesBuilt = built;
            return res;
          }
        }
      }
    }
    for (let j = unchecked(p.varConfStart[x]); j < unchecked(p.varConfStart[x + 1]); j++) {
      unchecked((hasX[p.varConf[j]] = false));
    }
    // roll layouts
    const a = off0; off0 = off1; off1 = a;
    const b = toff0; toff0 = toff1; toff1 = b;
    w0 = w1;
    openSpare = openPrev;
    openPrev = openCur;
    openCur = openNext;
    spareTable = curTable;
    curTable = nextTable;
  }
  unchecked((rawCount[n] = curTable.count)); // 1 if any path survived, else 0
  res.nodesBuilt = built;

  // Bottom-up reduction: the reduced layers' child vectors go to `rev`, last layer first.
  const rev = new IntBuf();
  const revStart = new StaticArray<i32>(n + 1);
  const layerN = new StaticArray<i32>(n + 1);
  let nextId = new StaticArray<i32>(max(rawCount[n], 1));
  let ids = new StaticArray<i32>(1);
  if (rawCount[n] > 0) unchecked((nextId[0] = 0));
  else unchecked((nextId[0] = -1));
  unchecked((layerN[n] = rawCount[n] > 0 ? 1 : 0));
  const table = curTable;
  const vec = new StaticArray<i32>(32);
  for (let l = n - 1; l >= 0; l--) {
    const k = unchecked(p.nCells[order[l]]);
    table.reset(k, unchecked(rawCount[l]));
    if (ids.length < unchecked(rawCount[l])) ids = new StaticArray<i32>(unchecked(rawCount[l]));
    const rs = unchecked(rawStart[l]);
    for (let i = 0; i < unchecked(rawCount[l]); i++) {
      let alive = false;
      for (let j = 0; j < k; j++) {
        const ch = raw.get(rs + i * k + j);
        const r = ch < 0 ? -1 : unchecked(nextId[ch]);
        unchecked((vec[j] = r));
        if (r >= 0) alive = true;
      }
      unchecked((ids[i] = alive ? table.intern(vec, 0) : -1));
    }
    unchecked((layerN[l] = table.count));
    unchecked((revStart[l] = rev.length));
    const keys = table.keys;
    rev.reserve(keys.length);
    memory.copy(changetype<usize>(rev.data) + (<usize>rev.length << 2), changetype<usize>(keys.data), <usize>keys.length << 2);
    rev.length += keys.length;
    const t = nextId; nextId = ids; ids = t;
  }
  if (unchecked(layerN[0]) == 0) {
    res.status = MDD_EMPTY;
    return res;
  }
  let total: i32 = 0;
  for (let l = 0; l < n; l++) total += unchecked(layerN[l]) * unchecked(p.nCells[order[l]]);
  res.children = new Array<i32>(total);
  let filled: i32 = 0;
  for (let l = 0; l <= n; l++) {
    unchecked((res.layerCount[l] = layerN[l]));
    unchecked((res.layerStart[l] = filled));
    const from = l < n ? unchecked(revStart[l]) : 0;
    const len = l < n ? unchecked(layerN[l]) * unchecked(p.nCells[order[l]]) : 0;
    let sup: u32 = 0;
    for (let i = 0; i < len; i++) {
      const ch = rev.get(from + i);
      unchecked((res.children[filled++] = ch));
      if (ch >= 0) sup |= <u32>1 << <u32>(i % unchecked(p.nCells[order[l]]));
    }
    if (l < n) unchecked((res.supported[order[l]] = sup));
  }
  return res;
}
