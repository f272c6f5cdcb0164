import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { articlesApi } from "../api/articles";
import {
  cancelDelete,
  flushPendingDeletes,
  pendingDeletes,
  scheduleDelete,
  subscribePendingDeletes,
} from "../lib/pending-deletes";
import { ARTICLE_DELETED, invalidateLibrary } from "../queries/articles";
import { TOAST_DURATION_MS, useToast } from "./use-toast";

/** The ids hidden because their delete waits for its Undo: lists leave them out. */
export function usePendingDeletes(): ReadonlySet<number> {
  return useSyncExternalStore(subscribePendingDeletes, pendingDeletes);
}

/**
 * Delete with undo (issue 50 item 2, the keyboard's "#" and "d"): the article goes from the lists at once, the toast
 * says 'Article deleted' with Undo, and the server deletes it when the toast has gone (or when the page is left).
 */
export function useDeleteWithUndo(): (articleId: number) => void {
  const client = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    window.addEventListener("pagehide", flushPendingDeletes);
    return () => window.removeEventListener("pagehide", flushPendingDeletes);
  }, []);

  return useCallback(
    (articleId: number) => {
      const send = (keepalive: boolean) => {
        articlesApi.remove(articleId, { keepalive }).then(
          () => void invalidateLibrary(client, { deletedId: articleId }),
          (error: unknown) => {
            toast.error(error instanceof Error ? error.message : "Failed to delete article");
            void invalidateLibrary(client);
          },
        );
      };
      scheduleDelete(articleId, send, TOAST_DURATION_MS);
      toast.success(ARTICLE_DELETED, TOAST_DURATION_MS, {
        label: "Undo",
        onAction: () => {
          if (cancelDelete(articleId)) toast.info("Article restored");
        },
      });
    },
    [client, toast],
  );
}
