import { Link } from "react-router";
import type { Stats } from "../api/types";
import { SignedInLayout } from "../components/app-header";
import { DailyActivitySection } from "../components/stats/daily-activity-chart";
import { ActivitySection, OverviewSection, ProgressSection } from "../components/stats/overview";
import { ProcessingStatusSection } from "../components/stats/processing-status";
import { RecentActivitySection } from "../components/stats/recent-activity";
import { StatsEmpty, StatsSection } from "../components/stats/stats-section";
import { TopSourcesSection } from "../components/stats/top-sources";
import { usePageTitle } from "../hooks/use-page-title";
import { useStatsQuery } from "../queries/stats";
import "../styles/stats.css";

/** Statistics (spec §2 'Stats'): read through the shared 30 s cache; Refresh bypasses it. */
export function StatsPage() {
  usePageTitle("Statistics");
  const query = useStatsQuery();
  const stats = query.data ?? null;
  const loading = query.isFetching;
  // A failed refresh keeps the statistics shown; only a page that has none says it failed.
  const error = query.isError ? query.error.message || "Failed to fetch article statistics" : null;
  const refresh = () => query.refresh().catch(() => undefined);

  return (
    <SignedInLayout>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/dashboard">Dashboard</Link> / <span aria-current="page">Statistics</span>
      </nav>
      <div className="stats-header">
        <h1 className="page-title">Reading statistics</h1>
        <button type="button" className="button button-secondary" onClick={() => void refresh()} disabled={loading}>
          <RefreshIcon spinning={loading} />
          {loading && stats ? "Refreshing..." : "Refresh"}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {loading ? "Loading statistics..." : stats ? "Statistics up to date" : ""}
      </p>

      {error && (
        <div className="error-box stats-error" role="alert">
          <div>
            <p className="stats-error-title">Failed to load statistics</p>
            <p className="stats-error-detail">{error}</p>
          </div>
          <button type="button" className="button button-secondary" onClick={() => void refresh()} disabled={loading}>
            Try again
          </button>
        </div>
      )}

      {stats ? (
        <StatsBody stats={stats} />
      ) : (
        loading && (
          <div className="stats-loading">
            <span className="spinner" aria-hidden="true" />
            <span>Loading statistics...</span>
          </div>
        )
      )}
    </SignedInLayout>
  );
}

function StatsBody({ stats }: { stats: Stats }) {
  return (
    <div className="stats-grid">
      {stats.total_articles > 0 ? (
        <>
          <OverviewSection stats={stats} />
          <ProgressSection stats={stats} />
          <ActivitySection stats={stats} />
        </>
      ) : (
        // An empty library has no figures worth a chart or a percentage: one message instead of rows of zeros.
        <StatsSection title="Overview" className="stats-span-full">
          <StatsEmpty>No statistics available</StatsEmpty>
          <p className="stats-note stats-center">
            Save an article from the <Link to="/dashboard">dashboard</Link> and your reading figures will appear here.
          </p>
        </StatsSection>
      )}
      <DailyActivitySection days={stats.daily_activity} />
      <ProcessingStatusSection processing={stats.processing_stats} />
      <TopSourcesSection domains={stats.top_domains} />
      <RecentActivitySection activity={stats.recent_activity} />
    </div>
  );
}

function RefreshIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg
      className={spinning ? "stats-refresh-icon stats-refresh-spinning" : "stats-refresh-icon"}
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M21 12a9 9 0 1 1-2.64-6.36" />
      <path d="M21 3v6h-6" />
    </svg>
  );
}
