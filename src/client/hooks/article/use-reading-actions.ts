import { useCallback, useState } from "react";
import { articlesApi } from "../../api/articles";
import type { Article } from "../../api/types";
import { invalidateStats } from "../../lib/stats-cache";
import { useToast } from "../use-toast";

/** Mark read, mark unread and delete, with the toasts of spec §4 and §8; one action at a time. */
export function useReadingActions(articleId: number, onUpdated: (article: Article) => void) {
  const toast = useToast();
  const [busy, setBusy] = useState<"read" | "unread" | "delete" | null>(null);

  const markRead = useCallback(async (): Promise<boolean> => {
    setBusy("read");
    try {
      onUpdated(await articlesApi.markRead(articleId));
      invalidateStats();
      toast.success("Article marked as read!");
      return true;
    } catch {
      toast.error("Failed to mark article as read");
      return false;
    } finally {
      setBusy(null);
    }
  }, [articleId, onUpdated, toast]);

  const markUnread = useCallback(async (): Promise<boolean> => {
    setBusy("unread");
    try {
      onUpdated(await articlesApi.markUnread(articleId));
      invalidateStats();
      toast.success("Article marked as unread!");
      return true;
    } catch {
      toast.error("Failed to mark article as unread");
      return false;
    } finally {
      setBusy(null);
    }
  }, [articleId, onUpdated, toast]);

  const remove = useCallback(async (): Promise<boolean> => {
    setBusy("delete");
    try {
      await articlesApi.remove(articleId);
      invalidateStats();
      toast.success("Article deleted");
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Failed to delete article");
      setBusy(null);
      return false;
    }
  }, [articleId, toast]);

  return { busy, markRead, markUnread, remove };
}
