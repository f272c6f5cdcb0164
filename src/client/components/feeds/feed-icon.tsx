import { useState } from "react";
import { httpUrl } from "../../lib/sanitize-html";

/**
 * A subscription's icon, loaded from its site without a referrer (as article pictures are); the first letter of its
 * title when there is none or it fails to load.
 */
export function FeedIcon({ src, title }: { src: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  const url = httpUrl(src);
  if (!url || failed) {
    return (
      <span className="feed-icon feed-icon-letter" aria-hidden="true">
        {title.trim().charAt(0).toUpperCase() || "?"}
      </span>
    );
  }
  return (
    <img
      className="feed-icon"
      src={url}
      alt=""
      width={20}
      height={20}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}
