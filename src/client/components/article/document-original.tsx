import { useState } from "react";
import { documentsApi } from "../../api/documents";
import type { ArticleDocument } from "../../api/types";

const KIND_LABELS: Record<ArticleDocument["type"], string> = {
  pdf: "PDF",
  epub: "EPUB book",
  html: "HTML file",
  markdown: "Markdown file",
  text: "text file",
};

/** "a PDF of 12 pages", "the Markdown file notes.md". */
export function describeDocument(document: ArticleDocument): string {
  const kind = KIND_LABELS[document.type];
  const pages = document.pages ? `, ${document.pages} ${document.pages === 1 ? "page" : "pages"}` : "";
  return document.name ? `${document.name} (${kind}${pages})` : `a ${kind}${pages}`;
}

/**
 * The original file a document article was read from, opened in a new tab beside the text (issue 54). The API
 * wants the bearer token, so the file is fetched and opened as a blob: a PDF in the browser's PDF viewer, any other
 * kind as plain text (an uploaded HTML file opened as a page would run its scripts in the app's origin); an EPUB
 * is downloaded. The tab is opened before the fetch, while the click still allows a new window.
 */
export function OpenOriginalDocument({ document, className }: { document: ArticleDocument; className?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function open() {
    setError(null);
    setBusy(true);
    const download = document.type === "epub";
    const tab = download ? null : window.open("", "_blank");
    try {
      const blob = await documentsApi.original(document.original_url);
      const type = document.type === "pdf" ? "application/pdf" : download ? blob.type : "text/plain;charset=utf-8";
      const url = URL.createObjectURL(new Blob([blob], { type }));
      if (download) {
        const link = window.document.createElement("a");
        link.href = url;
        link.download = document.name ?? "document.epub";
        link.click();
      } else if (tab) {
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
      // The tab has loaded it (or the download has begun) long before a minute is out.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (failure) {
      tab?.close();
      setError(failure instanceof Error ? failure.message : "The original file could not be opened.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className={className ?? "button button-secondary button-small"}
        onClick={() => void open()}
        disabled={busy}
      >
        Open original
      </button>
      {error && (
        <span className="add-article-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
