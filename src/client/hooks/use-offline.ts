import { useSyncExternalStore } from "react";
import { isOffline, subscribeOffline } from "../lib/offline";

/** True while the app is offline (lib/offline.ts); re-renders when the connection comes or goes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeOffline, isOffline);
}
