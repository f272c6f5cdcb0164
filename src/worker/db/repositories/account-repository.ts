import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { articles } from "../schema";

/** SQLite identifiers as found in sqlite_master: quoted, so any table name is safe in a statement. */
const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Deleting an account (issue 23). The tables to clear are read from the database itself (every table with a
 * `user_id` column), so a table added later (imports, OAuth grants...) is cleared without anyone remembering
 * to list it here. Virtual tables (the full-text index) are left out: triggers on `articles` keep them in step.
 */
export function createAccountRepository(db: Database) {
  return {
    /** Names of the tables that hold rows of a user (have a user_id column), internal tables left out. */
    async userTables(): Promise<string[]> {
      const rows = await db.all<{ name: string }>(sql`
        select m.name as name from sqlite_master m, pragma_table_info(m.name) p
        where m.type = 'table' and p.name = 'user_id'
          and m.name not like 'sqlite\\_%' escape '\\' and m.name not like '\\_cf\\_%' escape '\\'
          and m.name <> 'd1_migrations' and upper(coalesce(m.sql, '')) not like 'CREATE VIRTUAL%'
        order by m.name`);
      return rows.map((row) => row.name);
    },

    /** The user's article ids above `afterId`, by id, `limit` at a time (for removing their vectors). */
    async articleIdsAfter(userId: number, afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.userId, userId), gt(articles.id, afterId)))
        .orderBy(asc(articles.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Deletes every row of the user in one transaction (a D1 batch): each user_id table, the failed sign-ins
     * under the account's email, then the user.
     */
    async deleteEverything(userId: number, email: string): Promise<void> {
      const tables = await this.userTables();
      // Raw D1 statements: drizzle's batch takes only its query builders, and the table names come from
      // sqlite_master (quoted), never from a client.
      const d1 = db.$client;
      await d1.batch([
        ...tables.map((table) => d1.prepare(`delete from ${quoteIdentifier(table)} where user_id = ?`).bind(userId)),
        d1.prepare("delete from login_failures where email = ?").bind(email),
        d1.prepare("delete from users where id = ?").bind(userId),
      ]);
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
