import {
  type AnnotationWrite,
  countAttempt,
  dropWrite,
  enqueue,
  type HighlightPatch,
  nextWrite,
  provisionalHighlight,
  type QueuedWrite,
  resolveId,
  settle,
  takeTempId,
  withQueuedHighlights,
} from "../lib/annotation-queue";
import { changeQueue, loadQueue } from "../lib/annotation-storage";
import { readStoredSession } from "../lib/auth-storage";
import { newClientId } from "../lib/client-id";
import { API_CACHE } from "../lib/offline";
import { ApiError, request } from "./client";
import type {
  Article,
  Highlight,
  HighlightColor,
  HighlightPage,
  HighlightTarget,
  NotePage,
  ReadingPosition,
  TextPositionSelector,
  TextQuoteSelector,
} from "./types";

export interface NewHighlight {
  target: HighlightTarget;
  color: HighlightColor;
  note?: string | null;
  selectors: [TextQuoteSelector, TextPositionSelector] | [TextQuoteSelector];
  /** Makes a retried write (an offline queue sending again) store one highlight, not two. */
  client_id?: string;
}

export interface HighlightQuery {
  search?: string;
  color?: HighlightColor;
  tag?: string;
  cursor?: string;
  limit?: number;
}

function libraryPath(query: HighlightQuery, path = "/api/highlights"): string {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set("search", query.search.trim());
  if (query.color) params.set("color", query.color);
  if (query.tag?.trim()) params.set("tag", query.tag.trim());
  if (query.cursor) params.set("cursor", query.cursor);
  if (query.limit) params.set("limit", String(query.limit));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

// ---------------------------------------------------------------------------------------------------------------
// Writes go through the device's queue (lib/annotation-queue.ts, docs/reading.md, offline writes):
// stored first, then sent oldest first. Online, the caller gets the server's answer (or its refusal) as before;
// offline, or when the server cannot be reached, the write stays on the device and the caller gets what the
// server will answer once it is sent (a new highlight with a temporary negative id).

type Outcome = { sent: true; result: unknown } | { sent: false; error?: ApiError };

/** A drain sent writes that were waiting on the device (no caller waiting for them): screens should refetch. */
export interface AnnotationsSynced {
  articleIds: number[];
  /** Highlights or notes were among them (not only reading positions). */
  annotations: boolean;
}

const SYNCED_EVENT = "viberead:annotations-synced";
const REFUSED_EVENT = "viberead:annotation-refused";
/** After the server could not be reached although the browser says online, try again this much later. */
const RETRY_MS = 15_000;

/** Highlights as last seen, so an update made offline can answer with the whole highlight. */
const known = new Map<number, Highlight>();
const waiters = new Map<number, ((outcome: Outcome) => void)[]>();
let sendingSeq: number | null = null;
let running = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

const signedInUser = () => readStoredSession()?.user.id ?? null;
/**
 * Only the browser's word counts here, not lib/offline's "the device's copy answered": that stays set until some
 * answer comes from the network, and a write sent is such an answer. A write that cannot go stays queued anyway.
 */
const browserOffline = () => typeof navigator !== "undefined" && !navigator.onLine;

function remember<T extends Highlight>(highlight: T): T {
  known.set(highlight.id, highlight);
  return highlight;
}

function settleWaiters(seq: number, outcome: Outcome) {
  for (const resolve of waiters.get(seq) ?? []) resolve(outcome);
  waiters.delete(seq);
}

function sendWrite(write: QueuedWrite): Promise<unknown> {
  switch (write.kind) {
    case "create":
      return request<Highlight>("POST", `/api/articles/${write.articleId}/highlights`, {
        body: write.highlight,
        defaultError: "Failed to save the highlight",
      });
    case "update":
      return request<Highlight>("PATCH", `/api/highlights/${write.id}`, {
        body: { ...write.patch, client_updated_at: write.at },
        defaultError: "Failed to update the highlight",
      });
    case "remove":
      return request<void>("DELETE", `/api/highlights/${write.id}`, {
        defaultError: "Failed to delete the highlight",
      });
    case "note":
      return request<Article>("PUT", `/api/articles/${write.articleId}`, {
        body: { note: write.note, note_updated_at: write.at },
        defaultError: "Failed to save the note",
      });
    case "progress":
      return request<ReadingPosition>("PUT", `/api/articles/${write.articleId}/progress`, {
        body: { position: write.position, progress: write.progress, client_updated_at: write.at },
        defaultError: "Failed to save the reading position",
        // Sent as the page is hidden: the request has to outlive it.
        keepalive: true,
      });
  }
}

/** Whether the write may succeed later (no network, a timeout, a busy or failing server): it stays queued. */
const worthRetrying = (error: ApiError) => error.status === 0 || error.status === 408 || error.status === 429;

/**
 * Sends the account's queue, oldest first, until it is empty, the app is offline or the server cannot be reached.
 * One drain at a time per tab; `running` is set and cleared synchronously around the last look at the queue, so
 * a write queued at any moment is either seen by the running drain or starts a new one.
 */
async function drain(userId: number): Promise<void> {
  if (running) return;
  running = true;
  clearTimeout(retryTimer);
  const synced = new Set<number>();
  let annotations = false;
  let stoppedEarly = false;
  for (;;) {
    const write = nextWrite(loadQueue(userId));
    if (!write) break;
    if (browserOffline() || signedInUser() !== userId) {
      stoppedEarly = true;
      break;
    }
    const unattended = !waiters.has(write.seq);
    sendingSeq = write.seq;
    let outcome: Outcome;
    try {
      const result = await sendWrite(write);
      const serverId = write.kind === "create" ? (result as Highlight).id : undefined;
      changeQueue(userId, (state) => ({ state: settle(state, write.seq, serverId), result: null }));
      if (write.kind === "create" || write.kind === "update") remember(result as Highlight);
      outcome = { sent: true, result };
    } catch (caught) {
      const error = caught instanceof ApiError ? caught : new ApiError(0, "Cannot reach VibeRead.", caught);
      if (worthRetrying(error) || error.status === 401 || error.status >= 500) {
        const gaveUp =
          error.status >= 500 &&
          changeQueue(userId, (state) => {
            const counted = countAttempt(state, write.seq);
            return { state: counted.state, result: counted.gaveUp };
          });
        if (!gaveUp) {
          stoppedEarly = true;
          sendingSeq = null;
          break;
        }
        outcome = { sent: false, error };
      } else if (error.status === 404 && write.kind === "remove") {
        // Already gone (deleted on another device, or this delete was sent before): done.
        changeQueue(userId, (state) => ({ state: settle(state, write.seq), result: null }));
        outcome = { sent: true, result: undefined };
      } else {
        changeQueue(userId, (state) => ({ state: dropWrite(state, write.seq), result: null }));
        outcome = { sent: false, error };
      }
      if (!outcome.sent && unattended) {
        window.dispatchEvent(new CustomEvent(REFUSED_EVENT, { detail: refusalMessage(write, error) }));
      }
    }
    sendingSeq = null;
    if (outcome.sent && unattended) {
      if ("articleId" in write) synced.add(write.articleId);
      if (write.kind !== "progress") annotations = true;
    }
    settleWaiters(write.seq, outcome);
  }
  running = false;
  // Callers still waiting get their provisional answer; their writes stay on the device.
  for (const seq of [...waiters.keys()]) settleWaiters(seq, { sent: false });
  if (stoppedEarly && !browserOffline() && signedInUser() === userId) {
    retryTimer = setTimeout(() => void drain(userId), RETRY_MS);
  }
  if (synced.size > 0 || annotations) {
    const detail: AnnotationsSynced = { articleIds: [...synced], annotations };
    window.dispatchEvent(new CustomEvent(SYNCED_EVENT, { detail }));
  }
}

function refusalMessage(write: QueuedWrite, error: ApiError): string {
  const what =
    write.kind === "note"
      ? "A note written offline"
      : write.kind === "progress"
        ? "A reading position saved offline"
        : "A highlight changed offline";
  return `${what} could not be saved: ${error.message}`;
}

/**
 * Queues a write and, online, sends the queue up to it. Resolves with the server's answer when it was sent, with
 * `provisional()` when it stays on the device; rejects when the server refused it (it is then dropped).
 */
async function submit<T>(
  write: AnnotationWrite,
  provisional: (write: QueuedWrite | undefined) => T | Promise<T>,
  at = Date.now(),
): Promise<T> {
  const userId = signedInUser();
  if (userId === null) {
    // No account to keep a queue for (the session just ended): send it as it is, once.
    const result = await sendWrite({ ...write, seq: 0, at, attempts: 0 });
    return result as T;
  }
  // Synchronous up to the first await: stored before a page being hidden can go.
  const seq = changeQueue(userId, (state) => {
    const queued = enqueue(state, write, at, sendingSeq);
    return { state: queued.state, result: queued.seq };
  });
  const queued = () => loadQueue(userId).writes.find((q) => q.seq === seq);
  if (seq === null) return provisional(undefined);
  if (browserOffline()) return provisional(queued());
  const outcome = new Promise<Outcome>((resolve) => {
    waiters.set(seq, [...(waiters.get(seq) ?? []), resolve]);
  });
  const stillQueued = queued();
  void drain(userId);
  const answer = await outcome;
  if (answer.sent) return answer.result as T;
  if (answer.error) throw answer.error;
  return provisional(queued() ?? stillQueued);
}

/** What an article's note write answers offline: the copy on this device with the new note. */
async function articleWithNote(articleId: number, note: string | null): Promise<Article> {
  let cached: Article | null = null;
  try {
    const cache = typeof caches === "undefined" ? null : await caches.open(API_CACHE);
    const response = await cache?.match(`/api/articles/${articleId}`, { ignoreSearch: true });
    cached = response ? ((await response.json()) as Article) : null;
  } catch {
    cached = null;
  }
  // Without a copy only these fields are known; screens merge an article answer into what they hold (storeArticle).
  return { ...(cached ?? ({ id: articleId } as Article)), id: articleId, note };
}

/** Starts sending what this device has queued (at start, and when the app is back online). */
export function syncAnnotations(): void {
  const userId = signedInUser();
  if (userId !== null && !browserOffline()) void drain(userId);
}

/** Calls `listener` after writes waiting on this device reached the server, so screens can refetch. */
export function onAnnotationsSynced(listener: (synced: AnnotationsSynced) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<AnnotationsSynced>).detail);
  window.addEventListener(SYNCED_EVENT, handler);
  return () => window.removeEventListener(SYNCED_EVENT, handler);
}

/** Calls `listener` with a sentence when the server refused a write that was waiting on this device. */
export function onAnnotationRefused(listener: (message: string) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(REFUSED_EVENT, handler);
  return () => window.removeEventListener(REFUSED_EVENT, handler);
}

/** Issue 32: highlights, the article note and the reading position. */
export const highlightsApi = {
  /** The article's highlights, with the changes this device has not sent yet on top. */
  ofArticle: async (articleId: number) => {
    const answer = await request<{ highlights: Highlight[] }>("GET", `/api/articles/${articleId}/highlights`, {
      defaultError: "Failed to load highlights",
    });
    for (const highlight of answer.highlights) remember(highlight);
    const userId = signedInUser();
    if (userId === null) return answer;
    return { highlights: withQueuedHighlights(loadQueue(userId), articleId, answer.highlights) };
  },
  /** Offline, answers with the highlight under a temporary negative id; update and remove accept that id. */
  create: (articleId: number, highlight: NewHighlight) => {
    const userId = signedInUser();
    const tempId =
      userId === null
        ? 0
        : changeQueue(userId, (state) => {
            const taken = takeTempId(state);
            return { state: taken.state, result: taken.tempId };
          });
    const queuedHighlight = { ...highlight, client_id: highlight.client_id ?? newClientId() };
    return submit<Highlight>({ kind: "create", articleId, tempId, highlight: queuedHighlight }, (queued) =>
      remember(
        queued?.kind === "create"
          ? provisionalHighlight(queued)
          : provisionalHighlight({
              kind: "create",
              articleId,
              tempId,
              highlight: queuedHighlight,
              seq: 0,
              at: Date.now(),
              attempts: 0,
            }),
      ),
    );
  },
  update: (id: number, patch: { color?: HighlightColor; note?: string | null; client_updated_at?: number }) => {
    const { client_updated_at: at, ...changes } = patch;
    const userId = signedInUser();
    const resolved = userId === null ? id : resolveId(loadQueue(userId), id);
    if (resolved < 0 && !hasQueuedCreate(userId, resolved)) {
      return Promise.reject(new ApiError(404, "Highlight not found"));
    }
    return submit<Highlight>(
      { kind: "update", id: resolved, patch: changes as HighlightPatch },
      (queued) => {
        if (queued?.kind === "create") return remember(provisionalHighlight(queued));
        const before = known.get(resolved) ?? known.get(id);
        return remember({ ...(before ?? provisionalStub(resolved)), ...changes, updated_at: new Date().toISOString() });
      },
      at,
    );
  },
  remove: (id: number) => {
    const userId = signedInUser();
    const resolved = userId === null ? id : resolveId(loadQueue(userId), id);
    if (resolved < 0 && !hasQueuedCreate(userId, resolved)) return Promise.resolve();
    return submit<void>({ kind: "remove", id: resolved }, () => {
      known.delete(resolved);
    });
  },
  library: (query: HighlightQuery) =>
    request<HighlightPage>("GET", libraryPath(query), { defaultError: "Failed to load highlights" }),
  /** The articles' own notes (no colour: notes have none). */
  notes: (query: Omit<HighlightQuery, "color">) =>
    request<NotePage>("GET", libraryPath(query, "/api/highlights/notes"), { defaultError: "Failed to load notes" }),
  /**
   * Offline, answers with the device's copy of the article carrying the new note (or only `id` and `note` when
   * there is no copy): merge it into what the screen holds, as storeArticle does.
   */
  saveNote: (articleId: number, note: string | null, writtenAt = Date.now()) =>
    submit<Article>({ kind: "note", articleId, note }, () => articleWithNote(articleId, note), writtenAt),
  saveProgress: (articleId: number, position: number, progress: number, writtenAt = Date.now()) =>
    submit<ReadingPosition>(
      { kind: "progress", articleId, position, progress },
      () => ({
        reading_position: position,
        reading_progress: progress,
        position_updated_at: new Date(writtenAt).toISOString(),
      }),
      writtenAt,
    ),
};

/** Whether a note on this article is still waiting on the device (written offline, not sent yet). */
export function hasQueuedNote(articleId: number): boolean {
  const userId = signedInUser();
  return userId !== null && loadQueue(userId).writes.some((q) => q.kind === "note" && q.articleId === articleId);
}

function hasQueuedCreate(userId: number | null, tempId: number): boolean {
  return userId !== null && loadQueue(userId).writes.some((q) => q.kind === "create" && q.tempId === tempId);
}

/** A highlight this device has not seen (an update offline of one never listed here): only its id is known. */
function provisionalStub(id: number): Highlight {
  const now = new Date().toISOString();
  return {
    id,
    article_id: 0,
    target: "content",
    quote: "",
    color: "yellow",
    note: null,
    anchor_status: "anchored",
    selectors: [],
    client_id: null,
    created_at: now,
    updated_at: now,
  };
}
