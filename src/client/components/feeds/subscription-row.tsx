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

/** One subscription: icon, title, address, counts, health line, Edit (name, folder) and Unsubscribe (with confirm). */
export function SubscriptionRow({ subscription: s }: { subscription: FeedSubscription }) {
  const toast = useToast();
  const unsubscribe = useUnsubscribe();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);

  function confirmUnsubscribe() {
    unsubscribe.mutate(s.id, {
      onSuccess: () => toast.success(`Unsubscribed from ${s.title}`),
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
        <span className="subscription-url">{s.url}</span>
        <span className="subscription-counts">
          {s.item_count} {s.item_count === 1 ? "item" : "items"}
          {s.unseen_count ? `, ${s.unseen_count} unseen` : ""}
          {s.omitted_items ? ` (the feed lists ${s.item_count + s.omitted_items}; the newest are kept)` : ""}
        </span>
        <span className={`subscription-health health-${s.health.level}`}>{s.health.text}</span>
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
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setConfirming(true)}
        aria-label={`Unsubscribe from ${s.title}`}
      >
        Unsubscribe
      </button>
      <ConfirmDialog
        open={confirming}
        title="Unsubscribe?"
        message={`Items of ${s.title} leave your Feed. Articles you saved from it stay in your Library.`}
        confirmLabel="Unsubscribe"
        busyLabel="Unsubscribing..."
        busy={unsubscribe.isPending}
        onConfirm={confirmUnsubscribe}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
