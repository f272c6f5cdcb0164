import type { Stats } from "../../api/types";
import {
  activityTotals,
  barHeight,
  chartMax,
  dateTicks,
  dayDescription,
  hasDailyActivity,
  shortDate,
} from "../../lib/stats-view";
import { StatsEmpty, StatsSection } from "./stats-section";

/**
 * Saved versus read per day over the last 30 days, as paired CSS bars. The drawing is hidden from assistive
 * technology; a visually hidden table carries the same figures.
 */
export function DailyActivitySection({ days }: { days: Stats["daily_activity"] }) {
  return (
    <StatsSection title="Daily Activity" className="stats-span-full">
      {hasDailyActivity(days) ? (
        <DailyActivityChart days={days} />
      ) : (
        <StatsEmpty>No daily activity data available</StatsEmpty>
      )}
    </StatsSection>
  );
}

function DailyActivityChart({ days }: { days: Stats["daily_activity"] }) {
  const max = chartMax(days);
  const totals = activityTotals(days);
  const columns = { gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` };
  return (
    <figure className="stats-chart">
      <ul className="stats-legend">
        <li>
          <span className="stats-swatch stats-swatch-saved" aria-hidden="true" />
          Saved
        </li>
        <li>
          <span className="stats-swatch stats-swatch-read" aria-hidden="true" />
          Read
        </li>
      </ul>
      <div className="stats-chart-frame" aria-hidden="true">
        <div className="stats-chart-axis">
          <span>{max}</span>
          <span>0</span>
        </div>
        <div className="stats-chart-body">
          <div className="stats-chart-plot" style={columns}>
            {days.map((day) => (
              <div className="stats-chart-day" key={day.date} title={dayDescription(day)} data-date={day.date}>
                <span
                  className="stats-chart-bar stats-chart-bar-saved"
                  data-value={day.articles_saved}
                  style={{ height: `${barHeight(day.articles_saved, max)}%` }}
                />
                <span
                  className="stats-chart-bar stats-chart-bar-read"
                  data-value={day.articles_read}
                  style={{ height: `${barHeight(day.articles_read, max)}%` }}
                />
              </div>
            ))}
          </div>
          <div className="stats-chart-dates" style={columns}>
            {dateTicks(days).map((tick) => (
              <span
                key={tick.index}
                className={`stats-chart-date stats-chart-date-${tick.align}`}
                style={{ gridColumn: tick.index + 1 }}
              >
                {tick.label}
              </span>
            ))}
          </div>
        </div>
      </div>
      <figcaption className="stats-note">
        Last 30 days: {totals.saved} saved, {totals.read} read.
      </figcaption>
      {/* A table cannot shrink to 1px itself: the hidden wrapper clips it so it never widens the page. */}
      <div className="visually-hidden">
        <table>
          <caption>Articles saved and read per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Saved</th>
              <th scope="col">Read</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{shortDate(day.date)}</th>
                <td>{day.articles_saved}</td>
                <td>{day.articles_read}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
