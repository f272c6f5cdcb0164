import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { FeedFilter, FeedItem } from "../api/feeds";
import { SignedInLayout } from "../components/app-header";
import { FeedItemRow } from "../components/feeds/feed-item-row";
import { useFeedKeyboard } from "../hooks/feeds/use-feed-keyboard";
import { usePageTitle } from "../hooks/use-page-title";
import { useToast } from "../hooks/use-toast";
import { useUrlFilters } from "../hooks/use-url-filters";
import { useFeedItems, useMarkSeenUpTo, useSaveToLibrary, useSetSeen, useSubscriptionsQuery } from "../queries/feeds";
import "../styles/dashboard.css";
import "../styles/feeds.css";

const STATES = [
  { value: "unseen", label: "Unseen" },
  { value: "all", label: "All" },
  { value: "seen", label: "Seen" },
] as const;

/**
 * /feed: what the reader's subscriptions published, newest first, apart from the Library. Filters (source, folder,
 * seen state) live in the URL, so Back from a saved article returns to the same list. An item opens in place with
 * the feed's whole text when it has one; Save to Library sends its link through the ordinary save.
 */
export function FeedPage() {
  usePageTitle("Feed");
  const toast = useToast();
  const [params, update] = useUrlFilters();
  const subscriptionId = Number(params.get("source")) || undefined;
  const folder = params.get("folder") ?? undefined;
  const stateParam = params.get("state");
  const state: FeedFilter["state"] = stateParam === "all" || stateParam === "seen" ? stateParam : "unseen";
  const filter: FeedFilter = { subscription_id: subscriptionId, folder, state };

  const subscriptions = useSubscriptionsQuery();
  const list = useFeedItems(filter);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const folders = useMemo(
    () => [...new Set((subscriptions.data?.subscriptions ?? []).flatMap((s) => (s.folder ? [s.folder] : [])))].sort(),
    [subscriptions.data],
  );
  const [openId, setOpenId] = useState<number | null>(null);
  const [cursorId, setCursorId] = useState<number | null>(null);
  const current = items.find((item) => item.id === cursorId) ?? items[0];

  const setSeen = useSetSeen();
  const save = useSaveToLibrary();
  const markUpTo = useMarkSeenUpTo();

  const toggleSeen = (item: FeedItem) =>
    setSeen.mutate({ id: item.id, seen: !item.seen }, { onError: (error) => toast.error(error.message) });
  const toggleOpen = (item: FeedItem) => {
    setCursorId(item.id);
    setOpenId((open) => (open === item.id ? null : item.id));
    if (!item.seen) setSeen.mutate({ id: item.id, seen: true });
  };
  const saveItem = (item: FeedItem) =>
    save.mutate(item.id, {
      onSuccess: ({ duplicate }) =>
        toast.success(duplicate ? "Already in your Library" : `"${item.title}" saved to your Library`),
      onError: (error) => toast.error(error.message),
    });
  const markSeenUpTo = (item: FeedItem) =>
    markUpTo.mutate(
      { id: item.id, filter },
      {
        onSuccess: ({ marked }) =>
          toast.info(marked === 1 ? "1 item marked as seen" : `${marked} items marked as seen`),
        onError: (error) => toast.error(error.message),
      },
    );

  useFeedKeyboard({
    items,
    current,
    setCurrent: setCursorId,
    toggleOpen,
    toggleSeen,
    save: saveItem,
    markSeenUpTo,
  });

  const noSubscriptions = subscriptions.data?.subscriptions.length === 0;

  return (
    <SignedInLayout>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/dashboard">Dashboard</Link> / <span aria-current="page">Feed</span>
      </nav>
      <div className="feed-header">
        <div>
          <h1 className="page-title">Feed</h1>
          <p className="page-subtitle">What the sites you follow published, newest first. Keep what matters.</p>
        </div>
        <Link className="button button-secondary" to="/feed/subscriptions">
          Subscriptions
        </Link>
      </div>

      <div className="feed-filters">
        <label>
          Source
          <select value={subscriptionId ?? ""} onChange={(event) => update({ source: event.target.value || null })}>
            <option value="">All sources</option>
            {(subscriptions.data?.subscriptions ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Folder
          <select value={folder ?? ""} onChange={(event) => update({ folder: event.target.value || null })}>
            <option value="">All folders</option>
            {folders.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="feed-state">
          <legend className="visually-hidden">Show</legend>
          {STATES.map(({ value, label }) => (
            <label key={value} className={state === value ? "is-selected" : undefined}>
              <input
                type="radio"
                name="feed-state"
                value={value}
                checked={state === value}
                onChange={() => update({ state: value === "unseen" ? null : value })}
              />
              {label}
            </label>
          ))}
        </fieldset>
      </div>

      <section className="feed-list-section" aria-label="Feed items" aria-busy={list.isFetching}>
        {noSubscriptions ? (
          <div className="empty-state">
            <p>You follow nothing yet.</p>
            <Link className="button button-primary" to="/feed/subscriptions">
              Add feeds or sites
            </Link>
          </div>
        ) : list.isPending ? (
          <div className="library-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>Loading the Feed...</span>
          </div>
        ) : list.isError && items.length === 0 ? (
          <div className="empty-state" role="alert">
            <p>{list.error.message}</p>
            <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <div className="empty-state">
            <p>{state === "unseen" ? "All caught up: nothing unseen." : "No items here yet."}</p>
          </div>
        ) : (
          <ol className="feed-list">
            {items.map((item) => (
              <FeedItemRow
                key={item.id}
                item={item}
                open={openId === item.id}
                current={current?.id === item.id}
                saving={save.isPending && save.variables === item.id}
                onToggleOpen={() => toggleOpen(item)}
                onToggleSeen={() => toggleSeen(item)}
                onSave={() => saveItem(item)}
                onMarkSeenUpTo={() => markSeenUpTo(item)}
              />
            ))}
          </ol>
        )}
        {list.hasNextPage ? (
          <button
            type="button"
            className="button button-secondary feed-more"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? "Loading..." : "Load more"}
          </button>
        ) : null}
      </section>
    </SignedInLayout>
  );
}
