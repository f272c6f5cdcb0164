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
      miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
    }),
  ],
  test: {
    // Pure client modules (test/client) need no browser, so they run here too.
    include: ["test/worker/**/*.test.ts", "test/client/**/*.test.ts"],
    setupFiles: ["./test/worker/setup.ts"],
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
