// Decoded confluence problem held in WASM memory for one solve.
// Input words (i32), written by the TypeScript marshaller (engine/solve/kernel.ts):
//   nVars, nConf,
//   per variable: nCells, domainMask, negMask, zeroMask, posMask
//   per confluence: nTerms, then per term: coef, nFactors, then (var, exp) per factor

export const SIGN_NEG: i32 = 1;
export const SIGN_ZERO: i32 = 2;
export const SIGN_POS: i32 = 4;

export class Problem {
  /** Input words the encoding took (anything after them is not part of the problem). */
  words: i32 = 0;
  nVars: i32 = 0;
  nConf: i32 = 0;
  nCells: StaticArray<i32> = new StaticArray<i32>(0);
  domain: StaticArray<u32> = new StaticArray<u32>(0);
  negMask: StaticArray<u32> = new StaticArray<u32>(0);
  zeroMask: StaticArray<u32> = new StaticArray<u32>(0);
  posMask: StaticArray<u32> = new StaticArray<u32>(0);
  // terms of confluence c are confTerm[c] .. confTerm[c+1]-1
  confTerm: StaticArray<i32> = new StaticArray<i32>(0);
  termCoef: StaticArray<i32> = new StaticArray<i32>(0);
  // factors of term t are termFac[t] .. termFac[t+1]-1
  termFac: StaticArray<i32> = new StaticArray<i32>(0);
  facVar: StaticArray<i32> = new StaticArray<i32>(0);
  facExp: StaticArray<i32> = new StaticArray<i32>(0);
  // distinct variables of confluence c are scopeVar[confScope[c] .. confScope[c+1]-1]
  confScope: StaticArray<i32> = new StaticArray<i32>(0);
  scopeVar: StaticArray<i32> = new StaticArray<i32>(0);
  // position of each factor's variable inside its confluence scope
  facScope: StaticArray<i32> = new StaticArray<i32>(0);
  // confluences mentioning variable v are varConf[varConfStart[v] .. varConfStart[v+1]-1]
  varConfStart: StaticArray<i32> = new StaticArray<i32>(0);
  varConf: StaticArray<i32> = new StaticArray<i32>(0);
}

class Reader {
  constructor(public ptr: usize, public at: i32) {}
  next(): i32 {
    const v = load<i32>(this.ptr + (<usize>this.at << 2));
    this.at++;
    return v;
  }
}

export function decodeProblem(ptr: usize, words: i32): Problem {
  const p = new Problem();
  const rd = new Reader(ptr, 0);
  const nVars = rd.next();
  const nConf = rd.next();
  p.nVars = nVars;
  p.nConf = nConf;
  p.nCells = new StaticArray<i32>(nVars);
  p.domain = new StaticArray<u32>(nVars);
  p.negMask = new StaticArray<u32>(nVars);
  p.zeroMask = new StaticArray<u32>(nVars);
  p.posMask = new StaticArray<u32>(nVars);
  for (let v = 0; v < nVars; v++) {
    unchecked((p.nCells[v] = rd.next()));
    unchecked((p.domain[v] = <u32>rd.next()));
    unchecked((p.negMask[v] = <u32>rd.next()));
    unchecked((p.zeroMask[v] = <u32>rd.next()));
    unchecked((p.posMask[v] = <u32>rd.next()));
  }
  // First pass: sizes.
  const start = rd.at;
  let nTerms: i32 = 0;
  let nFacs: i32 = 0;
  for (let c = 0; c < nConf; c++) {
    const nt = rd.next();
    nTerms += nt;
    for (let t = 0; t < nt; t++) {
      rd.next(); // coef
      const nf = rd.next();
      nFacs += nf;
      rd.at += nf * 2;
    }
  }
  assert(rd.at <= words, "problem encoding overruns its buffer");
  p.words = rd.at;
  p.confTerm = new StaticArray<i32>(nConf + 1);
  p.termCoef = new StaticArray<i32>(nTerms);
  p.termFac = new StaticArray<i32>(nTerms + 1);
  p.facVar = new StaticArray<i32>(nFacs);
  p.facExp = new StaticArray<i32>(nFacs);
  p.facScope = new StaticArray<i32>(nFacs);
  p.confScope = new StaticArray<i32>(nConf + 1);
  const scope = new Array<i32>();
  const seen = new StaticArray<i32>(nVars);
  for (let v = 0; v < nVars; v++) unchecked((seen[v] = -1));
  const varConfCount = new StaticArray<i32>(nVars + 1);
  rd.at = start;
  let ti: i32 = 0;
  let fi: i32 = 0;
  for (let c = 0; c < nConf; c++) {
    unchecked((p.confTerm[c] = ti));
    unchecked((p.confScope[c] = scope.length));
    const scopeStart = scope.length;
    const nt = rd.next();
    for (let t = 0; t < nt; t++) {
      unchecked((p.termCoef[ti] = rd.next()));
      unchecked((p.termFac[ti] = fi));
      const nf = rd.next();
      for (let f = 0; f < nf; f++) {
        const v = rd.next();
        const e = rd.next();
        unchecked((p.facVar[fi] = v));
        unchecked((p.facExp[fi] = e));
        if (unchecked(seen[v]) < scopeStart) {
          unchecked((seen[v] = scope.length));
          scope.push(v);
          unchecked((varConfCount[v] = varConfCount[v] + 1));
        }
        unchecked((p.facScope[fi] = seen[v] - scopeStart));
        fi++;
      }
      ti++;
    }
  }
  unchecked((p.confTerm[nConf] = ti));
  unchecked((p.termFac[nTerms] = fi));
  unchecked((p.confScope[nConf] = scope.length));
  p.scopeVar = new StaticArray<i32>(scope.length);
  for (let i = 0; i < scope.length; i++) unchecked((p.scopeVar[i] = scope[i]));
  p.varConfStart = new StaticArray<i32>(nVars + 1);
  let acc: i32 = 0;
  for (let v = 0; v < nVars; v++) {
    unchecked((p.varConfStart[v] = acc));
    acc += unchecked(varConfCount[v]);
  }
  unchecked((p.varConfStart[nVars] = acc));
  p.varConf = new StaticArray<i32>(acc);
  const fill = new StaticArray<i32>(nVars);
  for (let c = 0; c < nConf; c++) {
    for (let i = unchecked(p.confScope[c]); i < unchecked(p.confScope[c + 1]); i++) {
      const v = unchecked(p.scopeVar[i]);
      unchecked((p.varConf[p.varConfStart[v] + fill[v]] = c));
      unchecked((fill[v] = fill[v] + 1));
    }
  }
  return p;
}

/** Sign (-1, 0, +1) of cell `cell` of variable `v`. */
// @ts-ignore: decorator
@inline
export function cellSign(p: Problem, v: i32, cell: i32): i32 {
  const bit: u32 = <u32>1 << <u32>cell;
  if (unchecked(p.negMask[v]) & bit) return -1;
  if (unchecked(p.zeroMask[v]) & bit) return 0;
  return 1;
}

/** The set of signs (SIGN_* bits) taken by the cells in `mask` of variable `v`. */
// @ts-ignore: decorator
@inline
export function signSet(p: Problem, v: i32, mask: u32): i32 {
  let s: i32 = 0;
  if (mask & unchecked(p.negMask[v])) s |= SIGN_NEG;
  if (mask & unchecked(p.zeroMask[v])) s |= SIGN_ZERO;
  if (mask & unchecked(p.posMask[v])) s |= SIGN_POS;
  return s;
}

/** The cells of variable `v` whose sign is in the sign set `s`. */
// @ts-ignore: decorator
@inline
export function cellsWithSigns(p: Problem, v: i32, s: i32): u32 {
  let m: u32 = 0;
  if (s & SIGN_NEG) m |= unchecked(p.negMask[v]);
  if (s & SIGN_ZERO) m |= unchecked(p.zeroMask[v]);
  if (s & SIGN_POS) m |= unchecked(p.posMask[v]);
  return m;
}
