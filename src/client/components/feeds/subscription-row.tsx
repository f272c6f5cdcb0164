import { useState } from "react";
import { Link } from "react-router";
import type { FeedSubscription } from "../../api/feeds";
import { useToast } from "../../hooks/use-toast";
import { useUnsubscribe, useUpdateSubscription } from "../../queries/feeds";
import { ConfirmDialog } from "../article/confirm-dialog";
import { FeedIcon } from "./feed-icon";

/** Your name for the feed and its folder; empty fields mean the feed's own title and no folder. */
function EditSubscription({ subscription: s, onDone }: { subscription: FeedSubscription; onDone(): void }) {
  const toast = useToast();
  const update = useUpdateSubscription();
  const [title, setTitle] = useState(s.custom_title ?? "");
  const [folder, setFolder] = useState(s.folder ?? "");
  function save(event: React.FormEvent) {
    event.preventDefault();
    update.mutate(
      { id: s.id, title: title.trim() || null, folder: folder.trim() || null },
      { onSuccess: onDone, onError: (error) => toast.error(error.message) },
    );
  }
  return (
    <form className="subscription-edit" onSubmit={save}>
      <label>
        Name
        <input
          type="text"
          value={title}
          maxLength={300}
          placeholder={s.feed_title ?? s.url}
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
      <label>
        Folder
        <input type="text" value={folder} maxLength={100} onChange={(event) => setFolder(event.target.value)} />
      </label>
      <button type="submit" className="button button-primary" disabled={update.isPending}>
        {update.isPending ? "Saving..." : "Save"}
      </button>
      <button type="button" className="button button-secondary" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

/**
 * How to stop a newsletter at its sender: the page and the address its List-Unsubscribe names (VibeRead does not
 * act on them for the reader: an unsubscribe page may ask to confirm, and a mail sent in the reader's name is theirs
 * to send).
 */
function SenderUnsubscribe({ subscription: s }: { subscription: FeedSubscription }) {
  const targets = s.unsubscribe;
  if (!targets?.url && !targets?.mailto) {
    return <span className="subscription-unsubscribe">The sender names no unsubscribe link.</span>;
  }
  return (
    <span className="subscription-unsubscribe">
      Unsubscribe at the sender:{" "}
      {targets.url ? (
        <a href={targets.url} target="_blank" rel="noopener noreferrer">
          unsubscribe page
        </a>
      ) : null}
      {targets.url && targets.mailto ? " or " : null}
      {targets.mailto ? <a href={targets.mailto}>by email ({targets.mailto.replace(/^mailto:|\?.*$/g, "")})</a> : null}
    </span>
  );
}

/**
 * One subscription: icon, title, address (a newsletter's sender), counts, health line, Edit (name, folder), Mute for
 * a newsletter, and Unsubscribe (with confirm; for a newsletter, Remove, with its sender's unsubscribe links).
 */
export function SubscriptionRow({ subscription: s }: { subscription: FeedSubscription }) {
  const toast = useToast();
  const unsubscribe = useUnsubscribe();
  const update = useUpdateSubscription();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const newsletter = s.kind === "newsletter";

  function toggleMute() {
    update.mutate(
      { id: s.id, muted: !s.muted },
      {
        onSuccess: () => toast.success(s.muted ? `${s.title} unmuted` : `${s.title} muted: new issues are dropped`),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  function confirmUnsubscribe() {
    unsubscribe.mutate(s.id, {
      onSuccess: () => toast.success(newsletter ? `${s.title} removed` : `Unsubscribed from ${s.title}`),
      onError: (error) => toast.error(error.message),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <li className="subscription">
      <FeedIcon src={s.icon_url} title={s.title} />
      <div className="subscription-text">
        <Link className="subscription-title" to={`/feed?source=${s.id}&state=all`}>
          {s.title}
        </Link>
        <span className="subscription-url">{newsletter ? `Newsletter from ${s.sender}` : s.url}</span>
        <span className="subscription-counts">
          {s.item_count} {s.item_count === 1 ? "item" : "items"}
          {s.unseen_count ? `, ${s.unseen_count} unseen` : ""}
          {s.omitted_items ? ` (the feed lists ${s.item_count + s.omitted_items}; the newest are kept)` : ""}
        </span>
        <span className={`subscription-health health-${s.health.level}`}>{s.health.text}</span>
        {newsletter ? <SenderUnsubscribe subscription={s} /> : null}
        {editing ? <EditSubscription subscription={s} onDone={() => setEditing(false)} /> : null}
      </div>
      {editing ? null : (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setEditing(true)}
          aria-label={`Edit ${s.title}`}
        >
          Edit
        </button>
      )}
      {newsletter ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={toggleMute}
          disabled={update.isPending}
          aria-pressed={s.muted}
          aria-label={`${s.muted ? "Unmute" : "Mute"} ${s.title}`}
        >
          {s.muted ? "Unmute" : "Mute"}
        </button>
      ) : null}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setConfirming(true)}
        aria-label={`${newsletter ? "Remove" : "Unsubscribe from"} ${s.title}`}
      >
        {newsletter ? "Remove" : "Unsubscribe"}
      </button>
      <ConfirmDialog
        open={confirming}
        title={newsletter ? "Remove this newsletter?" : "Unsubscribe?"}
        message={
          newsletter
            ? `Issues of ${s.title} leave your Feed; articles you saved from it stay in your Library. Its next issue brings it back: to stop it, unsubscribe at the sender or mute it.`
            : `Items of ${s.title} leave your Feed. Articles you saved from it stay in your Library.`
        }
        confirmLabel={newsletter ? "Remove" : "Unsubscribe"}
        busyLabel={newsletter ? "Removing..." : "Unsubscribing..."}
        busy={unsubscribe.isPending}
        onConfirm={confirmUnsubscribe}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
