/** Loading and error states shared by the topics screens and the dashboard panel. */
export function TopicsLoading({ label, compact = false }: { label: string; compact?: boolean }) {
  return (
    <div className={compact ? "topics-loading topics-loading-compact" : "topics-loading"} role="status">
      <span className={compact ? "spinner spinner-compact" : "spinner"} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function TopicsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="topics-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
