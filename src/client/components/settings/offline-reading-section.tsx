import { useId } from "react";
import { useOfflineQueue } from "../../hooks/use-offline-queue";
import { relativeDate } from "../../lib/format";
import { formatSpace, QUEUE_SIZES } from "../../lib/offline-queue";
import { SettingsSection } from "./settings-section";

/** What the status line says: what is kept and what it weighs, or why nothing is. */
function statusText(status: NonNullable<ReturnType<typeof useOfflineQueue>["status"]>): string {
  if (status.size === 0) return "No articles are kept on this device.";
  // The service worker keeps the copies: without it (the development server, a page loaded before it started) none are.
  if (status.count === 0 && !navigator.serviceWorker?.controller) {
    return "Articles are kept once the app runs with its offline service: reload the page.";
  }
  const kept =
    status.count === 0
      ? "No articles kept yet"
      : `${status.count === 1 ? "1 article" : `${status.count} articles`} kept, ${formatSpace(status.bytes)}`;
  if (status.running) return `${kept}. Refreshing...`;
  const when = status.syncedAt ? `; refreshed ${relativeDate(status.syncedAt).toLowerCase()}` : "";
  return `${kept}${when}.${status.problem ? ` ${status.problem}` : ""}`;
}

/**
 * Settings: the unread queue kept on this device (issue 50): how many of the newest unread articles, with their
 * pictures, and the space they take; refreshed on its own whenever the app is online, or now.
 */
export function OfflineReadingSection() {
  const { status, setSize, refresh } = useOfflineQueue();
  const selectId = useId();
  const statusId = useId();
  const supported = typeof navigator !== "undefined" && "serviceWorker" in navigator && typeof caches !== "undefined";
  return (
    <SettingsSection
      title="Offline reading"
      description="The newest unread articles are kept on this device with their pictures, so the app reads them without a connection: on a train, a plane, or when a site is down. They are refreshed whenever the app is online; read articles make room for new ones."
    >
      {!supported ? (
        <p className="muted">This browser cannot keep articles for offline reading.</p>
      ) : (
        <div className="offline-reading">
          <div className="settings-row">
            <label className="settings-label" htmlFor={selectId}>
              Unread articles kept on this device
            </label>
            <select
              id={selectId}
              value={String(status?.size ?? "")}
              aria-describedby={statusId}
              onChange={(event) => setSize(Number(event.target.value))}
            >
              {QUEUE_SIZES.map((size) => (
                <option key={size} value={String(size)}>
                  {size === 0 ? "None" : `The newest ${size}`}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button-secondary"
              disabled={!status || status.running || status.size === 0}
              onClick={refresh}
            >
              Refresh now
            </button>
          </div>
          <p className="muted" id={statusId} role="status">
            {status ? statusText(status) : ""}
          </p>
        </div>
      )}
    </SettingsSection>
  );
}
