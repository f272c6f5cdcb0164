declare namespace Cloudflare {
  interface Env {
    /** Injected by vitest.config.ts: the SQL migrations, applied before every test file. */
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
