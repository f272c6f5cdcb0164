import { and, asc, count, desc, eq, gt, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { ownedArticles } from "../owned-articles";
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

/** An article in no topic (nor the leftover group). */
const notInATopic = sql`not exists (select 1 from ${topicArticles} where ${topicArticles.articleId} = ${articles.id})`;

/** An article (joined with its owner) that completed after the user's last topics run began reading the library. */
const processedSinceLastRun = gt(articles.processedAt, users.topicsComputedAt);

/**
 * An article (joined with its owner) that no finished topics run has read: the user was never clustered, or
 * it completed after the last run began reading the library.
 */
const notYetClustered = and(
  or(isNull(users.topicsComputedAt), processedSinceLastRun),
  // An article that joined its nearest topic when it was processed is in the topics already.
  notInATopic,
);

/** Ids bound per `IN (...)` list: D1 allows 100 bound parameters per statement. */
const IDS_PER_QUERY = 90;

/** Every method is scoped by the owner's id. */
export function createTopicsRepository(db: Database) {
  const mine = (userId: number, topicId: number) => and(eq(topics.userId, userId), eq(topics.id, topicId));

  /** The newest completed articles with what clustering needs (no content: titles and summaries label). */
  async function clusteringInput(userId: number, limit: number, ids?: number[]) {
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
      .where(
        and(ids ? ownedArticles(userId, ids) : eq(articles.userId, userId), eq(articles.processingStatus, "completed")),
      )
      .orderBy(desc(articles.createdAt))
      .limit(limit)
      .all();
  }

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
      articleCount: number | null = null,
    ): Promise<number[]> {
      const statements: BatchItem<"sqlite">[] = [
        db.delete(topics).where(eq(topics.userId, userId)),
        db
          .update(users)
          .set({ topicsComputedAt: readAt, libraryMean, topicsArticleCount: articleCount })
          .where(eq(users.id, userId)),
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

    /** The similarity profile of the user's last topics run (see users.similarityProfile), or null. */
    async similarityProfile(userId: number): Promise<string | null> {
      const row = await db.select({ profile: users.similarityProfile }).from(users).where(eq(users.id, userId)).get();
      return row?.profile ?? null;
    },

    /** Stores the similarity profile a topics run measured (null: none). */
    async saveSimilarityProfile(userId: number, profile: string | null): Promise<void> {
      await db.update(users).set({ similarityProfile: profile }).where(eq(users.id, userId));
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

    /** The ids of the user's completed articles, newest first: the order the clustering sample is taken in. */
    async libraryOrder(userId: number): Promise<number[]> {
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.userId, userId), eq(articles.processingStatus, "completed")))
        .orderBy(desc(articles.createdAt), desc(articles.id))
        .all();
      return rows.map((row) => row.id);
    },

    /** The completed articles with these ids, with what clustering needs, in the order of `ids`. */
    async clusteringInputFor(userId: number, ids: number[]) {
      const rows: Awaited<ReturnType<typeof clusteringInput>> = [];
      for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
        rows.push(...(await clusteringInput(userId, IDS_PER_QUERY, ids.slice(i, i + IDS_PER_QUERY))));
      }
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      });
    },

    /**
     * Up to `limit` of the user's completed articles in no topic, by id after `afterId`: the next batch to join
     * (the cursor moves past articles that cannot join, such as those without a vector).
     */
    async unjoined(userId: number, afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: articles.id })
        .from(articles)
        .where(
          and(
            eq(articles.userId, userId),
            eq(articles.processingStatus, "completed"),
            gt(articles.id, afterId),
            notInATopic,
          ),
        )
        .orderBy(asc(articles.id))
        .limit(limit)
        .all();
      return rows.map((row) => row.id);
    },

    /** The user's topics with their centres and join thresholds, and the leftover group's id (centre null). */
    async centres(userId: number) {
      return db
        .select({
          id: topics.id,
          label: topics.label,
          centre: topics.centre,
          joinThreshold: topics.joinThreshold,
          language: topics.language,
        })
        .from(topics)
        .where(eq(topics.userId, userId))
        .orderBy(desc(topics.finalScore), desc(topics.id))
        .all();
    },

    /** The detected language of each of these articles of the user (null when none was detected). */
    async articleLanguages(userId: number, ids: number[]): Promise<Map<number, string | null>> {
      const languages = new Map<number, string | null>();
      for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
        const rows = await db
          .select({ id: articles.id, language: articles.language })
          .from(articles)
          .where(ownedArticles(userId, ids.slice(i, i + IDS_PER_QUERY)))
          .all();
        for (const row of rows) languages.set(row.id, row.language);
      }
      return languages;
    },

    /**
     * Adds articles to topics; an article already in a topic (any topic: the processing step's join and a topics
     * run's join batch may place the same article at once) is left where it is.
     */
    async addMembers(userId: number, rows: { topicId: number; articleId: number; similarity: number }[]) {
      const statements: BatchItem<"sqlite">[] = [];
      for (let i = 0; i < rows.length; i += MEMBER_ROWS_PER_INSERT) {
        const values = sql.join(
          rows
            .slice(i, i + MEMBER_ROWS_PER_INSERT)
            .map((row) => sql`(${row.topicId}, ${row.articleId}, ${userId}, ${row.similarity})`),
          sql`, `,
        );
        // Every column of topic_articles, in the table's order (drizzle's insert from a select names them all).
        statements.push(
          db.insert(topicArticles).select(
            sql`select column1, column2, column3, column4 from (values ${values}) as placed
                  where not exists (select 1 from ${topicArticles} where article_id = placed.column2)`,
          ),
        );
      }
      const [first, ...rest] = statements;
      if (first) await db.batch([first, ...rest]);
    },

    /** Stores a new topic without members (the leftover group a joined article needs); its id. */
    async insertTopic(userId: number, topic: Omit<NewTopic, "members" | "identity">, now: number): Promise<number> {
      const id = newTopicId();
      await db.insert(topics).values({ ...topic, id, userId, createdAt: now });
      return id;
    },

    /** The user's completed articles now, and how many there were when the last topics run began (null: none). */
    async growth(userId: number): Promise<{ completed: number; atLastRun: number | null }> {
      const [completed, user] = await db.batch([
        db
          .select({ n: count() })
          .from(articles)
          .where(and(eq(articles.userId, userId), eq(articles.processingStatus, "completed"))),
        db.select({ n: users.topicsArticleCount }).from(users).where(eq(users.id, userId)),
      ]);
      return { completed: completed[0]?.n ?? 0, atLastRun: user[0]?.n ?? null };
    },

    clusteringInput,

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
     * Whether an article that completed after the last topics run began sits in the leftover group (a topic
     * without a centre named `leftoverLabel`): it joined no topic, though a run over it might have made one.
     */
    async hasLateLeftover(userId: number, leftoverLabel: string): Promise<boolean> {
      const row = await db
        .select({ id: articles.id })
        .from(articles)
        .innerJoin(users, eq(users.id, articles.userId))
        .innerJoin(topicArticles, eq(topicArticles.articleId, articles.id))
        .innerJoin(topics, eq(topics.id, topicArticles.topicId))
        .where(
          and(
            eq(articles.userId, userId),
            eq(articles.processingStatus, "completed"),
            processedSinceLastRun,
            eq(topics.userId, userId),
            isNull(topics.centre),
            eq(topics.label, leftoverLabel),
          ),
        )
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
