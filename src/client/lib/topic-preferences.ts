/**
 * What the topics screens remember: per topic, whether 'Show all' is ticked (session storage, spec §2), and
 * whether the dashboard's Topics panel is collapsed (local storage). Pure functions over an injectable storage,
 * so the rules are tested without a browser; a storage that is missing or throws (private modes, quota) only
 * means nothing is remembered.
 */
import type { KeyValueStorage } from "./reading-history";

export const SHOW_ALL_KEY_PREFIX = "viberead:topic-show-all:";
export const PANEL_COLLAPSED_KEY = "viberead:topics-panel-collapsed";

export function showAllKey(topicId: number): string {
  return `${SHOW_ALL_KEY_PREFIX}${topicId}`;
}

function read(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores "1" for on and removes the key for off, the default, so storage only holds what differs from it. */
function writeFlag(storage: KeyValueStorage | null, key: string, on: boolean): void {
  try {
    if (on) storage?.setItem(key, "1");
    else storage?.removeItem(key);
  } catch {
    // Not remembered; the screen still works.
  }
}

/** Whether the topic lists all its articles; unread only (false) unless the reader ticked 'Show all'. */
export function readShowAll(storage: KeyValueStorage | null, topicId: number): boolean {
  return read(storage, showAllKey(topicId)) === "1";
}

export function writeShowAll(storage: KeyValueStorage | null, topicId: number, showAll: boolean): void {
  writeFlag(storage, showAllKey(topicId), showAll);
}

export function readPanelCollapsed(storage: KeyValueStorage | null): boolean {
  return read(storage, PANEL_COLLAPSED_KEY) === "1";
}

export function writePanelCollapsed(storage: KeyValueStorage | null, collapsed: boolean): void {
  writeFlag(storage, PANEL_COLLAPSED_KEY, collapsed);
}

/** The browser's storage of that kind, or null where reading it throws (storage disabled, sandboxed frames). */
export function browserStorage(kind: "sessionStorage" | "localStorage"): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window[kind];
  } catch {
    return null;
  }
}
