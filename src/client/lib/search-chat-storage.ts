import { isChatLanguage } from "./chat-phrases";
import type { KeyValueStorage } from "./reading-history";
import type { ChatMessage, ChatMessageType, SearchHit } from "./search-chat";
import { isLeftOpen, SEARCH_CHAT_KEY, SEARCH_CHAT_VERSION } from "./search-chat-reopen";

export { SEARCH_CHAT_KEY };

/**
 * The search chat kept in this tab's session storage (spec §2): opening a result and coming back to the
 * dashboard finds the modal as it was. What is read back is validated field by field, since it may come from
 * another version of the app or from hand edits, and belongs to one user: another account signing in in the
 * same tab never sees it.
 */
/** Older messages are dropped from what is stored; a long conversation keeps its most recent part. */
export const MAX_STORED_MESSAGES = 40;
const MAX_HITS = 50;
const MAX_SUGGESTIONS = 10;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TYPES: readonly ChatMessageType[] = ["system", "user", "error"];

export interface SearchChatSnapshot {
  userId: number;
  sessionId: string | null;
  messages: ChatMessage[];
  /** Whether the modal is open: true while it is, and when the reader left it to open a result. */
  open: boolean;
  /** Where the conversation was scrolled to when a result was opened. */
  scrollTop: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";

function parseHit(value: unknown): SearchHit | null {
  if (!isObject(value)) return null;
  const { articleId, title, source, date, dateKind, isRead, summary, score, explanation, close } = value;
  if (typeof articleId !== "number" || !Number.isSafeInteger(articleId) || articleId <= 0) return null;
  if (!isString(title) || !isString(source) || !isString(summary) || !isString(explanation)) return null;
  if (typeof isRead !== "boolean" || typeof score !== "number" || !Number.isFinite(score)) return null;
  if (date !== null && !isString(date)) return null;
  return {
    articleId,
    title,
    source,
    date,
    ...(dateKind === "published" || dateKind === "saved" ? { dateKind } : {}),
    isRead,
    summary,
    score: Math.min(1, Math.max(0, score)),
    explanation,
    ...(close === true ? { close: true } : {}),
  };
}

function parseMessage(value: unknown): ChatMessage | null {
  if (!isObject(value)) return null;
  const { id, type, text, hits, answer, suggestions, searchedFor, notice, language } = value;
  if (!isString(id) || !id || !isString(text) || !TYPES.includes(type as ChatMessageType)) return null;
  const message: ChatMessage = { id, type: type as ChatMessageType, text };
  if (message.type !== "system") return message;
  // Only replies carry results; a malformed result is left out, the rest of the reply stays.
  if (Array.isArray(hits)) message.hits = hits.slice(0, MAX_HITS).flatMap((h) => parseHit(h) ?? []);
  if (Array.isArray(suggestions)) {
    message.suggestions = suggestions
      .filter((s): s is string => isString(s) && s.trim() !== "")
      .slice(0, MAX_SUGGESTIONS);
  }
  if (isString(searchedFor) && searchedFor) message.searchedFor = searchedFor;
  if (isString(notice) && notice) message.notice = notice;
  if (isChatLanguage(language)) message.language = language;
  if (isObject(answer) && isString(answer.text) && answer.text) {
    message.answer = { text: answer.text, found: answer.found !== false };
  }
  return message;
}

/**
 * The stored chat of `userId`, or null when there is none, it is another user's, or it is unreadable. A
 * question left without an answer (the modal closed or the page left mid-search) is dropped: its answer is
 * lost, and the reader can simply ask again.
 */
export function parseSearchChat(raw: string | null, userId: number): SearchChatSnapshot | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(value) || value.v !== SEARCH_CHAT_VERSION || value.userId !== userId) return null;
  if (!Array.isArray(value.messages)) return null;
  const messages = value.messages.flatMap((m) => parseMessage(m) ?? []).slice(-MAX_STORED_MESSAGES);
  while (messages.at(-1)?.type === "user") messages.pop();
  if (messages.length === 0) return null;
  const sessionId = isString(value.sessionId) && SESSION_ID.test(value.sessionId) ? value.sessionId : null;
  const scrollTop = typeof value.scrollTop === "number" && Number.isFinite(value.scrollTop) ? value.scrollTop : 0;
  return { userId, sessionId, messages, open: value.open === true, scrollTop: Math.max(0, Math.round(scrollTop)) };
}

export function serializeSearchChat(snapshot: SearchChatSnapshot): string {
  return JSON.stringify({
    v: SEARCH_CHAT_VERSION,
    userId: snapshot.userId,
    sessionId: snapshot.sessionId,
    messages: snapshot.messages.slice(-MAX_STORED_MESSAGES),
    open: snapshot.open,
    scrollTop: Math.max(0, Math.round(snapshot.scrollTop)),
  });
}

/** The chat store over one storage. Storage failures (quota, disabled storage) are ignored: the chat forgets. */
export function createSearchChatStore(storage: KeyValueStorage | null) {
  return {
    read(userId: number): SearchChatSnapshot | null {
      try {
        return parseSearchChat(storage?.getItem(SEARCH_CHAT_KEY) ?? null, userId);
      } catch {
        return null;
      }
    },
    write(snapshot: SearchChatSnapshot): void {
      try {
        storage?.setItem(SEARCH_CHAT_KEY, serializeSearchChat(snapshot));
      } catch {
        // Full or unavailable storage: returning from an article starts a closed, fresh chat.
      }
    },
    /** Whether the dashboard should open the modal at once: the reader left it open to read a result. */
    shouldReopen(userId: number): boolean {
      try {
        return isLeftOpen(storage?.getItem(SEARCH_CHAT_KEY) ?? null, userId);
      } catch {
        return false;
      }
    },
  };
}

export type SearchChatStore = ReturnType<typeof createSearchChatStore>;

/** The store over this tab's session storage (a null storage when the browser refuses access). */
export function browserSearchChatStore(): SearchChatStore {
  let storage: KeyValueStorage | null = null;
  try {
    storage = typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    storage = null;
  }
  return createSearchChatStore(storage);
}
