// The stacked conditional-logistic regression of paper A.2 (exploratory). Every model–item
// record is one observation y ∈ {0, 1} (correct end to end) with covariates x; strata are
// model × family × mechanism, and a stratum whose outcomes do not vary carries no
// information under conditioning and drops out. Within a stratum of n records with k
// successes the exact conditional likelihood is
//   L_s(β) = exp(Σ_{i: y_i=1} x_i·β) / Σ_{T ⊆ s, |T| = k} exp(Σ_{i∈T} x_i·β),
// whose denominator (and its first and second derivatives) is computed exactly by the
// recursion over records (no approximation for ties). β is fitted by Newton's method;
// standard errors are CR1 cluster-robust by mechanism; p-values come from the fully
// enumerated wild-cluster (Rademacher) score test over the mechanism clusters.

export interface Observation {
  /** Stratum key (model × family × mechanism). */
  stratum: string;
  /** Cluster key (mechanism). */
  cluster: string;
  y: 0 | 1;
  x: readonly number[];
}

/** One coefficient of a fit. */
export interface Coefficient {
  /** The covariate. */
  name: string;
  /** Its estimate (log odds ratio). */
  estimate: number;
  /** CR1 cluster-robust standard error. */
  se: number;
  /** Wild-cluster Rademacher score test p-value (H0: this coefficient is 0). */
  p: number;
}

/** A conditional-logistic fit. */
export interface Fit {
  /** The coefficients, one per covariate. */
  coefficients: Coefficient[];
  /** Model–item records given (one observation each). */
  observations: number;
  /** Strata in all (model × family × mechanism). */
  strata: number;
  /** Strata with varying outcomes: the informative ones, which the fit conditions on. */
  informative: number;
  /** Mechanism clusters. */
  clusters: number;
  /** Newton iterations to the estimate. */
  iterations: number;
  /** max |score| at the estimate. */
  scoreNorm: number;
  /** Condition number of the information matrix at the estimate. */
  condition: number;
  /** The conditional log-likelihood at the estimate. */
  logLikelihood: number;
}

export class RegressionError extends Error {
  override name = "RegressionError";
}

interface Stratum {
  cluster: number;
  /** Covariates centered within the stratum (the conditional likelihood is unchanged; exp stays tame). */
  x: number[][];
  /** Indices of the successes. */
  ones: number[];
}

function strataOf(obs: readonly Observation[], p: number): { strata: Stratum[]; clusters: string[]; total: number } {
  const by = new Map<string, Observation[]>();
  for (const o of obs) {
    if (o.x.length !== p) throw new RegressionError(`an observation has ${o.x.length} covariates, expected ${p}`);
    const list = by.get(o.stratum) ?? [];
    list.push(o);
    by.set(o.stratum, list);
  }
  const clusters = [...new Set(obs.map((o) => o.cluster))].sort();
  const at = new Map(clusters.map((c, i) => [c, i]));
  const strata: Stratum[] = [];
  for (const [key, list] of [...by].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    const k = list.filter((o) => o.y === 1).length;
    if (k === 0 || k === list.length) continue;
    const cs = new Set(list.map((o) => o.cluster));
    if (cs.size > 1) throw new RegressionError(`stratum ${key} spans several clusters; strata must nest in clusters`);
    const mean = Array.from({ length: p }, (_, j) => list.reduce((s, o) => s + o.x[j], 0) / list.length);
    strata.push({ cluster: at.get(list[0].cluster)!, x: list.map((o) => o.x.map((v, j) => v - mean[j])), ones: list.flatMap((o, i) => (o.y === 1 ? [i] : [])) });
  }
  return { strata, clusters, total: by.size };
}

/**
 * One stratum's log-likelihood, score and information at β: the elementary symmetric
 * recursion f_j(m) = f_{j-1}(m) + f_{j-1}(m-1)·w_j (w_j = exp(x_j·β)) with its gradient and
 * Hessian carried along; the denominator is f_n(k).
 */
function stratumTerms(s: Stratum, beta: readonly number[]): { ll: number; score: number[]; info: number[][] } {
  const p = beta.length, n = s.x.length, k = s.ones.length;
  const f = new Float64Array(k + 1);
  const g = Array.from({ length: k + 1 }, () => new Float64Array(p));
  const h = Array.from({ length: k + 1 }, () => new Float64Array(p * p));
  f[0] = 1;
  for (let j = 0; j < n; j++) {
    const xj = s.x[j];
    let xb = 0;
    for (let t = 0; t < p; t++) xb += xj[t] * beta[t];
    const w = Math.exp(xb);
    // downwards, so position m-1 still holds the previous record's values (no copies)
    for (let m = Math.min(k, j + 1); m >= 1; m--) {
      const fm = f[m - 1], gm = g[m - 1], hm = h[m - 1], gM = g[m], hM = h[m];
      for (let a = 0; a < p; a++) {
        for (let b = 0; b < p; b++) hM[a * p + b] += w * (hm[a * p + b] + xj[a] * gm[b] + gm[a] * xj[b] + xj[a] * xj[b] * fm);
      }
      for (let a = 0; a < p; a++) gM[a] += w * (gm[a] + xj[a] * fm);
      f[m] += w * fm;
    }
  }
  const F = f[k], G = g[k], H = h[k];
  const sumX = Array.from({ length: p }, (_, a) => s.ones.reduce((acc, i) => acc + s.x[i][a], 0));
  const ll = sumX.reduce((acc, v, a) => acc + v * beta[a], 0) - Math.log(F);
  const score = sumX.map((v, a) => v - G[a] / F);
  const info = Array.from({ length: p }, (_, a) => Array.from({ length: p }, (_, b) => H[a * p + b] / F - (G[a] * G[b]) / (F * F)));
  return { ll, score, info };
}

interface Totals {
  ll: number;
  score: number[];
  info: number[][];
  /** Per cluster, the summed score vectors. */
  clusterScores: number[][];
}

function totals(strata: readonly Stratum[], beta: readonly number[], G: number): Totals {
  const p = beta.length;
  const out: Totals = { ll: 0, score: new Array(p).fill(0), info: Array.from({ length: p }, () => new Array(p).fill(0)), clusterScores: Array.from({ length: G }, () => new Array(p).fill(0)) };
  for (const s of strata) {
    const t = stratumTerms(s, beta);
    out.ll += t.ll;
    for (let a = 0; a < p; a++) {
      out.score[a] += t.score[a];
      out.clusterScores[s.cluster][a] += t.score[a];
      for (let b = 0; b < p; b++) out.info[a][b] += t.info[a][b];
    }
  }
  return out;
}

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with pivoting. */
export function solveLinear(A: readonly number[][], b: readonly number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[piv][c])) piv = r;
    if (Math.abs(M[piv][c]) < 1e-300) throw new RegressionError("the information matrix is singular (a covariate does not vary within the informative strata)");
    [M[c], M[piv]] = [M[piv], M[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const q = M[r][c] / M[c][c];
      for (let k = c; k <= n; k++) M[r][k] -= q * M[c][k];
    }
  }
  return M.map((row, i) => row[n] / M[i][i]);
}

export function invert(A: readonly number[][]): number[][] {
  const n = A.length;
  const cols = Array.from({ length: n }, (_, j) => solveLinear(A, Array.from({ length: n }, (_, i) => (i === j ? 1 : 0))));
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => cols[j][i]));
}

/** Eigenvalues of a small symmetric matrix (cyclic Jacobi). */
export function symmetricEigenvalues(A: readonly number[][]): number[] {
  const n = A.length;
  const M = A.map((r) => [...r]);
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) off += M[i][j] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(M[p][q]) < 1e-300) continue;
        const theta = (M[q][q] - M[p][p]) / (2 * M[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let k = 0; k < n; k++) {
          const mkp = M[k][p], mkq = M[k][q];
          M[k][p] = c * mkp - s * mkq;
          M[k][q] = s * mkp + c * mkq;
        }
        for (let k = 0; k < n; k++) {
          const mpk = M[p][k], mqk = M[q][k];
          M[p][k] = c * mpk - s * mqk;
          M[q][k] = s * mpk + c * mqk;
        }
      }
    }
  }
  return M.map((r, i) => r[i]).sort((a, b) => a - b);
}

/** Newton–Raphson with step halving on the coordinates in `free` (the others stay at their start value). */
function newton(strata: readonly Stratum[], start: number[], free: readonly number[], G: number): { beta: number[]; t: Totals; iterations: number } {
  let beta = [...start];
  let t = totals(strata, beta, G);
  for (let it = 1; it <= 100; it++) {
    const sc = free.map((a) => t.score[a]);
    if (Math.max(0, ...sc.map(Math.abs)) < 1e-10) return { beta, t, iterations: it - 1 };
    const step = solveLinear(free.map((a) => free.map((b) => t.info[a][b])), sc);
    // converged when the Newton decrement (the predicted gain sᵀ I⁻¹ s / 2) is at rounding level
    const decrement = sc.reduce((acc, v, i) => acc + v * step[i], 0);
    if (decrement < 1e-20 * Math.max(1, Math.abs(t.ll))) return { beta, t, iterations: it - 1 };
    let scale = 1;
    for (;;) {
      const next = [...beta];
      free.forEach((a, i) => (next[a] += scale * step[i]));
      const nt = totals(strata, next, G);
      if (nt.ll >= t.ll - 1e-12 * Math.max(1, Math.abs(t.ll)) || scale < 1e-8) {
        beta = next;
        t = nt;
        break;
      }
      scale /= 2;
    }
  }
  throw new RegressionError("Newton's method did not converge in 100 iterations (separation?)");
}

/** The largest number of clusters the wild test enumerates (2^G sign vectors). */
export const MAX_WILD_CLUSTERS = 24;

/**
 * The wild-cluster score test of H0: β_j = 0, fully enumerated: at the fit restricted to
 * β_j = 0, each cluster's efficient score for j (its score for j minus the projection on
 * the other coordinates' scores, I_{j,−j} I_{−j,−j}^{-1} U_{g,−j}); the p-value is the
 * share of all 2^G Rademacher sign vectors ε with |Σ ε_g s_g| ≥ |Σ s_g|.
 */
function wildP(strata: readonly Stratum[], beta: readonly number[], j: number, G: number): number {
  const p = beta.length;
  const others = Array.from({ length: p }, (_, a) => a).filter((a) => a !== j);
  const start = [...beta];
  start[j] = 0;
  const restricted = others.length ? newton(strata, start, others, G).t : totals(strata, start, G);
  let proj: number[] = [];
  if (others.length) proj = solveLinear(others.map((a) => others.map((b) => restricted.info[a][b])), others.map((a) => restricted.info[a][j]));
  const s = restricted.clusterScores.map((u) => u[j] - others.reduce((acc, a, i) => acc + proj[i] * u[a], 0));
  if (G > MAX_WILD_CLUSTERS) throw new RegressionError(`the wild-cluster test enumerates 2^${G} sign vectors; at most ${MAX_WILD_CLUSTERS} clusters are supported`);
  const observed = Math.abs(s.reduce((a, b) => a + b, 0));
  const tol = 1e-9 * (s.reduce((a, b) => a + Math.abs(b), 0) || 1);
  // Gray-code walk over the sign vectors: one sign flips per step
  let sum = s.reduce((a, b) => a + b, 0), hits = 0;
  const signs = new Int8Array(G).fill(1);
  const total = 2 ** G;
  for (let i = 0; i < total; i++) {
    if (Math.abs(sum) >= observed - tol) hits++;
    if (i + 1 === total) break;
    const bit = 31 - Math.clz32((i + 1) & -(i + 1));
    sum -= 2 * signs[bit] * s[bit];
    signs[bit] = -signs[bit] as 1 | -1;
  }
  return hits / total;
}

/** The conditional log-likelihood of the observations at β (for checks against hand computations). */
export function conditionalLogLikelihood(obs: readonly Observation[], beta: readonly number[]): number {
  const { strata, clusters } = strataOf(obs, beta.length);
  return totals(strata, beta, clusters.length).ll;
}

/** Fits the model; `names` name the covariates in order. */
export function conditionalLogit(obs: readonly Observation[], names: readonly string[]): Fit {
  const p = names.length;
  const { strata, clusters, total } = strataOf(obs, p);
  if (!strata.length) throw new RegressionError("no stratum has both outcomes; nothing to fit");
  const G = clusters.length;
  const { beta, t, iterations } = newton(strata, new Array(p).fill(0), names.map((_, a) => a), G);
  const inv = invert(t.info);
  // CR1: sandwich A^{-1} B A^{-1} scaled by G/(G-1), B = Σ_g U_g U_gᵀ
  const B = Array.from({ length: p }, (_, a) => Array.from({ length: p }, (_, b) => t.clusterScores.reduce((acc, u) => acc + u[a] * u[b], 0)));
  const V = inv.map((row) => Array.from({ length: p }, (_, b) => row.reduce((acc, v, k) => acc + v * inv.reduce((x, r, l) => x + B[k][l] * inv[l][b], 0), 0)));
  const c = G > 1 ? G / (G - 1) : 1;
  const eig = symmetricEigenvalues(t.info);
  return {
    coefficients: names.map((name, a) => ({ name, estimate: beta[a], se: Math.sqrt(Math.max(0, c * V[a][a])), p: wildP(strata, beta, a, G) })),
    observations: obs.length,
    strata: total,
    informative: strata.length,
    clusters: G,
    iterations,
    scoreNorm: Math.max(...t.score.map(Math.abs)),
    condition: eig[0] > 0 ? eig[eig.length - 1] / eig[0] : Infinity,
    logLikelihood: t.ll,
  };
}
