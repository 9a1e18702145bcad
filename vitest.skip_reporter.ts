// Ends a test run with one line on the tests that were skipped because something they
// need is missing on this machine, and how to provide it, e.g.
//   7 tests skipped for a missing prerequisite: 4 need Chromium (set CHROMIUM_BIN …), 3 need …
// vitest's own summary counts skipped tests but cannot say why: `describe.skipIf` carries
// no reason. The reasons live here, per test file, beside a check of whether the
// prerequisite is really missing (a test skipped while it is present was skipped for some
// other reason, e.g. a -t filter, and is not counted). A test skipped with ctx.skip(note)
// is counted under its note. The reporter is added to whatever reporters vitest chose
// (see skipReasons() below), so their output is unchanged; it prints nothing when no
// test was skipped for a missing prerequisite.
import { accessSync, constants, existsSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import type { Reporter, TestModule, Vite, Vitest } from "vitest/node";

export interface Prerequisite {
  /** What the skipped tests need, as the line says it ("need Chromium"). */
  need: string;
  /** How to provide it. */
  how: string;
  /** The test files (relative to the project root) that skip their tests without it. */
  files: readonly string[];
  /** Whether it is there, for the project root (mirrors the condition the test files skip on). */
  present(root: string): boolean;
}

/** Chromium as cli/browser.test_support.ts finds it: CHROMIUM_BIN, else one of four names on PATH. */
export function chromiumPresent(env: Record<string, string | undefined> = process.env): boolean {
  if (env.CHROMIUM_BIN) return true;
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    for (const name of ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"]) {
      try {
        accessSync(join(dir, name), constants.X_OK);
        return true;
      } catch {
        // not here
      }
    }
  }
  return false;
}

/** Where the tests look for PhysMent's published scenes: a PhysMent scene set beside the repository. */
export const PHYSMENT_SCENES = "../shared/physment-scenes/Scenes";

export const PREREQUISITES: readonly Prerequisite[] = [
  {
    need: "Chromium",
    how: "set CHROMIUM_BIN or put chromium, chromium-browser or google-chrome on PATH",
    files: ["cli/eval_report_browser.test.ts", "cli/eval_report_samples_browser.test.ts", "cli/physment_report_browser.test.ts", "cli/view_browser.test.ts", "engine/scorer/browser.test.ts"],
    present: () => chromiumPresent(),
  },
  {
    need: "PhysMent's published scenes",
    how: `their Scenes folder (Scene7 … Scene111) at ${PHYSMENT_SCENES}, relative to this repository's root`,
    files: ["engine/physment/scene/load.test.ts", "engine/physment/tools/compat.test.ts", "engine/physment/score/scenes.test.ts", "engine/physment/agent/prompt.test.ts", "cli/physment_published_run.test.ts"],
    present: (root) => existsSync(resolve(root, PHYSMENT_SCENES)),
  },
  {
    need: "/dev/full",
    how: "a Linux device that fails every write with ENOSPC, standing in for a full disk",
    files: ["cli/full_disk.test.ts"],
    present: () => existsSync("/dev/full"),
  },
];

/** The line for skipped tests counted per reason (need + how, or a ctx.skip note), or null when there are none. */
export function skipLine(groups: ReadonlyMap<string, number>): string | null {
  const total = [...groups.values()].reduce((a, b) => a + b, 0);
  if (!total) return null;
  const parts = [...groups].map(([reason, n]) => `${n} ${reason.replace(/^need /, n === 1 ? "needs " : "need ")}`);
  return `${total} test${total === 1 ? "" : "s"} skipped for a missing prerequisite: ${parts.join(", ")}`;
}

/** Counts the skipped tests of finished modules by the prerequisite they lack. */
export function skipGroups(modules: readonly Pick<TestModule, "relativeModuleId" | "children">[], root: string, prerequisites: readonly Prerequisite[] = PREREQUISITES): Map<string, number> {
  const groups = new Map<string, number>();
  const add = (reason: string) => groups.set(reason, (groups.get(reason) ?? 0) + 1);
  const missing = new Map<Prerequisite, boolean>();
  const lacks = (p: Prerequisite) => {
    if (!missing.has(p)) missing.set(p, !p.present(root));
    return missing.get(p)!;
  };
  for (const m of modules) {
    const file = m.relativeModuleId.replaceAll("\\", "/");
    const prerequisite = prerequisites.find((p) => p.files.includes(file));
    for (const test of m.children.allTests("skipped")) {
      if (test.options.mode === "todo") continue;
      const result = test.result();
      const note = result.state === "skipped" ? result.note : undefined;
      if (note) add(note);
      else if (prerequisite && lacks(prerequisite)) add(`need ${prerequisite.need} (${prerequisite.how})`);
    }
  }
  return groups;
}

export class SkipReasonsReporter implements Reporter {
  #vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.#vitest = vitest;
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const vitest = this.#vitest;
    if (!vitest) return;
    const line = skipLine(skipGroups(modules, vitest.config.root));
    if (line) vitest.logger.log(line);
  }
}

// reporters that write for a person on the terminal (the others write files or
// machine-readable output, which a line of prose would spoil)
const HUMAN_REPORTERS = new Set(["default", "agent", "verbose", "tree", "dot", "minimal"]);

/**
 * A Vite plugin that appends the reporter to the reporters vitest resolved (its default,
 * which depends on the environment, or those given with --reporter), when one of them
 * writes for a person.
 */
export function skipReasons(): Vite.Plugin {
  return {
    name: "mechbench:skip-reasons",
    configureVitest({ vitest }) {
      const reporters = vitest.config.reporters;
      const names = reporters.map((r) => (Array.isArray(r) ? r[0] : typeof r === "string" ? r : null));
      if (names.some((n) => typeof n === "string" && HUMAN_REPORTERS.has(n))) reporters.push(new SkipReasonsReporter());
    },
  };
}
