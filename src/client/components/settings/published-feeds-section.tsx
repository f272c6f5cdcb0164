import { type FormEvent, useId, useState } from "react";
import type { CreatedPublishedFeed, PublishedFeed } from "../../api/feeds";
import { relativeDate } from "../../lib/format";
import { usePublishedFeeds, usePublishFeed, useRevokePublishedFeed } from "../../queries/feeds";
import { useTagsQuery } from "../../queries/tags";
import { RevocableList, RevocableRow } from "./revocable-list";
import { SecretShownOnce } from "./secret-shown-once";
import { SettingsSection } from "./settings-section";

const WHOLE_LIBRARY = "";

/**
 * The Library, or one tag of it, as a private Atom feed for another reader or an automation: its secret address
 * is shown once (only a hash is kept), and revoking makes it stop working.
 */
export function PublishedFeedsSection() {
  const [created, setCreated] = useState<CreatedPublishedFeed | null>(null);
  return (
    <SettingsSection
      title="Publish as a feed"
      description="Share a tag, or your whole Library, as a private Atom feed: the 50 newest articles with their summaries and text, for a feed reader or an automation. Anyone with the address can read it until you revoke it."
    >
      <PublishForm onCreated={setCreated} />
      {created && <NewFeedPanel key={created.id} feed={created} onDone={() => setCreated(null)} />}
      <PublishedList />
    </SettingsSection>
  );
}

function PublishForm({ onCreated }: { onCreated: (feed: CreatedPublishedFeed) => void }) {
  const tags = useTagsQuery();
  const publish = usePublishFeed();
  const [tag, setTag] = useState(WHOLE_LIBRARY);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      onCreated(await publish.mutateAsync(tag === WHOLE_LIBRARY ? null : tag));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Failed to publish the feed");
    }
  }

  return (
    <form className="token-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={selectId}>What to publish</label>
        <select id={selectId} value={tag} onChange={(event) => setTag(event.target.value)}>
          <option value={WHOLE_LIBRARY}>Your whole Library</option>
          {(tags.data ?? []).map((t) => (
            <option key={t.tag} value={t.tag}>
              Tag: {t.tag} ({t.count})
            </option>
          ))}
        </select>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button-primary" disabled={publish.isPending}>
        {publish.isPending ? "Publishing..." : "Publish"}
      </button>
    </form>
  );
}

function NewFeedPanel({ feed, onDone }: { feed: CreatedPublishedFeed; onDone: () => void }) {
  return (
    <SecretShownOnce
      label={`New feed ${feed.title}`}
      warning={
        <>
          <strong>Copy the feed's address now.</strong> It will not be shown again: if you lose it, revoke the feed and
          publish another.
        </>
      }
      secret={feed.url}
      thing="address"
      copiedToast="Feed address copied"
      onDone={onDone}
    />
  );
}

function PublishedList() {
  const feeds = usePublishedFeeds();
  const revoke = useRevokePublishedFeed();
  return (
    <RevocableList
      query={feeds}
      label="Your published feeds"
      texts={{
        loading: "Loading published feeds...",
        failed: "Failed to fetch published feeds",
        empty: "You publish no feeds.",
      }}
    >
      {(feed: PublishedFeed) => (
        <RevocableRow
          key={feed.id}
          id={feed.id}
          name={feed.title}
          revoke={revoke}
          texts={{
            title: "Revoke this feed?",
            action: "Revoke",
            busy: "Revoking...",
            confirm: `Revoke "${feed.title}"? Its address stops working for everyone who reads it.`,
            revoked: `Feed "${feed.title}" revoked`,
            failed: "Failed to revoke the feed",
          }}
        >
          <strong className="token-name">{feed.title}</strong>
          <span className="token-meta">
            Published {relativeDate(new Date(feed.created_at).toISOString())} · Last read{" "}
            {feed.last_read_at ? relativeDate(new Date(feed.last_read_at).toISOString()) : "never"}
          </span>
        </RevocableRow>
      )}
    </RevocableList>
  );
}
