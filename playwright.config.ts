import { defineConfig, devices } from "@playwright/test";
import { E2E, e2eWorkers } from "./tests/e2e/support/env";

// End-to-end tests drive Debian's Chromium against the production build, started by the global setup.

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: false,
  // One stack per worker (tests/e2e/support/env.ts): files side by side, each file's tests in order.
  workers: e2eWorkers,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  outputDir: "test-results/e2e",
  use: {
    // Each worker loads this file itself, so E2E is its own stack's (TEST_PARALLEL_INDEX).
    baseURL: `http://localhost:${E2E.port}`,
    // No trace: recording one for every test (kept only on failure) cost ~10 % of the suite's time
    // (accessibility + inbox-panels 161 → 147 s), the failure screenshot below still shows the screen, and
    // `npx playwright test --trace on` records one when a failure needs it. The screencast cost a third.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's headless shell (scripts/ensure-services.sh installs it): the same Chromium without the
      // browser's UI layers, what Playwright itself runs headless. Route-table, accessibility and inbox specs:
      // 207 → 172 s on the whole browser → the shell (docs/TOOLCHAIN.md).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
