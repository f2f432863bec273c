import { availableParallelism } from "node:os";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium, findHeadlessShell } from "./tests/support/chromium";
import { e2eSettings } from "./tests/support/e2e-settings";

const settings = e2eSettings();
const GOOGLE_SPEC = /auth-google\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Bounds for a busy machine (see scripts/stress.mjs): tests wait for events, so a quiet
  // machine never waits this long.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // The tests mostly wait on the browser and the server: at least two at a time, even on
  // two cores (Playwright's default of half the cores would run them one by one there).
  workers: Math.max(2, Math.ceil(availableParallelism() / 2)),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: settings.baseURL,
    browserName: "chromium",
    // Recording a trace snapshots the page at every step: with CI=true and traces kept
    // for failures, the browser run took 368 s instead of 250 on two cores, and CI here
    // keeps only the log. A failure prints its error, call log and page snapshot
    // (error-context.md); `--trace on` records one when needed.
    trace: "off",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: GOOGLE_SPEC,
      use: { launchOptions: { executablePath: findHeadlessShell(), args: CHROMIUM_ARGS } },
    },
    {
      // The stand-in for Google's consent screen is a route on accounts.google.com that
      // the server's redirect reaches; the headless shell sends that redirected request to
      // DNS without offering it to the route (Chromium 156), the full browser does not.
      name: "google",
      testMatch: GOOGLE_SPEC,
      use: { launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS } },
    },
  ],
  webServer: {
    command: "npx tsx tests/support/e2e-server.ts",
    url: `${settings.baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
