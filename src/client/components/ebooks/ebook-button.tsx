import { useEbookDownload } from "../../hooks/use-ebook-download";

/** The viewer's download of the article as an EPUB (its pictures, highlights and notes), for an e-reader. */
export function EbookButton({ articleId }: { articleId: number }) {
  const { busy, download } = useEbookDownload();
  return (
    <div className="reader-ebook">
      <button
        type="button"
        className="button button-secondary"
        disabled={busy !== null}
        onClick={() => void download("article", { ids: [articleId] })}
      >
        {busy ? "Preparing the EPUB..." : "Download as EPUB"}
      </button>
      <p className="reader-ebook-note">For an e-reader: with its pictures, your highlights and notes.</p>
    </div>
  );
}
