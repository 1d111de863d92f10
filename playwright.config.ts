import { defineConfig, devices } from "@playwright/test";
import { E2E } from "./tests/e2e/support/env";

// End-to-end tests drive Debian's Chromium against the production build, started by the global setup.
export const E2E_PORT = E2E.port;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // A failed test keeps its trace (DOM snapshots, network, console) but not the screencast: recording
    // frames for every test cost a third of the suite's time (inbox.spec.ts 1.6 → 1.1 min, 80 → 58 s of CPU),
    // and the failure screenshot below still shows the screen.
    trace: { mode: "retain-on-failure", screenshots: false },
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
