import type { ReactNode } from "react";
import { percent } from "../../lib/topic-display";

/**
 * "How topics are made" for a reader, on /topics: what groups articles, what the score and the figures mean, and
 * why topics are in one language when they are. The method's own name and figures stay behind it (and behind
 * each card's own disclosure), so the cards speak of the articles.
 */
export function HowTopicsAreMade({ perLanguage }: { perLanguage: boolean }) {
  return (
    <details className="how-topics">
      <summary>How topics are made</summary>
      <div className="how-topics-body">
        <p>
          VibeRead reads every article you save and groups the ones that talk about the same things. A topic is named
          after words its articles share. Articles that fit no group are listed under "Other articles".
        </p>
        <p>
          New articles join the topic they are closest to within a minute of being processed. Topics are grouped again
          as your library grows; a topic that keeps most of its articles keeps its name and its place.
        </p>
        {perLanguage && (
          <p>
            Articles in different languages are grouped apart: the model used here compares words within one language,
            so each topic is in one language and says which.
          </p>
        )}
        <p>
          The percent on a topic ranks it: topics with more unread, recent and well-rated articles whose articles are
          close to each other come first. Under each topic, "Method and fit" names the grouping method and how clearly
          the topic's articles stand apart from the other topics.
        </p>
      </div>
    </details>
  );
}

/**
 * A card's or a topic page's method and fit (spec: algorithm and quality score), folded away for the readers who
 * ask; `children`, more rows of the same list (the topic page's size and source).
 */
export function TopicMethod({
  summary = "Method and fit",
  algorithm,
  quality,
  overall,
  className = "",
  children,
}: {
  summary?: string;
  algorithm: string;
  quality: number;
  /** The whole grouping's figure, on a topic's own page. */
  overall?: number;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <details className={`topic-method ${className}`.trim()}>
      <summary>{summary}</summary>
      <dl className="topic-facts topic-method-facts">
        <div>
          <dt>Method</dt>
          <dd>{algorithm}</dd>
        </div>
        <div>
          <dt>Fit</dt>
          <dd>
            {percent(quality)}
            <span className="topic-meta-note">
              {" "}
              (quality: how clearly its articles stand apart
              {overall === undefined ? ")" : `; all topics ${percent(overall)})`}
            </span>
          </dd>
        </div>
        {children}
      </dl>
    </details>
  );
}
