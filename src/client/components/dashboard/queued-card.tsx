import { useId } from "react";
import { sourceLabel } from "../../lib/format";
import type { QueuedSave } from "../../lib/offline-saves";

/** Host and path of a URL, without the scheme, query or fragment. */
function address(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return pathname === "/" ? host : `${host}${pathname}`;
  } catch {
    return url;
  }
}

/**
 * A save made offline, kept on this device until it is sent (lib/offline-saves.ts): shown in the grid like a
 * card, so the reader sees it was not lost, with Remove to give it up.
 */
export function QueuedCard({ save, onRemove }: { save: QueuedSave; onRemove: (url: string) => void }) {
  const titleId = useId();
  return (
    <article className="article-card is-queued" aria-labelledby={titleId}>
      <div className="card-meta">
        <span className="chip">{sourceLabel(null, save.url)}</span>
      </div>
      <h3 className="card-title card-title-queued" id={titleId}>
        {address(save.url)}
      </h3>
      <p className="card-status card-status-pending">Saved on this device. Sent when you are back online.</p>
      <div className="card-actions">
        <button
          type="button"
          className="card-button card-button-danger"
          aria-label={`Remove '${address(save.url)}'`}
          onClick={() => onRemove(save.url)}
        >
          Remove
        </button>
      </div>
    </article>
  );
}
