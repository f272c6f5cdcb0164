import { type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useAuth } from "../../hooks/use-auth";
import { searchChatLeftOpen } from "../../lib/search-chat-reopen";

// The modal is its own chunk: the dashboard's first load does not pay for the chat.
const loadModal = () => import("../search/search-modal");
const SearchModal = lazy(async () => ({ default: (await loadModal()).SearchModal }));

/** A small spinner in the field while the modal's code arrives (styles inline: search.css comes with it). */
function LoadingModal() {
  return (
    <span
      className="spinner"
      role="status"
      aria-label="Opening search"
      style={{ position: "absolute", right: "0.8rem", top: "calc(50% - 9px)", width: 18, height: 18, borderWidth: 2 }}
    />
  );
}

/**
 * The dashboard's entry to the AI search modal (spec §2): a read-only field that opens it on click, Enter or
 * Space, and owns it. A reader who opened an article from the search comes back to the modal as it was.
 */
export function AiSearchField() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [open, setOpen] = useState(() => userId !== null && searchChatLeftOpen(userId));
  const inputRef = useRef<HTMLInputElement>(null);
  const wasOpen = useRef(open);

  // Focus returns to the field when the modal closes (not when it was restored and the page is left).
  useEffect(() => {
    if (wasOpen.current && !open) inputRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = useCallback(() => setOpen(false), []);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      setOpen(true);
    }
  }

  return (
    <div className="ai-search">
      <svg className="ai-search-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M10 3l1.6 4.4L16 9l-4.4 1.6L10 15l-1.6-4.4L4 9l4.4-1.6L10 3zm8 10l.9 2.1L21 16l-2.1.9L18 19l-.9-2.1L15 16l2.1-.9L18 13z"
        />
      </svg>
      <input
        ref={inputRef}
        type="text"
        readOnly
        aria-label="Search with AI"
        aria-haspopup="dialog"
        placeholder="Search with AI..."
        className="ai-search-input"
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        // Fetch the modal's code as soon as the reader shows intent, so it opens without a wait.
        onPointerEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
      />
      {open && userId !== null && (
        <Suspense fallback={<LoadingModal />}>
          <SearchModal userId={userId} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
