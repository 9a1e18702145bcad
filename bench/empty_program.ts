// Intentionally empty: the start-up baseline of bench/startup_bench.ts (`deno run` of nothing).
