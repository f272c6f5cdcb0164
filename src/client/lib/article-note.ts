/**
 * The article note (issue 32): a plain-text field under the title, saved as the reader types. The rules of the
 * field, without React, so they are tested without a browser.
 */

/** The API's limit (PUT /api/articles/{id} note). */
export const MAX_ARTICLE_NOTE_LENGTH = 10_000;
/** The counter shows from here on: before that it is noise. */
export const NOTE_COUNTER_FROM = 9_000;
/** How long typing pauses before the note is saved (a blur saves at once). */
export const NOTE_SAVE_DELAY_MS = 800;

/** "queued": stored on the device while offline, sent when the app is back online. */
export type NoteSaveState = "idle" | "pending" | "saving" | "saved" | "queued" | "error";

/** "9,412 / 10,000" near the limit; null below it. */
export function noteCounter(length: number): string | null {
  if (length < NOTE_COUNTER_FROM) return null;
  return `${length.toLocaleString("en-US")} / ${MAX_ARTICLE_NOTE_LENGTH.toLocaleString("en-US")}`;
}

/** What the status line says; an unsaved edit waiting for the pause says nothing yet (no flicker while typing). */
export function noteStatusText(state: NoteSaveState, error: string | null): string {
  switch (state) {
    case "saving":
      return "Saving...";
    case "saved":
      return "Saved";
    case "queued":
      return "Kept on this device until you are back online";
    case "error":
      return error ? `Not saved: ${error}` : "Not saved";
    default:
      return "";
  }
}

/** What to send: the note as typed, or null when it is blank (the API clears it either way). */
export function noteToSave(draft: string): string | null {
  return draft.trim() ? draft : null;
}
