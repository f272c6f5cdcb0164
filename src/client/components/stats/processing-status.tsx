import type { Stats } from "../../api/types";
import { processingRows } from "../../lib/stats-view";
import { StatsEmpty, StatsSection } from "./stats-section";

/** Ready to Read, Processing, Pending, Failed: each only when above 0. */
export function ProcessingStatusSection({ processing }: { processing: Stats["processing_stats"] }) {
  const rows = processingRows(processing);
  return (
    <StatsSection title="Processing Status">
      {rows.length === 0 ? (
        <StatsEmpty>No processing data available</StatsEmpty>
      ) : (
        <ul className="stats-rows">
          {rows.map((row) => (
            <li key={row.key} className="stats-row">
              <span className={`stats-status-dot stats-status-${row.key}`} aria-hidden="true" />
              <span className="stats-row-label">{row.label}</span>
              <span className="stats-row-count">{row.count}</span>
            </li>
          ))}
        </ul>
      )}
    </StatsSection>
  );
}
