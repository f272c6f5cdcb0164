import { applyD1Migrations, env } from "cloudflare:test";

// Runs before each test file. The storage test files share one runtime per vitest worker (vitest.config.ts says
// why), so each file first empties the tables the files before it filled: every file starts from an empty library.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await emptyTables(env.DB);
// The second shard, in the project that has one (vitest.config.ts): the same migrations, emptied the same way.
if (env.DB_SHARD_1) {
  await applyD1Migrations(env.DB_SHARD_1, env.TEST_MIGRATIONS);
  await emptyTables(env.DB_SHARD_1);
}

/**
 * Deletes every row of every table but the migrations' own, in one batch with foreign keys checked at its end. The
 * full-text indexes follow their tables through triggers. One user stays: the one with the highest id, so ids are
 * never handed out twice (SQLite gives an empty table's next row id 1), because Workflow instance ids are made from
 * user ids and a second "user 7" would find the first one's run and start none.
 */
async function emptyTables(db: D1Database) {
  const { results } = await db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'
       AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
       AND name NOT LIKE '%\\_fts\\_%' ESCAPE '\\' AND name NOT IN ('d1_migrations', 'users')`,
    )
    .all<{ name: string }>();
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = on"),
    ...results.map(({ name }) => db.prepare(`DELETE FROM "${name}"`)),
    db.prepare("DELETE FROM users WHERE id < (SELECT MAX(id) FROM users)"),
  ]);
}
