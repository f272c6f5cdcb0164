import { useDeleteArticle, useSetReadState } from "../../queries/articles";

/** The viewer's mark read, mark unread and delete, with the toasts of spec §4 and §8; one action at a time. */
export function useReadingActions(articleId: number) {
  const readState = useSetReadState();
  const deletion = useDeleteArticle();
  const busy: "read" | "unread" | "delete" | null = deletion.deleting ? "delete" : readState.pending;
  return {
    busy,
    markRead: () => readState.setReadState(articleId, true),
    markUnread: () => readState.setReadState(articleId, false),
    remove: () => deletion.remove(articleId),
  };
}
