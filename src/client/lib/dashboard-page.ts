/**
 * Where the reader is on the dashboard: the page, page size and filters (kept in the URL, so Back from an article
 * opens the same list, and a search can be bookmarked) and the scroll offset of each dashboard history entry (kept in session storage). Pure parsing
 * over an injectable storage, so the rules are tested without a browser.
 */
import type { KeyValueStorage } from "./reading-history";

/** Spec §9: page sizes 10, 20, 50; default 20. */
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Beyond any real library; a larger number in a hand-edited URL is treated as page 1. */
const MAX_PAGE = 100_000;
export const DASHBOARD_SCROLL_KEY = "viberead:dashboard-scroll";
/** Offsets are kept for this many dashboard history entries; the oldest go first. */
export const MAX_DASHBOARD_SCROLL_ENTRIES = 20;

export interface DashboardPage {
  page: number;
  perPage: number;
  /** The tag filter (issue 23), absent for none. */
  tag?: string;
  /** Only articles with highlights (issue 32), absent for all. */
  highlighted?: boolean;
  /** The search words, as the list was asked with them (after the typing pause), absent for none. */
  search?: string;
  /** The site filter, absent for none. */
  domain?: string;
}

/** The longest tag, search and domain the API accepts (routes/article-schemas.ts). */
const MAX_TAG_LENGTH = 64;
const MAX_SEARCH_LENGTH = 200;
const MAX_DOMAIN_LENGTH = 253;

/** A text filter from the URL: spaces folded and trimmed; empty or longer than the API takes, none. */
function textParam(params: URLSearchParams, name: string, maxLength: number): string | undefined {
  const value = (params.get(name) ?? "").replace(/\s+/g, " ").trim();
  return value && value.length <= maxLength ? value : undefined;
}

/**
 * `?page=2&per_page=10&tag=rust&highlighted=1&q=borrow%20checker&domain=example.com`; anything missing or malformed
 * falls back to page 1, the default size, no filter and all articles.
 */
export function parseDashboardPage(params: URLSearchParams): DashboardPage {
  const rawPage = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : 1;
  const perPage = Number(params.get("per_page"));
  const tag = textParam(params, "tag", MAX_TAG_LENGTH);
  const search = textParam(params, "q", MAX_SEARCH_LENGTH);
  const domain = textParam(params, "domain", MAX_DOMAIN_LENGTH);
  return {
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    ...(tag ? { tag } : {}),
    ...(params.get("highlighted") === "1" ? { highlighted: true } : {}),
    ...(search ? { search } : {}),
    ...(domain ? { domain } : {}),
  };
}

/** The query for a page; the defaults are left out, so page 1 of 20 stays plain /#/dashboard. */
export function dashboardPageParams({
  page,
  perPage,
  tag,
  highlighted,
  search,
  domain,
}: DashboardPage): URLSearchParams {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (perPage !== DEFAULT_PAGE_SIZE) params.set("per_page", String(perPage));
  if (tag) params.set("tag", tag);
  if (highlighted) params.set("highlighted", "1");
  if (search) params.set("q", search);
  if (domain) params.set("domain", domain);
  return params;
}

type ScrollOffsets = Record<string, { y: number; at: number }>;

function parseOffsets(raw: string | null): ScrollOffsets {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : null;
  } catch {
    return {};
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const offsets: ScrollOffsets = {};
  for (const [key, record] of Object.entries(value as Record<string, unknown>)) {
    const { y, at } = (record ?? {}) as { y?: unknown; at?: unknown };
    if (typeof y === "number" && Number.isFinite(y) && typeof at === "number") {
      offsets[key] = { y: Math.max(0, Math.round(y)), at };
    }
  }
  return offsets;
}

/** The dashboard's scroll offsets over one storage; storage failures (quota, disabled) are ignored. */
export function createDashboardScroll(storage: KeyValueStorage | null, now: () => number = Date.now) {
  const read = () => {
    try {
      return parseOffsets(storage?.getItem(DASHBOARD_SCROLL_KEY) ?? null);
    } catch {
      return {};
    }
  };
  return {
    scrollFor(entryKey: string): number | null {
      return read()[entryKey]?.y ?? null;
    },
    saveScroll(entryKey: string, y: number): void {
      const entries = Object.entries({ ...read(), [entryKey]: { y: Math.max(0, Math.round(y)), at: now() } })
        .sort(([, a], [, b]) => a.at - b.at)
        .slice(-MAX_DASHBOARD_SCROLL_ENTRIES);
      try {
        storage?.setItem(DASHBOARD_SCROLL_KEY, JSON.stringify(Object.fromEntries(entries)));
      } catch {
        // Full or unavailable storage: the dashboard simply opens at the top.
      }
    },
  };
}

export function browserDashboardScroll() {
  let storage: KeyValueStorage | null = null;
  try {
    storage = typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    storage = null;
  }
  return createDashboardScroll(storage);
}
