import { useId } from "react";
import type { Article } from "../../api/types";
import { useArticleNote } from "../../hooks/article/use-article-note";
import { MAX_ARTICLE_NOTE_LENGTH, noteCounter, noteStatusText } from "../../lib/article-note";

/**
 * The reader's note on the whole article (issue 32), under the title: plain text (markdown stays as typed, not
 * rendered), saved as they type, with the save's state beside it and a counter near the 10,000-character limit.
 */
export function ArticleNote({ article }: { article: Article }) {
  const note = useArticleNote(article);
  const fieldId = useId();
  const statusId = useId();
  const counterId = useId();
  const counter = noteCounter(note.draft.length);
  const status = noteStatusText(note.state, note.error);

  return (
    <section className="article-note" aria-label="Article note">
      {/* The placeholder says what the field is for; the label names it for assistive technology. A one-line
          field that grows as the reader types keeps the text where it was before notes existed. */}
      <label htmlFor={fieldId} className="visually-hidden">
        Your note
      </label>
      <textarea
        id={fieldId}
        className="article-note-field"
        value={note.draft}
        rows={1}
        dir="auto"
        maxLength={MAX_ARTICLE_NOTE_LENGTH}
        placeholder="Add a note about this article..."
        aria-describedby={counter ? `${statusId} ${counterId}` : statusId}
        aria-invalid={note.state === "error" ? true : undefined}
        onChange={(event) => note.change(event.target.value)}
        onFocus={note.focus}
        onBlur={note.blur}
      />
      <div className="article-note-footer">
        <span
          id={statusId}
          className={`article-note-status${note.state === "error" ? " is-error" : ""}`}
          role="status"
          aria-live="polite"
        >
          {status}
        </span>
        {note.state === "error" && (
          <button type="button" className="article-note-retry" onClick={note.retry}>
            Try again
          </button>
        )}
        {counter && (
          <span
            id={counterId}
            className={`article-note-counter${note.draft.length >= MAX_ARTICLE_NOTE_LENGTH ? " is-full" : ""}`}
          >
            {counter}
          </span>
        )}
      </div>
    </section>
  );
}
