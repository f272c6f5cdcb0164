import { and, eq, inArray, lt, max, min, notExists, or, sql } from "drizzle-orm";
import type { InProgressStatus } from "../../domain/processing-recovery";
import type { Database } from "../client";
import { ownedArticles } from "../owned-articles";
import { articles, importArticles, imports, ingestBacklog } from "../schema";

const IN_PROGRESS: InProgressStatus[] = ["pending", "processing", "retrying"];

/** An article in progress as the sweep reads it. */
export interface InProgressRow {
  id: number;
  userId: number;
  status: InProgressStatus;
  updatedAt: number;
  recoveries: number;
  run: string | null;
  /** Waiting its turn in the ingest backlog (jobs/ingest-producer): a message is owed to it, not a new run. */
  waiting: boolean;
}

/** An import that may have lost its queue messages: rows still unread, or articles not yet processed. */
export interface ImportInProgressRow {
  id: number;
  userId: number;
  status: "queued" | "running" | "done" | "failed";
  unreadRows: number;
  /** Articles linked to the import beyond its `imported` count (stored, then the count was lost). */
  storedUncounted: number;
  unprocessed: number;
  /** The smallest id among its unprocessed articles (null: none). */
  firstUnprocessed: number | null;
  lastActivity: number;
}

/** D1 allows 100 bound parameters per statement. */
const IN_CHUNK = 90;

/**
 * The recovery sweep's queries (issue 31). Finding lost work looks across users, as the daily cron does for
 * topics; every write names the article's (or import's) owner, and changes a row only if it is still as read
 * (same status and `updated_at`), so two sweeps at once, or a sweep racing the article's own run, act once.
 */
export function createRecoveryRepository(db: Database) {
  const inProgress = inArray(articles.processingStatus, IN_PROGRESS);
  const waitingInBacklog =
    sql<boolean>`exists (select 1 from ${ingestBacklog} where ${ingestBacklog.articleId} = ${articles.id})`.mapWith(
      Boolean,
    );
  /** An article in progress as the sweep reads it (InProgressRow). */
  const inProgressColumns = {
    id: articles.id,
    userId: articles.userId,
    status: articles.processingStatus,
    updatedAt: articles.updatedAt,
    recoveries: articles.recoveries,
    run: articles.processingRun,
    waiting: waitingInBacklog,
  };
  const asRead = (row: InProgressRow) =>
    and(
      eq(articles.userId, row.userId),
      eq(articles.id, row.id),
      eq(articles.processingStatus, row.status),
      eq(articles.updatedAt, row.updatedAt),
    );

  return {
    /**
     * Articles in progress untouched since `before`, oldest first. Articles of an import are left out: their
     * import's `process-import` message processes them (see `importsInProgress`).
     */
    async articlesInProgress(before: number, limit: number): Promise<InProgressRow[]> {
      const rows = await db
        .select(inProgressColumns)
        .from(articles)
        .where(
          and(
            inProgress,
            lt(articles.updatedAt, before),
            notExists(db.select({ one: sql`1` }).from(importArticles).where(eq(importArticles.articleId, articles.id))),
          ),
        )
        .orderBy(articles.updatedAt)
        .limit(limit)
        .all();
      return rows as InProgressRow[];
    },

    /** Queues the articles again: `pending`, no run, one more recovery. Answers the ids it changed. */
    async markRequeued(rows: InProgressRow[], now: number): Promise<InProgressRow[]> {
      const changed = await Promise.all(
        rows.map((row) =>
          db
            .update(articles)
            .set({
              processingStatus: "pending",
              processingError: null,
              processingRun: null,
              recoveries: sql`${articles.recoveries} + 1`,
              updatedAt: now,
            })
            .where(asRead(row))
            .returning({ id: articles.id })
            .get(),
        ),
      );
      return rows.filter((_, i) => changed[i] !== undefined);
    },

    /**
     * Articles waiting in the backlog whose turn message was lost: their `updated_at` moves to now (each only if
     * still as read), so one sweep in every PENDING_LOST_AFTER_MS sends each of them one more message, and a long
     * wait behind other users' bulk saves never counts as a recovery. Answers the rows changed.
     */
    async markNudged(rows: InProgressRow[], now: number): Promise<InProgressRow[]> {
      const changed = await Promise.all(
        rows.map((row) =>
          db.update(articles).set({ updatedAt: now }).where(asRead(row)).returning({ id: articles.id }).get(),
        ),
      );
      return rows.filter((_, i) => changed[i] !== undefined);
    },

    /**
     * Claims taken before `before` by messages of a runtime that has stopped (the local runtime after a restart):
     * given back at once, instead of after the claim's 5 minutes, so the articles are offered to the next turn.
     */
    async releaseClaimsBefore(before: number): Promise<void> {
      await db
        .update(ingestBacklog)
        .set({ claimedBy: null, claimedAt: null })
        .where(lt(ingestBacklog.claimedAt, before));
    },

    /** Fails the articles with `message` (each only if still as read). */
    async markFailed(rows: InProgressRow[], message: string, now: number): Promise<InProgressRow[]> {
      const changed = await Promise.all(
        rows.map((row) =>
          db
            .update(articles)
            .set({ processingStatus: "failed", processingError: message, processedAt: now, updatedAt: now })
            .where(asRead(row))
            .returning({ id: articles.id })
            .get(),
        ),
      );
      return rows.filter((_, i) => changed[i] !== undefined);
    },

    /** The user's articles among `ids` that are in progress, as the sweep reads them (a re-save of stuck links). */
    async inProgressOf(userId: number, ids: number[]): Promise<InProgressRow[]> {
      const found: InProgressRow[] = [];
      for (let i = 0; i < ids.length; i += IN_CHUNK) {
        const rows = await db
          .select(inProgressColumns)
          .from(articles)
          .where(and(ownedArticles(userId, ids.slice(i, i + IN_CHUNK)), inProgress))
          .all();
        found.push(...(rows as InProgressRow[]));
      }
      return found;
    },

    /**
     * Imports still storing rows, or with articles not yet processed, with their latest sign of life. The
     * articles in progress are found through the status index, so finished imports cost nothing.
     */
    async importsInProgress(): Promise<ImportInProgressRow[]> {
      const withArticles = await db
        .select({
          importId: importArticles.importId,
          unprocessed: sql<number>`count(*)`,
          firstUnprocessed: min(articles.id),
        })
        .from(articles)
        .innerJoin(importArticles, eq(importArticles.articleId, articles.id))
        .where(inProgress)
        .groupBy(importArticles.importId)
        .all();
      const byImport = new Map(withArticles.map((row) => [row.importId, row]));
      const ids = [...byImport.keys()];
      const candidates = [];
      for (let i = 0; i <= ids.length; i += IN_CHUNK) {
        const part = ids.slice(i, i + IN_CHUNK);
        candidates.push(
          ...(await db
            .select()
            .from(imports)
            .where(
              part.length > 0
                ? or(inArray(imports.status, ["queued", "running"]), inArray(imports.id, part))
                : inArray(imports.status, ["queued", "running"]),
            )
            .all()),
        );
      }
      const unique = new Map(candidates.map((record) => [record.id, record]));
      const result: ImportInProgressRow[] = [];
      for (const record of unique.values()) {
        const latest = await db
          .select({ at: max(articles.updatedAt), linked: sql<number>`count(*)` })
          .from(importArticles)
          .innerJoin(articles, eq(articles.id, importArticles.articleId))
          .where(and(eq(importArticles.importId, record.id), eq(importArticles.userId, record.userId)))
          .get();
        const counts = byImport.get(record.id);
        result.push({
          id: record.id,
          userId: record.userId,
          status: record.status,
          // A chunk stored just before a crash has its articles but not its counts: they are imported, not unread.
          storedUncounted: Math.max(0, (latest?.linked ?? 0) - record.imported),
          unreadRows:
            record.total -
            (Math.max(record.imported, latest?.linked ?? 0) + record.duplicates + record.invalid + record.failed),
          unprocessed: counts?.unprocessed ?? 0,
          firstUnprocessed: counts?.firstUnprocessed ?? null,
          lastActivity: Math.max(record.createdAt, record.startedAt ?? 0, latest?.at ?? 0),
        });
      }
      return result;
    },

    /**
     * The import's unread rows count as failed, with `message`, and it is done; articles it stored without counting
     * them count as imported (unless rows were read meanwhile: then its counts moved and it is left for the next
     * sweep).
     */
    async closeUnreadRows(row: ImportInProgressRow, message: string | null, now: number): Promise<boolean> {
      const changed = await db
        .update(imports)
        .set({
          imported: sql`${imports.imported} + ${row.storedUncounted}`,
          failed: sql`${imports.failed} + ${row.unreadRows}`,
          status: "done",
          error: sql`coalesce(${message}, ${imports.error})`,
          startedAt: sql`coalesce(${imports.startedAt}, ${now})`,
          finishedAt: now,
        })
        .where(
          and(
            eq(imports.userId, row.userId),
            eq(imports.id, row.id),
            sql`${imports.total} - (${imports.imported} + ${imports.duplicates} + ${imports.invalid} + ${imports.failed}) = ${row.unreadRows + row.storedUncounted}`,
          ),
        )
        .returning({ id: imports.id })
        .get();
      return changed !== undefined;
    },

    /**
     * Before an import is resumed: its articles left `processing` by a run that died are `pending` again with one
     * more recovery, or failed with `message` past `maxRecoveries` (each only if not moved since `before`); and its
     * first unprocessed article is touched, which marks the import as queued again (its latest sign of life), so
     * the next sweep does not resume it a second time before its new message has run.
     */
    async prepareResume(
      row: ImportInProgressRow,
      maxRecoveries: number,
      message: string,
      before: number,
      now: number,
    ): Promise<void> {
      const interrupted = and(
        eq(articles.userId, row.userId),
        inArray(articles.processingStatus, ["processing", "retrying"]),
        lt(articles.updatedAt, before),
        sql`${articles.id} IN (SELECT ${importArticles.articleId} FROM ${importArticles} WHERE ${importArticles.importId} = ${row.id})`,
      );
      await db.batch([
        db
          .update(articles)
          .set({ processingStatus: "failed", processingError: message, processedAt: now, updatedAt: now })
          .where(and(interrupted, sql`${articles.recoveries} >= ${maxRecoveries}`)),
        db
          .update(articles)
          .set({ processingStatus: "pending", recoveries: sql`${articles.recoveries} + 1`, updatedAt: now })
          .where(interrupted),
        db
          .update(articles)
          .set({ updatedAt: now })
          .where(and(eq(articles.userId, row.userId), eq(articles.id, row.firstUnprocessed ?? 0))),
      ]);
    },
  };
}
export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
