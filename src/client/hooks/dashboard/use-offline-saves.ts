import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { articlesApi } from "../../api/articles";
import { ApiError } from "../../api/client";
import {
  parseQueuedSaves,
  type QueuedSave,
  queuedSavesSnapshot,
  queueSaves,
  readQueuedSaves,
  subscribeQueuedSaves,
  unqueueSaves,
} from "../../lib/offline-saves";
import { invalidateLibrary } from "../../queries/articles";
import { useAuth } from "../use-auth";
import { useOffline } from "../use-offline";
import { useToast } from "../use-toast";

/** Whether a failed save never reached the server (no network), so it can wait on the device instead. */
export function unreachable(error: unknown): boolean {
  if (typeof navigator !== "undefined" && !navigator.onLine) return true;
  // ApiError 0 is a fetch that failed; a timeout aborts it (a DOMException), and may have reached the server.
  return error instanceof ApiError && error.status === 0 && !(error.body instanceof DOMException);
}

/** The signed-in account's saves queued while offline (lib/offline-saves.ts), with queue and remove. */
export function useOfflineSaves() {
  const userId = useAuth().user?.id ?? null;
  const snapshot = useSyncExternalStore(subscribeQueuedSaves, () =>
    userId === null ? "" : queuedSavesSnapshot(userId),
  );
  const queued: QueuedSave[] = useMemo(() => parseQueuedSaves(snapshot), [snapshot]);
  const queue = useCallback(
    (urls: string[]) => {
      if (userId !== null) queueSaves(userId, urls);
    },
    [userId],
  );
  const remove = useCallback(
    (url: string) => {
      if (userId !== null) unqueueSaves(userId, [url]);
    },
    [userId],
  );
  return { queued, queue, remove, canQueue: userId !== null };
}

let sending = false;

/**
 * Sends the queued saves through bulk save whenever the app is online: at start, and each time it comes back
 * (the browser's `online` event, or the first answer from the network after answers from the device's cache).
 * What the server answered (saved, duplicate, invalid) leaves the queue; a save that again cannot reach the
 * server stays for the next time. Mounted once for every signed-in screen (RequireAuth).
 */
export function useSendQueuedSaves(): void {
  const userId = useAuth().user?.id ?? null;
  const offline = useOffline();
  const client = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    if (userId === null || offline) return;
    const account = userId;
    async function send() {
      const urls = readQueuedSaves(account).map((save) => save.url);
      if (sending || urls.length === 0) return;
      sending = true;
      try {
        const outcome = await articlesApi.bulkCreate(urls);
        unqueueSaves(account, urls);
        const saved = outcome.successful + outcome.duplicates;
        toast.success(
          saved === 1 ? "The article saved while offline was sent" : `${saved} articles saved while offline were sent`,
        );
        void invalidateLibrary(client);
      } catch (error) {
        if (unreachable(error)) return;
        // The server refused the batch as a whole (a 4xx): sending it again would not help.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          unqueueSaves(account, urls);
          toast.error(`Could not send the articles saved while offline: ${error.message}`);
        }
      } finally {
        sending = false;
      }
    }
    void send();
  }, [userId, offline, client, toast]);
}
