import { Link } from "react-router";
import { answerParts, type ChatAnswer, type ChatMessage, resultCardId, type SearchHit } from "../../lib/search-chat";
import { matchPercent, resultDate } from "../../lib/search-format";

const SPEAKER: Record<ChatMessage["type"], string> = { system: "VibeRead", user: "You", error: "Error" };

/** Scrolls to the cited result card and focuses it, so the reader sees (and a screen reader hears) the source. */
function focusCard(id: string) {
  const card = document.getElementById(id);
  if (!card) return;
  card.scrollIntoView({ behavior: "smooth", block: "nearest" });
  card.focus({ preventScroll: true });
}

/** The answer above the results: its words, and each citation "[n]" a button to the n-th card. */
function AnswerView({ answer, hits, messageId }: { answer: ChatAnswer; hits: SearchHit[]; messageId: string }) {
  return (
    <div className={`chat-answer${answer.found ? "" : " is-empty"}`} data-testid="chat-answer">
      <p className="chat-answer-text">
        {answerParts(answer.text, hits.length).map((part, i) =>
          "cite" in part ? (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one answer never reorder
              key={i}
              type="button"
              className="chat-citation"
              aria-label={`Source ${part.cite}: ${hits[part.cite - 1]?.title ?? ""}`}
              onClick={() => focusCard(resultCardId(messageId, part.cite))}
            >
              [{part.cite}]
            </button>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one answer never reorder
            <span key={i}>{part.text}</span>
          ),
        )}
      </p>
    </div>
  );
}

function SearchResultItem({ hit, onOpen, id }: { hit: SearchHit; onOpen: () => void; id: string }) {
  const date = resultDate(hit.date);
  return (
    <li id={id} tabIndex={-1} className={`search-result${hit.isRead ? " is-read" : ""}`}>
      <div className="search-result-head">
        <h3 className="search-result-title">
          <Link to={`/article/${hit.articleId}`} className="search-result-link" onClick={onOpen}>
            {hit.title}
          </Link>
        </h3>
        <span className="search-result-score">{matchPercent(hit.score)}</span>
      </div>
      <p className="search-result-meta">
        <span className="chip">{hit.source}</span>
        {date && hit.date ? (
          hit.dateKind === "saved" ? (
            <time dateTime={hit.date} title="The day you saved it: the page states no date">
              Saved {date}
            </time>
          ) : (
            <time dateTime={hit.date}>{date}</time>
          )
        ) : null}
        {!hit.isRead && <span className="search-badge-unread">Unread</span>}
      </p>
      {hit.summary && <p className="search-result-summary">{hit.summary}</p>}
      {hit.explanation && (
        <p className="search-result-why">
          <span className="visually-hidden">Why it matched: </span>
          {hit.explanation}
        </p>
      )}
    </li>
  );
}

/** One message of the search chat: a question, an error, or a reply with its results and suggestions. */
export function ChatMessageView({
  message,
  disabled,
  onSuggestion,
  onOpenResult,
}: {
  message: ChatMessage;
  disabled: boolean;
  onSuggestion: (suggestion: string) => void;
  onOpenResult: () => void;
}) {
  const suggestions = message.suggestions ?? [];
  return (
    <div className={`chat-message chat-${message.type}`} data-message-type={message.type}>
      <span className="visually-hidden">{SPEAKER[message.type]}: </span>
      <p className="chat-text">{message.text}</p>
      {message.searchedFor && <p className="chat-searched-for">Searched for: {message.searchedFor}</p>}
      {message.notice && <p className="chat-notice">{message.notice}</p>}
      {message.answer && <AnswerView answer={message.answer} hits={message.hits ?? []} messageId={message.id} />}
      {message.hits && message.hits.length > 0 && (
        <ol className="search-results">
          {message.hits.map((hit, index) => (
            <SearchResultItem
              key={hit.articleId}
              id={resultCardId(message.id, index + 1)}
              hit={hit}
              onOpen={onOpenResult}
            />
          ))}
        </ol>
      )}
      {suggestions.length > 0 && (
        <div className="search-suggestions">
          <p className="search-suggestions-title">Try these suggestions:</p>
          <ul>
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button
                  type="button"
                  className="search-suggestion"
                  disabled={disabled}
                  onClick={() => onSuggestion(suggestion)}
                >
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
