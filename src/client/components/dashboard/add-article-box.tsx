import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from "react";
import { articlesApi } from "../../api/articles";
import type { Article } from "../../api/types";
import { useToast } from "../../hooks/use-toast";
import { parseUrlInput, planSave, saveButtonLabel, urlCountHint } from "../../lib/url-input";
import { type BulkCounts, BulkResults } from "./bulk-results";

/** Spec §9: the results panel clears after 3 s; the text area shows at most 5 rows. */
export const BULK_RESULTS_MS = 3_000;
const MAX_ROWS = 5;
const EXPANDED_MIN_ROWS = 3;

/**
 * Saves one URL, or several (one per line) through bulk add. A single line until focused, then a text area;
 * Escape collapses and clears it. `onSaved` receives the new articles for the top of the list.
 */
export function AddArticleBox({ onSaved }: { onSaved: (articles: Article[]) => void }) {
  const toast = useToast();
  const [text, setText] = useState("");
  const [expanded, setExpanded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<BulkCounts | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!results) return;
    const timer = setTimeout(() => setResults(null), BULK_RESULTS_MS);
    return () => clearTimeout(timer);
  }, [results]);

  const lineCount = parseUrlInput(text).lines.length;
  const rows = expanded ? Math.min(MAX_ROWS, Math.max(EXPANDED_MIN_ROWS, text.split("\n").length)) : 1;

  function reset() {
    setText("");
    setError(null);
    setExpanded(false);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const plan = planSave(text);
    if (plan.kind === "error") {
      setError(plan.message);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      if (plan.kind === "single") {
        const article = await articlesApi.create(plan.url);
        reset();
        toast.success("Article saved! Processing in background...");
        onSaved([article]);
      } else {
        const outcome = await articlesApi.bulkCreate(plan.urls);
        reset();
        setResults({
          successful: outcome.successful,
          duplicates: outcome.duplicates,
          failed: outcome.failed,
          invalid: outcome.invalid + plan.invalid,
        });
        onSaved(outcome.results.flatMap((r) => (r.success && r.article ? [r.article] : [])));
      }
    } catch (failure) {
      // The server's detail, e.g. a 409 "This article is already in your library".
      setError(failure instanceof Error ? failure.message : "Failed to create article");
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      reset();
    } else if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.currentTarget.form?.requestSubmit();
    }
  }

  const describedBy = [expanded ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <section className="add-article" aria-label="Save articles">
      <form className={`add-article-form${expanded ? " is-expanded" : ""}`} onSubmit={save} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          Article URLs
        </label>
        <textarea
          id={inputId}
          className="add-article-input"
          value={text}
          rows={rows}
          placeholder={expanded ? "Paste one URL per line" : "Paste an article URL to save it"}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onFocus={() => setExpanded(true)}
          onBlur={() => {
            if (!text.trim() && !error) setExpanded(false);
          }}
          onChange={(event) => {
            setText(event.target.value);
            setExpanded(true);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="button button-primary add-article-submit"
          disabled={saving || text.length === 0}
        >
          {saveButtonLabel(lineCount, saving)}
        </button>
      </form>
      {expanded && (
        <p id={hintId} className="add-article-hint">
          {urlCountHint(lineCount)}
        </p>
      )}
      {error && (
        <p id={errorId} className="add-article-error" role="alert">
          {error}
        </p>
      )}
      {results && <BulkResults counts={results} />}
    </section>
  );
}
