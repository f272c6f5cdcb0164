import { describe, expect, it } from "vitest";
import type { SearchResponse } from "../../src/client/api/search";
import type { Article } from "../../src/client/api/types";
import type { KeyValueStorage } from "../../src/client/lib/reading-history";
import {
  answerParts,
  type ChatMessage,
  errorMessage,
  replyMessage,
  searchErrorText,
  userMessage,
  WELCOME_TEXT,
  welcomeMessage,
} from "../../src/client/lib/search-chat";
import { isLeftOpen } from "../../src/client/lib/search-chat-reopen";
import {
  createSearchChatStore,
  MAX_STORED_MESSAGES,
  parseSearchChat,
  SEARCH_CHAT_KEY,
  serializeSearchChat,
} from "../../src/client/lib/search-chat-storage";

const SESSION = "0b5e7f5c-3f0a-4a51-9c7e-5f1c2a3b4c5d";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function article(overrides: Partial<Article> = {}): Article {
  return {
    id: 7,
    url: "https://bees.example.com/dance",
    title: "How honeybees dance",
    summary: "**Bees dance.**\n\n- They share where pollen is.",
    author: null,
    domain: "bees.example.com",
    language: "en",
    text_direction: "ltr",
    publish_date: null,
    site_name: null,
    image_url: null,
    word_count: 300,
    reading_time_minutes: 2,
    is_read: false,
    read_at: null,
    processing_status: "completed",
    processing_error: null,
    processing_attempts: 1,
    processed_at: null,
    status: "completed",
    created_at: "2026-03-04T12:00:00.000Z",
    updated_at: "2026-03-04T12:00:00.000Z",
    ...overrides,
  };
}

function response(overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    results: [{ article: article(), relevance_score: 0.91, match_explanation: 'Mentions "honeybees" in the title.' }],
    total_found: 1,
    search_time_ms: 5,
    suggestions: ["More about pollen"],
    session_id: SESSION,
    effective_query: "honeybees",
    ...overrides,
  };
}

describe("chat messages", () => {
  it("starts with the welcome line as a system message", () => {
    expect(welcomeMessage()).toMatchObject({ type: "system", text: WELCOME_TEXT });
    expect(WELCOME_TEXT).toBe("Hi! Ask me anything about your articles.");
  });

  it("gives every message its own id", () => {
    const ids = new Set([welcomeMessage(), userMessage("a"), errorMessage("b"), userMessage("a")].map((m) => m.id));
    expect(ids.size).toBe(4);
  });

  it("turns a response into a reply with display-ready results and suggestions", () => {
    const reply = replyMessage("honeybees", response());
    expect(reply.type).toBe("system");
    expect(reply.text).toBe("Found 1 article matching your query (5 ms).");
    expect(reply.hits).toEqual([
      {
        articleId: 7,
        title: "How honeybees dance",
        source: "bees.example.com",
        // The article states no publication date: the day it was saved, said so.
        date: "2026-03-04T12:00:00.000Z",
        dateKind: "saved",
        isRead: false,
        summary: "Bees dance. They share where pollen is.",
        score: 0.91,
        explanation: 'Mentions "honeybees" in the title.',
      },
    ]);
    expect(reply.suggestions).toEqual(["More about pollen"]);
    expect(reply.searchedFor).toBeUndefined();
  });

  it("prefers the publication date, falls back to the host and 'Untitled Article'", () => {
    const reply = replyMessage(
      "bees",
      response({
        results: [
          {
            article: article({ title: "  ", domain: null, publish_date: "2025-01-02T00:00:00.000Z" }),
            relevance_score: 0.5,
            match_explanation: "",
          },
        ],
      }),
    );
    expect(reply.hits?.[0]).toMatchObject({
      title: "Untitled Article",
      source: "bees.example.com",
      date: "2025-01-02T00:00:00.000Z",
      dateKind: "published",
    });
  });

  it("says nothing was found, and shows what a follow-up searched", () => {
    const reply = replyMessage(
      "only the unread ones",
      response({ results: [], total_found: 0, suggestions: [], effective_query: "honeybees only the unread ones" }),
    );
    expect(reply.text).toBe("No articles found matching your query.");
    expect(reply.hits).toEqual([]);
    expect(reply.suggestions).toEqual([]);
    expect(reply.searchedFor).toBe("honeybees only the unread ones");
  });

  it("says once that nothing fits: the answer is the line, and the close results keep their place after it", () => {
    const close = (id: number) => ({
      article: article({ id }),
      relevance_score: 0.06,
      fit: "close" as const,
      match_explanation: "Kein Wort deiner Frage, aber inhaltlich nah (16 % ähnlich).",
    });
    const reply = replyMessage(
      "Welche Artikel handeln von Corona?",
      response({
        results: [close(7), close(8)],
        total_found: 2,
        language: "de",
        answer: { text: "Dazu habe ich in deiner Bibliothek nichts gefunden.", found: false, citations: [] },
      }),
    );
    // Not "Found 2 articles matching your query" above "found nothing": one statement, in the question's language.
    expect(reply.text).toBe("Dazu habe ich in deiner Bibliothek nichts gefunden.");
    expect(reply.answer).toBeUndefined();
    expect(reply.language).toBe("de");
    expect(reply.hits?.map((hit) => hit.close)).toEqual([true, true]);
    // Some fit, some only close: the line counts those that fit.
    const mixed = replyMessage(
      "bees",
      response({ results: [{ ...close(9), fit: "match", relevance_score: 0.9 }, close(7)], total_found: 2 }),
    );
    expect(mixed.text).toBe("Found 1 article matching your query (5 ms).");
    // Nothing at all: the spec's line, in the reply's language.
    const none = replyMessage("Was gibt es über Vulkane?", response({ results: [], total_found: 0, language: "de" }));
    expect(none.text).toBe("Keine Artikel zu deiner Frage gefunden.");
    const raw = serializeSearchChat({ userId: 3, sessionId: SESSION, messages: [reply], open: true, scrollTop: 0 });
    expect(parseSearchChat(raw, 3)?.messages[0]).toEqual(reply);
  });

  it("answers a follow-up with nothing to follow by the server's notice alone", () => {
    const notice = "That does not point at any result of your previous question: it found only 3 articles.";
    const reply = replyMessage(
      "the fifth one",
      response({ results: [], total_found: 0, degraded: false, notice, answer: null, effective_query: "honeybees" }),
    );
    expect(reply.text).toBe(notice);
    expect(reply.notice).toBeUndefined();
  });

  it("carries the server's notice when the search went on without a model or the vector index", () => {
    const notice = "Search by meaning is unavailable right now, so these results only match your words.";
    const degraded = replyMessage("honeybees", response({ degraded: true, notice }));
    expect(degraded.notice).toBe(notice);
    const raw = serializeSearchChat({ userId: 3, sessionId: SESSION, messages: [degraded], open: true, scrollTop: 0 });
    expect(parseSearchChat(raw, 3)?.messages[0]?.notice).toBe(notice);
    expect(replyMessage("honeybees", response({ degraded: false, notice: null })).notice).toBeUndefined();
  });

  it("words a failed search with the server's detail, or 'Search failed'", () => {
    expect(searchErrorText(new Error("query must be at most 500 characters"))).toBe(
      "Search failed: query must be at most 500 characters",
    );
    expect(searchErrorText(new Error(""))).toBe("Search failed: Search failed");
    expect(searchErrorText("boom")).toBe("Search failed: Search failed");
  });
});

describe("stored search chat", () => {
  const conversation = (): ChatMessage[] => [
    welcomeMessage(),
    userMessage("honeybees"),
    replyMessage("honeybees", response()),
  ];

  it("reads back what it wrote for the same user", () => {
    const messages = conversation();
    const raw = serializeSearchChat({ userId: 3, sessionId: SESSION, messages, open: true, scrollTop: 120.4 });
    expect(parseSearchChat(raw, 3)).toEqual({ userId: 3, sessionId: SESSION, messages, open: true, scrollTop: 120 });
  });

  it("never gives one user's chat to another", () => {
    const raw = serializeSearchChat({
      userId: 3,
      sessionId: SESSION,
      messages: conversation(),
      open: true,
      scrollTop: 0,
    });
    expect(parseSearchChat(raw, 4)).toBeNull();
  });

  it.each([
    ["nothing", null],
    ["not JSON", "{oops"],
    ["not an object", "[1,2]"],
    ["another version", JSON.stringify({ v: 2, userId: 3, messages: [{ id: "a", type: "system", text: "x" }] })],
    ["no messages", JSON.stringify({ v: 1, userId: 3, sessionId: SESSION, messages: "x", open: true })],
    ["only broken messages", JSON.stringify({ v: 1, userId: 3, messages: [{ id: 1 }, null, "x"], open: true })],
  ])("gives null for %s", (_name, raw) => {
    expect(parseSearchChat(raw, 3)).toBeNull();
  });

  it("keeps the valid parts of a partly broken chat", () => {
    const raw = JSON.stringify({
      v: 1,
      userId: 3,
      sessionId: "not-a-uuid",
      open: "yes",
      scrollTop: -50,
      messages: [
        { id: "a", type: "system", text: "Hi" },
        { id: "b", type: "robot", text: "??" },
        { id: "c", type: "user", text: "bees" },
        {
          id: "d",
          type: "system",
          text: "Found",
          hits: [
            { articleId: 7, title: "T", source: "s", date: null, isRead: true, summary: "", score: 3, explanation: "" },
            {
              articleId: -1,
              title: "T",
              source: "s",
              date: null,
              isRead: true,
              summary: "",
              score: 0.5,
              explanation: "",
            },
            { articleId: 8, title: 5, source: "s", date: null, isRead: true, summary: "", score: 0.5, explanation: "" },
          ],
          suggestions: ["More about hives", 5, ""],
        },
        { id: "e", type: "user", text: "injected", hits: [{ articleId: 9 }] },
        { id: "f", type: "error", text: "Search failed: x" },
      ],
    });
    const chat = parseSearchChat(raw, 3);
    expect(chat?.sessionId).toBeNull();
    expect(chat?.open).toBe(false);
    expect(chat?.scrollTop).toBe(0);
    expect(chat?.messages.map((m) => m.id)).toEqual(["a", "c", "d", "e", "f"]);
    const reply = chat?.messages[2];
    expect(reply?.hits).toEqual([
      { articleId: 7, title: "T", source: "s", date: null, isRead: true, summary: "", score: 1, explanation: "" },
    ]);
    expect(reply?.suggestions).toEqual(["More about hives"]);
    // Results belong to replies only.
    expect(chat?.messages[3]).toEqual({ id: "e", type: "user", text: "injected" });
  });

  it("drops a question left without an answer", () => {
    const messages = [welcomeMessage(), userMessage("bees"), replyMessage("bees", response()), userMessage("wasps")];
    const raw = serializeSearchChat({ userId: 3, sessionId: SESSION, messages, open: true, scrollTop: 0 });
    expect(parseSearchChat(raw, 3)?.messages).toEqual(messages.slice(0, 3));
  });

  it(`keeps only the newest ${MAX_STORED_MESSAGES} messages`, () => {
    const messages = Array.from({ length: MAX_STORED_MESSAGES + 15 }, (_, i) => errorMessage(`e${i}`));
    const raw = serializeSearchChat({ userId: 3, sessionId: null, messages, open: false, scrollTop: 0 });
    const stored = parseSearchChat(raw, 3)?.messages ?? [];
    expect(stored).toHaveLength(MAX_STORED_MESSAGES);
    expect(stored[0]?.text).toBe("e15");
  });

  it("reopens only a chat that was left open to read a result, and survives broken storage", () => {
    const storage = memoryStorage();
    const store = createSearchChatStore(storage);
    expect(store.shouldReopen(3)).toBe(false);
    store.write({ userId: 3, sessionId: SESSION, messages: conversation(), open: true, scrollTop: 40 });
    expect(storage.data.has(SEARCH_CHAT_KEY)).toBe(true);
    expect(store.shouldReopen(3)).toBe(true);
    expect(store.shouldReopen(4)).toBe(false);
    store.write({ userId: 3, sessionId: SESSION, messages: conversation(), open: false, scrollTop: 0 });
    expect(store.shouldReopen(3)).toBe(false);
    expect(store.read(3)?.messages).toHaveLength(3);

    const broken = createSearchChatStore({
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => undefined,
    });
    expect(() => broken.write({ userId: 3, sessionId: null, messages: [], open: true, scrollTop: 0 })).not.toThrow();
    expect(broken.read(3)).toBeNull();
    expect(createSearchChatStore(null).shouldReopen(3)).toBe(false);
  });

  it.each([
    ["nothing", null, false],
    ["not JSON", "{", false],
    ["JSON null", "null", false],
    ["open, same user", JSON.stringify({ v: 1, userId: 3, open: true }), true],
    ["open, another user", JSON.stringify({ v: 1, userId: 4, open: true }), false],
    ["closed", JSON.stringify({ v: 1, userId: 3, open: false }), false],
    ["open as text", JSON.stringify({ v: 1, userId: 3, open: "true" }), false],
    ["another version", JSON.stringify({ v: 2, userId: 3, open: true }), false],
  ])("the dashboard's quick look: %s -> %s", (_name, raw, open) => {
    expect(isLeftOpen(raw, 3)).toBe(open);
  });
});

describe("the answer above the results", () => {
  it("splits the answer into words and citations of shown results; other brackets stay words", () => {
    expect(answerParts("From your articles: “Bees dance.” [1] “Queens rule.” [2] [7]", 2)).toEqual([
      { text: "From your articles: “Bees dance.” " },
      { cite: 1 },
      { text: " “Queens rule.” " },
      { cite: 2 },
      { text: " [7]" },
    ]);
  });
});
