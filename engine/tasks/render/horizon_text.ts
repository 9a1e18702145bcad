// Which edges make up a bounded episode graph A^{≤H}(x0), in words, for the prompts that
// ask for one (transitions) or supply one (necessity). The layers of reach() are the
// episodes reached after exactly d edges; an edge belongs to A^{≤H} exactly when its
// source lies in a layer below H, i.e. when some walk of fewer than H edges from x0
// reaches it. Saying "depth" would let a reader take an episode reached both after one
// and after two edges as being at depth 2 and drop its edges; these words leave no such reading.

/** The edge set of A^{≤H}(x0) for horizon H ≥ 1, as one clause (no final period). */
export function horizonEdgesText(horizon: number): string {
  if (horizon === 1) return "the edges out of the initial episode, and no other edge";
  if (horizon === 2) return "the edges out of the initial episode and the edges out of every episode that one of those edges reaches, and no other edge";
  return `the edges out of every episode that the initial episode reaches by a sequence of fewer than ${horizon} edges (the initial episode itself included), and no other edge`;
}
