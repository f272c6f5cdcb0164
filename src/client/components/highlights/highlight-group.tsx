import { Link } from "react-router";
import { displayTitle, relativeDate, sourceLabel } from "../../lib/format";
import { type ArticleGroup, COLOR_NAMES, highlightCountLabel } from "../../lib/highlight-list";

/** The viewer at one highlight: it opens the highlight's tab and scrolls to it (hooks/article/use-highlight-jump). */
export const highlightLink = (articleId: number, highlightId: number) =>
  `/article/${articleId}?highlight=${highlightId}`;

/**
 * One article's highlights on /#/highlights: its title (to the viewer), source, the article's own note, and each
 * quote with its note; a quote opens the article at that highlight (issue 50).
 */
export function HighlightGroup({ group }: { group: ArticleGroup }) {
  const { article, highlights, note } = group;
  const headingId = `highlight-group-${article.id}`;
  return (
    <article className="highlight-group" aria-labelledby={headingId}>
      <header className="highlight-group-header">
        <h2 id={headingId} className="highlight-group-title">
          <Link to={`/article/${article.id}`} dir="auto">
            {displayTitle(article.title, article.url)}
          </Link>
        </h2>
        <p className="highlight-group-meta">
          <span>{sourceLabel(article.domain, article.url)}</span>
          {highlights.length > 0 && (
            <>
              <span aria-hidden="true">·</span>
              <span>{highlightCountLabel(highlights.length)}</span>
            </>
          )}
        </p>
      </header>
      {note?.trim() && (
        <section className="library-article-note" aria-label="Article note">
          <h3 className="library-article-note-heading">Article note</h3>
          <p dir="auto">{note}</p>
        </section>
      )}
      {highlights.length > 0 && (
        <ul className="library-highlights">
          {highlights.map((highlight) => (
            <li key={highlight.id} className={`library-highlight is-${highlight.color}`}>
              <span className="visually-hidden">{COLOR_NAMES[highlight.color]} highlight</span>
              <blockquote className="library-quote" dir="auto">
                <Link
                  to={highlightLink(article.id, highlight.id)}
                  className="library-quote-link"
                  title="Open the article at this highlight"
                >
                  {highlight.quote}
                </Link>
              </blockquote>
              {highlight.note && (
                <p className="library-note" dir="auto">
                  <span className="visually-hidden">Note: </span>
                  {highlight.note}
                </p>
              )}
              <p className="library-highlight-meta">
                <time dateTime={highlight.created_at}>{relativeDate(highlight.created_at)}</time>
                {highlight.target !== "content" && <span>In the {highlight.target}</span>}
                {highlight.anchor_status === "orphaned" && <span className="orphaned-mark">No longer in the text</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
