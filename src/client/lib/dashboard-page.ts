/**
 * Where the reader is on the dashboard: the page and page size (kept in the URL, so Back from an article opens
 * the same page) and the scroll offset of each dashboard history entry (kept in session storage). Pure parsing
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
}

/** The longest tag the API accepts. */
const MAX_TAG_LENGTH = 64;

/**
 * `?page=2&per_page=10&tag=rust&highlighted=1`; anything missing or malformed falls back to page 1, the default
 * size, no tag and all articles.
 */
export function parseDashboardPage(params: URLSearchParams): DashboardPage {
  const rawPage = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : 1;
  const perPage = Number(params.get("per_page"));
  const tag = (params.get("tag") ?? "").replace(/\s+/g, " ").trim();
  return {
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
    perPage: (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    ...(tag && tag.length <= MAX_TAG_LENGTH ? { tag } : {}),
    ...(params.get("highlighted") === "1" ? { highlighted: true } : {}),
  };
}

/** The query for a page; the defaults are left out, so page 1 of 20 stays plain /#/dashboard. */
export function dashboardPageParams({ page, perPage, tag, highlighted }: DashboardPage): URLSearchParams {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  if (perPage !== DEFAULT_PAGE_SIZE) params.set("per_page", String(perPage));
  if (tag) params.set("tag", tag);
  if (highlighted) params.set("highlighted", "1");
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
