import { Link } from "react-router";
import type { ChatMessage, SearchHit } from "../../lib/search-chat";
import { matchPercent, resultDate } from "../../lib/search-format";

const SPEAKER: Record<ChatMessage["type"], string> = { system: "VibeRead", user: "You", error: "Error" };

function SearchResultItem({ hit, onOpen }: { hit: SearchHit; onOpen: () => void }) {
  const date = resultDate(hit.date);
  return (
    <li className={`search-result${hit.isRead ? " is-read" : ""}`}>
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
        {date && hit.date && <time dateTime={hit.date}>{date}</time>}
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
      {message.hits && message.hits.length > 0 && (
        <ol className="search-results">
          {message.hits.map((hit) => (
            <SearchResultItem key={hit.articleId} hit={hit} onOpen={onOpenResult} />
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
