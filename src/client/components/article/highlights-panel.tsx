import { type RefObject, useId, useState } from "react";
import type { Highlight } from "../../api/types";
import { useToast } from "../../hooks/use-toast";
import { copyText } from "../../lib/clipboard";
import { COLOR_NAMES, tabOfTarget } from "../../lib/highlight-list";
import { revealHighlight } from "../../lib/reveal-highlight";
import { useArticleHighlights, useDeleteHighlight } from "../../queries/article-highlights";
import "../../styles/highlights.css";

const WHERE: Record<Highlight["target"], string> = { title: "Title", summary: "Summary", content: "" };

/**
 * The article's highlights beside the text (issue 32): in reading order (title, summary, content), each with its
 * colour, quote and note; a click opens the right tab, scrolls there and flashes the passage. Those no longer in
 * the text after a re-fetch are listed apart with their quote, to copy or delete, never hidden. A side column on
 * wide screens (`side`); on narrow ones a section that opens and closes, closed at first.
 */
export function HighlightsPanel({
  articleId,
  root,
  onTab,
  side,
}: {
  articleId: number;
  root: RefObject<HTMLElement | null>;
  onTab: (tab: "summary" | "content") => void;
  side: boolean;
}) {
  const { highlights, orphaned, total, isLoading, error } = useArticleHighlights(articleId);
  const [open, setOpen] = useState(side);
  const toast = useToast();
  const bodyId = useId();
  const headingId = useId();

  async function show(highlight: Highlight) {
    const tab = tabOfTarget(highlight.target);
    if (tab) onTab(tab);
    if (!(await revealHighlight(root.current, highlight.id))) {
      toast.error("This highlight could not be found in the text.");
    }
  }

  return (
    <section
      className={`highlights-panel${side ? " is-side" : " is-inline"}${open ? " is-open" : ""}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="highlights-panel-heading">
        <button
          type="button"
          className="highlights-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <span>Highlights</span>
          <span className="count-badge">{total}</span>
          <span className="highlights-toggle-icon" aria-hidden="true">
            {open ? "▾" : "▸"}
          </span>
        </button>
      </h2>
      <div id={bodyId} className="highlights-panel-body" hidden={!open}>
        {isLoading ? (
          <p className="highlights-panel-empty">Loading highlights...</p>
        ) : error ? (
          <p className="highlights-panel-empty" role="alert">
            {error.message}
          </p>
        ) : total === 0 ? (
          <p className="highlights-panel-empty">
            No highlights yet. Select a passage in the title, summary or content and choose Highlight.
          </p>
        ) : (
          <>
            {highlights.length > 0 && (
              <ol className="hl-panel-entries" aria-label="Highlights in reading order">
                {highlights.map((highlight) => (
                  <li key={highlight.id}>
                    <button type="button" className="hl-panel-entry" onClick={() => void show(highlight)}>
                      <HighlightBody highlight={highlight} />
                    </button>
                  </li>
                ))}
              </ol>
            )}
            {orphaned.length > 0 && <OrphanedHighlights highlights={orphaned} />}
          </>
        )}
      </div>
    </section>
  );
}

function HighlightBody({ highlight }: { highlight: Highlight }) {
  const where = WHERE[highlight.target];
  return (
    <>
      <span className={`color-dot color-${highlight.color}`} aria-hidden="true" />
      <span className="hl-panel-entry-text">
        <span className="visually-hidden">{COLOR_NAMES[highlight.color]} highlight: </span>
        {where && <span className="hl-panel-where">{where}</span>}
        <span className="hl-panel-quote" dir="auto">
          {highlight.quote}
        </span>
        {highlight.note && (
          <span className="hl-panel-note" dir="auto">
            <span className="visually-hidden">Note: </span>
            {highlight.note}
          </span>
        )}
      </span>
    </>
  );
}

/** Highlights whose passage a re-fetch or re-summarize took out of the text: kept, with their quote. */
function OrphanedHighlights({ highlights }: { highlights: Highlight[] }) {
  const headingId = useId();
  return (
    <section className="orphaned-highlights" aria-labelledby={headingId}>
      <h3 id={headingId}>No longer in the text</h3>
      <p className="orphaned-hint">The article's text changed and these passages are not in it any more.</p>
      <ul className="hl-panel-entries">
        {highlights.map((highlight) => (
          <li key={highlight.id}>
            <OrphanedEntry highlight={highlight} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function OrphanedEntry({ highlight }: { highlight: Highlight }) {
  const toast = useToast();
  const remove = useDeleteHighlight();
  const [confirming, setConfirming] = useState(false);

  async function copy() {
    try {
      await copyText(highlight.note ? `${highlight.quote}\n\n${highlight.note}` : highlight.quote);
      toast.success("Copied to clipboard");
    } catch {
      toast.error("Could not copy the text");
    }
  }

  async function confirmDelete() {
    try {
      await remove.mutateAsync(highlight);
      toast.success("Highlight deleted");
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : "Failed to delete the highlight");
      setConfirming(false);
    }
  }

  return (
    <div className="hl-panel-entry is-orphaned">
      <HighlightBody highlight={highlight} />
      <div className="hl-panel-entry-actions">
        {confirming ? (
          <>
            <span>Delete this highlight?</span>
            <button type="button" className="button button-secondary button-small" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="button button-danger-outline button-small"
              disabled={remove.isPending}
              onClick={() => void confirmDelete()}
            >
              Delete
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button button-secondary button-small" onClick={() => void copy()}>
              Copy
            </button>
            <button
              type="button"
              className="button button-danger-outline button-small"
              onClick={() => setConfirming(true)}
            >
              Delete
            </button>
          </>
        )}
      </div>
    </div>
  );
}
