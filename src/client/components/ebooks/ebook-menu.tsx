import { useEffect, useRef } from "react";
import type { EbookSelection } from "../../api/ebooks";
import { useEbookDownload } from "../../hooks/use-ebook-download";

/** The newest-N books the menu offers; the server takes 1 to 200. */
const NEWEST = [20, 50];

/**
 * The Library's "E-book" menu: the unread queue, the newest articles, or (when the list is filtered by a tag) that
 * tag, each downloaded as one EPUB with a table of contents, pictures and highlights. A disclosure, so it needs no
 * script to open and closes on Escape like the browser's own.
 */
export function EbookMenu({ tag }: { tag: string }) {
  const { busy, download } = useEbookDownload();
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) menu.current.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);

  const choices: { key: string; label: string; selection: EbookSelection }[] = [
    { key: "unread", label: "Unread queue", selection: { state: "unread" } },
    ...NEWEST.map((n) => ({ key: `newest-${n}`, label: `${n} newest articles`, selection: { newest: n } })),
    ...(tag ? [{ key: "tag", label: `Tag: ${tag}`, selection: { tag } }] : []),
  ];

  return (
    <details
      ref={menu}
      className="ebook-menu"
      onKeyDown={(event) => {
        if (event.key === "Escape" && menu.current?.open) {
          menu.current.open = false;
          menu.current.querySelector("summary")?.focus();
        }
      }}
    >
      <summary className="button button-secondary">{busy ? "Preparing e-book..." : "E-book"}</summary>
      <div className="ebook-menu-panel">
        <p className="ebook-menu-note">Download as EPUB, for any e-reader (at most 200 articles a book):</p>
        <ul>
          {choices.map((choice) => (
            <li key={choice.key}>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy !== null}
                aria-label={`Download ${choice.label} as EPUB`}
                onClick={() => void download(choice.key, choice.selection)}
              >
                {busy === choice.key ? "Preparing..." : choice.label}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
