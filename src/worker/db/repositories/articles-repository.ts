import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { ownedArticles } from "../owned-articles";
import { batchRows } from "../raw-batch";
import {
  articleFeedback,
  articles,
  articleTags,
  highlights,
  PROCESSING_STATUSES,
  type ProcessingStatus,
} from "../schema";
import type { ArticleBodiesRepository } from "./article-bodies-repository";
import { searchHitsSql, searchMatchCountSql, searchTotal } from "./search-hits";
import type { SearchIndex } from "./search-index";

/**
 * An article as the app reads it: every column but `search_text` (it only feeds the full-text index) and
 * `body_key`, with `content` read from the article's body in R2 (or from the row, until the body moves there).
 */
export type ArticleRecord = Omit<typeof articles.$inferSelect, "searchText" | "bodyKey">;
/** A list row: every column but the (large) content. */
export type ArticleSummaryRecord = Omit<ArticleRecord, "content">;
export type FeedbackRecord = typeof articleFeedback.$inferSelect;
export type NewArticle = Pick<ArticleRecord, "url" | "normalizedUrl" | "domain"> &
  Partial<Pick<ArticleRecord, "title" | "documentType" | "documentName" | "documentPages">>;
export type ArticlePatch = Partial<Pick<ArticleRecord, "title" | "author" | "isRead" | "readAt">>;

const { searchText: _searchText, bodyKey: _bodyKey, ...articleColumns } = getTableColumns(articles);
const { content: _content, ...summaryColumns } = articleColumns;
/** A whole row as read before its body is filled in: the columns and where the body is. */
const rowColumns = { ...articleColumns, bodyKey: articles.bodyKey };
/**
 * Columns the full-text index holds: a change to one of them rewrites the article's entry. The note is indexed too,
 * with the highlights: its writer (the highlights service) rewrites the entry.
 */
const INDEXED = ["title", "summary", "domain", "author"] as const;
/** The statuses of an article a processing run holds: its entry waits for the run's end (updateProcessing). */
const IN_RUN: ReadonlySet<ProcessingStatus> = new Set(["pending", "processing", "retrying"]);

/** Every processing status but `completed`: the few articles the statistics count by status. */
const UNFINISHED_STATUSES = PROCESSING_STATUSES.filter((status) => status !== "completed");

// D1 allows 100 bound parameters per statement; IN lists are cut into chunks that leave room for the rest.
const IN_CHUNK = 90;

function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * A page of the list and how many articles the list has: exactly, or (a search of more matches than search-hits.ts
 * ranks) at least `total` when `totalExact` is false.
 */
export interface ListPage {
  rows: ArticleListRecord[];
  total: number;
  totalExact: boolean;
}

/** A list row with what its card shows beside the row: its tags (by key) and how many highlights it has. */
export type ArticleListRecord = ArticleSummaryRecord & { tags: string[]; highlightCount: number };

/** The JSON array of [tag_key, tag] pairs a list row carries (listColumns), as its tags in key order. */
function tagsOfPairs(pairs: string | null): string[] {
  const parsed = pairs ? (JSON.parse(pairs) as Array<[string, string]>) : [];
  return parsed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, tag]) => tag);
}

// Written out whole: in a select list drizzle leaves a column unqualified, which inside the subqueries below would
// name the subquery's own table.
const ARTICLE_ID = sql.raw(`"articles"."id"`);

/**
 * A list row's tags as a JSON array of [tag_key, tag] pairs (tagsOfPairs). The unary + keeps SQLite on the
 * article's own tags (the primary key's index) rather than the user's tag index, which would read every tag of the
 * library for each row.
 */
function tagPairsOf(userId: number): SQL<string | null> {
  return sql`(select json_group_array(json_array(${articleTags.tagKey}, ${articleTags.tag})) from ${articleTags} where ${articleTags.articleId} = ${ARTICLE_ID} and +${articleTags.userId} = ${userId})`;
}

/** How many highlights a list row's article has (highlights_article_idx: one index range). */
function highlightCountOf(userId: number): SQL<number> {
  return sql`(select count(*) from ${highlights} where ${highlights.articleId} = ${ARTICLE_ID} and ${highlights.userId} = ${userId})`;
}

export interface ListQuery {
  limit: number;
  offset: number;
  domain?: string;
  /** Only articles carrying this tag (its key: the lower-cased tag). */
  tagKey?: string;
  /** Only articles with at least one highlight (issue 32). */
  hasHighlights?: boolean;
  /** Only read (true) or unread (false) articles. */
  isRead?: boolean;
  /** An ISO 639-1 code, as stored. */
  language?: string;
  /** A query from domain/search-query (already restricted to the user), or undefined for no search. */
  ftsQuery?: string;
}

/**
 * Every method takes the owner's id and filters by it: no query here can reach another user's rows. Articles live
 * in D1 with their bodies in R2 (`bodies`); this is the one place that knows which part is where.
 */
export function createArticlesRepository(db: Database, bodies: ArticleBodiesRepository, searchIndex: SearchIndex) {
  const owned = (userId: number, id: number) => and(eq(articles.userId, userId), eq(articles.id, id));

  /** The record of a row read with `rowColumns`: its content from R2 when the body is there. */
  async function withBody(
    userId: number,
    row: (ArticleRecord & { bodyKey: string | null }) | undefined,
  ): Promise<ArticleRecord | undefined> {
    if (!row) return undefined;
    const { bodyKey, ...record } = row;
    if (bodyKey === null) return record;
    const body = await bodies.readBody(userId, bodyKey);
    return { ...record, content: body?.content ?? record.content };
  }

  /**
   * How many matches a search has when its page came back empty, so no row carried the count: none on the first
   * page; past the last hit, counted on their own (up to RANKED_SEARCH_LIMIT + 1).
   */
  async function matchesPastTheEnd(ftsQuery: string, filters: SQL | undefined, offset: number): Promise<number> {
    if (offset === 0) return 0;
    const counted = await db.get<{ n: number }>(sql`select ${searchMatchCountSql(ftsQuery, filters)} as n`);
    return counted?.n ?? 0;
  }

  /** The user's articles whose `column` is one of `values`, in chunks that keep within D1's parameter limit. */
  async function findSummariesWhereIn<T extends string | number>(
    userId: number,
    column: typeof articles.id | typeof articles.normalizedUrl,
    values: T[],
  ): Promise<ArticleSummaryRecord[]> {
    const found: ArticleSummaryRecord[] = [];
    for (const part of chunk(values, IN_CHUNK)) {
      const rows = await db
        .select(summaryColumns)
        .from(articles)
        .where(and(eq(articles.userId, userId), inArray(column, part as never[])))
        .all();
      found.push(...rows);
    }
    return found;
  }

  return {
    async findById(userId: number, id: number): Promise<ArticleRecord | undefined> {
      return withBody(userId, await db.select(rowColumns).from(articles).where(owned(userId, id)).get());
    },

    async findByNormalizedUrl(userId: number, normalizedUrl: string): Promise<ArticleRecord | undefined> {
      const row = await db
        .select(rowColumns)
        .from(articles)
        .where(and(eq(articles.userId, userId), eq(articles.normalizedUrl, normalizedUrl)))
        .get();
      return withBody(userId, row);
    },

    async findByNormalizedUrls(userId: number, normalizedUrls: string[]): Promise<ArticleSummaryRecord[]> {
      return findSummariesWhereIn(userId, articles.normalizedUrl, normalizedUrls);
    },

    async findManyByIds(userId: number, ids: number[]): Promise<ArticleSummaryRecord[]> {
      return findSummariesWhereIn(userId, articles.id, ids);
    },

    /**
     * Inserts in one batch (one round trip, one transaction). A row whose normalised URL the user already has
     * (a concurrent save) is skipped, so the result can be shorter than the input.
     */
    async insertMany(userId: number, rows: NewArticle[], now: number): Promise<ArticleSummaryRecord[]> {
      const [first, ...rest] = rows.map((row) =>
        db
          .insert(articles)
          .values({ ...row, userId, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: [articles.userId, articles.normalizedUrl] })
          .returning(summaryColumns),
      );
      if (!first) return [];
      const results = await db.batch([first, ...rest]);
      return results.flat();
    },

    async list(userId: number, query: ListQuery): Promise<ListPage> {
      // The page's tags and highlight counts come with its rows, in the same round trip: a subquery per row
      // of the page (20 index probes), not a second query after the first.
      const listColumns = {
        ...summaryColumns,
        tagPairs: tagPairsOf(userId),
        highlightCount: highlightCountOf(userId),
      };
      const page = (rows: Array<ArticleSummaryRecord & { tagPairs: string | null; highlightCount: number }>) =>
        rows.map(({ tagPairs, ...row }) => ({ ...row, tags: tagsOfPairs(tagPairs) }));
      const filters: SQL[] = [eq(articles.userId, userId)];
      if (query.domain !== undefined) filters.push(eq(articles.domain, query.domain));
      if (query.tagKey !== undefined) {
        filters.push(
          sql`exists (select 1 from ${articleTags} where ${articleTags.articleId} = ${articles.id} and ${articleTags.userId} = ${userId} and ${articleTags.tagKey} = ${query.tagKey})`,
        );
      }
      if (query.hasHighlights) {
        // Written as the literal the partial index articles_user_highlighted_idx is defined with (migration 0038),
        // so SQLite reads the page and the count from that index alone.
        filters.push(sql`${articles.hasHighlights} = 1`);
      }
      if (query.isRead !== undefined) filters.push(eq(articles.isRead, query.isRead));
      if (query.language !== undefined) filters.push(eq(articles.language, query.language));
      if (query.ftsQuery === undefined) {
        const where = and(...filters);
        // A tag alone is counted in its own index (one row per article and tag, deleted with the article),
        // rather than by probing every article of the library for the tag.
        const onlyTag = query.tagKey !== undefined && filters.length === 2;
        const total = onlyTag
          ? db
              .select({ n: count() })
              .from(articleTags)
              .where(and(eq(articleTags.userId, userId), eq(articleTags.tagKey, query.tagKey as string)))
          : db.select({ n: count() }).from(articles).where(where);
        const [rows, totals] = await db.batch([
          db
            .select(listColumns)
            .from(articles)
            .where(where)
            .orderBy(asc(articles.isRead), desc(articles.createdAt), desc(articles.id))
            .limit(query.limit)
            .offset(query.offset),
          total,
        ]);
        return { rows: page(rows), total: totals[0]?.n ?? 0, totalExact: true };
      }
      // Search: the matches ranked best first, or newest first past RANKED_SEARCH_LIMIT (search-hits.ts), in one
      // statement that reads the page's hits and then only their rows from `articles`. Without another filter the
      // MATCH alone pins the user inside the index, and the user_id test on the rows stays as a second fence (its
      // unary + keeps SQLite on the rows' primary key rather than reading the user's index for every hit).
      const otherFilters = filters.length > 1 ? and(...filters) : undefined;
      const hits = searchHitsSql(query.ftsQuery, otherFilters, query.limit, query.offset);
      const rows = await db
        .select({ ...listColumns, matched: sql<number>`hits.matched` })
        .from(sql`(${hits}) as hits`)
        .innerJoin(articles, sql`${articles.id} = hits.id`)
        .where(sql`+${articles.userId} = ${userId}`)
        .orderBy(sql`hits.r`, desc(articles.id));
      const matched = rows[0]?.matched ?? (await matchesPastTheEnd(query.ftsQuery, otherFilters, query.offset));
      return { rows: page(rows.map(({ matched: _matched, ...row }) => row)), ...searchTotal(matched) };
    },

    async update(userId: number, id: number, patch: ArticlePatch, now: number): Promise<ArticleRecord | undefined> {
      const row = await db
        .update(articles)
        .set({ ...patch, updatedAt: now })
        .where(owned(userId, id))
        .returning(rowColumns)
        .get();
      if (row && (patch.title !== undefined || patch.author !== undefined)) await searchIndex.reindex(userId, id);
      return withBody(userId, row);
    },

    /**
     * Writes the article note (issue 32) unless a newer one is stored: `writtenAt` is when the reader wrote it
     * (a device that was offline sends its own time), and the newest write wins. The article's updated_at is
     * left alone: a note is not a change to the article (the recovery sweep reads updated_at). Answers whether it
     * wrote: not for the very write stored already (same time, same text: an import of an export again), so the
     * caller's re-indexing is skipped too.
     */
    async writeNote(userId: number, id: number, note: string | null, writtenAt: number): Promise<boolean> {
      const rows = await db
        .update(articles)
        .set({ note, noteUpdatedAt: writtenAt })
        .where(
          and(
            owned(userId, id),
            sql`(${articles.noteUpdatedAt} IS NULL OR ${articles.noteUpdatedAt} < ${writtenAt} OR (${articles.noteUpdatedAt} = ${writtenAt} AND ${articles.note} IS NOT ${note}))`,
          ),
        )
        .returning({ id: articles.id });
      return rows.length > 0;
    },

    /** Writes the reading position unless a newer one is stored (newest write wins, as for the note). */
    async writePosition(
      userId: number,
      id: number,
      position: { offset: number; progress: number },
      writtenAt: number,
    ): Promise<boolean> {
      const rows = await db
        .update(articles)
        .set({ readingPosition: position.offset, readingProgress: position.progress, positionUpdatedAt: writtenAt })
        .where(
          and(
            owned(userId, id),
            sql`(${articles.positionUpdatedAt} IS NULL OR ${articles.positionUpdatedAt} <= ${writtenAt})`,
          ),
        )
        .returning({ id: articles.id });
      return rows.length > 0;
    },

    /** Marks read, keeping the first read time if it was already read. */
    async markRead(userId: number, id: number, now: number): Promise<ArticleRecord | undefined> {
      return db
        .update(articles)
        .set({ isRead: true, readAt: sql`coalesce(${articles.readAt}, ${now})`, updatedAt: now })
        .where(owned(userId, id))
        .returning(rowColumns)
        .get()
        .then((row) => withBody(userId, row));
    },

    async markUnread(userId: number, id: number, now: number): Promise<ArticleRecord | undefined> {
      return db
        .update(articles)
        .set({ isRead: false, readAt: null, updatedAt: now })
        .where(owned(userId, id))
        .returning(rowColumns)
        .get()
        .then((row) => withBody(userId, row));
    },

    async markQueueFailed(userId: number, ids: number[], error: string, now: number): Promise<void> {
      for (const part of chunk(ids, IN_CHUNK)) {
        await db
          .update(articles)
          .set({ processingStatus: "failed", processingError: error, updatedAt: now })
          .where(ownedArticles(userId, part));
      }
    },

    /**
     * Writes processing results (status, extracted fields, summary); returns the row without its content, or
     * undefined if gone. New content (with its plain text) goes to R2 under a new key first, then the row points
     * to it, then the old body is deleted: a failure on the way leaves the article with its old body, whole.
     */
    async updateProcessing(
      userId: number,
      id: number,
      patch: Partial<
        Omit<typeof articles.$inferInsert, "id" | "userId" | "url" | "normalizedUrl" | "createdAt" | "bodyKey">
      >,
    ): Promise<ArticleSummaryRecord | undefined> {
      const { content, searchText, ...fields } = patch;
      const newBody = "content" in patch || "searchText" in patch;
      // A run's end that changes nothing the index holds: the entry is written first, so that an article shown
      // finished is already found by its words (the row's indexed columns are the same before and after).
      const ending =
        fields.processingStatus !== undefined &&
        !IN_RUN.has(fields.processingStatus) &&
        !newBody &&
        !INDEXED.some((column) => column in fields);
      if (ending) await searchIndex.reindex(userId, id);
      const key = newBody && content ? bodies.newBodyKey(userId, id) : null;
      if (key) await bodies.writeBody(userId, key, { content: content ?? "", searchText: searchText ?? "" });
      const previous = newBody
        ? await db.select({ bodyKey: articles.bodyKey }).from(articles).where(owned(userId, id)).get()
        : undefined;
      const row = await db
        .update(articles)
        .set({
          ...fields,
          ...(newBody ? { bodyKey: key, content: null, searchText: null } : {}),
          updatedAt: Date.now(),
        })
        .where(owned(userId, id))
        .returning(summaryColumns)
        .get();
      if (!row) {
        // Deleted meanwhile: its new body would be kept by nothing.
        if (key) await bodies.deleteBody(userId, key);
        return undefined;
      }
      if (previous?.bodyKey && previous.bodyKey !== key) await bodies.deleteBody(userId, previous.bodyKey);
      // A processing run writes the body, then the summary, then marks the article finished: its entry is written
      // once, when the run ends, rather than after each step (every rewrite leaves the old words in the index
      // until a merge; docs/capacity.md, "Where an article's bytes are"). An edit outside a run is indexed at once.
      if (ending || IN_RUN.has(row.processingStatus)) return row;
      if (newBody) await searchIndex.reindex(userId, id, content ? (searchText ?? "") : null);
      else if (fields.processingStatus !== undefined || INDEXED.some((column) => column in fields)) {
        await searchIndex.reindex(userId, id);
      }
      return row;
    },

    async countAttempt(userId: number, id: number): Promise<void> {
      await db
        .update(articles)
        .set({ processingAttempts: sql`${articles.processingAttempts} + 1` })
        .where(owned(userId, id));
    },

    /** The row first (a trigger removes its index entry), then everything R2 keeps for it. */
    async delete(userId: number, id: number): Promise<boolean> {
      const deleted = await db.delete(articles).where(owned(userId, id)).returning({ id: articles.id }).get();
      if (deleted === undefined) return false;
      // The article is gone either way: objects a failure leaves are under the user's prefix, deleted with the account.
      await bodies.deleteArticle(userId, id).catch((error: unknown) => console.error("Body removal failed", id, error));
      return true;
    },

    async statuses(userId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: articles.id,
          processingStatus: articles.processingStatus,
          processingError: articles.processingError,
          processingAttempts: articles.processingAttempts,
          processedAt: articles.processedAt,
          title: articles.title,
          summary: articles.summary,
          domain: articles.domain,
          author: articles.author,
          language: articles.language,
        })
        .from(articles)
        .where(ownedArticles(userId, ids))
        .all();
    },

    async findFeedback(userId: number, articleId: number): Promise<FeedbackRecord | undefined> {
      return db
        .select()
        .from(articleFeedback)
        .where(and(eq(articleFeedback.userId, userId), eq(articleFeedback.articleId, articleId)))
        .get();
    },

    /** Sets the rating of an article the caller has already proven to be the user's. */
    async upsertFeedback(userId: number, articleId: number, value: number, now: number): Promise<FeedbackRecord> {
      const row = await db
        .insert(articleFeedback)
        .values({ userId, articleId, feedbackValue: value, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: articleFeedback.articleId, set: { feedbackValue: value, updatedAt: now } })
        .returning()
        .get();
      return row as FeedbackRecord;
    },

    /**
     * Every figure of the statistics overview in one batch (one round trip) of six statements, each reading one
     * user's rows through an index. `dayShiftMs` moves timestamps into the user's local time before bucketing by
     * day; `today` is the user's local day number.
     */
    async statistics(
      userId: number,
      window: { weekStart: number; monthStart: number; activityStart: number; dayShiftMs: number; today: number },
    ) {
      const shift = window.dayShiftMs;
      // D1 binds JS numbers as REAL, so the quotient is cast back to a whole day number.
      const createdDay = sql`CAST((created_at + ${shift}) / 86400000 AS INTEGER)`;
      const readDay = sql`CAST((read_at + ${shift}) / 86400000 AS INTEGER)`;
      /** Whether the user read something on local day `day` (an SQL expression): one probe of the read_at index. */
      const readOn = (day: SQL) =>
        sql`EXISTS (SELECT 1 FROM articles WHERE user_id = ${userId} AND read_at >= ${day} * 86400000 - ${shift} AND read_at < (${day} + 1) * 86400000 - ${shift})`;
      type Recent = { read: number; id: number; title: string | null; url: string; domain: string | null; at: number };
      const [counts, unfinished, topDomains, perDay, streakDays, recent] = await batchRows<
        [
          { total: number; read: number; weekly: number; monthly: number }[],
          { status: string; read: number; n: number }[],
          { domain: string; n: number }[],
          { read: number; day: number; n: number }[],
          { day: number }[],
          Recent[],
        ]
      >(db, [
        // The totals as index ranges (all, read) rather than one pass grouping every article by status, and the
        // week's and month's counts, in one statement.
        sql`SELECT
          (SELECT count(*) FROM articles WHERE user_id = ${userId}) AS total,
          (SELECT count(*) FROM articles WHERE user_id = ${userId} AND is_read = 1) AS read,
          (SELECT count(*) FROM articles WHERE user_id = ${userId} AND read_at >= ${window.weekStart}) AS weekly,
          (SELECT count(*) FROM articles WHERE user_id = ${userId} AND created_at >= ${window.monthStart}) AS monthly`,
        // A library is almost all completed, so the articles not completed are a short range of their index.
        sql`SELECT processing_status AS status, is_read AS read, count(*) AS n FROM articles
          WHERE user_id = ${userId} AND processing_status IN (${sql.join(
            UNFINISHED_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})
          GROUP BY processing_status, is_read`,
        // Counted per site by triggers (library_domains, migration 0039): a row per site, not every article.
        sql`SELECT domain, articles AS n FROM library_domains WHERE user_id = ${userId} AND articles > 0
          ORDER BY articles DESC, domain ASC LIMIT 10`,
        sql`SELECT 0 AS read, ${createdDay} AS day, count(*) AS n FROM articles
          WHERE user_id = ${userId} AND created_at >= ${window.activityStart} GROUP BY day
          UNION ALL
          SELECT 1, ${readDay} AS day, count(*) FROM articles
          WHERE user_id = ${userId} AND read_at >= ${window.activityStart} GROUP BY day`,
        // The streak's days, walked back a day at a time from today (yesterday too when today has no read yet)
        // while each has a read: as many probes as the streak is long, not a pass over every article ever read.
        sql`WITH RECURSIVE walk(day, hit) AS (
            SELECT ${window.today}, ${readOn(sql`${window.today}`)}
            UNION ALL
            SELECT day - 1, ${readOn(sql`(day - 1)`)} FROM walk WHERE hit OR day = ${window.today}
          )
          SELECT day FROM walk WHERE hit`,
        sql`SELECT * FROM (SELECT 0 AS read, id, title, url, domain, created_at AS at FROM articles
            WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT 10)
          UNION ALL
          SELECT * FROM (SELECT 1, id, title, url, domain, read_at FROM articles
            WHERE user_id = ${userId} AND read_at IS NOT NULL ORDER BY read_at DESC LIMIT 10)`,
      ]);
      const figures = counts[0];
      const total = Number(figures?.total ?? 0);
      const readCount = Number(figures?.read ?? 0);
      const byStatus = new Map<string, number>();
      // A failed article has nothing to read: it is not waiting to be read (issue 50, docs/api.md).
      let failedUnread = 0;
      for (const row of unfinished) {
        byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + Number(row.n));
        if (row.status === "failed" && !row.read) failedUnread += Number(row.n);
      }
      byStatus.set("completed", total - unfinished.reduce((sum, row) => sum + Number(row.n), 0));
      const dayCounts = (read: number) =>
        new Map(perDay.filter((row) => Number(row.read) === read).map((row) => [Number(row.day), Number(row.n)]));
      const recentOf = (read: number) =>
        recent
          .filter((row) => Number(row.read) === read)
          .map(({ read: _read, ...row }) => ({ ...row, at: Number(row.at) }));
      return {
        totals: { total, read: readCount, unread: total - readCount - failedUnread },
        weekly: Number(figures?.weekly ?? 0),
        monthly: Number(figures?.monthly ?? 0),
        byStatus,
        topDomains: topDomains.map((row) => ({ domain: row.domain, n: Number(row.n) })),
        savedPerDay: dayCounts(0),
        readPerDay: dayCounts(1),
        streakDays: streakDays.map((row) => Number(row.day)),
        recentSaved: recentOf(0),
        recentRead: recentOf(1),
      };
    },
  };
}
export type ArticlesRepository = ReturnType<typeof createArticlesRepository>;
