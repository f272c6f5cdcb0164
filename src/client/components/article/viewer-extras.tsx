import type { ReactNode } from "react";
import type { Article } from "../../api/types";
import { useMediaQuery } from "../../hooks/use-media-query";

/** The phone layout of the viewer, upright or on its side (the same query as styles/viewer-layout.css). */
export const PHONE_QUERY = "(max-width: 640px), (max-height: 500px)";

/**
 * The article's note, tags and highlights (issue 50 item 3): on a phone one tap away, "Note and tags" and
 * "Highlights" side by side in one row, each opening under it, so the title and the first lines of the text share
 * the first screen; wider, they are shown as they are. `highlights` is the inline highlights panel (none when it is
 * a column beside the text).
 */
export function ViewerExtras({
  article,
  highlights,
  children,
}: {
  article: Article;
  highlights: ReactNode;
  children: ReactNode;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (!phone) {
    return (
      <>
        {children}
        {highlights}
      </>
    );
  }
  const tags = article.tags?.length ?? 0;
  const state = [article.note?.trim() ? "note" : null, tags ? `${tags} ${tags === 1 ? "tag" : "tags"}` : null]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="viewer-extras-row">
      <details className="viewer-extras">
        <summary>Note and tags{state ? <span className="viewer-extras-state">{state}</span> : null}</summary>
        <div className="viewer-extras-body">{children}</div>
      </details>
      {highlights}
    </div>
  );
}
