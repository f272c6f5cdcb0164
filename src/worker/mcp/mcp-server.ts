import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { z } from "zod";
import type { Services } from "../context";
import { AppError, InvalidInput } from "../domain/errors";
import { targetText } from "../domain/highlights/article-text";
import { matchQuote } from "../domain/highlights/match-quote";
import { MAX_NOTE_LENGTH, MAX_QUOTE_LENGTH } from "../domain/highlights/selectors";
import { HIGHLIGHT_COLORS, HIGHLIGHT_TARGETS } from "../domain/highlights/targets";
import { htmlToMarkdown } from "../domain/html-to-markdown";
import { OAUTH_SCOPES, type OAuthScope } from "../domain/oauth-scopes";
import { MAX_BULK_URLS } from "../services/article-service";
import { MAX_SUBSCRIBE_URLS } from "../services/feeds-service";
import { articleLine, articleList, clip, highlightLine, highlightList, pageFooter, ratingWord } from "./mcp-format";

/** A long article is cut here; `get_article` with `content_offset` reads on. */
const CONTENT_CHARS = 20_000;

export interface McpCaller {
  userId: number;
  /** The scopes of the access token. */
  scopes: readonly string[];
}

const text = (body: string): CallToolResult => ({ content: [{ type: "text", text: body }] });
const failure = (message: string): CallToolResult => ({ content: [{ type: "text", text: message }], isError: true });

const articleId = z.number().int().positive().describe("The article's id, as shown in [brackets] by the other tools");
const articleIds = z
  .array(z.number().int().positive())
  .min(1)
  .max(100)
  .describe("Article ids, as shown in [brackets] by the other tools");

/**
 * The VibeRead tools for one caller. Every call goes through the same services as the web API, with the
 * caller's user id, so another user's article id is "not found". A tool that changes the library checks the
 * token's scopes first: a read-only connection gets a tool error naming what it lacks.
 */
export function createMcpServer(services: Services, caller: McpCaller): McpServer {
  const server = new McpServer(
    { name: "viberead", version: "1.0.0" },
    {
      jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
      instructions:
        "VibeRead is the user's read-it-later library. Articles are known by numeric ids shown in [brackets]; " +
        "search or list first, then open one with get_article. What the user's feeds and newsletters send waits " +
        "in the Feed (list_feed_items) until saved to the library (save_feed_item).",
    },
  );
  const { userId } = caller;

  /** Runs a tool: a missing scope or an expected error (not found, bad input) is a tool error, not a crash. */
  async function run(scope: OAuthScope, body: () => Promise<string>): Promise<CallToolResult> {
    if (!caller.scopes.includes(scope)) {
      return failure(
        `This connection is not allowed to do that: it needs the "${scope}" permission (${OAUTH_SCOPES[scope].toLowerCase()}). ` +
          "Reconnect the app in VibeRead and approve it.",
      );
    }
    try {
      return text(await body());
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return failure(error.message);
      throw error;
    }
  }

  server.registerTool(
    "search_articles",
    {
      title: "Search articles",
      description:
        "Search the user's saved articles by meaning and by words (hybrid search). Use it to find what the user " +
        "has read or saved about a subject. Returns the best matches with ids, a relevance score and why each matched.",
      inputSchema: {
        query: z.string().trim().min(1).max(500).describe("What to look for, in plain words"),
        limit: z.number().int().min(1).max(50).default(10).describe("How many results (1 to 50)"),
        is_read: z.boolean().optional().describe("Only read (true) or only unread (false) articles"),
        domain: z.string().max(253).optional().describe("Only articles from this site, e.g. example.com"),
        language: z.string().max(8).optional().describe("Only articles in this language (ISO 639-1 code, e.g. en)"),
      },
      annotations: { readOnlyHint: true },
    },
    ({ query, limit, is_read, domain, language }) =>
      run("library:read", async () => {
        const found = await services.search.chat(userId, { query, limit, filters: { is_read, domain, language } });
        if (found.results.length === 0) return `No articles match "${query}".`;
        const lines = found.results.map(
          ({ article, relevance_score, match_explanation }) =>
            `${articleLine(article)} relevance ${relevance_score.toFixed(2)}\n  ${clip(match_explanation, 300)}`,
        );
        return `${found.results.length} of ${found.total_found} matches for "${query}":\n\n${lines.join("\n")}`;
      }),
  );

  server.registerTool(
    "get_article",
    {
      title: "Read an article",
      description:
        "Open one saved article: its metadata, summary and full text as markdown. Long texts come in parts: " +
        "call again with content_offset to read on.",
      inputSchema: {
        id: articleId,
        content_offset: z.number().int().min(0).default(0).describe("Where to start in the text, in characters"),
      },
      annotations: { readOnlyHint: true },
    },
    ({ id, content_offset }) =>
      run("library:read", async () => {
        const [article, { highlights }] = await Promise.all([
          services.articles.get(userId, id),
          services.highlights.ofArticle(userId, id),
        ]);
        const markdown = article.content ? htmlToMarkdown(article.content) : "";
        const part = markdown.slice(content_offset, content_offset + CONTENT_CHARS);
        const more = content_offset + CONTENT_CHARS < markdown.length;
        const facts = [
          `- URL: ${article.url}`,
          article.author ? `- Author: ${article.author}` : undefined,
          article.domain ? `- Site: ${article.domain}` : undefined,
          article.language ? `- Language: ${article.language}` : undefined,
          article.publish_date ? `- Published: ${article.publish_date}` : undefined,
          `- Saved: ${article.created_at?.slice(0, 10)}`,
          `- Status: ${article.is_read ? "read" : "unread"}`,
          article.reading_time_minutes ? `- Reading time: ${article.reading_time_minutes} min` : undefined,
          article.processing_status === "completed" ? undefined : `- Processing: ${article.processing_status}`,
          article.processing_error ? `- Problem: ${article.processing_error}` : undefined,
        ].filter(Boolean);
        return [
          `# ${article.title?.trim() || article.url} [${article.id}]`,
          facts.join("\n"),
          `## Summary\n\n${article.summary?.trim() || "No summary yet."}`,
          article.note?.trim() ? `## Note\n\n${article.note.trim()}` : undefined,
          highlights.length > 0
            ? `## Highlights (${highlights.length}, in reading order)\n\n${highlights.map((h) => highlightLine(h)).join("\n\n")}`
            : undefined,
          `## Content\n\n${part || (content_offset > 0 ? "(end of the text)" : "No text yet.")}`,
          more
            ? `(Text continues: ${markdown.length - content_offset - CONTENT_CHARS} more characters; call again with content_offset ${content_offset + CONTENT_CHARS}.)`
            : undefined,
        ]
          .filter(Boolean)
          .join("\n\n");
      }),
  );

  server.registerTool(
    "list_highlights",
    {
      title: "List highlights",
      description:
        "The passages the user highlighted, with their notes, colours and the article each is in: newest first " +
        "across the library, or in reading order for one article. Filter by words (in quotes and notes) or colour.",
      inputSchema: {
        article_id: articleId.optional().describe("Only this article's highlights, in reading order"),
        search: z.string().trim().max(500).optional().describe("Only highlights whose quote or note has these words"),
        color: z.enum(HIGHLIGHT_COLORS).optional().describe("Only highlights of this colour"),
        limit: z.number().int().min(1).max(50).default(20).describe("How many highlights (1 to 50)"),
        cursor: z.string().max(64).optional().describe("The cursor a previous call gave, for the next page"),
      },
      annotations: { readOnlyHint: true },
    },
    ({ article_id, search, color, limit, cursor }) =>
      run("library:read", async () => {
        if (article_id !== undefined) return articleHighlights(article_id, { search, color, limit, cursor });
        const page = await services.highlights.library(userId, {
          search: search || undefined,
          color,
          cursor,
          limit,
        });
        const more = page.next_cursor ? `\n\nMore: call again with cursor "${page.next_cursor}".` : "";
        return highlightList(page.highlights, "Highlights, newest first:", "No highlights match.") + more;
      }),
  );

  /** One article's highlights in reading order, filtered here (an article has hundreds at most). */
  async function articleHighlights(
    id: number,
    query: { search?: string; color?: string; limit: number; cursor?: string },
  ): Promise<string> {
    const offset = query.cursor === undefined ? 0 : Number(/^@(\d{1,9})$/.exec(query.cursor)?.[1] ?? Number.NaN);
    if (Number.isNaN(offset)) throw new InvalidInput("cursor: not a cursor this tool returned");
    const [article, { highlights }] = await Promise.all([
      services.articles.get(userId, id),
      services.highlights.ofArticle(userId, id),
    ]);
    const words = (query.search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const matching = highlights.filter(
      (h) =>
        (!query.color || h.color === query.color) &&
        words.every((word) => `${h.quote}\n${h.note ?? ""}`.toLowerCase().includes(word)),
    );
    const page = matching.slice(offset, offset + query.limit).map((h) => ({ ...h, article }));
    const next =
      offset + query.limit < matching.length ? `\n\nMore: call again with cursor "@${offset + query.limit}".` : "";
    const heading = `Highlights of [${article.id}] ${article.title?.trim() || article.url}, in reading order:`;
    return highlightList(page, heading, "No highlights match.") + next;
  }

  server.registerTool(
    "add_highlight",
    {
      title: "Highlight a passage",
      description:
        "Highlight a passage of a saved article, given as its exact words (copy them from get_article), with an " +
        "optional note and colour. The passage must be in the article's text, summary or title.",
      inputSchema: {
        article_id: articleId,
        quote: z.string().min(1).max(MAX_QUOTE_LENGTH).describe("The passage, word for word as in the article"),
        note: z.string().max(MAX_NOTE_LENGTH).optional().describe("The user's note on the passage"),
        color: z.enum(HIGHLIGHT_COLORS).default("yellow").describe("yellow (the default), green, blue or pink"),
      },
    },
    ({ article_id, quote, note, color }) =>
      run("articles:update", async () => {
        const article = await services.articles.get(userId, article_id);
        const exact = quote.trim();
        if (!exact) throw new InvalidInput("quote: give the passage's words");
        // The part of the article that holds the passage; with no text yet it waits there, `pending`.
        const target =
          HIGHLIGHT_TARGETS.find((t) => {
            const text = targetText({ ...article, content: article.content ?? null }, t);
            return text.length > 0 && matchQuote(text, exact) !== null;
          }) ?? "content";
        const created = await services.highlights.create(userId, article_id, {
          target,
          color,
          note: note?.trim() || null,
          quote: { exact, prefix: "", suffix: "" },
        });
        return `Highlighted in [${article.id}] ${article.title?.trim() || article.url}:\n\n${highlightLine(created)}`;
      }),
  );

  server.registerTool(
    "list_articles",
    {
      title: "List articles",
      description:
        "List the user's saved articles, unread first and then newest, a page at a time, optionally filtered by " +
        "read status, site, language, tag or words.",
      inputSchema: {
        status: z.enum(["all", "read", "unread"]).default("all").describe("Which articles by read status"),
        domain: z.string().max(253).optional().describe("Only articles from this site, e.g. example.com"),
        language: z.string().max(8).optional().describe("Only articles in this language (ISO 639-1 code)"),
        tag: z.string().max(64).optional().describe("Only articles carrying this tag (any letter case)"),
        search: z.string().max(500).optional().describe("Only articles containing these words"),
        page: z.number().int().min(1).default(1).describe("Page number, from 1"),
        per_page: z.number().int().min(1).max(50).default(20).describe("Articles per page (1 to 50)"),
      },
      annotations: { readOnlyHint: true },
    },
    ({ status, domain, language, tag, search, page, per_page }) =>
      run("library:read", async () => {
        const result = await services.articles.list(userId, {
          page,
          perPage: per_page,
          search: search?.trim() || undefined,
          domain: domain?.trim().toLowerCase() || undefined,
          language: language?.trim().toLowerCase() || undefined,
          tag: tag?.trim() || undefined,
          isRead: status === "all" ? undefined : status === "read",
        });
        return (
          articleList(result.articles, "Articles:", "No articles match.") +
          (result.total > 0 ? pageFooter(page, result.total_pages, result.total, result.total_exact) : "")
        );
      }),
  );

  server.registerTool(
    "save_articles",
    {
      title: "Save articles",
      description:
        "Save web pages to the user's library by URL. Each is fetched, summarised and indexed in the background " +
        "within a minute or so; already saved URLs are reported as duplicates.",
      inputSchema: {
        urls: z
          .array(z.string().max(2048))
          .min(1)
          .max(MAX_BULK_URLS)
          .describe(`http(s) URLs to save (at most ${MAX_BULK_URLS})`),
      },
    },
    ({ urls }) =>
      run("articles:write", async () => {
        const result = await services.articles.createMany(userId, urls);
        const lines = result.results.map((r) =>
          r.success && r.article
            ? `- Saved [${r.article.id}] ${r.url}`
            : r.duplicate
              ? `- Already saved${r.article ? ` [${r.article.id}]` : ""}: ${r.url}`
              : `- Not saved: ${r.url}: ${r.error ?? "invalid URL"}`,
        );
        return `Saved ${result.successful}, already saved ${result.duplicates}, failed ${result.failed + result.invalid}.\n\n${lines.join("\n")}`;
      }),
  );

  for (const [name, read] of [
    ["mark_read", true],
    ["mark_unread", false],
  ] as const) {
    server.registerTool(
      name,
      {
        title: read ? "Mark as read" : "Mark as unread",
        description: read
          ? "Mark articles as read (for example after the user read them with you)."
          : "Mark articles as unread, so they show up again among the things to read.",
        inputSchema: { ids: articleIds },
        annotations: { idempotentHint: true },
      },
      ({ ids }) =>
        run("articles:update", async () => {
          const lines: string[] = [];
          for (const id of ids) {
            try {
              const article = read
                ? await services.articles.markRead(userId, id)
                : await services.articles.markUnread(userId, id);
              lines.push(`- [${article.id}] ${article.title ?? article.url}: ${read ? "read" : "unread"}`);
            } catch (error) {
              if (!(error instanceof AppError) || error.status >= 500) throw error;
              lines.push(`- [${id}]: ${error.message}`);
            }
          }
          return lines.join("\n");
        }),
    );
  }

  server.registerTool(
    "rate_article",
    {
      title: "Rate an article",
      description:
        "Record how good an article was for the user: -1 poor, 0 alright, 1 good. Ratings shape the ranking of topics.",
      inputSchema: {
        id: articleId,
        rating: z.union([z.literal(-1), z.literal(0), z.literal(1)]).describe("-1 poor, 0 alright, 1 good"),
      },
      annotations: { idempotentHint: true },
    },
    ({ id, rating }) =>
      run("articles:update", async () => {
        await services.articles.setFeedback(userId, id, rating);
        return `Rated article [${id}] ${ratingWord(rating)}.`;
      }),
  );

  server.registerTool(
    "list_topics",
    {
      title: "List topics",
      description:
        "The topics the user's library falls into (found automatically from the articles), best first, with " +
        "their article and unread counts. Open one with get_topic.",
      inputSchema: {
        limit: z.number().int().min(1).max(50).default(12).describe("How many topics (1 to 50)"),
        unread_only: z.boolean().default(false).describe("Only topics that still have unread articles"),
      },
      annotations: { readOnlyHint: true },
    },
    ({ limit, unread_only }) =>
      run("library:read", async () => {
        const { topics } = await services.topics.list(userId, { limit, unreadOnly: unread_only });
        if (topics.length === 0) return "No topics yet: they appear once a few articles have been processed.";
        const lines = topics.map(
          (t) =>
            `- [${t.id}] **${t.label}**: ${t.article_count} articles, ${t.unread_count} unread` +
            (t.keywords?.length ? ` (${t.keywords.slice(0, 6).join(", ")})` : ""),
        );
        return `Topics:\n\n${lines.join("\n")}`;
      }),
  );

  server.registerTool(
    "get_topic",
    {
      title: "Open a topic",
      description: "One topic and its articles, most similar first, a page at a time.",
      inputSchema: {
        id: z.number().int().positive().describe("The topic's id, as shown in [brackets] by list_topics"),
        unread_only: z.boolean().default(false).describe("Only unread articles"),
        page: z.number().int().min(1).default(1).describe("Page number, from 1"),
        per_page: z.number().int().min(1).max(50).default(20).describe("Articles per page (1 to 50)"),
      },
      annotations: { readOnlyHint: true },
    },
    ({ id, unread_only, page, per_page }) =>
      run("library:read", async () => {
        const topic = await services.topics.detail(userId, id, {
          unreadOnly: unread_only,
          limit: per_page,
          offset: (page - 1) * per_page,
        });
        const heading = `# ${topic.label} [${topic.id}]\n\n${topic.article_count} articles, ${topic.unread_count} unread.`;
        return (
          articleList(topic.articles, heading, `${heading}\n\nNo articles on this page.`) +
          pageFooter(page, topic.pagination.pages, topic.pagination.total)
        );
      }),
  );

  server.registerTool(
    "reading_stats",
    {
      title: "Reading statistics",
      description:
        "The user's reading statistics: totals, read and unread counts, this week and month, the reading streak, " +
        "top sites and recent activity.",
      inputSchema: {
        timezone_offset: z
          .number()
          .int()
          .min(-840)
          .max(840)
          .default(0)
          .describe("The user's time zone in minutes east of UTC (e.g. 60 for UTC+1), for days and streaks"),
      },
      annotations: { readOnlyHint: true },
    },
    ({ timezone_offset }) =>
      run("library:read", async () => {
        const s = await services.articles.statistics(userId, timezone_offset);
        const sites = s.top_domains.map((d) => `${d.domain} (${d.count})`).join(", ");
        const recent = s.recent_activity
          .slice(0, 5)
          .map((r) => `- ${r.action} ${r.date.slice(0, 10)}: [${r.id}] ${r.title ?? r.url}`)
          .join("\n");
        return [
          "# Reading statistics",
          `- Articles: ${s.total_articles} (${s.read_articles} read, ${s.unread_articles} unread${s.processing_stats.failed ? `, ${s.processing_stats.failed} failed` : ""})`,
          `- Read in the last 7 days: ${s.weekly_read_articles}`,
          `- Saved this month: ${s.articles_this_month}`,
          `- Reading streak: ${s.reading_streak} day${s.reading_streak === 1 ? "" : "s"}`,
          `- Processing: ${s.processing_stats.completed} done, ${s.processing_stats.pending + s.processing_stats.processing} in progress, ${s.processing_stats.failed} failed`,
          sites ? `- Top sites: ${sites}` : undefined,
          recent ? `\nRecent activity:\n${recent}` : undefined,
        ]
          .filter(Boolean)
          .join("\n");
      }),
  );

  server.registerTool(
    "list_subscriptions",
    {
      title: "List feed subscriptions",
      description:
        "The feeds and newsletters the user follows, with their folder, unseen count and health. Their new items " +
        "are in the Feed (list_feed_items), apart from the saved library.",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    () =>
      run("library:read", async () => {
        const { subscriptions } = await services.feeds.list(userId);
        if (subscriptions.length === 0) return "No subscriptions yet: subscribe_to_feeds follows a site or a feed.";
        const lines = subscriptions.map(
          (s) =>
            `- [${s.id}] **${s.title}** (${s.kind === "newsletter" ? `newsletter from ${s.sender}` : s.url}` +
            `${s.folder ? `, folder ${s.folder}` : ""}): ${s.unseen_count} unseen of ${s.item_count}; ${s.health.text}` +
            (s.muted ? "; muted" : ""),
        );
        return `${subscriptions.length} subscriptions:\n\n${lines.join("\n")}`;
      }),
  );

  server.registerTool(
    "subscribe_to_feeds",
    {
      title: "Follow feeds or sites",
      description:
        "Subscribe the user to feeds (RSS, Atom, JSON Feed) or to sites, whose feed is found from the page. Each " +
        "address gets its own result.",
      inputSchema: {
        urls: z.array(z.string().trim().min(1).max(2048)).min(1).max(MAX_SUBSCRIBE_URLS).describe("Addresses"),
        folder: z.string().trim().max(200).optional().describe("A folder to file them in"),
      },
    },
    ({ urls, folder }) =>
      run("articles:write", async () => {
        const result = await services.feeds.subscribe(userId, urls, folder);
        const lines = result.results.map((r) =>
          r.success
            ? `- ${r.url}: ${r.already_subscribed ? "already followed" : "followed"} as [${r.subscription?.id}] ${r.subscription?.title}`
            : `- ${r.url}: not followed: ${r.error}`,
        );
        return `${result.subscribed} new, ${result.already_subscribed} already followed, ${result.failed} failed:\n\n${lines.join("\n")}`;
      }),
  );

  server.registerTool(
    "list_feed_items",
    {
      title: "List the Feed",
      description:
        "What the user's subscriptions published, newest first (unseen only by default). Items are known by ids in " +
        "[brackets]; save_feed_item keeps one in the library.",
      inputSchema: {
        subscription_id: z.number().int().positive().optional().describe("Only this subscription's items"),
        state: z.enum(["unseen", "seen", "all"]).default("unseen").describe("Unseen, seen or all items"),
        limit: z.number().int().min(1).max(50).default(20).describe("How many items (1 to 50)"),
        cursor: z.string().max(40).optional().describe("next_cursor of a previous call, for the next page"),
      },
      annotations: { readOnlyHint: true },
    },
    ({ subscription_id, state, limit, cursor }) =>
      run("library:read", async () => {
        const page = await services.feeds.listItems(userId, { subscriptionId: subscription_id, state, limit, cursor });
        if (page.items.length === 0) return "No items here.";
        const lines = page.items.map(
          (i) =>
            `- [${i.id}] **${i.title}** (${i.source}${i.published_at ? `, ${new Date(i.published_at).toISOString().slice(0, 10)}` : ""}` +
            `${i.seen ? ", seen" : ""}${i.article_id ? `, saved as article [${i.article_id}]` : ""})` +
            `${i.url ? `\n  ${i.url}` : ""}${i.summary ? `\n  ${clip(i.summary, 300)}` : ""}`,
        );
        const more = page.next_cursor ? `\n\nMore: call again with cursor "${page.next_cursor}".` : "";
        return `${lines.join("\n")}${more}`;
      }),
  );

  server.registerTool(
    "save_feed_item",
    {
      title: "Save a Feed item to the library",
      description:
        "Keep a Feed item: it is saved as an article (fetched, summarised and given topics like any save) and " +
        "marked seen.",
      inputSchema: { id: z.number().int().positive().describe("The item's id, as shown by list_feed_items") },
    },
    ({ id }) =>
      run("articles:write", async () => {
        const saved = await services.feeds.saveToLibrary(userId, id);
        return saved.duplicate
          ? `Already in the library as article [${saved.article.id}].`
          : `Saved as article [${saved.article.id}]; it is being processed.`;
      }),
  );

  return server;
}
