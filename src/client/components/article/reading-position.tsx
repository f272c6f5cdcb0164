/**
 * What the viewer says about the reading position (issue 32): the note after it put the reader back where they
 * left off, and the offer to mark the article read at the end of its content.
 */
export function ContinueReadingNote({ onStartOver, onDismiss }: { onStartOver: () => void; onDismiss: () => void }) {
  return (
    <div className="continue-note" role="status">
      <span className="continue-note-text">Continue where you left off</span>
      <button type="button" className="continue-note-button" onClick={onStartOver}>
        Start from the beginning
      </button>
      <button type="button" className="continue-note-dismiss" aria-label="Dismiss" title="Dismiss" onClick={onDismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export function EndOfArticle({ busy, onMarkRead }: { busy: boolean; onMarkRead: () => void }) {
  return (
    <section className="end-of-article" aria-label="End of the article">
      <p>You have reached the end.</p>
      <button type="button" className="button button-primary button-small" onClick={onMarkRead} disabled={busy}>
        {busy ? "Updating..." : "Mark as read"}
      </button>
    </section>
  );
}

/** Writes made on this device that wait for the network (api/highlights.ts). */
export function PendingSyncNotice() {
  return (
    <p className="sync-notice" role="status">
      <span aria-hidden="true">⟳</span> Saved on this device — will sync
    </p>
  );
}
