import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { hasQueuedNote, highlightsApi, onAnnotationsSynced } from "../../api/highlights";
import type { Article } from "../../api/types";
import { NOTE_SAVE_DELAY_MS, type NoteSaveState, noteToSave } from "../../lib/article-note";
import { storeArticle } from "../../queries/articles";

/**
 * The article note as the reader types it (issue 32): saved NOTE_SAVE_DELAY_MS after typing pauses, at once on
 * blur, when the page is hidden and when the viewer closes (navigation), one save at a time so an older text
 * never lands after a newer one. Each save carries the time of the edit it sends: the server keeps the newest
 * write, also when a device that was offline sends later.
 */
export function useArticleNote(article: Article) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(article.note ?? "");
  const [state, setState] = useState<NoteSaveState>("idle");
  const [error, setError] = useState<string | null>(null);
  /** The newest edit and when it was made. */
  const latest = useRef({ text: article.note ?? "", at: Date.now() });
  /** What the server has (or is being sent). */
  const saved = useRef(article.note ?? "");
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const focused = useRef(false);
  const mounted = useRef(true);
  const articleId = article.id;

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    while (inFlight.current) await inFlight.current;
    const { text, at } = latest.current;
    if (text === saved.current) {
      if (mounted.current) setState((s) => (s === "pending" ? "saved" : s));
      return;
    }
    if (mounted.current) setState("saving");
    const run = highlightsApi.saveNote(articleId, noteToSave(text), at).then(
      (stored) => {
        saved.current = text;
        if (stored?.id === articleId) storeArticle(client, stored);
        if (!mounted.current) return;
        setError(null);
        if (latest.current.text !== text) setState("pending");
        else setState(hasQueuedNote(articleId) ? "queued" : "saved");
      },
      (failure: unknown) => {
        if (!mounted.current) return;
        setError(failure instanceof Error ? failure.message : "Failed to save the note");
        setState("error");
      },
    );
    inFlight.current = run.finally(() => {
      inFlight.current = null;
    });
    await inFlight.current;
  }, [articleId, client]);

  const change = useCallback(
    (text: string) => {
      setDraft(text);
      latest.current = { text, at: Date.now() };
      setState("pending");
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), NOTE_SAVE_DELAY_MS);
    },
    [flush],
  );

  // Leaving the viewer (another route, Back) or hiding the page sends what is not saved yet.
  useEffect(() => {
    mounted.current = true;
    const onHide = () => {
      if (document.visibilityState === "hidden") void flush();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onHide);
    return () => {
      mounted.current = false;
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onHide);
      if (timer.current || latest.current.text !== saved.current) void flush();
    };
  }, [flush]);

  // A note kept on the device while offline says "Saved" once the queue has sent it.
  useEffect(
    () =>
      onAnnotationsSynced(({ articleIds }) => {
        if (!articleIds.includes(articleId) || hasQueuedNote(articleId)) return;
        setState((s) => (s === "queued" ? "saved" : s));
      }),
    [articleId],
  );

  // A note written on another device arrives with the article: shown unless the reader is editing this one.
  const serverNote = article.note ?? "";
  useEffect(() => {
    if (focused.current || latest.current.text !== saved.current || serverNote === saved.current) return;
    saved.current = serverNote;
    latest.current = { text: serverNote, at: Date.now() };
    setDraft(serverNote);
  }, [serverNote]);

  return {
    draft,
    state,
    error,
    change,
    focus: () => {
      focused.current = true;
    },
    blur: () => {
      focused.current = false;
      void flush();
    },
    retry: () => void flush(),
  };
}
