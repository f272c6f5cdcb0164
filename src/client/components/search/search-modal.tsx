import { type FormEvent, useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { MAX_QUERY_LENGTH } from "../../api/search";
import { useModalDialog } from "../../hooks/search/use-modal-dialog";
import { useSearchChat } from "../../hooks/search/use-search-chat";
import { ChatMessageView } from "./chat-message";
import "../../styles/search.css";

/** Shown under the input once a question nears the server's limit. */
const LENGTH_WARNING_AT = MAX_QUERY_LENGTH - 50;

/**
 * 'Search Your Articles' (spec §2): a chat over the reader's own library in a modal dialog. Opening a result
 * keeps the chat for the way back (see useSearchChat); closing it (Escape, the close button, the backdrop)
 * hands focus back to the opener, which the caller does.
 */
export function SearchModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const chat = useSearchChat(userId);
  const [query, setQuery] = useState("");
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();

  const { close: forget } = chat;
  const close = useCallback(() => {
    forget();
    onClose();
  }, [forget, onClose]);
  const onKeyDown = useModalDialog({ dialogRef, initialFocusRef: inputRef, onClose: close });

  // The newest question goes to the top of the conversation with the start of its answer below it; a chat
  // restored on the way back from an article is scrolled to where the reader left it.
  const firstLayout = useRef(true);
  const { messages, restoredScrollTop } = chat;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log || messages.length === 0) return;
    if (firstLayout.current) {
      firstLayout.current = false;
      log.scrollTop = restoredScrollTop ?? log.scrollHeight;
      return;
    }
    const items = log.querySelectorAll<HTMLElement>("[data-message-type]");
    const last = items[items.length - 1];
    const previous = items[items.length - 2];
    const anchor = last?.dataset.messageType !== "user" && previous?.dataset.messageType === "user" ? previous : last;
    if (anchor) log.scrollTop = anchor.offsetTop - 8;
  }, [messages, restoredScrollTop]);

  // Focus goes to the input first: a button that becomes disabled while busy would otherwise drop it.
  function ask(text: string) {
    if (!text.trim() || chat.busy) return;
    inputRef.current?.focus();
    setQuery("");
    void chat.search(text);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    ask(query);
  }

  async function startNewChat() {
    inputRef.current?.focus();
    if (await chat.newChat()) setQuery("");
  }

  const searching = chat.status === "searching";
  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is the pointer twin of Escape
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes the dialog with Escape (useModalDialog)
    <div
      className="search-backdrop"
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a press and release both on the backdrop: selecting text inside must not close the dialog.
        if (pressedOnBackdrop.current && event.target === event.currentTarget) close();
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="search-dialog"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="search-dialog-header">
          <h2 id={titleId} className="search-dialog-title">
            Search Your Articles
          </h2>
          <div className="search-dialog-actions">
            <button
              type="button"
              className="button button-secondary search-new-chat"
              onClick={() => void startNewChat()}
              disabled={chat.busy}
            >
              {chat.status === "resetting" ? "Starting..." : "New chat"}
            </button>
            <button type="button" className="search-close" aria-label="Close search" onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        </header>

        <div
          ref={logRef}
          className="search-log"
          role="log"
          aria-label="Conversation"
          aria-busy={chat.busy}
          // Scrollable content must be reachable from the keyboard.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the conversation scrolls on its own
          tabIndex={0}
        >
          {chat.messages.map((message) => (
            <ChatMessageView
              key={message.id}
              message={message}
              disabled={chat.busy}
              onSuggestion={ask}
              onOpenResult={() => chat.keepForReturn(logRef.current?.scrollTop ?? 0)}
            />
          ))}
          {searching && (
            <div className="chat-message chat-pending" role="status">
              <span className="search-spinner" aria-hidden="true" />
              Searching your articles...
            </div>
          )}
        </div>

        <form className="search-form" onSubmit={onSubmit} aria-busy={searching}>
          <label htmlFor={inputId} className="visually-hidden">
            Ask about your articles
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            className="search-input"
            placeholder="Ask about your articles..."
            value={query}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={hintId}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="submit" className="button button-primary search-submit" disabled={!query.trim() || chat.busy}>
            {searching && <span className="search-spinner search-spinner-light" aria-hidden="true" />}
            {searching ? "Searching..." : "Search"}
          </button>
          <p id={hintId} className="search-hint">
            {query.length >= LENGTH_WARNING_AT
              ? `${query.length} of ${MAX_QUERY_LENGTH} characters`
              : "Ask in your own words; a follow-up question builds on the previous one."}
          </p>
        </form>
      </div>
    </div>,
    document.body,
  );
}
