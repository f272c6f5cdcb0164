import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { onAnnotationRefused, onAnnotationsSynced, syncAnnotations } from "../api/highlights";
import { parseQueue } from "../lib/annotation-queue";
import { annotationQueueSnapshot, subscribeAnnotationQueue } from "../lib/annotation-storage";
import { useAuth } from "./use-auth";
import { useOffline } from "./use-offline";
import { useToast } from "./use-toast";

/** Online, a write passes through the queue in a moment: only one still there after this long is "waiting". */
const WAITING_AFTER_MS = 1_500;

/** Query keys whose answers change when highlights, notes or positions reach the server. */
const REFRESHED_KEYS = new Set(["articles", "highlights"]);

/**
 * Whether this account has writes waiting on the device (api/highlights.ts): offline at once, online only when they
 * have not gone within a moment (the server cannot be reached), so a write being sent does not flash a notice.
 */
export function useAnnotationsWaiting(): boolean {
  const userId = useAuth().user?.id ?? null;
  const offline = useOffline();
  const snapshot = useSyncExternalStore(subscribeAnnotationQueue, () =>
    userId === null ? "" : annotationQueueSnapshot(userId),
  );
  const pending = useMemo(() => parseQueue(snapshot).writes.length, [snapshot]);
  const [lingering, setLingering] = useState(false);
  useEffect(() => {
    setLingering(false);
    if (pending === 0) return;
    const timer = setTimeout(() => setLingering(true), WAITING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return pending > 0 && (offline || lingering);
}

/**
 * Sends what the device queued whenever the app is online (at start and on coming back), then refreshes the
 * screens' data and says what happened. Mounted once for every signed-in screen (RequireAuth).
 */
export function useSyncAnnotations(): void {
  const userId = useAuth().user?.id ?? null;
  const offline = useOffline();
  const client = useQueryClient();
  const toast = useToast();

  // At start, when the browser says it is back online, and when answers come from the network again.
  useEffect(() => {
    if (userId === null) return;
    // Sent whenever the browser is online, even while lib/offline still shows the device's copies: a write that
    // reaches the server is the network answer that ends that.
    if (!offline || navigator.onLine) syncAnnotations();
    window.addEventListener("online", syncAnnotations);
    return () => window.removeEventListener("online", syncAnnotations);
  }, [userId, offline]);

  useEffect(
    () =>
      onAnnotationsSynced((synced) => {
        void client.invalidateQueries({
          predicate: (query) => REFRESHED_KEYS.has(String(query.queryKey[0])),
        });
        if (synced.annotations) toast.success("Highlights and notes made offline are saved");
      }),
    [client, toast],
  );

  useEffect(() => onAnnotationRefused((message) => toast.error(message)), [toast]);
}
