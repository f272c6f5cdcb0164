import { useCallback, useEffect, useSyncExternalStore } from "react";
import {
  type QueueStatus,
  queueStatus,
  refreshOfflineQueue,
  subscribeQueueStatus,
  writeQueueSize,
} from "../lib/offline-queue-sync";
import { useAuth } from "./use-auth";

/** After the screen's own first requests: the refresh must not hold up what the reader opened. */
const START_DELAY_MS = 2_000;
/** New unread articles reach the device this often while the app is open. */
const REFRESH_EVERY_MS = 15 * 60_000;

/**
 * Keeps the unread queue on the device fresh (issue 50): a refresh at start, when the browser is back online, when
 * a new service worker takes the page, when the app comes back to the front after a while, and every 15 minutes.
 * Mounted once for every signed-in screen (RequireAuth).
 */
export function useOfflineQueueRefresh(): void {
  const userId = useAuth().user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    let last = 0;
    const run = () => {
      last = Date.now();
      void refreshOfflineQueue(userId);
    };
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() - last > REFRESH_EVERY_MS) run();
    };
    const start = setTimeout(run, START_DELAY_MS);
    const every = setInterval(run, REFRESH_EVERY_MS);
    window.addEventListener("online", run);
    document.addEventListener("visibilitychange", onVisible);
    navigator.serviceWorker?.addEventListener("controllerchange", run);
    return () => {
      clearTimeout(start);
      clearInterval(every);
      window.removeEventListener("online", run);
      document.removeEventListener("visibilitychange", onVisible);
      navigator.serviceWorker?.removeEventListener("controllerchange", run);
    };
  }, [userId]);
}

/** What the device keeps for the signed-in account, with the size setting and a refresh on demand. */
export function useOfflineQueue(): {
  status: QueueStatus | null;
  setSize: (size: number) => void;
  refresh: () => void;
} {
  const userId = useAuth().user?.id ?? null;
  const status = useSyncExternalStore(subscribeQueueStatus, () => (userId === null ? null : queueStatus(userId)));
  const setSize = useCallback(
    (size: number) => {
      if (userId === null) return;
      writeQueueSize(userId, size);
      void refreshOfflineQueue(userId);
    },
    [userId],
  );
  const refresh = useCallback(() => {
    if (userId !== null) void refreshOfflineQueue(userId);
  }, [userId]);
  return { status, setSize, refresh };
}
