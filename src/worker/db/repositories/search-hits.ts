import { type SQL, sql } from "drizzle-orm";
import { articles } from "../schema";

/**
 * A search of the library ranks its matches by bm25 when they are at most this many; one that matches more (a
 * word in most articles: "people" in 37,726 of a 50,000-article library) lists them newest first, and its total
 * says "more than this many". Ranking reads every match (about 25 ms for those 37,726, and bm25 gives a word in
 * over half the index almost no weight anyway), and counting them all another 5 ms: a search's work stays bounded
 * by this number, whatever the library's size, as a search engine's does (Elasticsearch counts exactly to 10,000
 * and ranks with early termination, which FTS5 does not have). docs/api.md, docs/capacity.md.
 */
export const RANKED_SEARCH_LIMIT = 1000;

/** A MATCH no entry meets: the user_id column holds only numbers (domain/search-query pins every search to one). */
const MATCH_NOTHING = 'user_id : "none"';

/**
 * The full-text rows a search reads: the index alone when the search has no other filter (the MATCH pins the
 * user), or each match joined to its article row for the filters (the user's id among them).
 */
function matches(match: SQL, filters: SQL | undefined): SQL {
  return filters
    ? sql`articles_fts cross join ${articles} on ${articles.id} = articles_fts.rowid where articles_fts match ${match} and ${filters}`
    : sql`articles_fts where articles_fts match ${match}`;
}

/**
 * One statement that answers a page of a search's hits (`id`, `r`: bm25, or 0 for newest-first hits) and how many
 * matches it found, counted up to RANKED_SEARCH_LIMIT + 1 (`matched`, on every hit). It reads the newest
 * RANKED_SEARCH_LIMIT + 1 matches first (`probe`); then either ranks all the matches, when that is all of them, or
 * takes the page newest first, from the probe itself while the page lies within it. The branch not taken is given
 * a MATCH nothing meets, so it reads nothing: a condition on the count beside the MATCH would be tested on every row
 * after bm25 had scored it.
 */
export function searchHitsSql(ftsQuery: string, filters: SQL | undefined, limit: number, offset: number): SQL {
  const probeSize = RANKED_SEARCH_LIMIT + 1;
  const when = (condition: SQL) =>
    sql`(select case when ${condition} then ${ftsQuery} else ${MATCH_NOTHING} end from n)`;
  const ranked = sql`select articles_fts.rowid as id, articles_fts.rank as r from ${matches(when(sql`c <= ${RANKED_SEARCH_LIMIT}`), filters)} order by r, id desc limit ${limit} offset ${offset}`;
  const newest =
    offset + limit <= probeSize
      ? sql`select id, 0 as r from probe where (select c from n) > ${RANKED_SEARCH_LIMIT} order by id desc limit ${limit} offset ${offset}`
      : sql`select articles_fts.rowid as id, 0 as r from ${matches(when(sql`c > ${RANKED_SEARCH_LIMIT}`), filters)} order by articles_fts.rowid desc limit ${limit} offset ${offset}`;
  return sql`with probe as (select articles_fts.rowid as id from ${matches(sql`${ftsQuery}`, filters)} order by articles_fts.rowid desc limit ${probeSize}), n as (select count(*) as c from probe) select id, r, (select c from n) as matched from (select * from (${ranked}) union all select * from (${newest}))`;
}

/** How many matches a search has, counted up to RANKED_SEARCH_LIMIT + 1: for a page past its last hit. */
export function searchMatchCountSql(ftsQuery: string, filters: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*) from (select 1 from ${matches(sql`${ftsQuery}`, filters)} limit ${RANKED_SEARCH_LIMIT + 1}))`;
}

/** The total a search reports: exact up to RANKED_SEARCH_LIMIT, and that limit, flagged inexact, beyond. */
export function searchTotal(matched: number): { total: number; totalExact: boolean } {
  return matched > RANKED_SEARCH_LIMIT
    ? { total: RANKED_SEARCH_LIMIT, totalExact: false }
    : { total: matched, totalExact: true };
}
