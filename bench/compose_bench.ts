// deno bench bench/compose_bench.ts (no permission needed: everything happens in memory)
// The composer's cost as `mech compose` pays it: ten mechanisms of 3–20 components from all
// four domains, every candidate through the five acceptance gates (library, converter checks,
// numerical check, episode-graph soundness, a start case that moves), seed "bench". The
// rejected candidates are part of the cost. A mechanism costs about a tenth of the mean;
// the target is 100 mechanisms in under 10 minutes (6 s each) on a 2-core machine.
// A second case composes thermal networks alone (no decision-diagram-heavy circuits, no
// second-order mechanics) for the split by domain.
import { composeMechanisms } from "@mechbench/mechbench/solver";

Deno.bench({
  name: "composeMechanisms: 10 mechanisms, 3-20 components, all domains, fully gated",
  group: "compose",
  baseline: true,
  n: 3,
  fn: () => {
    const c = composeMechanisms({ seed: "bench", count: 10 });
    if (c.mechanisms.length !== 10) throw new Error(`composed ${c.mechanisms.length} of 10`);
  },
});

Deno.bench({
  name: "composeMechanisms: 10 thermal networks, 3-20 components, fully gated",
  group: "compose",
  n: 3,
  fn: () => {
    const c = composeMechanisms({ seed: "bench", count: 10, domains: ["thermal"] });
    if (c.mechanisms.length !== 10) throw new Error(`composed ${c.mechanisms.length} of 10`);
  },
});
