import { defineConfig } from "vitest/config";
import { skipReasons } from "./vitest.skip_reporter.ts";

export default defineConfig({
  // after vitest's own summary, one line on the tests skipped for a missing prerequisite
  // (Chromium, PhysMent's published scenes) and how to provide it
  plugins: [skipReasons()],
  test: {
    include: ["engine/**/*.test.ts", "cli/**/*.test.ts", "catalog/**/*.test.ts", "assembly/**/*.test.ts", "vitest.*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
