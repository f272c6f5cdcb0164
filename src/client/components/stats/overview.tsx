import type { Stats } from "../../api/types";
import { percentRead, pluralize } from "../../lib/stats-view";
import { StatsSection, StatTiles } from "./stats-section";

export function OverviewSection({ stats }: { stats: Stats }) {
  return (
    <StatsSection title="Overview" className="stats-span-full">
      <StatTiles
        tiles={[
          { label: "Total Articles", value: stats.total_articles },
          { label: "Unread", value: stats.unread_articles },
          { label: "Read", value: stats.read_articles },
          { label: "Read this week", value: stats.weekly_read_articles },
        ]}
      />
    </StatsSection>
  );
}

/** Percent read = read / total, rounded, drawn as a progress bar. */
export function ProgressSection({ stats }: { stats: Stats }) {
  const percent = percentRead(stats.read_articles, stats.total_articles);
  return (
    <StatsSection title="Progress">
      <p className="stats-progress-figure">
        <span className="stats-progress-percent">{percent}%</span> of your library read
      </p>
      <div
        className="stats-progress-track"
        role="progressbar"
        aria-label="Articles read"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% read`}
      >
        <span className="stats-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="stats-note">
        {stats.read_articles} of {pluralize(stats.total_articles, "article")} read
      </p>
    </StatsSection>
  );
}

export function ActivitySection({ stats }: { stats: Stats }) {
  return (
    <StatsSection title="Activity">
      <StatTiles
        tiles={[
          { label: "Saved this month", value: stats.articles_this_month },
          { label: "Reading streak", value: pluralize(stats.reading_streak, "day") },
        ]}
      />
    </StatsSection>
  );
}
