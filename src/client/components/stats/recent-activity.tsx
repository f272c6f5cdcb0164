import { Link } from "react-router";
import type { Stats } from "../../api/types";
import { displayTitle, relativeDate } from "../../lib/format";
import { keyedActivity } from "../../lib/stats-view";
import { StatsEmpty, StatsSection } from "./stats-section";

/** The latest saves and reads, newest first, as the API orders them; each title opens its article. */
export function RecentActivitySection({ activity }: { activity: Stats["recent_activity"] }) {
  return (
    <StatsSection title="Recent Activity" className="stats-span-full">
      {activity.length === 0 ? (
        <StatsEmpty>No recent activity</StatsEmpty>
      ) : (
        <ul className="stats-recent">
          {keyedActivity(activity).map((item) => (
            <li key={item.key} className="stats-recent-item">
              <span className={`stats-badge stats-badge-${item.action}`}>{item.action}</span>
              <span className="stats-recent-text">
                <Link to={`/article/${item.id}`} className="stats-recent-title">
                  {displayTitle(item.title, item.url)}
                </Link>
                <span className="stats-recent-meta">
                  {item.domain || "Unknown source"} ·{" "}
                  <time dateTime={item.date} title={new Date(item.date).toLocaleString()}>
                    {relativeDate(item.date)}
                  </time>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </StatsSection>
  );
}
