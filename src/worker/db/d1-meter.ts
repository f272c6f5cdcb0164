/**
 * Development only (D1_METER=on): counts the rows D1 reports reading and writing, so `npm run bench:capacity` can
 * say what each route and each processed article costs in D1's billing unit. D1 reports `rows_read` and
 * `rows_written` in every result's `meta`, but `raw()` (which drizzle uses for most selects) drops it; so the
 * metered database is a D1Database of the runtime's own class built over a fetcher that reads the meta off each
 * answer on the way through. That class and its `fetcher` field are the runtime's internals, not an API: when they
 * are not there the database is returned unmetered, and the setting is refused outside development.
 */
export interface D1Tally {
  queries: number;
  rowsRead: number;
  rowsWritten: number;
}

export const emptyTally = (): D1Tally => ({ queries: 0, rowsRead: 0, rowsWritten: 0 });

/** Everything metered in this isolate since it started: requests, queue batches, Workflow steps. */
export const isolateTally: D1Tally = emptyTally();

interface ResultMeta {
  meta?: { rows_read?: number; rows_written?: number };
}

function count(tallies: D1Tally[], answer: unknown): void {
  const results: ResultMeta[] = Array.isArray(answer) ? answer : [answer as ResultMeta];
  for (const result of results) {
    for (const tally of tallies) {
      tally.queries += 1;
      tally.rowsRead += result?.meta?.rows_read ?? 0;
      tally.rowsWritten += result?.meta?.rows_written ?? 0;
    }
  }
}

/** `d1`, counting into every one of `tallies` (and the isolate's); `d1` itself when the runtime's shape is unknown. */
export function meteredD1(d1: D1Database, tallies: D1Tally[] = []): D1Database {
  const fetcher = (d1 as unknown as { fetcher?: Fetcher }).fetcher;
  const Database = (d1 as unknown as { constructor: new (fetcher: unknown) => D1Database }).constructor;
  if (!fetcher || typeof fetcher.fetch !== "function") return d1;
  const into = [isolateTally, ...tallies];
  const counting = {
    async fetch(...args: Parameters<Fetcher["fetch"]>): Promise<Response> {
      const response = await fetcher.fetch(...args);
      // A failed query answers with an error body and no rows; it is not counted.
      if (response.ok)
        count(
          into,
          await response
            .clone()
            .json()
            .catch(() => null),
        );
      return response;
    },
  };
  return new Database(counting);
}
