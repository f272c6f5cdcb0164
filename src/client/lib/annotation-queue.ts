import type { Highlight, HighlightColor, HighlightTarget, TextPositionSelector, TextQuoteSelector } from "../api/types";

/**
 * Highlights, notes and the reading position written on this device and not yet on the server (issue 32: the
 * installed app offline). Every write goes through this queue first (a write-ahead log): it is kept in local
 * storage, one queue per account, and sent oldest first; it leaves the queue when the server has answered.
 *
 * Each write is safe to send twice, which is what makes a resend after a reload, a timeout or two tabs harmless:
 * a create carries its `client_id` (the server stores one highlight per id), an update, the note and the position
 * carry the time the reader made them (the server keeps the newest and ignores older ones), and a delete of what
 * is already gone is done. The functions here are pure; lib/annotation-storage and api/highlights do the I/O.
 */

export interface QueuedHighlight {
  target: HighlightTarget;
  color: HighlightColor;
  note?: string | null;
  selectors: [TextQuoteSelector, TextPositionSelector] | [TextQuoteSelector];
  client_id: string;
}

export interface HighlightPatch {
  color?: HighlightColor;
  note?: string | null;
}

export type AnnotationWrite =
  /** `tempId` is the negative id the reader's screen knows the highlight by until the server gives it one. */
  | { kind: "create"; articleId: number; tempId: number; highlight: QueuedHighlight }
  | { kind: "update"; id: number; patch: HighlightPatch }
  | { kind: "remove"; id: number }
  | { kind: "note"; articleId: number; note: string | null }
  | { kind: "progress"; articleId: number; position: number; progress: number };

export type QueuedWrite = AnnotationWrite & {
  seq: number;
  /** When the reader made the write (ms since 1970): what the server compares, newest wins. */
  at: number;
  /** Sends that failed with a server error (5xx); a write the server keeps refusing is given up after a few. */
  attempts: number;
};

export interface QueueState {
  writes: QueuedWrite[];
  nextSeq: number;
  /** The next temporary highlight id (negative, counting down, never reused on this device). */
  nextTempId: number;
  /** Temporary id -> the server's id, for a screen that still holds the temporary one after the create was sent. */
  ids: Record<string, number>;
}

/** Temporary ids kept in `ids` after their create was sent (the newest); older screens have long refetched. */
export const MAX_ID_MAPPINGS = 200;
/** A write the server answered with a 5xx this many times is dropped (and reported), not retried forever. */
export const MAX_ATTEMPTS = 5;

/**
 * Temporary ids count down from here: far from the ids a screen gives what it shows before the API answers
 * (queries/highlights.ts counts down from -1 per page load), so the two kinds never meet.
 */
export const FIRST_TEMP_ID = -1_000_000_000;

export function emptyQueue(): QueueState {
  return { writes: [], nextSeq: 1, nextTempId: FIRST_TEMP_ID, ids: {} };
}

/** A new temporary highlight id and the state that will not hand it out again. */
export function takeTempId(state: QueueState): { state: QueueState; tempId: number } {
  return { state: { ...state, nextTempId: state.nextTempId - 1 }, tempId: state.nextTempId };
}

/** The server's id for a temporary id whose create has been sent; any other id as it is. */
export function resolveId(state: QueueState, id: number): number {
  return id < 0 ? (state.ids[String(id)] ?? id) : id;
}

const targetsHighlight = (write: QueuedWrite, id: number) =>
  (write.kind === "update" || write.kind === "remove") && write.id === id;

/**
 * Adds a write, folding it into what is queued where that loses nothing:
 * - an update or delete of a highlight whose create is still queued changes or cancels that create;
 * - an update of a highlight with an update queued merges into it (newer fields win);
 * - a delete drops the queued updates of its highlight;
 * - the note or position of an article replaces the queued one, unless that one is newer.
 * `sending` is the write on its way to the server now: nothing is folded into it (its answer would not carry it).
 * Returns the write whose answer answers this one (`seq`), or null when nothing needs sending any more.
 */
export function enqueue(
  state: QueueState,
  write: AnnotationWrite,
  at: number,
  sending: number | null = null,
): { state: QueueState; seq: number | null } {
  const foldable = (queued: QueuedWrite) => queued.seq !== sending;
  const append = (writes: QueuedWrite[], kept: AnnotationWrite = write) => {
    const seq = state.nextSeq;
    return {
      state: { ...state, writes: [...writes, { ...kept, seq, at, attempts: 0 }], nextSeq: seq + 1 },
      seq,
    };
  };

  switch (write.kind) {
    case "create":
      return append(state.writes);
    case "update": {
      const id = resolveId(state, write.id);
      const create = state.writes.find((q) => q.kind === "create" && q.tempId === id && foldable(q));
      if (create?.kind === "create") {
        const highlight = { ...create.highlight, ...write.patch };
        return {
          state: { ...state, writes: state.writes.map((q) => (q === create ? { ...create, highlight } : q)) },
          seq: create.seq,
        };
      }
      const earlier = state.writes.find((q) => q.kind === "update" && q.id === id && foldable(q));
      if (earlier?.kind === "update") {
        const [older, newer] = earlier.at <= at ? [earlier.patch, write.patch] : [write.patch, earlier.patch];
        const merged: QueuedWrite = { ...earlier, patch: { ...older, ...newer }, at: Math.max(earlier.at, at) };
        return { state: { ...state, writes: state.writes.map((q) => (q === earlier ? merged : q)) }, seq: earlier.seq };
      }
      return append(state.writes, { ...write, id });
    }
    case "remove": {
      const id = resolveId(state, write.id);
      const create = state.writes.find((q) => q.kind === "create" && q.tempId === id && foldable(q));
      if (create) {
        // Never sent: the highlight and everything queued for it go, and the server never hears of it.
        const writes = state.writes.filter((q) => q !== create && !(targetsHighlight(q, id) && foldable(q)));
        return { state: { ...state, writes }, seq: null };
      }
      const writes = state.writes.filter((q) => !(q.kind === "update" && q.id === id && foldable(q)));
      return append(writes, { ...write, id });
    }
    case "note":
    case "progress": {
      const same = (q: QueuedWrite) => q.kind === write.kind && q.articleId === write.articleId && foldable(q);
      const newer = state.writes.find((q) => same(q) && q.at > at);
      if (newer) return { state, seq: newer.seq };
      return append(state.writes.filter((q) => !same(q)));
    }
  }
}

/** The next write to send: the oldest. */
export function nextWrite(state: QueueState): QueuedWrite | undefined {
  return state.writes[0];
}

/**
 * The server has `seq`: it leaves the queue. A sent create's temporary id now means the server's id, in the
 * writes still queued for it (made while it was on its way) and for screens that still hold the temporary one.
 */
export function settle(state: QueueState, seq: number, serverId?: number): QueueState {
  const sent = state.writes.find((q) => q.seq === seq);
  let writes = state.writes.filter((q) => q.seq !== seq);
  let ids = state.ids;
  if (sent?.kind === "create" && serverId !== undefined) {
    const tempId = sent.tempId;
    writes = writes.map((q) => (targetsHighlight(q, tempId) ? { ...q, id: serverId } : q));
    const entries = Object.entries({ ...ids, [String(tempId)]: serverId });
    ids = Object.fromEntries(entries.slice(-MAX_ID_MAPPINGS));
  }
  return { ...state, writes, ids };
}

/**
 * The server refused `seq` for good (the article was deleted, the quote is not in its text): it leaves the queue,
 * and with a refused create go the writes queued for its highlight, which can never be sent.
 */
export function dropWrite(state: QueueState, seq: number): QueueState {
  const dropped = state.writes.find((q) => q.seq === seq);
  const orphan = (q: QueuedWrite) => dropped?.kind === "create" && targetsHighlight(q, dropped.tempId);
  return { ...state, writes: state.writes.filter((q) => q.seq !== seq && !orphan(q)) };
}

/** Counts a failed send of `seq` (a server error); past MAX_ATTEMPTS the write is dropped. */
export function countAttempt(state: QueueState, seq: number): { state: QueueState; gaveUp: boolean } {
  const write = state.writes.find((q) => q.seq === seq);
  if (!write) return { state, gaveUp: false };
  if (write.attempts + 1 >= MAX_ATTEMPTS) return { state: dropWrite(state, seq), gaveUp: true };
  return {
    state: { ...state, writes: state.writes.map((q) => (q === write ? { ...q, attempts: q.attempts + 1 } : q)) },
    gaveUp: false,
  };
}

/** The highlight a queued create stands for, as the screen shows it until the server has it. */
export function provisionalHighlight(write: QueuedWrite & { kind: "create" }): Highlight {
  const at = new Date(write.at).toISOString();
  return {
    id: write.tempId,
    article_id: write.articleId,
    target: write.highlight.target,
    quote: write.highlight.selectors[0].exact,
    color: write.highlight.color,
    note: write.highlight.note ?? null,
    anchor_status: "anchored",
    selectors: write.highlight.selectors,
    client_id: write.highlight.client_id,
    created_at: at,
    updated_at: at,
  };
}

/**
 * An article's highlights as the server listed them, with what this device has queued on top: highlights created
 * here appear, deleted ones go, changed ones show the change. So a reload offline still shows them.
 */
export function withQueuedHighlights(state: QueueState, articleId: number, highlights: Highlight[]): Highlight[] {
  let list = highlights;
  for (const write of state.writes) {
    if (write.kind === "create" && write.articleId === articleId) {
      if (!list.some((h) => h.client_id === write.highlight.client_id)) list = [...list, provisionalHighlight(write)];
    } else if (write.kind === "update") {
      list = list.map((h) => (h.id === write.id ? { ...h, ...write.patch } : h));
    } else if (write.kind === "remove") {
      list = list.filter((h) => h.id !== write.id);
    }
  }
  return list;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const KINDS = new Set(["create", "update", "remove", "note", "progress"]);

/** The stored queue; anything malformed (another version, a hand edit) is dropped, never thrown. */
export function parseQueue(raw: string | null): QueueState {
  if (!raw) return emptyQueue();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return emptyQueue();
  }
  if (!isObject(value) || !Array.isArray(value.writes)) return emptyQueue();
  const writes = value.writes.filter(
    (w): w is QueuedWrite =>
      isObject(w) &&
      typeof w.kind === "string" &&
      KINDS.has(w.kind) &&
      typeof w.seq === "number" &&
      typeof w.at === "number" &&
      typeof w.attempts === "number",
  );
  const maxSeq = writes.reduce((max, w) => Math.max(max, w.seq), 0);
  const minTemp = writes.reduce((min, w) => (w.kind === "create" ? Math.min(min, w.tempId) : min), FIRST_TEMP_ID + 1);
  const ids = isObject(value.ids)
    ? Object.fromEntries(Object.entries(value.ids).filter((e): e is [string, number] => typeof e[1] === "number"))
    : {};
  return {
    writes,
    nextSeq: Math.max(typeof value.nextSeq === "number" ? value.nextSeq : 1, maxSeq + 1),
    nextTempId: Math.min(typeof value.nextTempId === "number" ? value.nextTempId : FIRST_TEMP_ID, minTemp - 1),
    ids,
  };
}
