import { request } from "./client";

export type HealthLevel = "ok" | "pending" | "failing" | "stopped";

export interface FeedSubscription {
  id: number;
  feed_id: number;
  /** "newsletter": mail from one sender to the reader's save-by-email address. */
  kind: "feed" | "newsletter";
  title: string;
  custom_title: string | null;
  feed_title: string | null;
  url: string;
  sender: string | null;
  /** A newsletter's List-Unsubscribe targets; null for a feed. */
  unsubscribe: { url: string | null; mailto: string | null } | null;
  muted: boolean;
  site_url: string | null;
  icon_url: string | null;
  folder: string | null;
  last_updated_at: number | null;
  last_checked_at: number | null;
  item_count: number;
  unseen_count: number;
  omitted_items: number;
  health: { level: HealthLevel; text: string };
  created_at: number;
}

export interface SubscribeResult {
  results: {
    url: string;
    success: boolean;
    already_subscribed?: boolean;
    subscription?: FeedSubscription;
    error?: string;
  }[];
  subscribed: number;
  already_subscribed: number;
  failed: number;
}

export interface OpmlImportResult {
  subscribed: number;
  already_subscribed: number;
  skipped: number;
  total: number;
}

export interface FeedItem {
  id: number;
  subscription_id: number;
  source: string;
  url: string | null;
  title: string;
  author: string | null;
  summary: string;
  has_content: boolean;
  published_at: number | null;
  first_seen_at: number;
  seen: boolean;
  article_id: number | null;
  content_html?: string | null;
}

export interface FeedItemPage {
  items: FeedItem[];
  next_cursor: string | null;
}

/** The article behind an item whose feed gives only a summary, or why it could not be read. */
export interface FeedItemArticle {
  url: string;
  title: string | null;
  content_html: string | null;
  extracted_at: number | null;
  error: string | null;
}

export interface FeedSettings {
  unsaved_item_days: number;
}

/** atom: an Atom feed of the Library or a tag; opds: the e-reader catalog of the unread queue (EPUBs). */
export type PublishedFeedKind = "atom" | "opds";

export interface PublishedFeed {
  id: number;
  kind: PublishedFeedKind;
  tag: string | null;
  title: string;
  created_at: number;
  last_read_at: number | null;
}

export interface CreatedPublishedFeed extends PublishedFeed {
  /** The secret address, in this answer only. */
  url: string;
}

export interface FeedFilter {
  subscription_id?: number;
  folder?: string;
  state: "unseen" | "seen" | "all";
}

function itemsPath(filter: FeedFilter, cursor: string | null): string {
  const params = new URLSearchParams({ state: filter.state, limit: "30" });
  if (filter.subscription_id) params.set("subscription_id", String(filter.subscription_id));
  if (filter.folder) params.set("folder", filter.folder);
  if (cursor) params.set("cursor", cursor);
  return `/api/feeds/items?${params}`;
}

export const feedsApi = {
  subscriptions: () =>
    request<{ subscriptions: FeedSubscription[] }>("GET", "/api/feeds/subscriptions", {
      defaultError: "Failed to fetch subscriptions",
    }),
  subscribe: (urls: string[], folder?: string) =>
    request<SubscribeResult>("POST", "/api/feeds/subscriptions", {
      body: { urls, ...(folder ? { folder } : {}) },
      defaultError: "Failed to subscribe",
      // A site's feed may take a few fetches to find, for each of up to 50 addresses.
      timeoutMs: 120_000,
    }),
  update: (id: number, changes: { title?: string | null; folder?: string | null; muted?: boolean }) =>
    request<FeedSubscription>("PATCH", `/api/feeds/subscriptions/${id}`, {
      body: changes,
      defaultError: "Failed to update the subscription",
    }),
  unsubscribe: (id: number) =>
    request<null>("DELETE", `/api/feeds/subscriptions/${id}`, { defaultError: "Failed to unsubscribe" }),
  importOpml: (opml: string) =>
    request<OpmlImportResult>("POST", "/api/feeds/opml", { body: { opml }, defaultError: "Failed to import OPML" }),
  exportOpml: () => request<string>("GET", "/api/feeds/opml", { defaultError: "Failed to export OPML" }),
  items: (filter: FeedFilter, cursor: string | null) =>
    request<FeedItemPage>("GET", itemsPath(filter, cursor), { defaultError: "Failed to fetch the Feed" }),
  item: (id: number) =>
    request<FeedItem>("GET", `/api/feeds/items/${id}`, { defaultError: "Failed to fetch the item" }),
  itemArticle: (id: number) =>
    request<FeedItemArticle>("GET", `/api/feeds/items/${id}/article`, {
      defaultError: "Failed to fetch the article",
      // The site is fetched and read on first open: up to the fetch's 20 s, and the extraction.
      timeoutMs: 45_000,
    }),
  settings: () =>
    request<FeedSettings>("GET", "/api/feeds/settings", { defaultError: "Failed to fetch Feed settings" }),
  updateSettings: (settings: FeedSettings) =>
    request<FeedSettings>("PUT", "/api/feeds/settings", {
      body: settings,
      defaultError: "Failed to save Feed settings",
    }),
  published: () =>
    request<{ feeds: PublishedFeed[] }>("GET", "/api/feeds/published", {
      defaultError: "Failed to fetch published feeds",
    }),
  publish: (tag: string | null, kind: PublishedFeedKind = "atom") =>
    request<CreatedPublishedFeed>("POST", "/api/feeds/published", {
      body: { tag, kind },
      defaultError: "Failed to publish the feed",
    }),
  revokePublished: (id: number) =>
    request<null>("DELETE", `/api/feeds/published/${id}`, { defaultError: "Failed to revoke the feed" }),
  setSeen: (id: number, seen: boolean) =>
    request<FeedItem>("POST", `/api/feeds/items/${id}/${seen ? "seen" : "unseen"}`, {
      defaultError: "Failed to update the item",
    }),
  markSeenUpTo: (id: number, filter: FeedFilter) =>
    request<{ marked: number }>("POST", "/api/feeds/items/mark-seen", {
      body: {
        up_to_item_id: id,
        ...(filter.subscription_id ? { subscription_id: filter.subscription_id } : {}),
        ...(filter.folder ? { folder: filter.folder } : {}),
      },
      defaultError: "Failed to mark items as seen",
    }),
  save: (id: number) =>
    request<{ article: { id: number }; duplicate: boolean; item: FeedItem }>("POST", `/api/feeds/items/${id}/save`, {
      defaultError: "Failed to save to the Library",
    }),
};
