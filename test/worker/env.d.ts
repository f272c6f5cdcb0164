declare namespace Cloudflare {
  interface Env {
    /** Injected by vitest.config.ts: the SQL migrations, applied before every test file. */
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** The second shard, bound only in the isolated:shards project (vitest.config.ts). */
    DB_SHARD_1?: D1Database;
  }
}
