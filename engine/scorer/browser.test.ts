/// <reference lib="dom" />
// The packed scorer in headless Chromium: the bundle, a page and the fixture inputs served
// from a loopback HTTP server; the page imports the bundle as an ES module, scores the
// fixture runs and episodes, and must reach the CLI's numbers. Skipped without Chromium
// (cli/browser.test_support.ts) unless MECHBENCH_REQUIRE_BROWSER=1.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { browserPath, browserRequired, launchBrowser } from "../../cli/browser.test_support.ts";
import { buildPackage, type BuiltPackage, SCORE_BODY, scoringInput } from "./package.test_support.ts";
import { CLI_FIELDS, evalFixture, type EvalFixture, physmentFixture, type PhysmentFixture } from "./scorer.test_support.ts";
import { SCORER_VERSION } from "./version.ts";

let browser: Browser | undefined;
let server: Server | undefined;
let origin = "";
let pkg: BuiltPackage | undefined;
let fx: EvalFixture;
let px: PhysmentFixture;
/** What the page asked the server for, to see that it asked for nothing else. */
const requested: string[] = [];

const PAGE = `<!doctype html><meta charset="utf-8"><title>scorer</title>
<script type="module">
  import * as S from "/mechbench-scorer.js";
  const input = await (await fetch("/input.json")).json();
  const score = (S, input) => {${SCORE_BODY}};
  try {
    window.scorerResult = JSON.stringify(score(S, input));
  } catch (e) {
    window.scorerResult = JSON.stringify({ error: String(e) });
  }
</script>`;

beforeAll(async () => {
  if (!browserPath) return;
  [fx, px] = await Promise.all([evalFixture(), physmentFixture()]);
  pkg = buildPackage();
  const files: Record<string, [string, string]> = {
    "/": ["text/html", PAGE],
    "/mechbench-scorer.js": ["text/javascript", readFileSync(pkg.bundle, "utf8")],
    "/input.json": ["application/json", JSON.stringify(scoringInput(fx, px))],
  };
  server = createServer((req, res) => {
    requested.push(req.url ?? "");
    const file = files[req.url ?? ""];
    res.writeHead(file ? 200 : 404, { "content-type": file?.[0] ?? "text/plain" }).end(file?.[1] ?? "not found");
  });
  await new Promise<void>((ok) => server!.listen(0, "127.0.0.1", ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((ok) => (server ? server.close(ok) : ok(undefined)));
  for (const d of [pkg && dirname(pkg.dir), fx?.tasksDir, fx && dirname(fx.runs[0].dir)]) if (d) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!browserPath && !browserRequired)("the packed scorer in headless Chromium", () => {
  it("finds a browser", () => {
    expect(browserPath, "no Chromium: set CHROMIUM_BIN or put chromium on PATH").toBeDefined();
  });

  it("imports the bundle in a page and scores the fixtures to the CLI's numbers", async () => {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => typeof (window as unknown as { scorerResult?: string }).scorerResult === "string", undefined, { timeout: 60_000 });
    const out = JSON.parse(await page.evaluate(() => (window as unknown as { scorerResult: string }).scorerResult)) as { error?: string; version: string; runs: Record<string, unknown>[]; episodes: unknown; summaries: unknown };
    expect(errors).toEqual([]);
    expect(out.error).toBeUndefined();
    expect(out.version).toBe(SCORER_VERSION);
    fx.runs.forEach((run, k) => {
      for (const f of CLI_FIELDS) expect(out.runs[k][f], `${run.model}: ${f}`).toEqual(run.cli[f]);
    });
    expect(out.episodes).toEqual(JSON.parse(JSON.stringify(px.scores)));
    expect(out.summaries).toEqual(JSON.parse(JSON.stringify(px.summaries)));
    expect(requested.filter((u) => u !== "/favicon.ico").sort()).toEqual(["/", "/input.json", "/mechbench-scorer.js"]);
    await page.close();
  });
});
