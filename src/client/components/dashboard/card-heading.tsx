import { Link } from "react-router";
import { displayTitle } from "../../lib/format";

/** An article card's linked title and summary preview, the same on the dashboard and a topic's page. */
export function CardHeading({
  articleId,
  titleId,
  title,
  url,
  summary,
}: {
  articleId: number;
  /** The heading's id: the card is labelled by it. */
  titleId: string;
  title: string | null;
  /** Named instead of the title until one is known (a topic's articles are processed, so titled). */
  url?: string;
  summary: string | null;
}) {
  return (
    <>
      <h3 className="card-title" id={titleId}>
        <Link to={`/article/${articleId}`} className="card-link">
          {displayTitle(title, url)}
        </Link>
      </h3>
      {summary && <p className="card-summary">{summary}</p>}
    </>
  );
}
