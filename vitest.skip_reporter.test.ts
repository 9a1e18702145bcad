// The skip-reasons reporter: its table of prerequisites against the test files that skip,
// its line, and the line at the end of a real run without Chromium.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromiumPresent, PHYSMENT_SCENES, PREREQUISITES, type Prerequisite, skipGroups, skipLine } from "./vitest.skip_reporter.ts";
import { findChromium } from "./cli/browser.test_support.ts";

const root = dirname(fileURLToPath(import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return testFiles(path);
    return name.endsWith(".test.ts") ? [path.replaceAll("\\", "/")] : [];
  });
}

describe("the prerequisites table", () => {
  it("names every test file that skips on a condition, and only those", () => {
    const skipping = ["engine", "cli", "catalog", "assembly"].flatMap(testFiles)
      .filter((f) => /\b(describe|it|test)\.(skipIf|runIf)\(/.test(readFileSync(join(root, f), "utf8")));
    expect(PREREQUISITES.flatMap((p) => p.files).sort()).toEqual(skipping.sort());
  });

  it("checks for Chromium and the scenes where the tests look for them", () => {
    expect(chromiumPresent()).toBe(findChromium() !== undefined);
    expect(chromiumPresent({ PATH: "" })).toBe(false);
    expect(chromiumPresent({ CHROMIUM_BIN: "/opt/chromium", PATH: "" })).toBe(true);
    const scenes = resolve(root, PHYSMENT_SCENES);
    for (const file of PREREQUISITES.find((p) => p.need.includes("PhysMent"))!.files) {
      const text = readFileSync(join(root, file), "utf8");
      // each reads the scenes' folder from a URL relative to a module: that module's, or the fixtures'
      const fixtures = /from "(\.[^"]*fixtures\.test_support\.ts)"/.exec(text)?.[1];
      const source = fixtures ? resolve(root, dirname(file), fixtures) : join(root, file);
      const url = /new URL\("([^"]*shared\/physment-scenes\/Scenes\/?)"/.exec(readFileSync(source, "utf8"))![1];
      expect(relative(scenes, fileURLToPath(new URL(url, pathToFileURL(source)))), file).toBe("");
    }
  });
});

// a finished module as the reporter sees it: its file and its tests' modes and states
const module = (file: string, tests: { mode?: "run" | "skip" | "todo"; state: "passed" | "skipped"; note?: string }[]) => ({
  relativeModuleId: file,
  children: {
    *allTests(state?: string) {
      for (const t of tests) {
        if (state && t.state !== state) continue;
        yield { options: { mode: t.mode ?? (t.state === "skipped" ? "skip" : "run") }, result: () => ({ state: t.state, note: t.note, errors: undefined }) };
      }
    },
  },
}) as unknown as Parameters<typeof skipGroups>[0][number];

describe("the line", () => {
  const absent: Prerequisite[] = PREREQUISITES.map((p) => ({ ...p, present: () => false }));
  const browser = PREREQUISITES[0].files[0];
  const scenes = PREREQUISITES[1].files;

  it("counts skipped tests per missing prerequisite, says how to provide each, and counts ctx.skip notes as given", () => {
    const groups = skipGroups([
      module(browser, [{ state: "skipped" }, { state: "skipped" }]),
      module(scenes[0], [{ state: "skipped" }, { state: "passed" }]),
      module(scenes[2], [{ state: "skipped" }, { state: "skipped", mode: "todo" }]),
      module("cli/other.test.ts", [{ state: "skipped" }, { state: "skipped", note: "needs a GPU" }]),
    ], root, absent);
    expect(skipLine(groups)).toBe(
      "5 tests skipped for a missing prerequisite: 2 need Chromium (set CHROMIUM_BIN or put chromium, chromium-browser or google-chrome on PATH), " +
        `2 need PhysMent's published scenes (their Scenes folder (Scene7 … Scene111) at ${PHYSMENT_SCENES}, relative to this repository's root), 1 needs a GPU`,
    );
  });

  it("says nothing of tests skipped while the prerequisite is there, or when nothing was skipped", () => {
    const present = PREREQUISITES.map((p) => ({ ...p, present: () => true }));
    expect(skipLine(skipGroups([module(browser, [{ state: "skipped" }])], root, present))).toBeNull();
    expect(skipLine(skipGroups([module(browser, [{ state: "passed" }])], root, absent))).toBeNull();
    expect(skipLine(skipGroups([module(browser, [{ state: "skipped" }])], root, absent))).toMatch(/^1 test skipped for a missing prerequisite: 1 needs Chromium \(/);
  });
});

describe("a run without Chromium", () => {
  it("ends with the line, after vitest's own summary", () => {
    // PATH holds only the runtime, so no Chromium is found
    const bin = mkdtempSync(join(tmpdir(), "mech-skips-"));
    try {
      const deno = "Deno" in globalThis;
      symlinkSync(process.execPath, join(bin, deno ? "deno" : "node"));
      const args = [...(deno ? ["run", "-A"] : []), join(root, "node_modules/vitest/vitest.mjs"), "run", "cli/eval_report_browser.test.ts"];
      const r = spawnSync(process.execPath, args, {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, PATH: bin, CHROMIUM_BIN: "", MECHBENCH_REQUIRE_BROWSER: "", NO_COLOR: "1" },
      });
      expect(r.status, r.stderr).toBe(0);
      const lines = r.stdout.trimEnd().split("\n");
      const n = /^\s*Tests\s+(\d+) skipped/m.exec(r.stdout)?.[1];
      expect(n).toBeDefined();
      expect(lines.at(-1)).toBe(`${n} tests skipped for a missing prerequisite: ${n} need Chromium (set CHROMIUM_BIN or put chromium, chromium-browser or google-chrome on PATH)`);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  }, 120_000);
});
