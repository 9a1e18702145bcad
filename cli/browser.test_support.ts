// Headless Chromium for the report tests. Chromium comes from the system (CHROMIUM_BIN, or
// chromium / chromium-browser / google-chrome on PATH). Without it the tests are skipped,
// unless MECHBENCH_REQUIRE_BROWSER=1 (CI sets it), which turns the absence into a failure.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

export function findChromium(): string | undefined {
  const env = process.env.CHROMIUM_BIN;
  if (env) return env;
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    for (const name of ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"]) {
      try {
        accessSync(join(dir, name), constants.X_OK);
        return join(dir, name);
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

export const browserPath = findChromium();
export const browserRequired = process.env.MECHBENCH_REQUIRE_BROWSER === "1";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: browserPath,
    // no sandbox (CI runs as root), and no background traffic to a network that is closed
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** A page opened on a file, logging every request it makes and every script error. */
export async function openFile(browser: Browser, path: string, viewport = { width: 1200, height: 900 }): Promise<{ page: Page; url: string; requests: string[]; problems: string[] }> {
  const page = await browser.newPage({ viewport });
  const requests: string[] = [];
  const problems: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => problems.push(e.message));
  const url = pathToFileURL(path).href;
  await page.goto(url, { waitUntil: "load" });
  return { page, url, requests, problems };
}

/** What a report chart (`section.chart#chart-ID`) draws: its size, visible marks by kind, dashed rules and every text label. */
export interface ChartShape {
  width: number;
  height: number;
  lines: number;
  points: number;
  rules: number;
  dashed: number;
  labels: string[];
}

/** The shape of the report chart named `id` on a loaded page. */
export function chartShape(page: Page, id: string): Promise<ChartShape> {
  return page.evaluate((id) => {
    const svg = document.querySelector(`section.chart#chart-${id} svg`)!;
    const visible = (sel: string) => [...svg.querySelectorAll(sel)].filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 || r.height > 0;
    }).length;
    const rules = [...svg.querySelectorAll(".mark-rule.role-mark line, .mark-rule.role-mark path")];
    const box = svg.getBoundingClientRect();
    return {
      width: box.width,
      height: box.height,
      lines: visible(".mark-line.role-mark path"),
      points: visible(".mark-symbol.role-mark path"),
      rules: rules.length,
      dashed: rules.filter((e) => e.getAttribute("stroke-dasharray")).length,
      labels: [...svg.querySelectorAll("text")].map((t) => t.textContent ?? ""),
    };
  }, id);
}
