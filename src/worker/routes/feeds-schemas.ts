import { z } from "zod";
import { PUBLISHED_FEED_KINDS } from "../db/schema";
import { MAX_URL_LENGTH } from "../domain/article-url";
import { MAX_UNSAVED_ITEM_DAYS, MIN_UNSAVED_ITEM_DAYS } from "../domain/feeds/item-expiry";
import { MAX_FOLDER_CHARS } from "../domain/feeds/opml";
import { MAX_TAG_LENGTH } from "../domain/tags/normalize-tags";
import { MAX_ITEMS_PAGE, MAX_SUBSCRIBE_URLS } from "../services/feeds-service";
import { articleJson, wholeNumber } from "./article-schemas";

/** Request and response shapes of the feeds API; every message names the field and the rule. */
const MAX_TITLE_CHARS = 300;
/** An OPML file of a few thousand feeds is well under this. */
export const MAX_OPML_CHARS = 2 * 1024 * 1024;

const positiveId = z
  .string()
  .regex(/^\d{1,15}$/, "must be a positive whole number")
  .transform(Number)
  .pipe(z.number().min(1, "must be a positive whole number"));

export const feedIdParams = z.object({ id: positiveId });

const folder = z
  .string({ error: "folder must be text" })
  .max(MAX_FOLDER_CHARS, `folder must be at most ${MAX_FOLDER_CHARS} characters`)
  .nullable()
  .meta({ description: "The folder (empty or null: none)." });

export const subscribeBody = z.object({
  urls: z
    .array(
      z
        .string({ error: "each url must be text" })
        .max(MAX_URL_LENGTH, `each url must be at most ${MAX_URL_LENGTH.toLocaleString("en-US")} characters`),
      { error: "urls must be a list of addresses" },
    )
    .min(1, "urls must name at least one address")
    .max(MAX_SUBSCRIBE_URLS, `urls must name at most ${MAX_SUBSCRIBE_URLS} addresses`)
    .meta({ description: "Feed addresses, or sites whose feed is found for you." }),
  folder: folder.optional(),
});

export const updateSubscriptionBody = z
  .object({
    title: z
      .string({ error: "title must be text" })
      .max(MAX_TITLE_CHARS, `title must be at most ${MAX_TITLE_CHARS} characters`)
      .nullable()
      .optional()
      .meta({ description: "Your name for the feed (empty or null: the feed's own)." }),
    folder: folder.optional(),
    muted: z
      .boolean({ error: "muted must be true or false" })
      .optional()
      .meta({ description: "A newsletter only: true drops its new mail; false takes it again." }),
  })
  .refine(
    (body) => body.title !== undefined || body.folder !== undefined || body.muted !== undefined,
    "Send title, folder, muted or several",
  );

export const opmlBody = z.object({
  opml: z
    .string({ error: "opml must be the file's text" })
    .min(1, "opml must not be empty")
    .max(MAX_OPML_CHARS, "opml must be at most 2 MB")
    .meta({ description: "The OPML file's text (Feedly, Inoreader, NetNewsWire, Feedbin... exports)." }),
});

export const itemsQuery = z.object({
  subscription_id: positiveId.optional().describe("Only items of this subscription."),
  folder: z
    .string()
    .max(MAX_FOLDER_CHARS, `folder must be at most ${MAX_FOLDER_CHARS} characters`)
    .transform((s) => s.replace(/\s+/g, " ").trim())
    .optional()
    .describe("Only items of subscriptions in this folder."),
  state: z
    .enum(["unseen", "seen", "all"], { error: "state must be unseen, seen or all" })
    .default("all")
    .describe("unseen, seen or all (the default)."),
  cursor: z
    .string()
    .max(40, "cursor: not a cursor this API returned")
    .optional()
    .describe("The `next_cursor` of the previous page; leave out for the newest items."),
  limit: wholeNumber("limit", 1, MAX_ITEMS_PAGE).default(30).describe("Items per page."),
});

export const markSeenBody = z.object({
  up_to_item_id: z
    .number({ error: "up_to_item_id must be an item id" })
    .int("up_to_item_id must be a whole number")
    .min(1, "up_to_item_id must be an item id")
    .meta({ description: "This item and every newer one (above it in the Feed, newest first) are marked seen." }),
  subscription_id: z.number().int().min(1).optional().meta({ description: "Only this subscription's items." }),
  folder: z.string().max(MAX_FOLDER_CHARS).optional().meta({ description: "Only items of this folder." }),
});

const health = z.object({
  level: z.enum(["ok", "pending", "failing", "stopped"]),
  text: z.string().meta({ description: "E.g. 'updated 2 h ago', 'the feed answered 404 Not Found for 3 days'." }),
});

export const subscriptionJson = z
  .object({
    id: z.int(),
    feed_id: z.int(),
    kind: z.enum(["feed", "newsletter"]).meta({
      description: "A feed fetched from the web, or a newsletter: mail from one sender to your save-by-email address.",
    }),
    title: z.string().meta({ description: "Your name for it, else the feed's title (a newsletter's sender name)." }),
    custom_title: z.string().nullable(),
    feed_title: z.string().nullable(),
    url: z
      .string()
      .meta({ description: "The feed's address (follows permanent redirects); a newsletter's sender as mailto:." }),
    sender: z.string().nullable().meta({ description: "A newsletter's sender address; null for a feed." }),
    unsubscribe: z
      .object({
        url: z.string().nullable().meta({ description: "The page its List-Unsubscribe names, if any." }),
        mailto: z.string().nullable().meta({ description: "The mailto: its List-Unsubscribe names, if any." }),
      })
      .nullable()
      .meta({ description: "How to unsubscribe from a newsletter at its sender (from its latest mail)." }),
    muted: z.boolean().meta({ description: "A muted newsletter keeps its items and takes no new mail." }),
    site_url: z.string().nullable(),
    icon_url: z.string().nullable(),
    folder: z.string().nullable(),
    last_updated_at: z.int().nullable().meta({ description: "When a check last found new items (ms)." }),
    last_checked_at: z.int().nullable(),
    item_count: z.int(),
    unseen_count: z.int(),
    omitted_items: z.int().meta({ description: "Items beyond the 1,000 read from one fetch of a large feed." }),
    health,
    created_at: z.int(),
  })
  .meta({ id: "FeedSubscription" });

export const subscriptionListJson = z
  .object({ subscriptions: z.array(subscriptionJson) })
  .meta({ id: "FeedSubscriptions" });

export const subscribeResultJson = z
  .object({
    results: z.array(
      z.object({
        url: z.string(),
        success: z.boolean(),
        already_subscribed: z.boolean().optional(),
        subscription: subscriptionJson.optional(),
        error: z.string().optional(),
      }),
    ),
    subscribed: z.int(),
    already_subscribed: z.int(),
    failed: z.int(),
  })
  .meta({ id: "FeedSubscribeResult" });

export const opmlImportJson = z
  .object({
    subscribed: z.int(),
    already_subscribed: z.int(),
    skipped: z.int().meta({ description: "Outlines that were not http(s) feeds, or repeated." }),
    total: z.int(),
  })
  .meta({ id: "OpmlImportResult" });

export const feedItemJson = z
  .object({
    id: z.int(),
    subscription_id: z.int(),
    source: z.string(),
    url: z.string().nullable(),
    title: z.string(),
    author: z.string().nullable(),
    summary: z.string().meta({ description: "Plain text: the feed's summary or the first lines." }),
    has_content: z.boolean().meta({ description: "The feed carries the item's whole text." }),
    published_at: z.int().nullable(),
    first_seen_at: z.int(),
    seen: z.boolean(),
    article_id: z.int().nullable().meta({ description: "The Library article it was saved as." }),
    content_html: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The whole text as the feed gives it (unsanitised HTML); only on a single item." }),
  })
  .meta({ id: "FeedItem" });

export const feedItemPageJson = z
  .object({ items: z.array(feedItemJson), next_cursor: z.string().nullable() })
  .meta({ id: "FeedItemPage" });

export const markSeenJson = z.object({ marked: z.int() }).meta({ id: "FeedMarkSeenResult" });

export const saveItemJson = z
  .object({ article: articleJson, duplicate: z.boolean(), item: feedItemJson })
  .meta({ id: "FeedItemSaved" });

export const publishBody = z.object({
  tag: z
    .string({ error: "tag must be text" })
    .trim()
    .min(1, "tag must not be empty (send null for the whole Library)")
    .max(MAX_TAG_LENGTH, `tag must be at most ${MAX_TAG_LENGTH} characters`)
    .nullable()
    .default(null)
    .meta({ description: "The tag whose articles the feed shows; null or absent: the whole Library." }),
  kind: z
    .enum(PUBLISHED_FEED_KINDS, { error: `kind must be one of ${PUBLISHED_FEED_KINDS.join(", ")}` })
    .default("atom")
    .meta({
      description:
        "atom (the default): an Atom feed of the Library or the tag. opds: an OPDS catalog of the unread queue, " +
        "each article an EPUB, for an e-reader app such as KOReader (no tag).",
    }),
});

export const publishedFeedJson = z
  .object({
    id: z.int(),
    kind: z.enum(PUBLISHED_FEED_KINDS).meta({ description: "atom: an Atom feed; opds: an e-reader catalog." }),
    tag: z.string().nullable().meta({ description: "The tag it shows; null: the whole Library." }),
    title: z.string(),
    created_at: z.int(),
    last_read_at: z.int().nullable().meta({ description: "When a feed reader last fetched it (ms)." }),
  })
  .meta({ id: "PublishedFeed" });

export const publishedFeedListJson = z.object({ feeds: z.array(publishedFeedJson) }).meta({ id: "PublishedFeeds" });

export const publishedFeedCreatedJson = publishedFeedJson
  .extend({
    url: z.string().meta({
      description:
        "The feed's secret address (Atom, or the OPDS catalog). Shown this once: only a hash of its secret is kept. Anyone with it can " +
        "read the feed until you revoke it.",
    }),
  })
  .meta({ id: "PublishedFeedCreated" });

export const atomParams = z.object({
  token: z.string().regex(/^[\w-]{40,64}$/, "not a feed address VibeRead gave"),
});

export const feedSettingsBody = z.object({
  unsaved_item_days: z
    .int({ error: "unsaved_item_days must be a whole number of days" })
    .min(MIN_UNSAVED_ITEM_DAYS, `unsaved_item_days must be at least ${MIN_UNSAVED_ITEM_DAYS}`)
    .max(MAX_UNSAVED_ITEM_DAYS, `unsaved_item_days must be at most ${MAX_UNSAVED_ITEM_DAYS}`)
    .meta({ description: "How many days an item you did not save stays in the Feed; saved items never expire." }),
});

export const feedSettingsJson = z
  .object({
    unsaved_item_days: z.int().meta({ description: "Days an unsaved item stays in your Feed (default 30)." }),
  })
  .meta({ id: "FeedSettings" });

export const feedItemArticleJson = z
  .object({
    url: z.string().meta({ description: "The page's address (after redirects)." }),
    title: z.string().nullable(),
    content_html: z
      .string()
      .nullable()
      .meta({ description: "The article, sanitised as a saved article's content; null when it could not be read." }),
    extracted_at: z.int().nullable().meta({ description: "When it was extracted (ms); kept for the item's readers." }),
    error: z
      .string()
      .nullable()
      .meta({ description: "Why the page could not be read (the site's answer, a timeout...)." }),
  })
  .meta({ id: "FeedItemArticle" });
