import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { articleFeedback, articles, importArticles, imports } from "../schema";

export type ImportRecord = typeof imports.$inferSelect;

/** An imported link as it is inserted: the article row's own fields. */
export interface ImportedArticle {
  url: string;
  normalizedUrl: string;
  domain: string;
  title: string | null;
  createdAt: number;
  isRead: boolean;
  readAt: number | null;
}

export interface ChunkCounts {
  imported: number;
  duplicates: number;
  failed: number;
}

/** Imports and the articles they create. Every query is scoped to the user. */
export function createImportsRepository(db: Database) {
  const owned = (userId: number, id: number) => and(eq(imports.userId, userId), eq(imports.id, id));

  return {
    async create(
      userId: number,
      values: {
        format: string;
        fileName: string | null;
        total: number;
        invalid: number;
        /** Copies of a link earlier in the file, merged into it when the file was read. */
        duplicates?: number;
        errors: ImportRecord["errors"];
      },
      now: number,
    ): Promise<ImportRecord> {
      // A file with no importable row is finished the moment it is read.
      const finished = values.invalid + (values.duplicates ?? 0) >= values.total;
      return db
        .insert(imports)
        .values({
          userId,
          ...values,
          status: finished ? "done" : "queued",
          createdAt: now,
          startedAt: finished ? now : null,
          finishedAt: finished ? now : null,
        })
        .returning()
        .get();
    },

    async findById(userId: number, id: number): Promise<ImportRecord | undefined> {
      return db.select().from(imports).where(owned(userId, id)).get();
    },

    async list(userId: number, limit: number): Promise<ImportRecord[]> {
      return db
        .select()
        .from(imports)
        .where(eq(imports.userId, userId))
        .orderBy(desc(imports.createdAt), desc(imports.id))
        .limit(limit)
        .all();
    },

    /**
     * The user's articles whose title is one of `titles`, keyed by the title lower-cased and trimmed (in
     * JavaScript: SQLite's lower() folds only ASCII, so titles are also matched as given): how a file that names
     * articles only by title (Readwise's highlights CSV) finds them. The oldest article of a title wins.
     */
    async urlsByTitles(userId: number, titles: string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      for (let i = 0; i < titles.length; i += 40) {
        const chunk = titles.slice(i, i + 40).map((title) => title.trim());
        const rows = await db
          .select({ title: articles.title, url: articles.url })
          .from(articles)
          .where(
            and(
              eq(articles.userId, userId),
              or(
                inArray(sql`trim(${articles.title})`, chunk),
                inArray(
                  sql`lower(trim(${articles.title}))`,
                  chunk.map((title) => title.toLowerCase()),
                ),
              ),
            ),
          )
          .orderBy(articles.id)
          .all();
        for (const row of rows) {
          const key = (row.title ?? "").trim().toLowerCase();
          if (!found.has(key)) found.set(key, row.url);
        }
      }
      return found;
    },

    /** Up to `limit` of the articles an import created after `afterArticleId`, in id order, with their status. */
    async articlesAfter(userId: number, importId: number, afterArticleId: number, limit: number) {
      return db
        .select({ id: importArticles.articleId, processingStatus: articles.processingStatus })
        .from(importArticles)
        .innerJoin(articles, eq(articles.id, importArticles.articleId))
        .where(
          and(
            eq(importArticles.importId, importId),
            eq(importArticles.userId, userId),
            gt(importArticles.articleId, afterArticleId),
          ),
        )
        .orderBy(importArticles.articleId)
        .limit(limit)
        .all();
    },

    /** Whether an import of the user still has articles waiting or in processing (a big import is under way). */
    async hasUnprocessedArticles(userId: number): Promise<boolean> {
      const row = await db
        .select({ one: sql<number>`1` })
        .from(articles)
        .innerJoin(importArticles, eq(importArticles.articleId, articles.id))
        .where(
          and(eq(articles.userId, userId), inArray(articles.processingStatus, ["pending", "processing", "retrying"])),
        )
        .limit(1)
        .get();
      return row !== undefined;
    },

    /**
     * Per import, its articles that have finished processing (completed or failed) and those still waiting or in
     * processing: one grouped query, since the import list asks for both every 2 s while an import runs.
     */
    async processingCounts(
      userId: number,
      importIds: number[],
    ): Promise<Map<number, { processed: number; unprocessed: number }>> {
      if (importIds.length === 0) return new Map();
      const finished = inArray(articles.processingStatus, ["completed", "failed"]);
      const rows = await db
        .select({
          importId: importArticles.importId,
          processed: sql<number>`sum(case when ${finished} then 1 else 0 end)`,
          unprocessed: sql<number>`sum(case when ${finished} then 0 else 1 end)`,
        })
        .from(importArticles)
        .innerJoin(articles, eq(articles.id, importArticles.articleId))
        .where(and(eq(importArticles.userId, userId), inArray(importArticles.importId, importIds)))
        .groupBy(importArticles.importId)
        .all();
      return new Map(
        rows.map((row) => [row.importId, { processed: Number(row.processed), unprocessed: Number(row.unprocessed) }]),
      );
    },

    /**
     * Inserts one chunk's new articles, links them to the import and rates the favourites, in one batch. A URL
     * the user already has (saved meanwhile) is skipped, so the result can be shorter than the input.
     */
    async insertArticles(
      userId: number,
      importId: number,
      rows: (ImportedArticle & { rating: -1 | 0 | 1 | null })[],
      now: number,
    ): Promise<{ id: number; normalizedUrl: string }[]> {
      const [first, ...rest] = rows.map(({ rating: _rating, ...row }) =>
        db
          .insert(articles)
          .values({ ...row, userId, updatedAt: now })
          .onConflictDoNothing({ target: [articles.userId, articles.normalizedUrl] })
          .returning({ id: articles.id, normalizedUrl: articles.normalizedUrl }),
      );
      if (!first) return [];
      const inserted = (await db.batch([first, ...rest])).flat();
      const ratingOf = new Map(rows.map((row) => [row.normalizedUrl, row.rating]));
      const links = inserted.map((article) =>
        db.insert(importArticles).values({ importId, articleId: article.id, userId }).onConflictDoNothing(),
      );
      const ratings = inserted.flatMap((article) => {
        const value = ratingOf.get(article.normalizedUrl);
        return value === null || value === undefined
          ? []
          : [
              db
                .insert(articleFeedback)
                .values({ userId, articleId: article.id, feedbackValue: value, createdAt: now, updatedAt: now })
                .onConflictDoNothing(),
            ];
      });
      const [firstLink, ...otherLinks] = [...links, ...ratings];
      if (firstLink) await db.batch([firstLink, ...otherLinks]);
      return inserted;
    },

    /**
     * Adds a stored chunk's counts and, once every row is accounted for, marks the import done. One statement,
     * so chunks stored at the same time cannot lose each other's counts.
     */
    async addCounts(userId: number, id: number, counts: ChunkCounts, now: number): Promise<void> {
      const added = counts.imported + counts.duplicates + counts.failed;
      await db
        .update(imports)
        .set({
          imported: sql`${imports.imported} + ${counts.imported}`,
          duplicates: sql`${imports.duplicates} + ${counts.duplicates}`,
          failed: sql`${imports.failed} + ${counts.failed}`,
          startedAt: sql`coalesce(${imports.startedAt}, ${now})`,
          status: sql`case when ${imports.imported} + ${imports.duplicates} + ${imports.failed} + ${imports.invalid} + ${added} >= ${imports.total} then 'done' else 'running' end`,
          finishedAt: sql`case when ${imports.imported} + ${imports.duplicates} + ${imports.failed} + ${imports.invalid} + ${added} >= ${imports.total} then ${now} else null end`,
        })
        .where(owned(userId, id));
    },

    /** The queue could not take the rows: the import stops with a sentence, and its unsent rows count as failed. */
    async markFailed(userId: number, id: number, error: string, unsentRows: number, now: number): Promise<void> {
      await db
        .update(imports)
        .set({ status: "failed", error, failed: sql`${imports.failed} + ${unsentRows}`, finishedAt: now })
        .where(owned(userId, id));
    },
  };
}
export type ImportsRepository = ReturnType<typeof createImportsRepository>;
