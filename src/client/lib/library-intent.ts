/**
 * What the keyboard asked the library for from another screen ("/" search, "a" add a link, "s" search with AI):
 * the shortcut goes to the dashboard and leaves its wish here; the dashboard takes it once it is shown.
 */
export type LibraryIntent = "search" | "add" | "ai-search";

let wanted: LibraryIntent | null = null;
const listeners = new Set<() => void>();

export function askLibrary(intent: LibraryIntent): void {
  wanted = intent;
  for (const listener of listeners) listener();
}

/** The waiting wish, which is then gone. */
export function takeLibraryIntent(): LibraryIntent | null {
  const intent = wanted;
  wanted = null;
  return intent;
}

export function subscribeLibraryIntent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
