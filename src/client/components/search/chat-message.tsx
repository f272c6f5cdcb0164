import { Link } from "react-router";
import { type ChatLanguage, type ReplyPhrases, replyPhrases } from "../../lib/chat-phrases";
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

function SearchResultItem({
  hit,
  onOpen,
  id,
  phrases,
  language,
}: {
  hit: SearchHit;
  onOpen: () => void;
  id: string;
  phrases: ReplyPhrases;
  language: ChatLanguage | undefined;
}) {
  const date = resultDate(hit.date, language);
  return (
    <li id={id} tabIndex={-1} className={`search-result${hit.isRead ? " is-read" : ""}`}>
      <div className="search-result-head">
        <h3 className="search-result-title">
          <Link to={`/article/${hit.articleId}`} className="search-result-link" onClick={onOpen}>
            {hit.title}
          </Link>
        </h3>
        <span className="search-result-score">{matchPercent(hit.score, language)}</span>
      </div>
      <p className="search-result-meta">
        <span className="chip">{hit.source}</span>
        {date && hit.date ? (
          hit.dateKind === "saved" ? (
            <time dateTime={hit.date} title={phrases.savedTitle}>
              {phrases.saved(date)}
            </time>
          ) : (
            <time dateTime={hit.date}>{date}</time>
          )
        ) : null}
        {!hit.isRead && <span className="search-badge-unread">{phrases.unread}</span>}
      </p>
      {hit.summary && <p className="search-result-summary">{hit.summary}</p>}
      {hit.explanation && (
        <p className="search-result-why">
          <span className="visually-hidden">{phrases.whyItMatched}</span>
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
  const phrases = replyPhrases(message.language);
  // Results keep their place in the reply (citations count them in order): those that fit first, then the close
  // ones under their own heading.
  const hits = (message.hits ?? []).map((hit, index) => ({ hit, place: index + 1 }));
  const fitting = hits.filter(({ hit }) => !hit.close);
  const close = hits.filter(({ hit }) => hit.close);
  const list = (items: typeof hits) => (
    <ol className="search-results" start={items[0]?.place}>
      {items.map(({ hit, place }) => (
        <SearchResultItem
          key={hit.articleId}
          id={resultCardId(message.id, place)}
          hit={hit}
          onOpen={onOpenResult}
          phrases={phrases}
          language={message.language}
        />
      ))}
    </ol>
  );
  return (
    <div
      className={`chat-message chat-${message.type}`}
      data-message-type={message.type}
      lang={message.type === "system" ? message.language : undefined}
    >
      <span className="visually-hidden">{SPEAKER[message.type]}: </span>
      <p className="chat-text">{message.text}</p>
      {message.searchedFor && (
        <p className="chat-searched-for">
          {phrases.searchedFor}
          {message.searchedFor}
        </p>
      )}
      {message.notice && <p className="chat-notice">{message.notice}</p>}
      {message.answer && <AnswerView answer={message.answer} hits={message.hits ?? []} messageId={message.id} />}
      {fitting.length > 0 && list(fitting)}
      {close.length > 0 && (
        <section className="search-close" aria-label={phrases.closeHeading}>
          <h3 className="search-close-heading">{phrases.closeHeading}</h3>
          {list(close)}
        </section>
      )}
      {suggestions.length > 0 && (
        <div className="search-suggestions">
          <p className="search-suggestions-title">{phrases.suggestions}</p>
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
