import { applyD1Migrations, env } from "cloudflare:test";

// Runs before each test file; storage is isolated per test file, so every file starts from empty tables.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
