import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/** The app server's port (of the first worker: test/e2e/app-server.ts gives each worker its own). */
export const APP_PORT = Number(process.env.E2E_PORT || 8799);
/** The machine's Chromium runs headless as root offline with these (see platform notes); extension tests reuse them. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
/**
 * The browser the tests drive: Chromium's headless shell (Debian's chromium-headless-shell, the "old" headless mode)
 * when it is installed, else the full Chromium. The shell draws the same pages with about half the CPU time of the
 * full browser in headless mode (viewer.spec.ts: 27 against 53 CPU-seconds in Chromium's processes), and the suite
 * is CPU-bound on a 2-core machine (docs/testing.md). E2E_CHROMIUM_PATH picks another; the extension test needs the
 * full browser (the shell loads no extensions) and launches it itself.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const E2E_CHROMIUM =
  process.env.E2E_CHROMIUM_PATH ||
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : process.env.CHROMIUM_PATH || "/usr/bin/chromium");
/** A local web server with article pages (test/fixtures/fixture-server.mjs) for tests that save articles. */
export const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT || 8798);

/**
 * End-to-end tests in the machine's Chromium (Playwright's own browser download does not work offline)
 * against the built app served the way `npm start` serves it (scripts/serve-e2e.mjs, fresh database), one
 * server per worker (test/e2e/fixtures.ts).
 */
export default defineConfig({
  testDir: "test/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  // Several workers, each with its own app server (test/e2e/app-server.ts says why). E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS || 3),
  retries: 0,
  // Generous: tests wait on outcomes, and a busy 2-core machine takes several times what a quiet one does to
  // process an article or draw an image. Only a hung test ever reaches this.
  timeout: 90_000,
  // An outcome may take a while on a busy machine (the dashboard behind a service worker that is precaching took
  // over 10 s in busy run I); a passing check waits only as long as it needs.
  expect: { timeout: 30_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  outputDir: "test-results/playwright-artifacts",
  globalSetup: "./test/e2e/global-setup.ts",
  use: {
    // Each test's baseURL is its worker's own app server (test/e2e/fixtures.ts).
    // A failed test keeps its trace (actions, network, DOM snapshots) without the screencast: recording frames
    // for every test cost more CPU than the tests themselves (Chromium's GPU process used 62 of a spec's 134
    // CPU-seconds with it, 22 of 86 without; docs/testing.md), on a 2-core machine that three workers share.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true },
    // The built app registers a service worker (docs/web-app.md); once it controls a page, page.route no
    // longer sees the API calls it handles. Blocked everywhere but test/e2e/pwa.spec.ts, which allows it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: E2E_CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: [
    {
      command: `node test/fixtures/fixture-server.mjs --port ${FIXTURE_PORT}`,
      url: `http://127.0.0.1:${FIXTURE_PORT}/article`,
      reuseExistingServer: false,
      // Generous: tests wait on outcomes, and a busy 2-core machine takes several times what a quiet one does to
      // process an article or draw an image. Only a hung test ever reaches this.
      timeout: 90_000,
      stdout: "ignore",
    },
  ],
});
