import { useId, useState } from "react";
import { Link } from "react-router";

/** Where the dashboard's topics (up to 8) will show; laid out now, filled in by the topics work. */
export function TopicsPanelPlaceholder() {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const headingId = useId();
  return (
    <section className="topics-panel" aria-labelledby={headingId}>
      <div className="topics-panel-header">
        <h2 id={headingId} className="section-title">
          Topics
        </h2>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Collapse topics" : "Expand topics"}
        </button>
      </div>
      <div id={bodyId} hidden={!open} className="topics-panel-body">
        <p className="muted">Topics appear here once articles are processed.</p>
        <Link to="/topics">View all topics</Link>
      </div>
    </section>
  );
}
