import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const migrations = await readD1Migrations(fromRoot("./migrations"));

/**
 * Test files that touch no storage, queue or Workflow: pure domain code and adapters against fakes. They share
 * one workerd isolate, because each isolated test file pays several seconds to load the whole Worker.
 */
const STORAGE_FREE = [
  "adapters-factory",
  "article-row-budget",
  "cloudflare-adapters",
  "clustering",
  "domain-rules",
  "extraction",
  "fetching",
  "json-step",
  "language",
  "library-space",
  "refine-assignments",
  "semantic-metrics",
  "topic-identity",
].map((name) => `test/worker/${name}.test.ts`);

/** Tests inside workerd with the development bindings of wrangler.toml and the migrations wrangler applies. */
function workerdProject(name: string, test: TestProjectInlineConfiguration["test"]): TestProjectInlineConfiguration {
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: fromRoot("./wrangler.toml") },
        // A short fetch time cap lets the hanging-site tests finish in seconds instead of 3 × 20 s.
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, FETCH_TIMEOUT_SECONDS: "2" } },
      }),
    ],
    test: {
      name,
      setupFiles: ["./test/worker/setup.ts"],
      // Pipeline tests run real fetches, Workflows and a browser; they take seconds, not milliseconds.
      testTimeout: 30_000,
      // Starts the local fixture web server (test/fixtures/fixture-server.mjs); tests read its origin with inject("fixtureOrigin").
      globalSetup: ["./test/worker/global-setup.ts"],
      ...test,
    },
  };
}

export default defineConfig({
  test: {
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    projects: [
      // Storage is isolated per test file here (see test/worker/setup.ts): every file starts from empty tables.
      workerdProject("worker", { include: ["test/worker/**/*.test.ts"], exclude: STORAGE_FREE }),
      workerdProject("worker-unit", { include: STORAGE_FREE, isolate: false }),
      // Pure client modules need neither a browser nor workerd.
      { test: { name: "client", include: ["test/client/**/*.test.ts"], environment: "node" } },
      // The project scripts' pure parts (deploy preflight), in plain Node like the scripts themselves.
      { test: { name: "scripts", include: ["test/scripts/**/*.test.ts"], environment: "node", testTimeout: 30_000 } },
    ],
  },
});
