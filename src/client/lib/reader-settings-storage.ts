import { parseStoredSettings, type StoredReaderSettings } from "./reader-settings";
import { subscribeStoredKeys } from "./storage-events";

/**
 * Where the device keeps the reader settings (lib/reader-settings.ts): local storage, one copy per account, as the
 * offline saves and the annotation queue do, plus the last copy drawn on this device, which the signed-out screens
 * (sign-in, register, the legal pages) and the first paint before the session is confirmed follow. A storage that
 * is missing or throws (private modes, quota) keeps nothing: the settings are then the server's, or the defaults.
 */
const KEY_PREFIX = "viberead:reader-settings:";
const DEVICE_KEY = `${KEY_PREFIX}device`;
const CHANGED = "viberead:reader-settings-changed";

const keyFor = (userId: number | null) => (userId === null ? DEVICE_KEY : `${KEY_PREFIX}${userId}`);

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The stored text of what to draw, a stable snapshot for useSyncExternalStore: the account's copy, or the device's
 * last one (signed out, or an account that has none on this device yet).
 */
export function readerSettingsSnapshot(userId: number | null): string {
  return (userId === null ? null : read(keyFor(userId))) ?? read(DEVICE_KEY) ?? "";
}

/** The account's own copy on this device (the defaults when it has none). */
export function loadReaderSettings(userId: number): StoredReaderSettings {
  return parseStoredSettings(read(keyFor(userId)));
}

/** Stores the account's copy, and the device's last one (what the sign-in page of this device is drawn with). */
export function storeReaderSettings(userId: number, stored: StoredReaderSettings): void {
  try {
    localStorage.setItem(keyFor(userId), JSON.stringify(stored));
    localStorage.setItem(DEVICE_KEY, JSON.stringify({ ...stored, pending: false }));
  } catch {
    // Not kept on this device; the change is still drawn now and sent to the server.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** Calls `listener` when the settings change, in this tab or another (the same account in two tabs). */
export function subscribeReaderSettings(listener: () => void): () => void {
  return subscribeStoredKeys(KEY_PREFIX, CHANGED, listener);
}
