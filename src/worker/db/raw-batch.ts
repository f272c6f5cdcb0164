import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";

const dialect = new SQLiteAsyncDialect();

/**
 * Runs `sql` templates as one D1 batch (one round trip, in order) and answers each one's rows. drizzle's own batch
 * cannot take a raw query with parameters: `db.batch([db.all(sql`…${value}`)])` throws "Cannot read properties of
 * undefined (reading 'bind')" (drizzle-orm 0.45, its issue 2277), so these go to D1 as prepared statements through
 * the same client (storable text, the meter).
 */
export async function batchRows<Rows extends Record<string, unknown>[][]>(
  db: Database,
  queries: { [K in keyof Rows]: SQL },
): Promise<Rows> {
  const d1 = db.$client;
  const results = await d1.batch(
    queries.map((query) => {
      const { sql, params } = dialect.sqlToQuery(query);
      return d1.prepare(sql).bind(...params);
    }),
  );
  return results.map((result) => result.results) as Rows;
}
