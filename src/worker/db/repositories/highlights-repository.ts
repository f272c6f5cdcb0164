import { and, desc, eq, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import type { AnchorStatus, HighlightColor } from "../../domain/highlights/targets";
import type { Database } from "../client";
import { articles, articleTags, highlights } from "../schema";
import type { SearchIndex } from "./search-index";

export type HighlightRecord = typeof highlights.$inferSelect;
export type NewHighlight = Omit<HighlightRecord, "id" | "userId" | "articleId" | "createdAt" | "updatedAt" | "page"> &
  Partial<Pick<HighlightRecord, "page">>;
export type HighlightPatch = Partial<Pick<HighlightRecord, "color" | "note">>;
export type AnchorUpdate = { id: number; start: number | null; end: number | null; status: AnchorStatus };
export type LibraryHighlight = HighlightRecord & {
  article: { id: number; title: string | null; url: string; domain: string | null; note: string | null };
};
/** An article's own note, for the library's highlights page (issue 50). */
export type LibraryNote = {
  article: { id: number; title: string | null; url: string; domain: string | null };
  note: string;
  /** When the note was last written (the article's update time for a note from before that was kept). */
  writtenAt: number;
};
/** Newest first: a page ends at (createdAt, id) and the next starts strictly after it. */
export type HighlightCursor = { createdAt: number; id: number };

/** migration 0019's FTS5 table over quotes and notes (drizzle-kit cannot declare virtual tables). */
const highlightsFts = sqliteTable("highlights_fts", { rowid: integer("rowid") });

const IN_CHUNK = 90;
/** Reading order inside an article: the title, then the summary, then the content, each by position. */
const TARGET_ORDER = sql`CASE ${highlights.target} WHEN 'title' THEN 0 WHEN 'summary' THEN 1 ELSE 2 END`;

/** Highlights of a user's articles (issue 32). Every query is scoped to the owner. */
export function createHighlightsRepository(db: Database, searchIndex: SearchIndex) {
  const owned = (userId: number, id: number) => and(eq(highlights.userId, userId), eq(highlights.id, id));

  return {
    /**
     * Stores a highlight. A repeated `clientId` (a device retrying an offline write) returns the highlight it
     * stored the first time instead of a second copy.
     */
    async create(userId: number, articleId: number, values: NewHighlight, now: number): Promise<HighlightRecord> {
      if (values.clientId) {
        const [existing] = await db
          .select()
          .from(highlights)
          .where(and(eq(highlights.userId, userId), eq(highlights.clientId, values.clientId)));
        if (existing) return existing;
      }
      const [row] = await db
        .insert(highlights)
        .values({ ...values, userId, articleId, createdAt: now, updatedAt: now })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
      // Two retries of the same offline write raced; the other one stored it.
      const [stored] = await db
        .select()
        .from(highlights)
        .where(and(eq(highlights.userId, userId), eq(highlights.clientId, values.clientId ?? "")));
      if (!stored) throw new Error("highlight insert returned no row");
      return stored;
    },

    /**
     * Stores highlights brought by an import, skipping any the article already has (same part, same quote), so
     * importing a file twice adds nothing. Returns how many were stored.
     */
    async importMany(
      userId: number,
      articleId: number,
      values: readonly (NewHighlight & { createdAt: number })[],
      now: number,
    ): Promise<number> {
      const existing = await db
        .select({ target: highlights.target, exact: highlights.exact })
        .from(highlights)
        .where(and(eq(highlights.userId, userId), eq(highlights.articleId, articleId)));
      const seen = new Set(existing.map((row) => `${row.target}\u0000${row.exact}`));
      const fresh = values.filter((value) => {
        const key = `${value.target}\u0000${value.exact}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const inserts = fresh.map((value) =>
        db
          .insert(highlights)
          .values({ ...value, userId, articleId, updatedAt: now })
          .onConflictDoNothing(),
      );
      for (let i = 0; i < inserts.length; i += 50) {
        const [first, ...rest] = inserts.slice(i, i + 50);
        if (first) await db.batch([first, ...rest]);
      }
      return fresh.length;
    },

    async get(userId: number, id: number): Promise<HighlightRecord | null> {
      const [row] = await db.select().from(highlights).where(owned(userId, id));
      return row ?? null;
    },

    /** The article's highlights in reading order. */
    async ofArticle(userId: number, articleId: number): Promise<HighlightRecord[]> {
      return db
        .select()
        .from(highlights)
        .where(and(eq(highlights.userId, userId), eq(highlights.articleId, articleId)))
        .orderBy(TARGET_ORDER, highlights.positionStart, highlights.id);
    },

    /** Applies a colour or note change; null when the highlight is not the user's. */
    async update(userId: number, id: number, patch: HighlightPatch, now: number): Promise<HighlightRecord | null> {
      const [row] = await db
        .update(highlights)
        .set({ ...patch, updatedAt: now })
        .where(owned(userId, id))
        .returning();
      return row ?? null;
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db.delete(highlights).where(owned(userId, id)).returning({ id: highlights.id });
      return rows.length > 0;
    },

    /** Writes where each highlight was found in the article's current text (or that it was not). */
    async setAnchors(userId: number, updates: readonly AnchorUpdate[]): Promise<void> {
      const statements = updates.map((u) =>
        db
          .update(highlights)
          .set({ positionStart: u.start, positionEnd: u.end, anchorStatus: u.status })
          .where(owned(userId, u.id)),
      );
      const [first, ...rest] = statements;
      if (first) await db.batch([first, ...rest]);
    },

    /**
     * Rewrites the article's full-text entry after its note or its highlights' quotes or notes changed: the index
     * reads them from `articles.note` and `highlights` (db/annotation-text.ts), nothing keeps a copy to compare with.
     * So the writers call it only for a change that can alter those words (a highlight stored or deleted, a note
     * written), never for a colour or a re-anchoring, which leave them as they were: re-indexing reads the body's
     * text from R2.
     */
    async reindexAnnotations(userId: number, articleId: number): Promise<void> {
      await searchIndex.reindex(userId, articleId);
    },

    /** How many highlights each of the given articles has (articles without any are absent). */
    async countByArticle(userId: number, articleIds: readonly number[]): Promise<Map<number, number>> {
      const counts = new Map<number, number>();
      for (let i = 0; i < articleIds.length; i += IN_CHUNK) {
        const rows = await db
          .select({ articleId: highlights.articleId, count: sql<number>`count(*)` })
          .from(highlights)
          .where(and(eq(highlights.userId, userId), inArray(highlights.articleId, articleIds.slice(i, i + IN_CHUNK))))
          .groupBy(highlights.articleId);
        for (const row of rows) counts.set(row.articleId, row.count);
      }
      return counts;
    },

    /**
     * The library's highlights, newest first, one page after `cursor`, with the article each is in.
     * `ftsQuery` comes from domain/search-query (already pinned to the user inside the index).
     */
    async list(
      userId: number,
      options: { limit: number; cursor?: HighlightCursor; color?: HighlightColor; tagKey?: string; ftsQuery?: string },
    ): Promise<LibraryHighlight[]> {
      const conditions: SQL[] = [eq(highlights.userId, userId)];
      if (options.color) conditions.push(eq(highlights.color, options.color));
      if (options.cursor) {
        const { createdAt, id } = options.cursor;
        const after = or(
          lt(highlights.createdAt, createdAt),
          and(eq(highlights.createdAt, createdAt), lt(highlights.id, id)),
        );
        // The same bound said once more as a plain range, which SQLite can seek to in the (user, created_at)
        // indexes: the OR alone made it walk every newer highlight first (40,000 deep, 40,000 index entries).
        conditions.push(lte(highlights.createdAt, createdAt));
        if (after) conditions.push(after);
      }
      if (options.tagKey) {
        conditions.push(
          sql`${highlights.articleId} IN (SELECT ${articleTags.articleId} FROM ${articleTags} WHERE ${articleTags.userId} = ${userId} AND ${articleTags.tagKey} = ${options.tagKey})`,
        );
      }
      if (options.ftsQuery) {
        conditions.push(
          sql`${highlights.id} IN (SELECT ${highlightsFts.rowid} FROM ${highlightsFts} WHERE highlights_fts MATCH ${options.ftsQuery})`,
        );
      }
      const rows = await db
        .select({
          highlight: highlights,
          article: {
            id: articles.id,
            title: articles.title,
            url: articles.url,
            domain: articles.domain,
            note: articles.note,
          },
        })
        .from(highlights)
        .innerJoin(articles, and(eq(articles.id, highlights.articleId), eq(articles.userId, userId)))
        .where(and(...conditions))
        .orderBy(desc(highlights.createdAt), desc(highlights.id))
        .limit(options.limit);
      return rows.map((row) => ({ ...row.highlight, article: row.article }));
    },

    /**
     * The articles with a note of their own, most recently written first, a page at a time: what the highlights
     * page lists beside the highlights. `words` must all be in the note (case-insensitive); `tagKey` as above.
     */
    async listNotes(
      userId: number,
      options: { limit: number; cursor?: HighlightCursor; tagKey?: string; words?: readonly string[] },
    ): Promise<LibraryNote[]> {
      const writtenAt = sql<number>`coalesce(${articles.noteUpdatedAt}, ${articles.updatedAt})`;
      const conditions: SQL[] = [
        eq(articles.userId, userId),
        sql`${articles.note} IS NOT NULL AND ${articles.note} <> ''`,
      ];
      if (options.cursor) {
        const { createdAt, id } = options.cursor;
        conditions.push(sql`(${writtenAt} < ${createdAt} OR (${writtenAt} = ${createdAt} AND ${articles.id} < ${id}))`);
      }
      if (options.tagKey) {
        conditions.push(
          sql`${articles.id} IN (SELECT ${articleTags.articleId} FROM ${articleTags} WHERE ${articleTags.userId} = ${userId} AND ${articleTags.tagKey} = ${options.tagKey})`,
        );
      }
      for (const word of options.words ?? []) conditions.push(sql`instr(lower(${articles.note}), lower(${word})) > 0`);
      const rows = await db
        .select({
          id: articles.id,
          title: articles.title,
          url: articles.url,
          domain: articles.domain,
          note: articles.note,
          writtenAt,
        })
        .from(articles)
        .where(and(...conditions))
        .orderBy(desc(writtenAt), desc(articles.id))
        .limit(options.limit);
      return rows.map(({ note, writtenAt, ...article }) => ({
        article,
        note: note ?? "",
        writtenAt: Number(writtenAt),
      }));
    },
  };
}
export type HighlightsRepository = ReturnType<typeof createHighlightsRepository>;
