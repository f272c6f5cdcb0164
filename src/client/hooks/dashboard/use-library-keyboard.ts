import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { ListQuery } from "../../api/articles";
import type { Article } from "../../api/types";
import type { Shortcut } from "../../lib/keyboard-shortcuts";
import { type LibraryIntent, subscribeLibraryIntent, takeLibraryIntent } from "../../lib/library-intent";
import { loadReadingList, storeReadingList } from "../../lib/reading-list";
import { RATING_KEYS, useRateArticle } from "../../queries/feedback";
import { useShortcuts } from "../use-keyboard-shortcuts";

/** A card of the grid that takes part in the keyboard cursor (queued offline saves stay ordinary tab stops). */
const CARD = ":scope > li[data-article-id]";
const FOCUSABLE = "a[href], button, input, select, textarea";

/**
 * The article grid as one stop of the Tab key (a roving focus): only the card under the keyboard cursor can be
 * tabbed into; j and k move the cursor. Set on the DOM after each render, so the cards themselves know nothing of it.
 */
function rove(grid: HTMLElement, currentId: number | null) {
  for (const item of grid.querySelectorAll<HTMLElement>(CARD)) {
    const isCurrent = item.dataset.articleId === String(currentId);
    for (const element of item.querySelectorAll<HTMLElement>(FOCUSABLE)) {
      if (isCurrent && element.dataset.roving !== undefined) {
        element.removeAttribute("tabindex");
        delete element.dataset.roving;
      } else if (!isCurrent && element.getAttribute("tabindex") !== "-1") {
        element.setAttribute("tabindex", "-1");
        element.dataset.roving = "";
      }
    }
    // Where "Skip to content" lands on the dashboard.
    item.querySelector(".card-link")?.toggleAttribute("data-skip-target", isCurrent);
  }
}

/** Takes the library's wish left by a shortcut on another screen (or on this one). */
function fulfil(intent: LibraryIntent | null) {
  if (intent === "search") document.querySelector<HTMLInputElement>(".filters input[type='search']")?.focus();
  else if (intent === "add") document.querySelector<HTMLTextAreaElement>(".add-article-input")?.focus();
  else if (intent === "ai-search") document.querySelector<HTMLInputElement>(".ai-search-input")?.click();
}

/**
 * The library's keyboard map (issue 50 item 2): a cursor over the cards (j, k), open (o, or Enter on the card),
 * mark read or unread (m), mark read (e), rate (1, 2, 3) and delete with undo (#, d), each on the card under the
 * cursor. The page shown is also remembered as the list the viewer's next and previous article follow.
 */
export function useLibraryKeyboard({
  grid,
  articles,
  query,
  total,
  setReadState,
  remove,
}: {
  grid: RefObject<HTMLUListElement | null>;
  articles: Article[];
  query: ListQuery;
  total: number;
  setReadState: (article: Article, read: boolean) => Promise<void>;
  remove: (articleId: number) => void;
}) {
  const navigate = useNavigate();
  const rate = useRateArticle();
  const [cursor, setCursor] = useState<number | null>(() => loadReadingList()?.current ?? null);
  const current = articles.find((article) => article.id === cursor) ?? articles[0] ?? null;
  const currentId = current?.id ?? null;

  useLayoutEffect(() => {
    if (grid.current) rove(grid.current, currentId);
  });

  const ids = articles.map((article) => article.id).join(",");
  const { page, perPage, search, domain, tag, highlighted } = query;
  useEffect(() => {
    if (!ids) return;
    storeReadingList({
      ids: ids.split(",").map(Number),
      query: { page, perPage, search, domain, tag, highlighted },
      total,
      current: currentId,
    });
  }, [ids, page, perPage, search, domain, tag, highlighted, total, currentId]);

  // A card focused by Tab or a click becomes the cursor's.
  useEffect(() => {
    const root = grid.current;
    if (!root) return;
    const onFocusIn = (event: FocusEvent) => {
      const item = (event.target as HTMLElement).closest<HTMLElement>("li[data-article-id]");
      if (item && root.contains(item)) setCursor(Number(item.dataset.articleId));
    };
    root.addEventListener("focusin", onFocusIn);
    return () => root.removeEventListener("focusin", onFocusIn);
  });

  useEffect(() => {
    fulfil(takeLibraryIntent());
    return subscribeLibraryIntent(() => fulfil(takeLibraryIntent()));
  }, []);

  const focusCard = useCallback(
    (id: number) => {
      setCursor(id);
      const link = grid.current?.querySelector<HTMLElement>(`li[data-article-id="${id}"] .card-link`);
      link?.focus();
      link?.closest("li")?.scrollIntoView({ block: "nearest" });
    },
    [grid],
  );

  /** j and k: from outside the grid the first press lands on the cursor's card; inside, it moves. */
  const move = (step: 1 | -1) => {
    if (!current) return;
    const inside = grid.current?.contains(document.activeElement) ?? false;
    const index = articles.indexOf(current);
    const next = inside ? articles[Math.min(articles.length - 1, Math.max(0, index + step))] : current;
    if (next) focusCard(next.id);
  };

  const onCurrent = (action: (article: Article) => void) => () => {
    if (current) action(current);
  };

  const shortcuts: Shortcut[] = [
    { keys: ["j"], label: "Next article", run: () => move(1) },
    { keys: ["k"], label: "Previous article", run: () => move(-1) },
    { keys: ["o", "Enter"], label: "Open the article", run: onCurrent((a) => navigate(`/article/${a.id}`)) },
    { keys: ["m"], label: "Mark as read or unread", run: onCurrent((a) => void setReadState(a, !a.is_read)) },
    { keys: ["e"], label: "Mark as read", run: onCurrent((a) => void (a.is_read || setReadState(a, true))) },
    ...RATING_KEYS.map(({ key, value, label }) => ({
      keys: [key],
      label,
      run: onCurrent((a) => void rate(a.id, value)),
    })),
    {
      keys: ["#", "d"],
      label: "Delete (with undo)",
      run: onCurrent((a) => {
        const index = articles.indexOf(a);
        const neighbour = articles[index + 1] ?? articles[index - 1];
        remove(a.id);
        if (neighbour) focusCard(neighbour.id);
      }),
    },
  ];
  useShortcuts("library", { title: "Library", shortcuts });
}
