import type { ArticleSourcesRepository } from "../db/repositories/article-sources-repository";
import type { ArticleTagsRepository } from "../db/repositories/article-tags-repository";
import type {
  ArticleRecord,
  ArticleSummaryRecord,
  ArticlesRepository,
  NewArticle,
} from "../db/repositories/articles-repository";
import type { HighlightsRepository } from "../db/repositories/highlights-repository";
import type { IngestLane } from "../db/schema";
import { checkArticleUrl } from "../domain/article-url";
import { AppError, Conflict, InvalidInput, NotFound } from "../domain/errors";
import {
  DAILY_ACTIVITY_DAYS,
  DAY_MS,
  dailyActivity,
  dayToIsoDate,
  localDay,
  readingStreak,
  startOfLocalDay,
  startOfLocalMonth,
} from "../domain/reading-stats";
import { buildFtsQuery } from "../domain/search-query";
import type { EnqueueIngest } from "../jobs/ingest-producer";
import type { VectorIndex } from "../ports/vector-index";
import { displayStatus, noFeedbackJson, toArticleJson, toFeedbackJson } from "./article-json";
import type { HighlightsService } from "./highlights-service";
import type { ArticlePipeline } from "./processing/article-pipeline";
import { compressText, MAX_STEP_PAYLOAD_CHARS } from "./processing/compressed-text";

/** The `notice` of a re-summarise the language model could not do (the response says `degraded: true`). */
/** Re-summarize of a page whose text is mostly its interface (domain/interface-text.ts): there is no article to summarise. */
export const NOT_AN_ARTICLE =
  "This page could not be read as an article: its text is mostly the site's own forms and messages, so there is nothing to summarise. Open the original to read it.";

export const SUMMARY_UNAVAILABLE =
  "The summary could not be written right now: the language model is unavailable. Try again in a minute.";

export const MAX_BULK_URLS = 500;
const QUEUE_FAILURE = "Processing could not be started. Use Re-fetch Content to try again.";
/** The most page HTML a save may carry (UTF-8 bytes), the same cap as a fetched page. */
export const MAX_SUPPLIED_HTML_BYTES = 5 * 1024 * 1024;
/** Rows per insert batch in a bulk save: one failing batch fails only its own URLs. */
const INSERT_BATCH = 100;

export interface BulkResult {
  url: unknown;
  success: boolean;
  article?: ReturnType<typeof toArticleJson>;
  duplicate?: boolean;
  error?: string;
}

interface ArticleServiceDeps {
  articles: ArticlesRepository;
  sources: ArticleSourcesRepository;
  tags: ArticleTagsRepository;
  /** Only for each article's highlight count (issue 32). */
  highlights: Pick<HighlightsRepository, "countByArticle">;
  enqueue: EnqueueIngest;
  vectorIndex: VectorIndex;
  pipeline: Pick<ArticlePipeline, "summarize">;
  now?: () => number;
  /** How long refetch-content waits for the new run to finish before answering (the client allows 300 s). */
  refetchWaitMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Queues again those of the user's articles whose processing was lost (recovery-service); answers their ids.
   * A save of a link already saved calls it, so saving a stuck link again restarts its processing.
   */
  recoverStuck?: (userId: number, articleIds: number[]) => Promise<number[]>;
  /** Finds the title's highlights again after the user edits it (issue 32). */
  reanchor?: HighlightsService["reanchor"];
}

const IN_PROGRESS = new Set(["pending", "processing", "retrying"]);
/** An article "in progress" for longer than this is considered stuck, and may be re-fetched. */
const STUCK_AFTER_MS = 10 * 60_000;
const REFETCH_POLL_MS = 1_000;

/**
 * Checks the size of HTML sent with a save and compresses it as the fetch step would a fetched page, so a page
 * that could not travel between Workflow steps is refused now with a reason rather than failing later.
 */
async function encodeSuppliedHtml(html: string): Promise<string> {
  if (new TextEncoder().encode(html).byteLength > MAX_SUPPLIED_HTML_BYTES) {
    throw new AppError(413, "html is too large (the limit is 5 MB)");
  }
  const encoded = await compressText(html);
  if (encoded.length > MAX_STEP_PAYLOAD_CHARS) {
    throw new AppError(413, "html is too large to process, even compressed; save the link without it");
  }
  return encoded;
}

export function createArticleService({
  articles,
  sources,
  tags,
  highlights,
  enqueue,
  vectorIndex,
  pipeline,
  now = Date.now,
  refetchWaitMs = 280_000,
  sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  recoverStuck = async () => [],
  reanchor = async () => {},
}: ArticleServiceDeps) {
  async function requireArticle(userId: number, id: number) {
    const article = await articles.findById(userId, id);
    if (!article) throw new NotFound("Article not found");
    return article;
  }

  /** One article as JSON with its tags (issue 23) and its highlight count (issue 32). */
  async function withTags(userId: number, row: ArticleRecord) {
    const [found, counts] = await Promise.all([
      tags.ofArticles(userId, [row.id]),
      highlights.countByArticle(userId, [row.id]),
    ]);
    return toArticleJson(row, found.get(row.id), counts.get(row.id) ?? 0);
  }

  /**
   * Links saved again: those in progress whose processing was lost are queued again (the answer still says
   * duplicate). Never fails the save: recovery is also the sweep's job.
   */
  async function restartStuck<T extends ArticleSummaryRecord>(userId: number, found: T[]): Promise<Set<number>> {
    const inProgress = found.filter((a) => IN_PROGRESS.has(a.processingStatus)).map((a) => a.id);
    if (inProgress.length === 0) return new Set();
    try {
      return new Set(await recoverStuck(userId, inProgress));
    } catch (error) {
      console.error("Could not queue stuck articles again", error);
      return new Set();
    }
  }

  /**
   * Queues processing; if the queue refuses, the articles are kept and marked failed with a way forward. A save
   * of several articles goes in the bulk lane, behind every user's single saves and taking turns with other
   * users' bulk saves (issue 31).
   */
  async function startProcessing(
    userId: number,
    saved: ArticleSummaryRecord[],
    lane: IngestLane,
  ): Promise<ArticleSummaryRecord[]> {
    if (saved.length === 0) return saved;
    try {
      await enqueue(
        saved.map((article) => ({ userId, articleId: article.id, reason: "created" as const })),
        { lane },
      );
      return saved;
    } catch (error) {
      console.error("Could not queue processing", error);
      await articles.markQueueFailed(
        userId,
        saved.map((a) => a.id),
        QUEUE_FAILURE,
        now(),
      );
      return saved.map((a) => ({ ...a, processingStatus: "failed" as const, processingError: QUEUE_FAILURE }));
    }
  }

  return {
    /**
     * Saves one URL as `pending` and queues its processing; never waits for the site. With `html` (the page as
     * the user's browser has it) processing extracts from that and fetches nothing.
     */
    async create(userId: number, url: string, html?: string | null) {
      const check = checkArticleUrl(url);
      if (!check.ok) throw new InvalidInput(check.error);
      const source = html == null ? null : await encodeSuppliedHtml(html);
      const existing = await articles.findByNormalizedUrl(userId, check.normalizedUrl);
      if (existing) {
        const restarted = (await restartStuck(userId, [existing])).has(existing.id);
        const current = restarted ? await articles.findById(userId, existing.id) : existing;
        throw new Conflict("This article is already in your library", { article: toArticleJson(current ?? existing) });
      }
      const [saved] = await articles.insertMany(userId, [check], now());
      if (!saved) {
        // Saved concurrently by another request of the same user.
        const raced = await articles.findByNormalizedUrl(userId, check.normalizedUrl);
        throw new Conflict("This article is already in your library", raced ? { article: toArticleJson(raced) } : {});
      }
      if (source !== null) {
        try {
          await sources.store(userId, saved.id, source);
        } catch (error) {
          // Without its HTML the save would quietly fetch the page the user could not get us to: undo it.
          await articles.delete(userId, saved.id);
          throw error;
        }
      }
      const [started] = await startProcessing(userId, [saved], "single");
      return toArticleJson(started ?? saved);
    },

    /**
     * Saves a document already read (issue 54: an upload) as `pending` and queues its processing. `store` keeps
     * what processing reads (the original file, the read text) under the new article; if it fails, the article is
     * deleted again, so nothing is half stored. The same file saved again is a duplicate, as a link is.
     */
    async createDocument(userId: number, row: NewArticle, store: (articleId: number) => Promise<void>) {
      const existing = await articles.findByNormalizedUrl(userId, row.normalizedUrl);
      if (existing) {
        throw new Conflict("This document is already in your library", { article: toArticleJson(existing) });
      }
      const [saved] = await articles.insertMany(userId, [row], now());
      if (!saved) {
        const raced = await articles.findByNormalizedUrl(userId, row.normalizedUrl);
        throw new Conflict("This document is already in your library", raced ? { article: toArticleJson(raced) } : {});
      }
      try {
        await store(saved.id);
      } catch (error) {
        await articles.delete(userId, saved.id);
        throw error;
      }
      const [started] = await startProcessing(userId, [saved], "single");
      return toArticleJson(started ?? saved);
    },

    /** Saves up to 500 URLs; every input gets a result, in input order. */
    async createMany(userId: number, urls: unknown[]) {
      const results: BulkResult[] = urls.map((url) => ({ url, success: false }));
      const checks = urls.map((url) => checkArticleUrl(url));
      const firstIndexOf = new Map<string, number>();
      checks.forEach((check, index) => {
        if (!check.ok) {
          results[index] = { url: urls[index], success: false, error: check.error };
        } else if (!firstIndexOf.has(check.normalizedUrl)) {
          firstIndexOf.set(check.normalizedUrl, index);
        }
      });

      const existing = new Map(
        (await articles.findByNormalizedUrls(userId, [...firstIndexOf.keys()])).map((a) => [a.normalizedUrl, a]),
      );
      const restarted = await restartStuck(userId, [...existing.values()]);
      for (const [normalized, article] of existing) {
        if (restarted.has(article.id)) {
          existing.set(normalized, { ...article, processingStatus: "pending", processingError: null });
        }
      }
      const toInsert = [...firstIndexOf.entries()].filter(([normalized]) => !existing.has(normalized));
      const created = new Map<string, ArticleSummaryRecord>();
      const failedToSave = new Set<string>();
      // One new link in a bulk request is a single save; the turns are for whoever saves many at once.
      const lane: IngestLane = toInsert.length > 1 ? "bulk" : "single";
      for (let i = 0; i < toInsert.length; i += INSERT_BATCH) {
        const slice = toInsert.slice(i, i + INSERT_BATCH);
        try {
          const rows = slice.map(([, index]) => checks[index]).filter((c) => c?.ok === true);
          const saved = await startProcessing(userId, await articles.insertMany(userId, rows, now()), lane);
          for (const article of saved) created.set(article.normalizedUrl, article);
        } catch (error) {
          console.error("Bulk insert batch failed", error);
          for (const [normalized] of slice) failedToSave.add(normalized);
        }
      }
      // Rows skipped by a concurrent save are duplicates too: look them up once.
      const racedKeys = toInsert.map(([n]) => n).filter((n) => !created.has(n) && !failedToSave.has(n));
      for (const article of await articles.findByNormalizedUrls(userId, racedKeys)) {
        existing.set(article.normalizedUrl, article);
      }

      checks.forEach((check, index) => {
        if (!check.ok) return;
        const isFirst = firstIndexOf.get(check.normalizedUrl) === index;
        const fresh = created.get(check.normalizedUrl);
        const known = existing.get(check.normalizedUrl);
        if (isFirst && fresh) {
          results[index] = { url: urls[index], success: true, article: toArticleJson(fresh) };
        } else if (failedToSave.has(check.normalizedUrl)) {
          results[index] = {
            url: urls[index],
            success: false,
            error: "Could not save this article. Please try again.",
          };
        } else {
          const article = fresh ?? known;
          results[index] = {
            url: urls[index],
            success: false,
            duplicate: true,
            ...(article ? { article: toArticleJson(article) } : {}),
          };
        }
      });

      const invalid = checks.filter((c) => !c.ok).length;
      const successful = results.filter((r) => r.success).length;
      const duplicates = results.filter((r) => r.duplicate).length;
      return { results, successful, duplicates, failed: results.length - successful - duplicates - invalid, invalid };
    },

    async list(
      userId: number,
      query: {
        page: number;
        perPage: number;
        search?: string;
        domain?: string;
        tag?: string;
        isRead?: boolean;
        language?: string;
        hasHighlights?: boolean;
      },
    ) {
      const offset = (query.page - 1) * query.perPage;
      const ftsQuery = query.search ? buildFtsQuery(userId, query.search) : undefined;
      // A search of only punctuation matches nothing, rather than everything.
      const { rows, total, totalExact } =
        ftsQuery === null
          ? { rows: [], total: 0, totalExact: true }
          : await articles.list(userId, {
              limit: query.perPage,
              offset,
              domain: query.domain,
              tagKey: query.tag?.toLowerCase(),
              hasHighlights: query.hasHighlights,
              isRead: query.isRead,
              language: query.language,
              ftsQuery: ftsQuery ?? undefined,
            });
      const pages = Math.ceil(total / query.perPage);
      return {
        articles: rows.map(({ tags: rowTags, highlightCount, ...row }) => toArticleJson(row, rowTags, highlightCount)),
        page: query.page,
        per_page: query.perPage,
        total,
        total_exact: totalExact,
        total_pages: pages,
        pagination: { page: query.page, pages, total, per_page: query.perPage },
      };
    },

    async get(userId: number, id: number) {
      return withTags(userId, await requireArticle(userId, id));
    },

    /** Replaces the article's tags (normalised: trimmed, case-insensitive repeats dropped). */
    async setTags(userId: number, id: number, newTags: string[]) {
      await requireArticle(userId, id);
      await tags.replace(userId, id, newTags);
      return withTags(userId, await requireArticle(userId, id));
    },

    /** Every tag of the user's library with its article count, most used first. */
    async listTags(userId: number) {
      return { tags: await tags.listWithCounts(userId) };
    },

    async update(
      userId: number,
      id: number,
      patch: { title?: string | null; author?: string | null; is_read?: boolean },
    ) {
      const current = await requireArticle(userId, id);
      const readChange =
        patch.is_read === undefined || patch.is_read === current.isRead
          ? {}
          : { isRead: patch.is_read, readAt: patch.is_read ? now() : null };
      const updated = await articles.update(
        userId,
        id,
        {
          ...(patch.title !== undefined ? { title: patch.title } : {}),
          ...(patch.author !== undefined ? { author: patch.author } : {}),
          ...readChange,
        },
        now(),
      );
      if (!updated) throw new NotFound("Article not found");
      if (patch.title !== undefined && patch.title !== current.title) {
        // Title highlights follow the edited title (orphaned when their words are gone); never fails the edit.
        await reanchor(userId, id, ["title"]).catch((error: unknown) =>
          console.error("Re-anchoring title highlights failed", id, error),
        );
      }
      return withTags(userId, updated);
    },

    /** Writes the summary again from the stored content, in the request (the client waits up to 120 s). */
    async regenerateSummary(userId: number, id: number) {
      const article = await requireArticle(userId, id);
      if (!article.content) {
        throw new Conflict("This article has no content to summarise yet. Use Fetch Content first.");
      }
      if (!article.readsAsArticle) throw new Conflict(NOT_AN_ARTICLE);
      try {
        await pipeline.summarize(userId, id);
      } catch (error) {
        // A model error (429, capacity, timeout, an empty answer) is not the client's fault and not a 500:
        // the article comes back as it was, saying why its summary did not change.
        console.error("Re-summarise failed", userId, id, error);
        return { ...toArticleJson(article), degraded: true, notice: SUMMARY_UNAVAILABLE };
      }
      await articles.updateProcessing(userId, id, { processingError: null });
      return toArticleJson(await requireArticle(userId, id));
    },

    /**
     * Processes the article again from its saved URL, through the same queue and Workflow as a new save,
     * and answers when that run has finished (or with the article still in progress after `refetchWaitMs`).
     */
    async refetchContent(userId: number, id: number) {
      const article = await requireArticle(userId, id);
      const stuck = now() - article.updatedAt > STUCK_AFTER_MS;
      if (IN_PROGRESS.has(article.processingStatus) && !stuck) {
        throw new Conflict("This article is already being processed");
      }
      // Re-fetch means the site itself: HTML sent with the save (if still there) is dropped.
      await sources.delete(userId, id);
      // The user starts over: no run, no recoveries counted against the article.
      await articles.updateProcessing(userId, id, {
        processingStatus: "pending",
        processingError: null,
        processingRun: null,
        recoveries: 0,
      });
      try {
        await enqueue([{ userId, articleId: id, reason: "refetch" }], { lane: "single", newRun: true });
      } catch (error) {
        console.error("Could not queue a re-fetch", error);
        await articles.markQueueFailed(userId, [id], QUEUE_FAILURE, now());
        return toArticleJson(await requireArticle(userId, id));
      }
      const deadline = now() + refetchWaitMs;
      while (now() < deadline) {
        await sleep(REFETCH_POLL_MS);
        const current = await requireArticle(userId, id);
        if (!IN_PROGRESS.has(current.processingStatus)) return toArticleJson(current);
      }
      return toArticleJson(await requireArticle(userId, id));
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await articles.delete(userId, id))) throw new NotFound("Article not found");
      // The vector is derived data: a failure here must not undo the delete the user asked for.
      await vectorIndex.remove(userId, [String(id)]).catch((error) => console.error("Vector removal failed", error));
    },

    async markRead(userId: number, id: number) {
      const updated = await articles.markRead(userId, id, now());
      if (!updated) throw new NotFound("Article not found");
      return withTags(userId, updated);
    },

    async markUnread(userId: number, id: number) {
      const updated = await articles.markUnread(userId, id, now());
      if (!updated) throw new NotFound("Article not found");
      return withTags(userId, updated);
    },

    /**
     * Statuses of the user's own articles, in the order asked. Ids the user does not have are listed in
     * `missing_ids` rather than failing the call: a poll must keep updating the other articles when one was
     * deleted in another tab. "Never existed" and "someone else's" look the same, so no id is confirmed.
     */
    async batchStatus(userId: number, ids: number[]) {
      const unique = [...new Set(ids)];
      const rows = await articles.statuses(userId, unique);
      const found = new Map(rows.map((row) => [row.id, row]));
      return {
        statuses: unique.flatMap((id) => {
          const row = found.get(id);
          if (!row) return [];
          return [
            {
              article_id: row.id,
              status: row.processingStatus,
              display_status: displayStatus(row.processingStatus),
              error: row.processingError,
              attempts: row.processingAttempts,
              processed_at: row.processedAt === null ? null : new Date(row.processedAt).toISOString(),
              title: row.title,
              summary: row.summary,
              domain: row.domain,
              author: row.author,
              language: row.language,
            },
          ];
        }),
        missing_ids: unique.filter((id) => !found.has(id)),
      };
    },

    async setFeedback(userId: number, articleId: number, value: -1 | 0 | 1) {
      await requireArticle(userId, articleId);
      return toFeedbackJson(await articles.upsertFeedback(userId, articleId, value, now()));
    },

    async getFeedback(userId: number, articleId: number) {
      await requireArticle(userId, articleId);
      const feedback = await articles.findFeedback(userId, articleId);
      // Unrated is an ordinary state, not a missing resource: the same shape with nulls (a 404 here put an
      // error in the console of every visit to an unrated article). docs/api.md, Articles.
      return feedback ? toFeedbackJson(feedback) : noFeedbackJson(userId, articleId);
    },

    async statistics(userId: number, offsetMinutes: number) {
      const at = now();
      const today = localDay(at, offsetMinutes);
      const figures = await articles.statistics(userId, {
        weekStart: at - 7 * DAY_MS,
        monthStart: startOfLocalMonth(at, offsetMinutes),
        activityStart: startOfLocalDay(today - (DAILY_ACTIVITY_DAYS - 1), offsetMinutes),
        dayShiftMs: offsetMinutes * 60_000,
        today,
      });
      const { total, read, unread } = figures.totals;
      const { byStatus } = figures;
      const recent = [
        ...figures.recentSaved.map((r) => ({ ...r, action: "saved" as const })),
        ...figures.recentRead.map((r) => ({ ...r, action: "read" as const })),
      ]
        .sort((a, b) => b.at - a.at)
        .slice(0, 10);
      return {
        total_articles: total,
        unread_articles: unread,
        read_articles: read,
        weekly_read_articles: figures.weekly,
        articles_this_month: figures.monthly,
        reading_streak: readingStreak(figures.streakDays, today),
        daily_activity: dailyActivity(figures.savedPerDay, figures.readPerDay, today),
        processing_stats: {
          completed: byStatus.get("completed") ?? 0,
          processing: (byStatus.get("processing") ?? 0) + (byStatus.get("retrying") ?? 0),
          pending: byStatus.get("pending") ?? 0,
          failed: byStatus.get("failed") ?? 0,
        },
        top_domains: figures.topDomains.map((row) => ({ domain: row.domain as string, count: row.n })),
        recent_activity: recent.map((r) => ({
          // The article's id, so each item links to it (/article/{id}).
          id: r.id,
          title: r.title,
          // The saved address, so an article without a title yet (or failed) is named by its host and path.
          url: r.url,
          domain: r.domain,
          date: new Date(r.at).toISOString(),
          action: r.action,
        })),
        timezone_offset: offsetMinutes,
        today: dayToIsoDate(today),
      };
    },
  };
}
export type ArticleService = ReturnType<typeof createArticleService>;
