import { request } from "./client";

export type HealthLevel = "ok" | "pending" | "failing" | "stopped";

export interface FeedSubscription {
  id: number;
  feed_id: number;
  title: string;
  custom_title: string | null;
  feed_title: string | null;
  url: string;
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
  update: (id: number, changes: { title?: string | null; folder?: string | null }) =>
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
