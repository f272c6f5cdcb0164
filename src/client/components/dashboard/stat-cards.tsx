import { Link } from "react-router";
import type { Stats } from "../../api/types";

const CARDS: {
  key: keyof Pick<Stats, "total_articles" | "unread_articles" | "read_articles" | "weekly_read_articles">;
  label: string;
}[] = [
  { key: "total_articles", label: "Total Articles" },
  { key: "unread_articles", label: "Unread" },
  { key: "read_articles", label: "Read" },
  { key: "weekly_read_articles", label: "Weekly Reads" },
];

/** The four counters of spec §2, each a way into /stats. */
export function StatCards({ stats }: { stats: Stats | null }) {
  return (
    <nav className="stat-cards" aria-label="Reading statistics">
      {CARDS.map(({ key, label }) => (
        <Link key={key} to="/stats" className="stat-card">
          <span className="stat-label">{label}</span>
          <span className="stat-value">{stats ? stats[key].toLocaleString("en-US") : "–"}</span>
        </Link>
      ))}
    </nav>
  );
}
