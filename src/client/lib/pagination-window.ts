/** Spec §2 pagination: the first and last page, two either side of the current one, '...' for the rest. */
export type PageItem = number | "gap";

const SIDE = 2;

export function pageWindow(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const page = Math.min(Math.max(1, current), totalPages);
  const shown = new Set([1, totalPages]);
  for (let p = page - SIDE; p <= page + SIDE; p++) if (p >= 1 && p <= totalPages) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of pages) {
    // A gap of exactly one page shows that page: '...' would take as much room and hide where it leads.
    if (p - previous === 2) items.push(previous + 1);
    else if (p - previous > 2) items.push("gap");
    items.push(p);
    previous = p;
  }
  return items;
}

/** 'Showing X - Y of N articles' bounds for a page; X is 0 when there is nothing to show. */
export function shownRange(page: number, perPage: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * perPage + 1, total);
  return { from, to: Math.min(page * perPage, total) };
}
