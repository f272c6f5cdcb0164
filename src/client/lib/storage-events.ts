/**
 * Calls `listener` when local storage under `prefix` changes: in this tab (the writer dispatches `changedEvent` on
 * window after writing) or in another tab of the same origin (the browser's `storage` event).
 */
export function subscribeStoredKeys(prefix: string, changedEvent: string, listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(prefix)) listener();
  };
  window.addEventListener(changedEvent, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(changedEvent, listener);
    window.removeEventListener("storage", onStorage);
  };
}
