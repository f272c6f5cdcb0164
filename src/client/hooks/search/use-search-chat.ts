import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import type { SearchResponse } from "../../api/search";
import {
  type ChatMessage,
  errorMessage,
  INIT_SESSION_ERROR,
  NEW_CHAT_ERROR,
  replyMessage,
  searchErrorText,
  userMessage,
  welcomeMessage,
} from "../../lib/search-chat";
import { browserSearchChatStore } from "../../lib/search-chat-storage";
import { useSearchSessionCalls } from "../../queries/search-session";
import { useToast } from "../use-toast";

export type ChatStatus = "idle" | "searching" | "resetting";

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The search chat of one user: the server session (created when the modal first opens, reused after a
 * return from an article), the messages, asking, and starting over. The conversation is written to session
 * storage on every change, marked open while this hook is mounted; `close()` marks it closed.
 */
export function useSearchChat(userId: number) {
  const toast = useToast();
  const { createSession, clearSession, ask } = useSearchSessionCalls(userId);
  const store = useMemo(() => browserSearchChatStore(), []);
  const [restored] = useState(() => store.read(userId));
  const [messages, setMessages] = useState<ChatMessage[]>(() => restored?.messages ?? [welcomeMessage()]);
  const [sessionId, setSessionId] = useState<string | null>(restored?.sessionId ?? null);
  const [status, setStatus] = useState<ChatStatus>("idle");

  // Refs for what async work reads after awaiting: the current session and whether work is under way.
  const sessionRef = useRef(sessionId);
  const busy = useRef(false);
  const mounted = useRef(true);
  const snapshot = useRef({ userId, sessionId, messages });
  snapshot.current = { userId, sessionId, messages };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    store.write({ userId, sessionId, messages, open: true, scrollTop: 0 });
  }, [store, userId, sessionId, messages]);

  const append = useCallback((...added: ChatMessage[]) => {
    if (mounted.current) setMessages((all) => [...all, ...added]);
  }, []);

  const adoptSession = useCallback((id: string | null) => {
    sessionRef.current = id;
    if (mounted.current) setSessionId(id);
  }, []);

  /** The session to ask in; one creation at a time, however many callers wait for it (see search-session). */
  const ensureSession = useCallback(async (): Promise<string> => {
    if (sessionRef.current) return sessionRef.current;
    const created = await createSession();
    // Another caller may have adopted the same session meanwhile; adopting it twice is harmless.
    adoptSession(created);
    return created;
  }, [adoptSession, createSession]);

  // Spec: the session is created when the modal opens (a restored chat keeps its own).
  useEffect(() => {
    if (sessionRef.current) return;
    ensureSession().catch(() => {
      append(errorMessage(INIT_SESSION_ERROR));
      toast.error(INIT_SESSION_ERROR);
    });
  }, [ensureSession, append, toast]);

  const search = useCallback(
    async (raw: string): Promise<boolean> => {
      const query = raw.trim();
      if (!query || busy.current) return false;
      busy.current = true;
      setStatus("searching");
      append(userMessage(query));
      try {
        // Without a session the search still works; only follow-up questions lose their context.
        const session = await ensureSession().catch(() => null);
        let response: SearchResponse;
        try {
          response = await ask({ query, sessionId: session });
        } catch (error) {
          if (!session || !isNotFound(error)) throw error;
          // The session is gone (ended in another tab): start a fresh one and ask again.
          adoptSession(null);
          response = await ask({ query, sessionId: await ensureSession().catch(() => null) });
        }
        append(replyMessage(query, response));
        return true;
      } catch (error) {
        const text = searchErrorText(error);
        append(errorMessage(text));
        toast.error(text);
        return false;
      } finally {
        busy.current = false;
        if (mounted.current) setStatus("idle");
      }
    },
    [append, ensureSession, toast, adoptSession, ask],
  );

  /** Spec §4: a new chat clears the session on the server and creates a new one. */
  const newChat = useCallback(async (): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setStatus("resetting");
    const previous = sessionRef.current;
    let cleared = previous === null;
    try {
      if (previous) {
        // Already gone on the server is as good as cleared.
        await clearSession(previous).catch((error) => {
          if (!isNotFound(error)) throw error;
        });
        cleared = true;
        adoptSession(null);
      }
      await ensureSession();
      if (mounted.current) setMessages([welcomeMessage()]);
      return true;
    } catch {
      // Not cleared: the old conversation goes on. Cleared but no new session: start over, without one yet.
      if (mounted.current && cleared) setMessages([welcomeMessage(), errorMessage(NEW_CHAT_ERROR)]);
      else append(errorMessage(NEW_CHAT_ERROR));
      toast.error(NEW_CHAT_ERROR);
      return false;
    } finally {
      busy.current = false;
      if (mounted.current) setStatus("idle");
    }
  }, [append, ensureSession, toast, adoptSession, clearSession]);

  /** Before opening a result: the chat is kept open, with its scroll position, for the way back. */
  const keepForReturn = useCallback(
    (scrollTop: number) => store.write({ ...snapshot.current, open: true, scrollTop }),
    [store],
  );

  /** A normal close: the conversation stays for the next opening, but the dashboard does not reopen it. */
  const close = useCallback(() => store.write({ ...snapshot.current, open: false, scrollTop: 0 }), [store]);

  return {
    messages,
    status,
    busy: status !== "idle",
    search,
    newChat,
    keepForReturn,
    close,
    restoredScrollTop: restored?.open ? restored.scrollTop : null,
  };
}
