import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from "react";
import { articlesApi } from "../../api/articles";
import type { Article } from "../../api/types";
import { unreachable } from "../../hooks/dashboard/use-offline-saves";
import { useToast } from "../../hooks/use-toast";
import { type BulkSummary, summariseBulkSave } from "../../lib/bulk-summary";
import {
  enterSaves,
  invalidLinesHint,
  parseUrlInput,
  planSave,
  saveButtonLabel,
  urlCountHint,
} from "../../lib/url-input";
import { BulkResults } from "./bulk-results";
import { DocumentUpload, useDocumentUpload } from "./document-upload";

/** Spec §9: the results panel clears after 3 s (unless it names skipped lines); the text area shows at most 5 rows. */
export const BULK_RESULTS_MS = 3_000;
const MAX_ROWS = 5;
const EXPANDED_MIN_ROWS = 3;

/** Macs save with Cmd+Enter, everything else with Ctrl+Enter; the hint names the right one. */
function isMac(): boolean {
  return typeof navigator !== "undefined" && /Mac|iPhone|iPad/i.test(navigator.platform || navigator.userAgent);
}

/**
 * Saves one URL, or several (one per line) through bulk add. A single line until focused, then a text area;
 * Escape collapses and clears it. `onSaved` receives the new articles for the top of the list; `onQueued`, when
 * given, keeps the URLs on the device instead while the server cannot be reached (offline).
 */
export function AddArticleBox({
  onSaved,
  onQueued,
}: {
  onSaved: (articles: Article[]) => void;
  onQueued?: (urls: string[]) => void;
}) {
  const toast = useToast();
  const [text, setText] = useState("");
  const [expanded, setExpanded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<BulkSummary | null>(null);
  const upload = useDocumentUpload(onSaved);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const invalidId = useId();

  useEffect(() => {
    // A panel naming duplicates or invalid lines stays until dismissed: three seconds are too short to read them.
    if (!results || results.skipped.length > 0) return;
    const timer = setTimeout(() => setResults(null), BULK_RESULTS_MS);
    return () => clearTimeout(timer);
  }, [results]);

  const [mac] = useState(isMac);
  const parsed = parseUrlInput(text);
  const invalidHint = invalidLinesHint(parsed.invalid);
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
    const urls = plan.kind === "single" ? [plan.url] : plan.urls;
    const queueInstead = () => {
      onQueued?.(urls);
      reset();
      toast.info("You are offline: saved on this device, and sent when you are back online.");
    };
    if (onQueued && !navigator.onLine) {
      queueInstead();
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
        setResults(summariseBulkSave(outcome, plan.invalid));
        onSaved(outcome.results.flatMap((r) => (r.success && r.article ? [r.article] : [])));
      }
    } catch (failure) {
      if (onQueued && unreachable(failure)) {
        queueInstead();
        return;
      }
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
    } else if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      // Ctrl/Cmd+Enter saves any number; plain Enter saves a single URL and otherwise starts a new line.
      const submit = event.metaKey || event.ctrlKey || (!event.shiftKey && !event.altKey && enterSaves(parsed));
      if (!submit) return;
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  const describedBy =
    [expanded ? hintId : null, expanded && invalidHint ? invalidId : null, error ? errorId : null]
      .filter(Boolean)
      .join(" ") || undefined;

  return (
    <section
      className={`add-article${dragging ? " is-dropping" : ""}`}
      aria-label="Save articles"
      // A file dragged over the box is taken as a document upload (issue 54); text and links keep their default.
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        const file = event.dataTransfer.files[0];
        if (!file) return;
        event.preventDefault();
        setDragging(false);
        void upload.send(file);
      }}
    >
      <form className={`add-article-form${expanded ? " is-expanded" : ""}`} onSubmit={save} noValidate>
        <label htmlFor={inputId} className="visually-hidden">
          Article URLs
        </label>
        <textarea
          id={inputId}
          className="add-article-input"
          value={text}
          rows={rows}
          placeholder={expanded ? "Paste one URL per line" : "Paste a link to save it"}
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
          {saveButtonLabel(parsed.valid.length, saving)}
        </button>
      </form>
      {expanded && (
        <p id={hintId} className="add-article-hint">
          {urlCountHint(parsed, mac)}
        </p>
      )}
      {expanded && invalidHint && (
        <p id={invalidId} className="add-article-hint add-article-invalid">
          {invalidHint}
        </p>
      )}
      {error && (
        <p id={errorId} className="add-article-error" role="alert">
          {error}
        </p>
      )}
      <DocumentUpload state={upload} />
      {results && <BulkResults summary={results} onDismiss={() => setResults(null)} />}
    </section>
  );
}
