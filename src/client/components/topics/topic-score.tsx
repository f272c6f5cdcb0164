import { percent, scoreToneClass } from "../../lib/topic-display";

/** The topic's score as a percent, coloured by spec §9 bands (no colour below 0.4). */
export function TopicScore({ score, className = "" }: { score: number; className?: string }) {
  return (
    <span className={`topic-score ${scoreToneClass(score)} ${className}`.trim()} title="Topic score">
      <span className="visually-hidden">Score </span>
      {percent(score)}
    </span>
  );
}

/** "4 unread · 12 articles". */
export function TopicCounts({ unread, total }: { unread: number; total: number }) {
  return (
    <>
      <span className="topic-count">
        <strong>{unread}</strong> unread
      </span>{" "}
      <span className="topic-count">
        <strong>{total}</strong> {total === 1 ? "article" : "articles"}
      </span>
    </>
  );
}
