import { and, desc, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { annotationText } from "../annotation-text";
import type { Database } from "../client";
import { ownedArticles } from "../owned-articles";
import { articles, searchSessions } from "../schema";
import type { ArticleBodiesRepository } from "./article-bodies-repository";

/** What a question can narrow a search to (domain/search/question-filters), as stored columns. */
export interface ArticleFilter {
  language?: string;
  domain?: string;
  since?: number;
  until?: number;
  isRead?: boolean;
}

export type SearchTurn = (typeof searchSessions.$inferSelect)["turns"][number];

/** The FTS5 table, as in the articles repository: only what queries need. */
const articlesFts = sqliteTable("articles_fts", { rowid: integer("rowid") });

/** Sessions and full-text candidates; every method is scoped by the owner's id. */
export function createSearchRepository(db: Database, bodies: ArticleBodiesRepository) {
  const mine = (userId: number, id: string) => and(eq(searchSessions.userId, userId), eq(searchSessions.id, id));

  return {
    async createSession(userId: number, now: number): Promise<string> {
      const id = crypto.randomUUID();
      await db.insert(searchSessions).values({ id, userId, turns: [], createdAt: now, updatedAt: now });
      return id;
    },

    async findSession(userId: number, id: string) {
      return db.select().from(searchSessions).where(mine(userId, id)).get();
    },

    async saveTurns(userId: number, id: string, turns: SearchTurn[], now: number): Promise<void> {
      await db.update(searchSessions).set({ turns, updatedAt: now }).where(mine(userId, id));
    },

    async deleteSession(userId: number, id: string): Promise<boolean> {
      const row = await db.delete(searchSessions).where(mine(userId, id)).returning({ id: searchSessions.id }).get();
      return row !== undefined;
    },

    /**
     * The first `chars` characters of the text the full-text index read (`search_text`) of some of the user's
     * articles, by id: the text a search matched, so an explanation quotes what was found.
     */
    async textStarts(userId: number, ids: number[], chars: number): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: articles.id,
          start: sql<string | null>`substr(${articles.searchText}, 1, ${chars})`,
          bodyKey: articles.bodyKey,
        })
        .from(articles)
        .where(ownedArticles(userId, ids))
        .all();
      // The text is in R2 for every article but those not moved yet: one read per article asked (a page of results).
      const starts = await Promise.all(
        rows.map(async (row) => {
          if (!row.bodyKey) return [row.id, row.start ?? ""] as const;
          const body = await bodies.readBody(userId, row.bodyKey);
          return [row.id, (body?.searchText ?? "").slice(0, chars)] as const;
        }),
      );
      return new Map(starts);
    },

    /**
     * The reader's own words on some of the user's articles (the note, highlight quotes and notes, as the index reads
     * them: db/annotation-text.ts), by id: what a full-text match found when the article's text does not have the terms.
     */
    async annotationTexts(userId: number, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: articles.id, text: annotationText })
        .from(articles)
        .where(ownedArticles(userId, ids))
        .all();
      return new Map(rows.map((row) => [row.id, row.text ?? ""]));
    },

    /** The user's distinct domains, so a site named in a question ("from the Guardian") can be recognised. */
    async domains(userId: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ domain: articles.domain })
        .from(articles)
        .where(and(eq(articles.userId, userId), isNotNull(articles.domain)))
        .all();
      return rows.map((row) => row.domain ?? "").filter(Boolean);
    },

    /**
     * The languages of the user's articles, most articles first (at most `limit`): the full-text query matches
     * a term's forms in each (domain/search/chat-query).
     */
    async languages(userId: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ language: articles.language })
        .from(articles)
        .where(and(eq(articles.userId, userId), isNotNull(articles.language)))
        .groupBy(articles.language)
        .orderBy(desc(sql`count(*)`))
        .limit(limit)
        .all();
      return rows.map((row) => row.language ?? "").filter(Boolean);
    },

    /** The newest `limit` of the user's articles that pass a filter: a question that names only filters. */
    async filteredIds(userId: number, filter: ArticleFilter, limit: number): Promise<number[]> {
      const where: SQL[] = [eq(articles.userId, userId)];
      if (filter.language) where.push(eq(articles.language, filter.language));
      if (filter.domain) where.push(eq(articles.domain, filter.domain));
      if (filter.since !== undefined) where.push(gte(articles.createdAt, filter.since));
      if (filter.until !== undefined) where.push(lt(articles.createdAt, filter.until));
      if (filter.isRead !== undefined) where.push(eq(articles.isRead, filter.isRead));
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(...where))
        .orderBy(desc(articles.createdAt), desc(articles.id))
        .limit(limit)
        .all();
      return rows.map((row) => row.id);
    },

    /**
     * Which of a question's terms (`queries`: one FTS5 query per term, each pinned to the user by chat-query)
     * each of `ids` uses, over its whole indexed text: the places of the terms, per id. The terms are rows of a
     * JSON array the index is joined with (D1 refuses a compound SELECT of more than a few terms). Ids are the
     * user's own candidates (integers, inlined: D1 binds at most 100 parameters).
     */
    async termsUsed(queries: string[], ids: number[]): Promise<Map<number, number[]>> {
      const safe = ids.filter((id) => Number.isSafeInteger(id));
      const used = new Map<number, number[]>();
      if (queries.length === 0 || safe.length === 0) return used;
      const rows = await db.all<{ term: number; id: number }>(sql`
        SELECT term.key AS term, articles_fts.rowid AS id
        FROM json_each(${JSON.stringify(queries)}) AS term JOIN articles_fts
        WHERE articles_fts MATCH term.value AND articles_fts.rowid IN (${sql.raw(safe.join(","))})`);
      for (const row of rows) used.set(Number(row.id), [...(used.get(Number(row.id)) ?? []), Number(row.term)]);
      return used;
    },

    /**
     * How many of the user's articles use each of a question's terms (as `termsUsed` reads them), and how many
     * articles the user has: how rare each word of the question is in the library.
     */
    async termDocuments(userId: number, queries: string[]): Promise<{ documents: number[]; total: number }> {
      if (queries.length === 0) return { documents: [], total: 0 };
      const [counts, [library]] = await Promise.all([
        db.all<{ term: number; documents: number }>(sql`
          SELECT term.key AS term, count(*) AS documents
          FROM json_each(${JSON.stringify(queries)}) AS term JOIN articles_fts
          WHERE articles_fts MATCH term.value
          GROUP BY term.key`),
        db.select({ total: sql<number>`count(*)` }).from(articles).where(eq(articles.userId, userId)).all(),
      ]);
      const documents = queries.map(() => 0);
      for (const row of counts) documents[Number(row.term)] = Number(row.documents);
      return { documents, total: Number(library?.total ?? 0) };
    },

    /** Full-text candidates with their bm25 rank (negative; lower is better), best first. */
    async ftsCandidates(ftsQuery: string, limit: number): Promise<{ id: number; rank: number }[]> {
      const rows = await db
        .select({ id: articlesFts.rowid, rank: sql<number>`rank` })
        .from(articlesFts)
        .where(sql`articles_fts MATCH ${ftsQuery}`)
        .orderBy(sql`rank`, desc(articlesFts.rowid))
        .limit(limit)
        .all();
      return rows.map((r) => ({ id: Number(r.id), rank: Number(r.rank) }));
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
