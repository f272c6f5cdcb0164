export interface BulkCounts {
  successful: number;
  duplicates: number;
  failed: number;
  invalid: number;
}

/** The outcome of a bulk save (spec §2); the add box clears it after 3 s. */
export function BulkResults({ counts }: { counts: BulkCounts }) {
  const rows: [string, number, string][] = [
    ["Successful", counts.successful, "ok"],
    ["Duplicates skipped", counts.duplicates, "duplicate"],
    ["Failed", counts.failed, "failed"],
    ["Invalid URLs", counts.invalid, "invalid"],
  ];
  return (
    <div className="bulk-results" role="status">
      <h3 className="bulk-results-title">Bulk Operation Results</h3>
      <ul className="bulk-results-counts">
        {rows.map(([label, value, tone]) => (
          <li key={label} className={`bulk-count bulk-count-${tone}`}>
            {label}: <strong>{value}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
