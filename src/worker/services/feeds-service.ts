import type { FeedSettingsRepository } from "../db/repositories/feed-settings-repository";
import type {
  FeedSubscriptionsRepository,
  ItemFilter,
  SubscriptionRecord,
} from "../db/repositories/feed-subscriptions-repository";
import type { FeedsRepository } from "../db/repositories/feeds-repository";
import type { NewslettersRepository } from "../db/repositories/newsletters-repository";
import { checkArticleUrl } from "../domain/article-url";
import { newsletterDocument } from "../domain/email/email-intent";
import { Conflict, InvalidInput, NotFound } from "../domain/errors";
import { feedHealth, newsletterHealth } from "../domain/feeds/feed-health";
import { DEFAULT_UNSAVED_ITEM_DAYS, keptSince } from "../domain/feeds/item-expiry";
import { buildOpml, parseOpmlSubscriptions } from "../domain/feeds/opml";
import { sha256Hex } from "../domain/sha256";
import type { ArticleService } from "./article-service";
import type { FeedFinder } from "./feeds-discovery";

/** URLs one subscribe request may carry: each may take a few fetches (discovery). */
export const MAX_SUBSCRIBE_URLS = 50;
/** Sites looked up at once by one request. */
const SUBSCRIBE_CONCURRENCY = 4;
export const MAX_ITEMS_PAGE = 100;

/** Queues a first poll of these feeds now (imported from OPML: nothing fetched them yet). */
export type EnqueueFeedPolls = (feedIds: number[]) => Promise<void>;

interface FeedsServiceDeps {
  feeds: FeedsRepository;
  subscriptions: FeedSubscriptionsRepository;
  finder: FeedFinder;
  articles: Pick<ArticleService, "create">;
  enqueuePolls: EnqueueFeedPolls;
  newsletters: Pick<NewslettersRepository, "setMuted">;
  settings: FeedSettingsRepository;
  /** The save-by-email domain: a newsletter saved without a web copy gets an address under it. */
  emailDomain: string;
  now?: () => number;
}

export function toSubscriptionJson(row: SubscriptionRecord, now: number) {
  const newsletter = row.kind === "newsletter";
  // A newsletter's stored address is an internal key; the reader knows it by its sender.
  const url = newsletter ? `mailto:${row.sender}` : row.url;
  return {
    id: row.id,
    feed_id: row.feedId,
    kind: newsletter ? ("newsletter" as const) : ("feed" as const),
    title: row.title ?? row.feedTitle ?? url,
    custom_title: row.title,
    feed_title: row.feedTitle,
    url,
    sender: row.sender,
    unsubscribe: newsletter ? { url: row.unsubscribeUrl, mailto: row.unsubscribeMailto } : null,
    muted: row.mutedAt !== null,
    site_url: row.siteUrl,
    icon_url: row.iconUrl,
    folder: row.folder,
    last_updated_at: row.lastChangedAt,
    last_checked_at: row.lastPolledAt,
    item_count: Number(row.itemCount),
    unseen_count: Number(row.unseenCount),
    omitted_items: row.omittedItems,
    health: newsletter ? newsletterHealth(row, now) : feedHealth(row, now),
    created_at: row.createdAt,
  };
}
export type SubscriptionJson = ReturnType<typeof toSubscriptionJson>;

type ItemRow = Awaited<ReturnType<FeedSubscriptionsRepository["listItems"]>>[number];

function toItemJson(row: ItemRow) {
  return {
    id: row.id,
    subscription_id: row.subscriptionId,
    source: row.source,
    url: row.url,
    title: row.title,
    author: row.author,
    summary: row.summary,
    has_content: Boolean(row.hasContent),
    published_at: row.publishedAt,
    first_seen_at: row.firstSeenAt,
    seen: row.seenAt !== null,
    article_id: row.articleId,
  };
}

/** "sortAt.id" of the last item of a page: the next page starts after it. */
function encodeCursor(row: { sortAt: number; id: number }): string {
  return `${row.sortAt}.${row.id}`;
}

function decodeCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const match = /^(-?\d{1,16})\.(\d{1,16})$/.exec(cursor);
  if (!match) throw new InvalidInput("cursor: must be a cursor from a previous page");
  return { sortAt: Number(match[1]), id: Number(match[2]) };
}

function cleanFolder(folder: string | null | undefined): string | null {
  const text = folder?.replace(/\s+/g, " ").trim();
  return text ? text : null;
}

/** Runs `task` over `inputs`, at most `limit` at a time, results in input order. */
async function mapLimited<T, R>(inputs: T[], limit: number, task: (input: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(inputs.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, inputs.length) }, async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await task(inputs[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

/** Subscriptions, the Feed of their items, and moving an item into the Library. Every call is one user's. */
export function createFeedsService({
  feeds,
  subscriptions,
  finder,
  articles,
  enqueuePolls,
  newsletters,
  settings,
  emailDomain,
  now = Date.now,
}: FeedsServiceDeps) {
  /** The reader's period for unsaved items, in days (their setting, else the default). */
  async function unsavedItemDays(userId: number): Promise<number> {
    return (await settings.get(userId))?.unsavedItemDays ?? DEFAULT_UNSAVED_ITEM_DAYS;
  }

  async function keptSinceFor(userId: number): Promise<number> {
    return keptSince(await unsavedItemDays(userId), now());
  }

  async function requireSubscription(userId: number, id: number) {
    const row = await subscriptions.find(userId, id, await keptSinceFor(userId));
    if (!row) throw new NotFound("Subscription not found");
    return row;
  }

  async function requireItem(userId: number, id: number) {
    const item = await subscriptions.findItem(userId, id);
    if (!item) throw new NotFound("Feed item not found");
    return item;
  }

  return {
    async list(userId: number) {
      const at = now();
      const rows = await subscriptions.list(userId, await keptSinceFor(userId));
      return { subscriptions: rows.map((row) => toSubscriptionJson(row, at)) };
    },

    /** Subscribes to each address (a feed, or a site whose feed is discovered); every input gets a result. */
    async subscribe(userId: number, urls: string[], folder?: string | null) {
      const targetFolder = cleanFolder(folder);
      const results = await mapLimited(urls, SUBSCRIBE_CONCURRENCY, async (url) => {
        // "example.com" is how people write a site: it means its https address.
        const typed = url.trim();
        const check = checkArticleUrl(/^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`);
        if (!check.ok) return { url, success: false as const, error: check.error };
        const found = await finder.find(check.url);
        if (!found.ok) return { url, success: false as const, error: found.error };
        const id = await subscriptions.insert(userId, found.feed.id, { title: null, folder: targetFolder }, now());
        const existing = id ?? (await subscriptions.findByFeed(userId, found.feed.id))?.id;
        const row = existing === undefined ? undefined : await requireSubscription(userId, existing);
        if (!row) return { url, success: false as const, error: "The subscription could not be stored" };
        return {
          url,
          success: true as const,
          already_subscribed: id === null,
          subscription: toSubscriptionJson(row, now()),
        };
      });
      return {
        results,
        subscribed: results.filter((r) => r.success && !r.already_subscribed).length,
        already_subscribed: results.filter((r) => r.success && r.already_subscribed).length,
        failed: results.filter((r) => !r.success).length,
      };
    },

    async update(
      userId: number,
      id: number,
      changes: { title?: string | null; folder?: string | null; muted?: boolean },
    ) {
      const values: { title?: string | null; folder?: string | null } = {};
      if (changes.title !== undefined) values.title = cleanFolder(changes.title);
      if (changes.folder !== undefined) values.folder = cleanFolder(changes.folder);
      const current = await requireSubscription(userId, id);
      if (changes.muted !== undefined) {
        // A web feed is shared and polled for all its readers; leaving it is unsubscribing.
        if (current.kind !== "newsletter") throw new InvalidInput("muted: only a newsletter can be muted");
        await newsletters.setMuted(userId, id, changes.muted ? now() : null);
      }
      if (Object.keys(values).length > 0 && !(await subscriptions.update(userId, id, values))) {
        throw new NotFound("Subscription not found");
      }
      return toSubscriptionJson(await requireSubscription(userId, id), now());
    },

    async unsubscribe(userId: number, id: number): Promise<void> {
      if (!(await subscriptions.delete(userId, id))) throw new NotFound("Subscription not found");
    },

    /**
     * Subscribes to every feed of an OPML file, folders kept. Nothing is fetched while the reader waits: feeds new
     * to VibeRead are queued for a first poll at once, the others are already polled.
     */
    async importOpml(userId: number, text: string) {
      const parsed = parseOpmlSubscriptions(text);
      if (!parsed.ok) throw new InvalidInput(`opml: ${parsed.error}`);
      const at = now();
      const toPoll: number[] = [];
      let subscribed = 0;
      let already = 0;
      for (const entry of parsed.subscriptions) {
        const feed = await feeds.findOrCreate(entry.url, entry.title, entry.siteUrl, at);
        if (feed.lastPolledAt === null) toPoll.push(feed.id);
        const id = await subscriptions.insert(userId, feed.id, { title: null, folder: entry.folder }, at);
        if (id === null) already++;
        else subscribed++;
      }
      if (toPoll.length > 0) await enqueuePolls(toPoll);
      return { subscribed, already_subscribed: already, skipped: parsed.skipped, total: parsed.subscriptions.length };
    },

    async exportOpml(userId: number): Promise<string> {
      // Newsletters arrive by mail: no other reader could fetch them.
      const rows = (await subscriptions.list(userId, 0)).filter((row) => row.kind === "web");
      return buildOpml(
        rows.map((row) => ({
          url: row.url,
          title: row.title ?? row.feedTitle,
          siteUrl: row.siteUrl,
          folder: row.folder,
        })),
        "VibeRead subscriptions",
        now(),
      );
    },

    async getSettings(userId: number) {
      return { unsaved_item_days: await unsavedItemDays(userId) };
    },

    /** The reader's period for items they do not save; shorter hides older ones at once, the cron removes them. */
    async updateSettings(userId: number, changes: { unsaved_item_days: number }) {
      await settings.put(userId, changes.unsaved_item_days, now());
      return this.getSettings(userId);
    },

    async listItems(
      userId: number,
      query: { subscriptionId?: number; folder?: string; state: ItemFilter["state"]; cursor?: string; limit: number },
    ) {
      if (query.subscriptionId !== undefined) await requireSubscription(userId, query.subscriptionId);
      const rows = await subscriptions.listItems(
        userId,
        {
          subscriptionId: query.subscriptionId,
          folder: query.folder,
          state: query.state,
          keptSince: await keptSinceFor(userId),
        },
        decodeCursor(query.cursor),
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toItemJson),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    async getItem(userId: number, id: number) {
      const item = await requireItem(userId, id);
      return { ...toItemJson(item), content_html: item.contentHtml };
    },

    async setSeen(userId: number, id: number, seen: boolean) {
      await requireItem(userId, id);
      await subscriptions.setSeen(userId, id, seen ? now() : null);
      return this.getItem(userId, id);
    },

    /** Marks seen every unseen item of the filter from the newest down to `upToItemId`, the item included. */
    async markSeenUpTo(userId: number, upToItemId: number, filter: { subscriptionId?: number; folder?: string }) {
      const item = await requireItem(userId, upToItemId);
      const marked = await subscriptions.markSeenUpTo(
        userId,
        { ...filter, state: "unseen", keptSince: await keptSinceFor(userId) },
        { sortAt: item.sortAt, id: item.id },
        now(),
      );
      return { marked };
    },

    /**
     * Saves the item's link to the Library through the ordinary save (fetched, extracted, summarised, topics), and
     * marks the item seen. Saving a link already in the Library links the item to that article.
     */
    async saveToLibrary(userId: number, id: number) {
      const item = await requireItem(userId, id);
      // A newsletter without a web copy is saved with its own content, as a mailed newsletter is (email capture):
      // under a stable address of its own, so saving it twice is a duplicate.
      const mailed = !item.url && item.sourceKind === "newsletter" && item.contentHtml;
      if (!item.url && !mailed) throw new InvalidInput("This item has no link to save; its text is in the Feed only");
      let article: { id: number } & Record<string, unknown>;
      let duplicate = false;
      try {
        article = item.url
          ? await articles.create(userId, item.url)
          : await articles.create(
              userId,
              `https://${emailDomain}/mail/${await sha256Hex(item.itemKey)}`,
              newsletterDocument(item.contentHtml ?? "", item.title),
            );
      } catch (error) {
        const existing = error instanceof Conflict ? (error.extra.article as typeof article | undefined) : undefined;
        if (!existing) throw error;
        article = existing;
        duplicate = true;
      }
      await subscriptions.setArticle(userId, id, article.id, now());
      return { article, duplicate, item: await this.getItem(userId, id) };
    },
  };
}
export type FeedsService = ReturnType<typeof createFeedsService>;
