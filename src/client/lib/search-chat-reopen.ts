/**
 * The one thing the dashboard needs to know about the stored search chat before the modal's code is loaded:
 * whether this user left the modal open to read a result. Kept apart from search-chat-storage so the
 * dashboard's first load does not carry the chat's validation; the modal validates everything it restores.
 */
export const SEARCH_CHAT_KEY = "viberead:search-chat";
export const SEARCH_CHAT_VERSION = 1;

export function isLeftOpen(raw: string | null, userId: number): boolean {
  if (!raw) return false;
  try {
    const value = JSON.parse(raw) as { v?: unknown; userId?: unknown; open?: unknown } | null;
    return value?.v === SEARCH_CHAT_VERSION && value.userId === userId && value.open === true;
  } catch {
    return false;
  }
}

/** The same question of this tab's session storage (false when the browser refuses access). */
export function searchChatLeftOpen(userId: number): boolean {
  try {
    return isLeftOpen(sessionStorage.getItem(SEARCH_CHAT_KEY), userId);
  } catch {
    return false;
  }
}
