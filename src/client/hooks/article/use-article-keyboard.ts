import { useEffect } from "react";
import { useNavigate } from "react-router";
import { articlesApi } from "../../api/articles";
import type { Article } from "../../api/types";
import { sortArticles } from "../../lib/article-order";
import type { Shortcut } from "../../lib/keyboard-shortcuts";
import { loadReadingList, markCurrent, stepFrom, storeReadingList } from "../../lib/reading-list";
import { RATING_KEYS, type Rating } from "../../queries/feedback";
import { useDeleteWithUndo } from "../use-delete-with-undo";
import { useShortcuts } from "../use-keyboard-shortcuts";
import { useToast } from "../use-toast";
import { useGoBack } from "./use-go-back";

/**
 * Next (+1) or previous (-1) article in the list the reader came from, in its order; across a page's edge it
 * fetches the neighbouring page as the dashboard would show it. Replaces the history entry, so Back (u) still goes
 * to the list, not through every article read on the way.
 */
function useStepThroughList(articleId: number) {
  const navigate = useNavigate();
  const toast = useToast();
  return async (direction: 1 | -1) => {
    const list = loadReadingList();
    const step = stepFrom(list, articleId, direction);
    if (step.kind === "article") {
      navigate(`/article/${step.id}`, { replace: true });
      return;
    }
    if (step.kind === "page" && list) {
      try {
        const query = { ...list.query, page: step.page };
        const answer = await articlesApi.list(query);
        const ids = sortArticles(answer.articles).map((article) => article.id);
        const target = direction === 1 ? ids[0] : ids[ids.length - 1];
        if (target !== undefined) {
          storeReadingList({ ids, query, total: answer.total, current: target });
          navigate(`/article/${target}`, { replace: true });
          return;
        }
      } catch (error) {
        toast.error(error instanceof Error ? error.message : "Failed to fetch articles");
        return;
      }
    }
    toast.info(
      list?.ids.includes(articleId)
        ? direction === 1
          ? "This is the last article in the list"
          : "This is the first article in the list"
        : "Open an article from the library to move through it with n and p",
    );
  };
}

/**
 * The viewer's keyboard map (issue 50 item 2): back to the list (u, Escape), next and previous article in the
 * list's order (n, p, →, ←), mark read or unread (m), done reading (e), rate (1, 2, 3), delete with undo (#, d) and
 * the reader settings (t). H highlights a selection (the selection menu's own key).
 */
export function useArticleKeyboard({
  article,
  markRead,
  markUnread,
  rate,
  openSettings,
  onDeleted,
}: {
  article: Article;
  markRead: () => Promise<boolean>;
  markUnread: () => Promise<boolean>;
  rate: (value: Rating) => void;
  openSettings: () => void;
  onDeleted: () => void;
}) {
  const goBack = useGoBack();
  const step = useStepThroughList(article.id);
  const deleteWithUndo = useDeleteWithUndo();

  useEffect(() => markCurrent(article.id), [article.id]);

  const shortcuts: Shortcut[] = [
    { keys: ["u", "Escape"], label: "Back to the list", run: () => goBack() },
    { keys: ["n", "ArrowRight"], label: "Next article in the list", run: () => void step(1) },
    { keys: ["p", "ArrowLeft"], label: "Previous article in the list", run: () => void step(-1) },
    {
      keys: ["m"],
      label: "Mark as read or unread",
      run: () => void (article.is_read ? markUnread() : markRead()),
    },
    {
      keys: ["e"],
      label: "Done reading (mark as read and go back)",
      run: () => void markRead().then((done) => done && goBack()),
    },
    ...RATING_KEYS.map(({ key, value, label }) => ({ keys: [key], label, run: () => rate(value) })),
    {
      keys: ["#", "d"],
      label: "Delete (with undo)",
      run: () => {
        deleteWithUndo(article.id);
        onDeleted();
        goBack();
      },
    },
    { keys: ["t"], label: "Reader settings (Aa)", run: openSettings },
    { keys: ["h"], label: "Highlight the selected text" },
  ];
  useShortcuts("article", { title: "Article", shortcuts });
}
