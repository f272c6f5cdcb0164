import { useState } from "react";
import { Link } from "react-router";
import type { FeedSubscription } from "../../api/feeds";
import { useToast } from "../../hooks/use-toast";
import { useUnsubscribe } from "../../queries/feeds";
import { ConfirmDialog } from "../article/confirm-dialog";
import { FeedIcon } from "./feed-icon";

/** One subscription: icon, title, address, counts, health line, and Unsubscribe (with confirm). */
export function SubscriptionRow({ subscription: s }: { subscription: FeedSubscription }) {
  const toast = useToast();
  const unsubscribe = useUnsubscribe();
  const [confirming, setConfirming] = useState(false);

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
      </div>
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
