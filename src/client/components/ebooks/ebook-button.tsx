import { useEbookDownload } from "../../hooks/use-ebook-download";

/** The viewer's download of the article as an EPUB (its pictures, highlights and notes), for an e-reader. */
export function EbookButton({ articleId }: { articleId: number }) {
  const { busy, download } = useEbookDownload();
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={busy !== null}
      title="Download as EPUB, for an e-reader"
      aria-label="Download as EPUB"
      onClick={() => void download("article", { ids: [articleId] })}
    >
      <span aria-hidden="true">⤓</span> <span className="toolbar-label">{busy ? "Preparing..." : "EPUB"}</span>
    </button>
  );
}
