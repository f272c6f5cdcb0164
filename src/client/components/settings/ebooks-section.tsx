import { useState } from "react";
import type { CreatedPublishedFeed, PublishedFeed } from "../../api/feeds";
import { useEbookDownload } from "../../hooks/use-ebook-download";
import { relativeDate } from "../../lib/format";
import { usePublishedFeeds, usePublishFeed, useRevokePublishedFeed } from "../../queries/feeds";
import { RevocableList, RevocableRow } from "./revocable-list";
import { SecretShownOnce } from "./secret-shown-once";
import { SettingsSection } from "./settings-section";

/**
 * E-books: the unread queue as an EPUB now, and an OPDS catalog address an e-reader app (KOReader and others)
 * browses to download the unread queue itself, one EPUB per article. The address is a secret shown once (only a hash
 * is kept), revocable, as a published feed's is: it is one, of kind "opds".
 */
export function EbooksSection() {
  const [created, setCreated] = useState<CreatedPublishedFeed | null>(null);
  const { busy, download } = useEbookDownload();
  const create = usePublishFeed("opds");
  const [error, setError] = useState<string | null>(null);

  async function makeCatalog() {
    setError(null);
    try {
      setCreated(await create.mutateAsync(null));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Failed to make the catalog address");
    }
  }

  return (
    <SettingsSection
      title="E-books"
      description="Read on an e-reader: articles download as EPUB books with their pictures, a table of contents, and your highlights and notes. One article downloads from the Aa menu of its page, a tag or the newest articles from the Library's E-book menu."
    >
      <div className="ebooks-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy !== null}
          onClick={() => void download("unread", { state: "unread" })}
        >
          {busy ? "Preparing..." : "Download the unread queue (EPUB)"}
        </button>
      </div>

      <h3 className="settings-subheading">E-reader catalog (OPDS)</h3>
      <p className="form-note">
        An e-reader app can browse your unread queue at a private address and download each article, or the whole queue,
        as an EPUB, without signing in. Anyone with the address can read your unread articles until you revoke it.
      </p>
      <KoreaderSteps />
      <button
        type="button"
        className="button button-primary"
        disabled={create.isPending}
        onClick={() => void makeCatalog()}
      >
        {create.isPending ? "Making the address..." : "Make a catalog address"}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {created && <NewCatalogPanel key={created.id} catalog={created} onDone={() => setCreated(null)} />}
      <CatalogList />
    </SettingsSection>
  );
}

/** How to add the catalog in KOReader, in its own words (its menus as of KOReader 2024-2026 releases). */
function KoreaderSteps() {
  return (
    <details className="ebooks-howto">
      <summary>How to add it in KOReader</summary>
      <ol className="settings-steps">
        <li>Make a catalog address below and copy it.</li>
        <li>
          In KOReader's file browser, open the top menu, then <strong>Search</strong> (the magnifying glass) and{" "}
          <strong>OPDS catalog</strong>.
        </li>
        <li>
          Tap <strong>+</strong> (top left), give the catalog a name (VibeRead), paste the address as its{" "}
          <strong>URL</strong>, leave the user name and password empty, and tap <strong>Add</strong>.
        </li>
        <li>
          Open the catalog: your unread articles are listed, newest first. Tap one (or "The whole unread queue") and
          choose where to save the EPUB.
        </li>
      </ol>
      <p className="form-note">
        Other apps that read OPDS catalogs (Moon+ Reader, Thorium, PocketBook, Librera) take the same address where they
        ask for a catalog or library URL.
      </p>
    </details>
  );
}

function NewCatalogPanel({ catalog, onDone }: { catalog: CreatedPublishedFeed; onDone: () => void }) {
  return (
    <SecretShownOnce
      label="New e-reader catalog"
      warning={
        <>
          <strong>Copy the catalog's address now</strong> and paste it into your e-reader app. It will not be shown
          again: if you lose it, revoke the catalog and make another.
        </>
      }
      secret={catalog.url}
      thing="address"
      copiedToast="Catalog address copied"
      onDone={onDone}
    />
  );
}

function CatalogList() {
  const catalogs = usePublishedFeeds("opds");
  const revoke = useRevokePublishedFeed();
  return (
    <RevocableList
      query={catalogs}
      label="Your e-reader catalogs"
      texts={{
        loading: "Loading catalogs...",
        failed: "Failed to fetch the catalogs",
        empty: "You have no catalog address.",
      }}
    >
      {(catalog: PublishedFeed) => (
        <RevocableRow
          key={catalog.id}
          id={catalog.id}
          name={catalog.title}
          revoke={revoke}
          texts={{
            title: "Revoke this catalog?",
            action: "Revoke",
            busy: "Revoking...",
            confirm: "Revoke this catalog address? E-reader apps using it can no longer reach your unread articles.",
            revoked: "Catalog revoked",
            failed: "Failed to revoke the catalog",
          }}
        >
          <strong className="token-name">E-reader catalog</strong>
          <span className="token-meta">
            Made {relativeDate(new Date(catalog.created_at).toISOString())} · Last used{" "}
            {catalog.last_read_at ? relativeDate(new Date(catalog.last_read_at).toISOString()) : "never"}
          </span>
        </RevocableRow>
      )}
    </RevocableList>
  );
}
