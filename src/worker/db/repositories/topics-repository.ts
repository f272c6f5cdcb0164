import { and, count, desc, eq, gt, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { articleFeedback, articles, topicArticles, topics, users } from "../schema";

export type TopicRecord = typeof topics.$inferSelect;
export type NewTopic = Omit<TopicRecord, "id" | "userId" | "createdAt"> & {
  members: { id: number; similarity: number }[];
  /** Set when the topic continues an earlier one (same id and creation date); otherwise a new topic. */
  identity?: { id: number; createdAt: number };
};

// D1 allows 100 bound parameters per statement; a topic_articles row binds 4.
const MEMBER_ROWS_PER_INSERT = 24;

/**
 * Live figures from the topic's current articles: reading, rating or deleting an article changes them at once
 * (the stored score keeps the figures of its run). Feedback is one row per article at most, so joining it
 * leaves the counts alone.
 */
const liveCounts = {
  articleCount: sql<number>`count(${articles.id})`.as("article_count"),
  unreadCount: sql<number>`coalesce(sum(case when ${articles.isRead} then 0 else 1 end), 0)`.as("unread_count"),
  averageFeedback: sql<number | null>`avg(${articleFeedback.feedbackValue})`.as("average_feedback"),
};
const feedbackOf = (userId: number) =>
  and(eq(articleFeedback.articleId, articles.id), eq(articleFeedback.userId, userId));

/** A random id below 2^48: topic rows can then be written in one atomic batch with their members. */
function newTopicId(): number {
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2));
  return (high & 0xffff) * 2 ** 32 + low || 1;
}

/**
 * An article (joined with its owner) that no finished topics run has read: the user was never clustered, or
 * it completed after the last run began reading the library.
 */
const notYetClustered = or(isNull(users.topicsComputedAt), gt(articles.processedAt, users.topicsComputedAt));

/** Every method is scoped by the owner's id. */
export function createTopicsRepository(db: Database) {
  const mine = (userId: number, topicId: number) => and(eq(topics.userId, userId), eq(topics.id, topicId));

  return {
    /**
     * Replaces all of the user's topics in one transaction (readers see the old set or the new one) and
     * records `readAt`, when the run began reading the library, as the user's topics time, and the run's
     * encoded library mean (see users.libraryMean).
     */
    async replaceAll(
      userId: number,
      drafts: NewTopic[],
      now: number,
      readAt = now,
      libraryMean: string | null = null,
    ): Promise<number[]> {
      const statements: BatchItem<"sqlite">[] = [
        db.delete(topics).where(eq(topics.userId, userId)),
        db.update(users).set({ topicsComputedAt: readAt, libraryMean }).where(eq(users.id, userId)),
      ];
      const ids: number[] = [];
      for (const { members, identity, ...topic } of drafts) {
        const id = identity?.id ?? newTopicId();
        ids.push(id);
        const createdAt = identity?.createdAt ?? now;
        statements.push(db.insert(topics).values({ ...topic, id, userId, createdAt }));
        for (let i = 0; i < members.length; i += MEMBER_ROWS_PER_INSERT) {
          const rows = members.slice(i, i + MEMBER_ROWS_PER_INSERT);
          statements.push(
            db
              .insert(topicArticles)
              .values(rows.map((m) => ({ topicId: id, articleId: m.id, userId, similarity: m.similarity }))),
          );
        }
      }
      const [first, ...rest] = statements;
      if (first) await db.batch([first, ...rest]);
      return ids;
    },

    /** Renames one topic (the model's label replaces the key-phrase one); false when it no longer exists. */
    async setLabel(userId: number, topicId: number, label: string): Promise<boolean> {
      const updated = await db.update(topics).set({ label }).where(mine(userId, topicId)).returning({ id: topics.id });
      return updated.length > 0;
    },

    /** The encoded library mean of the user's last topics run, or null. */
    async libraryMean(userId: number): Promise<string | null> {
      const row = await db.select({ libraryMean: users.libraryMean }).from(users).where(eq(users.id, userId)).get();
      return row?.libraryMean ?? null;
    },

    /** The user's current topics with their labels and article ids, to carry identities over a re-clustering. */
    async memberships(
      userId: number,
    ): Promise<{ id: number; createdAt: number; label: string; memberIds: number[] }[]> {
      const rows = await db
        .select({ id: topics.id, createdAt: topics.createdAt, label: topics.label, articleId: topicArticles.articleId })
        .from(topics)
        .innerJoin(topicArticles, eq(topicArticles.topicId, topics.id))
        .where(eq(topics.userId, userId))
        .all();
      const byTopic = new Map<number, { id: number; createdAt: number; label: string; memberIds: number[] }>();
      for (const row of rows) {
        const topic = byTopic.get(row.id) ?? { id: row.id, createdAt: row.createdAt, label: row.label, memberIds: [] };
        topic.memberIds.push(row.articleId);
        byTopic.set(row.id, topic);
      }
      return [...byTopic.values()];
    },

    async list(userId: number, { limit, unreadOnly }: { limit: number; unreadOnly: boolean }) {
      const query = db
        .select({ topic: topics, ...liveCounts })
        .from(topics)
        .innerJoin(topicArticles, eq(topicArticles.topicId, topics.id))
        .innerJoin(articles, and(eq(articles.id, topicArticles.articleId), eq(articles.userId, userId)))
        .leftJoin(articleFeedback, feedbackOf(userId))
        .where(eq(topics.userId, userId))
        .groupBy(topics.id)
        .orderBy(desc(topics.finalScore), desc(topics.id))
        .limit(limit);
      return unreadOnly ? query.having(gt(liveCounts.unreadCount, 0)).all() : query.all();
    },

    async get(userId: number, topicId: number) {
      return db
        .select({ topic: topics, ...liveCounts })
        .from(topics)
        .leftJoin(topicArticles, eq(topicArticles.topicId, topics.id))
        .leftJoin(articles, and(eq(articles.id, topicArticles.articleId), eq(articles.userId, userId)))
        .leftJoin(articleFeedback, feedbackOf(userId))
        .where(mine(userId, topicId))
        .groupBy(topics.id)
        .get();
    },

    /** The topic's articles, closest to its centre first. */
    async articles(userId: number, topicId: number, page: { unreadOnly: boolean; limit: number; offset: number }) {
      const filters: SQL[] = [eq(topicArticles.topicId, topicId), eq(topicArticles.userId, userId)];
      if (page.unreadOnly) filters.push(eq(articles.isRead, false));
      const where = and(...filters);
      const [rows, totals] = await db.batch([
        db
          .select({
            id: articles.id,
            title: articles.title,
            summary: articles.summary,
            author: articles.author,
            domain: articles.domain,
            createdAt: articles.createdAt,
            isRead: articles.isRead,
            similarity: topicArticles.similarity,
          })
          .from(topicArticles)
          .innerJoin(articles, and(eq(articles.id, topicArticles.articleId), eq(articles.userId, userId)))
          .where(where)
          .orderBy(desc(topicArticles.similarity), desc(articles.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: count() })
          .from(topicArticles)
          .innerJoin(articles, and(eq(articles.id, topicArticles.articleId), eq(articles.userId, userId)))
          .where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    async delete(userId: number, topicId: number): Promise<boolean> {
      const deleted = await db.delete(topics).where(mine(userId, topicId)).returning({ id: topics.id }).get();
      return deleted !== undefined;
    },

    /** The newest completed articles with what clustering needs (no content: titles and summaries label). */
    async clusteringInput(userId: number, limit: number) {
      return db
        .select({
          id: articles.id,
          title: articles.title,
          summary: articles.summary,
          language: articles.language,
          isRead: articles.isRead,
          createdAt: articles.createdAt,
          feedback: articleFeedback.feedbackValue,
        })
        .from(articles)
        .leftJoin(articleFeedback, eq(articleFeedback.articleId, articles.id))
        .where(and(eq(articles.userId, userId), eq(articles.processingStatus, "completed")))
        .orderBy(desc(articles.createdAt))
        .limit(limit)
        .all();
    },

    /** Whether the user has a completed article that no finished topics run has read (see usersNeedingTopics). */
    async isBehind(userId: number): Promise<boolean> {
      const row = await db
        .select({ id: articles.id })
        .from(articles)
        .innerJoin(users, eq(users.id, articles.userId))
        .where(and(eq(articles.userId, userId), eq(articles.processingStatus, "completed"), notYetClustered))
        .limit(1)
        .get();
      return row !== undefined;
    },

    /**
     * Users whose topics are due, newest account first (if a cron run is cut short, the libraries most likely
     * to have changed went first): those with a completed article that no finished
     * topics run has read (completed after the last run began, or never clustered), and those whose last
     * run began before `staleBefore` (scores age with the articles).
     */
    async usersNeedingTopics(staleBefore: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ userId: articles.userId })
        .from(articles)
        .innerJoin(users, eq(users.id, articles.userId))
        .where(
          and(eq(articles.processingStatus, "completed"), or(notYetClustered, lt(users.topicsComputedAt, staleBefore))),
        )
        .orderBy(desc(articles.userId))
        .all();
      return rows.map((r) => r.userId);
    },
  };
}
export type TopicsRepository = ReturnType<typeof createTopicsRepository>;
