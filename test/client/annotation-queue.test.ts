import { describe, expect, it } from "vitest";
import type { Highlight } from "../../src/client/api/types";
import {
  type AnnotationWrite,
  countAttempt,
  dropWrite,
  emptyQueue,
  enqueue,
  FIRST_TEMP_ID,
  MAX_ATTEMPTS,
  nextWrite,
  parseQueue,
  type QueuedHighlight,
  type QueueState,
  resolveId,
  settle,
  takeTempId,
  withQueuedHighlights,
} from "../../src/client/lib/annotation-queue";

const quote = (exact: string): QueuedHighlight => ({
  target: "content",
  color: "yellow",
  selectors: [{ type: "TextQuoteSelector", exact, prefix: "", suffix: "" }],
  client_id: `client-${exact}`,
});

/** Applies writes in order, each at its own time; returns the state and the seq each write answered to. */
function queueAll(
  writes: [AnnotationWrite, number][],
  start: QueueState = emptyQueue(),
  sending: number | null = null,
) {
  let state = start;
  const seqs: (number | null)[] = [];
  for (const [write, at] of writes) {
    const queued = enqueue(state, write, at, sending);
    state = queued.state;
    seqs.push(queued.seq);
  }
  return { state, seqs };
}

function createWrite(state: QueueState, articleId: number, exact: string) {
  const taken = takeTempId(state);
  return {
    state: taken.state,
    tempId: taken.tempId,
    write: { kind: "create", articleId, tempId: taken.tempId, highlight: quote(exact) } as AnnotationWrite,
  };
}

/** Sends the whole queue oldest first against `server`, as the drain does; returns the kinds in send order. */
function sendAll(state: QueueState, server: (write: ReturnType<typeof nextWrite> & {}) => number | undefined) {
  const sent: string[] = [];
  let current = state;
  for (let write = nextWrite(current); write; write = nextWrite(current)) {
    sent.push(write.kind === "update" || write.kind === "remove" ? `${write.kind} ${write.id}` : write.kind);
    current = settle(current, write.seq, server(write));
  }
  return { sent, state: current };
}

describe("annotation queue", () => {
  it("sends writes oldest first, each with the time it was made", () => {
    const { state } = queueAll([
      [{ kind: "update", id: 7, patch: { color: "green" } }, 100],
      [{ kind: "note", articleId: 1, note: "first thoughts" }, 200],
      [{ kind: "progress", articleId: 1, position: 500, progress: 0.4 }, 300],
      [{ kind: "remove", id: 9 }, 400],
    ]);
    expect(state.writes.map((w) => [w.kind, w.at])).toEqual([
      ["update", 100],
      ["note", 200],
      ["progress", 300],
      ["remove", 400],
    ]);
    expect(sendAll(state, () => undefined).sent).toEqual(["update 7", "note", "progress", "remove 9"]);
  });

  it("folds an update of a highlight created offline into its create, and a delete cancels it unsent", () => {
    const created = createWrite(emptyQueue(), 1, "tomatoes");
    // Clear of the ids a screen gives highlights before the API answers (from -1 down).
    expect(created.tempId).toBeLessThanOrEqual(FIRST_TEMP_ID);
    const { state, seqs } = queueAll(
      [
        [created.write, 100],
        [{ kind: "update", id: created.tempId, patch: { color: "pink", note: "basil too" } }, 200],
      ],
      created.state,
    );
    expect(seqs[1]).toBe(seqs[0]);
    expect(state.writes).toHaveLength(1);
    expect(state.writes[0]).toMatchObject({ kind: "create", highlight: { color: "pink", note: "basil too" } });

    const removed = enqueue(state, { kind: "remove", id: created.tempId }, 300);
    expect(removed.seq).toBeNull();
    expect(removed.state.writes).toEqual([]);
  });

  it("maps a temporary id to the server's id once its create is sent, for writes made while it was on its way", () => {
    const created = createWrite(emptyQueue(), 1, "bicycles");
    const { state, seqs } = queueAll([[created.write, 100]], created.state);
    const inFlight = seqs[0] as number;
    // The create is being sent: a change now must not fold into it (its answer would not carry the change).
    const later = queueAll(
      [
        [{ kind: "update", id: created.tempId, patch: { note: "chains" } }, 200],
        [{ kind: "remove", id: created.tempId }, 300],
      ],
      state,
      inFlight,
    );
    expect(later.state.writes.map((w) => w.kind)).toEqual(["create", "remove"]);

    const after = settle(later.state, inFlight, 42);
    expect(after.writes).toEqual([expect.objectContaining({ kind: "remove", id: 42 })]);
    expect(resolveId(after, created.tempId)).toBe(42);
    // A screen still holding the temporary id writes to the server's highlight.
    const again = enqueue(after, { kind: "update", id: created.tempId, patch: { color: "blue" } }, 400);
    expect(again.state.writes.at(-1)).toMatchObject({ kind: "update", id: 42 });
  });

  it("keeps only the newest note and position of an article, whatever order they were queued in", () => {
    const { state, seqs } = queueAll([
      [{ kind: "note", articleId: 1, note: "draft" }, 100],
      [{ kind: "progress", articleId: 1, position: 10, progress: 0.1 }, 100],
      [{ kind: "note", articleId: 1, note: "final" }, 300],
      [{ kind: "note", articleId: 2, note: "other article" }, 150],
      // Made earlier (another tab's clock, a late flush), queued later: the newer one stays.
      [{ kind: "note", articleId: 1, note: "stale" }, 200],
      [{ kind: "progress", articleId: 1, position: 900, progress: 0.7 }, 500],
    ]);
    const notes = state.writes.filter((w) => w.kind === "note");
    expect(notes.map((w) => (w.kind === "note" ? [w.articleId, w.note, w.at] : null))).toEqual([
      [1, "final", 300],
      [2, "other article", 150],
    ]);
    expect(seqs[4]).toBe(seqs[2]);
    const progress = state.writes.filter((w) => w.kind === "progress");
    expect(progress).toEqual([expect.objectContaining({ position: 900, at: 500 })]);
  });

  it("merges updates of one highlight field by field, the newer change winning", () => {
    const { state } = queueAll([
      [{ kind: "update", id: 5, patch: { color: "green", note: "older note" } }, 200],
      [{ kind: "update", id: 5, patch: { note: "newer note" } }, 300],
      [{ kind: "update", id: 5, patch: { color: "blue" } }, 100],
    ]);
    expect(state.writes).toEqual([
      expect.objectContaining({ kind: "update", id: 5, patch: { color: "green", note: "newer note" }, at: 300 }),
    ]);
    const removed = enqueue(state, { kind: "remove", id: 5 }, 400);
    expect(removed.state.writes).toEqual([expect.objectContaining({ kind: "remove", id: 5 })]);
  });

  it("retries a failed send with the same write (same client_id and time) until it is settled, then never again", () => {
    const created = createWrite(emptyQueue(), 3, "gardens");
    const { state, seqs } = queueAll([[created.write, 100]], created.state);
    const first = nextWrite(state);
    // The send failed (no network): nothing changes, and the next attempt sends exactly the same write.
    const retried = nextWrite(state);
    expect(retried).toEqual(first);
    expect(retried).toMatchObject({ highlight: { client_id: "client-gardens" }, at: 100 });
    const done = settle(state, seqs[0] as number, 77);
    expect(nextWrite(done)).toBeUndefined();
    // A second answer for the same write (two tabs sent it) changes nothing more.
    expect(settle(done, seqs[0] as number, 77)).toEqual(done);
  });

  it("gives up a write the server keeps failing, and drops the writes of a refused create with it", () => {
    const created = createWrite(emptyQueue(), 3, "slugs");
    let { state } = queueAll(
      [
        [created.write, 100],
        [{ kind: "note", articleId: 3, note: "kept" }, 150],
      ],
      created.state,
    );
    const seq = state.writes[0]?.seq as number;
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      const counted = countAttempt(state, seq);
      expect(counted.gaveUp).toBe(false);
      state = counted.state;
    }
    expect(countAttempt(state, seq).gaveUp).toBe(true);
    expect(countAttempt(state, seq).state.writes.map((w) => w.kind)).toEqual(["note"]);

    // A create refused while an update made during its send waits for its id: both go.
    const later = enqueue(state, { kind: "update", id: created.tempId, patch: { note: "x" } }, 200, seq);
    expect(dropWrite(later.state, seq).writes.map((w) => w.kind)).toEqual(["note"]);
  });

  it("shows the server's list with this device's unsent highlights, changes and deletions on top", () => {
    const server: Highlight[] = [1, 2].map((id) => ({
      id,
      article_id: 8,
      target: "content",
      quote: `quote ${id}`,
      color: "yellow",
      note: null,
      anchor_status: "anchored",
      selectors: [],
      client_id: null,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    }));
    const created = createWrite(emptyQueue(), 8, "offline words");
    const other = createWrite(created.state, 9, "another article");
    const { state } = queueAll(
      [
        [created.write, 100],
        [other.write, 100],
        [{ kind: "update", id: 1, patch: { color: "pink" } }, 200],
        [{ kind: "remove", id: 2 }, 300],
      ],
      other.state,
    );
    const shown = withQueuedHighlights(state, 8, server);
    expect(shown.map((h) => [h.id, h.quote, h.color])).toEqual([
      [1, "quote 1", "pink"],
      [created.tempId, "offline words", "yellow"],
    ]);
    // Once the server lists the created highlight (same client_id), it is not shown twice.
    const listed = { ...(shown[1] as Highlight), id: 50 };
    expect(withQueuedHighlights(state, 8, [listed]).map((h) => h.id)).toEqual([50]);
  });

  it("reads back what it stored, and survives a malformed store", () => {
    const created = createWrite(emptyQueue(), 1, "stored");
    const { state } = queueAll([[created.write, 100]], created.state);
    const reread = parseQueue(JSON.stringify(state));
    expect(reread).toEqual(state);
    // Never hands out a temporary id or seq already in use, even from a store missing its counters.
    const bare = parseQueue(JSON.stringify({ writes: state.writes }));
    expect(bare.nextTempId).toBeLessThan(created.tempId);
    expect(bare.nextSeq).toBeGreaterThan(state.writes[0]?.seq as number);
    expect(parseQueue("{not json")).toEqual(emptyQueue());
    expect(parseQueue(JSON.stringify({ writes: [{ kind: "launch" }] })).writes).toEqual([]);
  });
});
