/** The banner an offline screen shows above what it has (lib/offline.ts): a status, read out once when it appears. */
export function OfflineNotice({ children }: { children: string }) {
  return (
    <p className="offline-notice" role="status">
      <span aria-hidden="true">⚡</span> {children}
    </p>
  );
}
