import { useMemo } from "react";
import { Link } from "react-router";
import type { FeedSubscription } from "../api/feeds";
import { SignedInLayout } from "../components/app-header";
import { OpmlControls } from "../components/feeds/opml-controls";
import { SubscribeForm } from "../components/feeds/subscribe-form";
import { SubscriptionRow } from "../components/feeds/subscription-row";
import { usePageTitle } from "../hooks/use-page-title";
import { useSubscriptionsQuery } from "../queries/feeds";
import "../styles/dashboard.css";
import "../styles/feeds.css";

/** Subscriptions by folder (those without one first), each folder by title as the server orders them. */
function byFolder(subscriptions: FeedSubscription[]): [string | null, FeedSubscription[]][] {
  const groups = new Map<string | null, FeedSubscription[]>();
  for (const s of subscriptions) groups.set(s.folder, [...(groups.get(s.folder) ?? []), s]);
  return [...groups].sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b)));
}

/**
 * /feed/subscriptions: add feeds or sites (several at once), OPML in and out, and each subscription's health; the
 * reader's newsletters (mail to their save-by-email address) are listed among them.
 */
export function SubscriptionsPage() {
  usePageTitle("Subscriptions");
  const subscriptions = useSubscriptionsQuery();
  const groups = useMemo(() => byFolder(subscriptions.data?.subscriptions ?? []), [subscriptions.data]);

  return (
    <SignedInLayout>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/dashboard">Dashboard</Link> / <Link to="/feed">Feed</Link> /{" "}
        <span aria-current="page">Subscriptions</span>
      </nav>
      <h1 className="page-title">Subscriptions</h1>
      <p className="page-subtitle">
        Sites, feeds and newsletters you follow. New items arrive in your Feed. Subscribe to newsletters with your
        save-by-email address (<Link to="/settings">Settings</Link>).
      </p>

      <section className="feeds-panel" aria-labelledby="add-heading">
        <h2 id="add-heading">Follow</h2>
        <SubscribeForm />
        <OpmlControls />
      </section>

      <section className="feeds-panel" aria-labelledby="list-heading" aria-busy={subscriptions.isFetching}>
        <h2 id="list-heading">Following{subscriptions.data ? ` (${subscriptions.data.subscriptions.length})` : ""}</h2>
        {subscriptions.isPending ? (
          <p role="status">Loading subscriptions...</p>
        ) : subscriptions.isError ? (
          <p role="alert">{subscriptions.error.message}</p>
        ) : groups.length === 0 ? (
          <p className="empty-state">No subscriptions yet. Add a site above, or import an OPML file.</p>
        ) : (
          groups.map(([folder, list]) => (
            <div key={folder ?? ""} className="subscription-group">
              {folder ? <h3>{folder}</h3> : null}
              <ul className="subscription-list">
                {list.map((s) => (
                  <SubscriptionRow key={s.id} subscription={s} />
                ))}
              </ul>
            </div>
          ))
        )}
      </section>
    </SignedInLayout>
  );
}
