import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const migrations = await readD1Migrations(fromRoot("./migrations"));

// Worker tests run inside workerd with the development bindings of wrangler.toml and the same SQL
// migrations wrangler applies (see test/worker/setup.ts).
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fromRoot("./wrangler.toml") },
      // A short fetch time cap lets the hanging-site tests finish in seconds instead of 3 × 20 s.
      miniflare: { bindings: { TEST_MIGRATIONS: migrations, FETCH_TIMEOUT_SECONDS: "2" } },
    }),
  ],
  test: {
    // Pure client modules (test/client) need no browser, so they run here too.
    include: ["test/worker/**/*.test.ts", "test/client/**/*.test.ts"],
    setupFiles: ["./test/worker/setup.ts"],
    // Pipeline tests run real fetches, Workflows and a browser; they take seconds, not milliseconds.
    testTimeout: 30_000,
    // Starts the local fixture web server (test/fixtures/fixture-server.mjs); tests read its origin with inject("fixtureOrigin").
    globalSetup: ["./test/worker/global-setup.ts"],
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
