import type { ListQuery } from "../api/articles";

/**
 * The list the reader opened an article from (the dashboard's page, with its filters), so the viewer's next and
 * previous article follow the list's order (issue 50 item 2) and the dashboard's keyboard cursor comes back to the
 * article last read. Kept in session storage: one tab's list, gone with the tab. The decisions are pure; the
 * storage helpers at the end do the I/O.
 */
export interface ReadingList {
  /** The page's article ids in the order shown. */
  ids: number[];
  /** The query that page answered, to fetch the page before or after it. */
  query: ListQuery;
  total: number;
  /** The article last opened from, or moved to in, this list. */
  current: number | null;
}

export type Step =
  | { kind: "article"; id: number }
  /** The article is the first or last of its page: the neighbour is on the page before or after. */
  | { kind: "page"; page: number }
  | { kind: "none" };

/** Where "next" (+1) or "previous" (-1) goes from `id` in the list. */
export function stepFrom(list: ReadingList | null, id: number, direction: 1 | -1): Step {
  if (!list) return { kind: "none" };
  const index = list.ids.indexOf(id);
  if (index === -1) return { kind: "none" };
  const neighbour = list.ids[index + direction];
  if (neighbour !== undefined) return { kind: "article", id: neighbour };
  const pages = Math.max(1, Math.ceil(list.total / list.query.perPage));
  const page = list.query.page + direction;
  return page >= 1 && page <= pages ? { kind: "page", page } : { kind: "none" };
}

const KEY = "viberead:reading-list";

export function parseReadingList(text: string | null): ReadingList | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ReadingList>;
    const query = value.query as Partial<ListQuery> | undefined;
    const valid =
      Array.isArray(value.ids) &&
      value.ids.every(Number.isSafeInteger) &&
      Number.isSafeInteger(query?.page) &&
      Number.isSafeInteger(query?.perPage) &&
      Number.isSafeInteger(value.total);
    if (!valid) return null;
    return {
      ids: value.ids as number[],
      query: query as ListQuery,
      total: value.total as number,
      current: Number.isSafeInteger(value.current) ? (value.current as number) : null,
    };
  } catch {
    return null;
  }
}

export function loadReadingList(): ReadingList | null {
  try {
    return parseReadingList(sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}

export function storeReadingList(list: ReadingList): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Without storage the viewer has no next or previous article; nothing else depends on it.
  }
}

/** Notes the article the reader is on, in the list they came from (when it is in it). */
export function markCurrent(id: number): void {
  const list = loadReadingList();
  if (list?.ids.includes(id) && list.current !== id) storeReadingList({ ...list, current: id });
}
