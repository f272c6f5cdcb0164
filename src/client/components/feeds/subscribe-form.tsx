import { useId, useState } from "react";
import type { SubscribeResult } from "../../api/feeds";
import { addressLines } from "../../lib/feed-time";
import { useSubscribe } from "../../queries/feeds";

/** Add several feeds or sites at once: one address a line, an optional folder, a result for each address. */
export function SubscribeForm() {
  const [text, setText] = useState("");
  const [folder, setFolder] = useState("");
  const [outcome, setOutcome] = useState<SubscribeResult | null>(null);
  const subscribe = useSubscribe();
  const hintId = useId();
  const urls = addressLines(text);

  function submit(event?: React.FormEvent) {
    event?.preventDefault();
    if (urls.length === 0 || subscribe.isPending) return;
    subscribe.mutate(
      { urls, folder: folder.trim() || undefined },
      {
        onSuccess: (result) => {
          setOutcome(result);
          // Keep only what failed, so it can be corrected and sent again.
          setText(
            result.results
              .filter((r) => !r.success)
              .map((r) => r.url)
              .join("\n"),
          );
        },
      },
    );
  }

  return (
    <form className="subscribe-form" onSubmit={submit}>
      <label htmlFor="subscribe-urls">Feed or site addresses</label>
      <textarea
        id="subscribe-urls"
        rows={4}
        value={text}
        placeholder={"https://example.com\nhttps://example.org/feed.xml"}
        aria-describedby={hintId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit();
        }}
      />
      <p id={hintId} className="field-hint">
        One a line (Ctrl+Enter sends). A site's address is enough: its feed is found for you.
      </p>
      <div className="subscribe-row">
        <label>
          Folder (optional)
          <input type="text" value={folder} maxLength={100} onChange={(event) => setFolder(event.target.value)} />
        </label>
        <button type="submit" className="button button-primary" disabled={urls.length === 0 || subscribe.isPending}>
          {subscribe.isPending ? "Finding feeds..." : urls.length > 1 ? `Subscribe to ${urls.length}` : "Subscribe"}
        </button>
      </div>
      {subscribe.isError ? (
        <p className="form-error" role="alert">
          {subscribe.error.message}
        </p>
      ) : null}
      {outcome ? (
        <div className="subscribe-results" role="status">
          <p>
            {outcome.subscribed} subscribed
            {outcome.already_subscribed ? `, ${outcome.already_subscribed} already followed` : ""}
            {outcome.failed ? `, ${outcome.failed} not found` : ""}
          </p>
          <ul>
            {outcome.results.map((r) => (
              <li key={r.url} className={r.success ? "is-ok" : "is-failed"}>
                <span className="subscribe-url">{r.url}</span>
                {" — "}
                {r.success ? (r.subscription?.title ?? "subscribed") : r.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
