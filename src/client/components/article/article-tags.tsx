import { type FormEvent, useId, useState } from "react";
import type { Article } from "../../api/types";
import { useToast } from "../../hooks/use-toast";
import { useSetArticleTags } from "../../queries/tags";

const MAX_TAG_LENGTH = 64;
const MAX_TAGS = 50;

/** The article's tags in the viewer (issue 23): chips with a remove button each, and a field to add one. */
export function ArticleTags({ article }: { article: Article }) {
  const toast = useToast();
  const save = useSetArticleTags(article.id);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const tags = article.tags ?? [];

  async function update(next: string[]): Promise<boolean> {
    setError(null);
    try {
      await save.mutateAsync(next);
      return true;
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : "Failed to update tags");
      return false;
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const tag = draft.replace(/\s+/g, " ").trim();
    if (!tag) return;
    if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) {
      setDraft("");
      return;
    }
    if (tags.length >= MAX_TAGS) {
      setError(`An article can have at most ${MAX_TAGS} tags`);
      return;
    }
    if (await update([...tags, tag])) setDraft("");
  }

  return (
    <section className="article-tags" aria-label="Tags">
      {tags.length > 0 ? (
        <ul className="tag-list">
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              <button
                type="button"
                className="tag-remove"
                aria-label={`Remove tag ${tag}`}
                disabled={save.isPending}
                onClick={() => void update(tags.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="tag-empty">No tags yet.</p>
      )}
      <form className="tag-form" onSubmit={(event) => void add(event)} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          Add a tag
        </label>
        <input
          id={inputId}
          value={draft}
          maxLength={MAX_TAG_LENGTH}
          placeholder="Add a tag"
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="button button-secondary" disabled={save.isPending || !draft.trim()}>
          Add
        </button>
        {error && (
          <p className="field-error" id={errorId} role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
