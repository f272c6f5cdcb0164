import { and, eq, inArray, sql } from "drizzle-orm";
import type { ProcessingReason } from "../../workflows/article-processing-params";
import type { Database } from "../client";
import { type IngestLane, ingestBacklog } from "../schema";

/** An article waiting for processing, as the producer adds it. */
export interface BacklogEntry {
  userId: number;
  articleId: number;
  /** Names the article's Workflow instance (see ingest-message). */
  requestId: string;
  reason: ProcessingReason;
}

/**
 * A claim older than this is given up and the article offered again: the message that took it died between
 * claiming and starting its Workflow (seconds apart), and was not delivered again.
 */
export const CLAIM_EXPIRES_MS = 5 * 60_000;

/** D1 caps a statement at 100 bound parameters: the producer's `in (...)` lists stay under it. */
const IN_CHUNK = 90;

/**
 * The next article in fair order, claimed for the message `?2` in one statement (so two consumers never take
 * the same one): among the users with an article waiting, those with a single save first, then the user whose
 * last turn is oldest (a user never served goes first); that user's oldest article of that lane.
 */
const CLAIM_NEXT = `
WITH waiting AS (
  SELECT user_id, MIN(lane = 'bulk') AS bulk FROM ingest_backlog
  WHERE claimed_at IS NULL OR claimed_at < ?1
  GROUP BY user_id
), next_user AS (
  SELECT w.user_id, w.bulk FROM waiting w LEFT JOIN ingest_turns t ON t.user_id = w.user_id
  ORDER BY w.bulk, COALESCE(t.last_turn, 0), w.user_id
  LIMIT 1
)
UPDATE ingest_backlog SET claimed_by = ?2, claimed_at = ?3
WHERE article_id = (
  SELECT b.article_id FROM ingest_backlog b JOIN next_user n ON b.user_id = n.user_id
  WHERE (b.lane = 'bulk') = n.bulk AND (b.claimed_at IS NULL OR b.claimed_at < ?1)
  ORDER BY b.article_id
  LIMIT 1
)
RETURNING article_id AS articleId, user_id AS userId, request_id AS requestId, reason`;

/** The claiming user's turn moves to the back: the next sequence number. Same transaction as CLAIM_NEXT. */
const TAKE_TURN = `
INSERT INTO ingest_turns (user_id, last_turn)
SELECT user_id, (SELECT COALESCE(MAX(last_turn), 0) + 1 FROM ingest_turns) FROM ingest_backlog
WHERE claimed_by = ?1
ON CONFLICT (user_id) DO UPDATE SET last_turn = excluded.last_turn`;

const FIND_CLAIM = `
SELECT article_id AS articleId, user_id AS userId, request_id AS requestId, reason FROM ingest_backlog
WHERE claimed_by = ?1`;

/**
 * The processing backlog (issue 31). Adding, removing and looking up are scoped to the user; claiming is the
 * scheduler's one cross-user query (it picks whose article is next) and hands back the owner with the article.
 */
export function createIngestBacklogRepository(db: Database) {
  const d1 = db.$client;

  return {
    /**
     * Adds the articles (one batch). An article already waiting keeps its place; added again as a single save (a
     * re-fetch of a stuck article), it moves to the single lane. It keeps its request id too, unless `newRun`:
     * then it takes the new one and any claim on it is dropped, since a Workflow of the old id may exist already
     * (a turn that created it and died before `finish`), and a new turn naming that id would start nothing.
     */
    async add(entries: BacklogEntry[], lane: IngestLane, now: number, { newRun = false } = {}): Promise<void> {
      const keepsLane = sql`case when excluded.lane = 'single' then 'single' else ${ingestBacklog.lane} end`;
      const [first, ...rest] = entries.map((entry) =>
        db
          .insert(ingestBacklog)
          .values({ ...entry, lane, queuedAt: now })
          .onConflictDoUpdate({
            target: ingestBacklog.articleId,
            set: newRun
              ? { lane: keepsLane, requestId: sql`excluded.request_id`, claimedBy: null, claimedAt: null }
              : { lane: keepsLane },
          }),
      );
      if (first) await db.batch([first, ...rest]);
    },

    /** Takes the user's articles out of the backlog: their messages could not be sent. */
    async remove(userId: number, articleIds: number[]): Promise<void> {
      for (let i = 0; i < articleIds.length; i += IN_CHUNK) {
        await db
          .delete(ingestBacklog)
          .where(
            and(eq(ingestBacklog.userId, userId), inArray(ingestBacklog.articleId, articleIds.slice(i, i + IN_CHUNK))),
          );
      }
    },

    /** Which of the user's articles are waiting in the backlog (each has a message on its way to take it). */
    async waitingIds(userId: number, articleIds: number[]): Promise<number[]> {
      const found: number[] = [];
      for (let i = 0; i < articleIds.length; i += IN_CHUNK) {
        const rows = await db
          .select({ id: ingestBacklog.articleId })
          .from(ingestBacklog)
          .where(
            and(eq(ingestBacklog.userId, userId), inArray(ingestBacklog.articleId, articleIds.slice(i, i + IN_CHUNK))),
          );
        found.push(...rows.map((row) => row.id));
      }
      return found;
    },

    /**
     * The article the message `claimKey` takes: the one it claimed on an earlier delivery, else the next in fair
     * order (and its user's turn moves to the back). Null when nothing is waiting.
     */
    async claimNext(claimKey: string, now: number): Promise<BacklogEntry | null> {
      const earlier = await d1.prepare(FIND_CLAIM).bind(claimKey).first<BacklogEntry>();
      if (earlier) return earlier;
      const [claimed] = await d1.batch<BacklogEntry>([
        d1.prepare(CLAIM_NEXT).bind(now - CLAIM_EXPIRES_MS, claimKey, now),
        d1.prepare(TAKE_TURN).bind(claimKey),
      ]);
      return claimed?.results[0] ?? null;
    },

    /** The article's Workflow exists: it leaves the backlog. */
    async finish(articleId: number, claimKey: string): Promise<void> {
      await db
        .delete(ingestBacklog)
        .where(and(eq(ingestBacklog.articleId, articleId), eq(ingestBacklog.claimedBy, claimKey)));
    },

    /** The message could not start the article's Workflow: the article is offered again at once. */
    async unclaim(claimKey: string): Promise<void> {
      await db
        .update(ingestBacklog)
        .set({ claimedBy: null, claimedAt: null })
        .where(eq(ingestBacklog.claimedBy, claimKey));
    },
  };
}
export type IngestBacklogRepository = ReturnType<typeof createIngestBacklogRepository>;
