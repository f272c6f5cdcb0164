/** A dismissible error with the server's detail (spec §2, §8). */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="error-banner" role="alert">
      <span>{message}</span>
      <button type="button" className="error-banner-close" aria-label="Dismiss error" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
