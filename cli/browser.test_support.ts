// Headless Chromium for the report tests. Chromium comes from the system (CHROMIUM_BIN, or
// chromium / chromium-browser / google-chrome on PATH). Without it the tests are skipped,
// unless MECHBENCH_REQUIRE_BROWSER=1 (CI sets it), which turns the absence into a failure.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { type Browser, chromium } from "playwright-core";

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
