import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DOCUMENT_KINDS } from "../domain/documents/document-kind";
import { ANCHOR_STATUSES, HIGHLIGHT_COLORS, HIGHLIGHT_TARGETS } from "../domain/highlights/targets";

/**
 * The single source of truth for the database. `npm run db:generate` turns changes here into SQL in
 * `migrations/`, which wrangler applies locally, in tests and in deploys.
 * Timestamps are epoch milliseconds, so SQL can shift them into a user's timezone arithmetically.
 */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Trimmed and lower-cased, so uniqueness is case-insensitive. */
  email: text("email").notNull().unique(),
  /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` */
  passwordHash: text("password_hash").notNull(),
  createdAt: integer("created_at").notNull(),
  /**
   * When the last topics run that finished began reading this user's library (null: never). An article
   * completed after it is not in the topics yet; the daily cron uses it to skip libraries that are current.
   */
  topicsComputedAt: integer("topics_computed_at"),
  /**
   * The library's mean embedding from the last topics run, encoded by domain/embedding/vector-encoding with
   * the embedder's name as its space (null: no run over enough articles yet). Related articles are ranked
   * around it (domain/embedding/library-space).
   */
  libraryMean: text("library_mean"),
  /**
   * How many completed articles the library had when the last topics run began (null: never run). A library
   * clustered whole (below the sample size) is clustered again once it has grown by a tenth; above it, new
   * articles only join their nearest topics until the daily run (docs/ai.md, "Topics over the whole library").
   */
  topicsArticleCount: integer("topics_article_count"),
  /**
   * What the library's similarities mean, from the last topics run (domain/similarity/library-profile: the scales
   * that related articles' and topic members' percentages are read on, JSON with the embedder's space; null: no
   * run over enough articles yet).
   */
  similarityProfile: text("similarity_profile"),
  /**
   * Raised by a password change. Every web session's JWT carries the value it was signed with (`gen`), and one
   * with another value is refused: changing the password ends every other session at once (docs/decisions.md).
   */
  sessionGeneration: integer("session_generation").notNull().default(0),
});

/** Logged-out token ids, kept until the token would have expired anyway (the daily cron prunes them). */
export const revokedTokens = sqliteTable("revoked_tokens", {
  jti: text("jti").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: integer("expires_at").notNull(),
});

/** Failed sign-ins, counted per email and per client address over a sliding window to throttle guessing. */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    clientAddress: text("client_address").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("login_failures_email_idx").on(t.email, t.createdAt),
    index("login_failures_client_idx").on(t.clientAddress, t.createdAt),
  ],
);

/**
 * Personal API tokens (issue 22): only the SHA-256 of the secret is kept, so a leaked database grants nothing.
 * `last_used_at` is written at most once a minute per token (services/api-token-service.ts).
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Hex SHA-256 of the whole token string. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId, t.createdAt)],
);

/** The local vector index (the embedded adapter behind the VectorIndex port). Scoped by user in every query. */
export const localVectors = sqliteTable(
  "local_vectors",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    /**
     * The embedding, encoded by domain/embedding/vector-encoding (base64 float32; older rows a JSON array).
     * D1 has no vector type and this index is for local use only.
     */
    vector: text("vector").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

export const PROCESSING_STATUSES = ["pending", "processing", "retrying", "completed", "failed"] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/**
 * A saved article. `url` is what the user gave; `normalized_url` decides duplicates (unique per user).
 * The full-text index `articles_fts` (migration 0028, contentless) holds the words of the title, summary, the content
 * as plain text (kept in R2, not here), domain, author, annotation_text and user_id; annotation_text is the note and
 * the highlights' quotes and notes, read from `note` and `highlights` when the entry is written (db/annotation-text.ts),
 * not kept in the row. The app writes each article's entry (db/repositories/search-index.ts), a trigger removes it
 * with the row. user_id is indexed there too, so a search is restricted to one user inside the index instead of after it.
 */
export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    normalizedUrl: text("normalized_url").notNull(),
    title: text("title"),
    summary: text("summary"),
    /**
     * The content (HTML) of an article saved before bodies moved to R2 and not moved yet (jobs/body-mover.ts
     * empties it); null for every other article, whose content is in R2 under `bodyKey`.
     */
    content: text("content"),
    /**
     * The content as plain text, as `content`: only in rows not moved to R2 yet. The full-text index holds its
     * words either way (migration 0028); it is never sent to clients.
     */
    searchText: text("search_text"),
    /**
     * Where the article's body (its content and that content as plain text) is in R2, under the user's prefix
     * (db/repositories/article-bodies-repository.ts); null: no body yet, or one not moved out of `content` yet.
     * Each new body gets a new key, written before this column points to it, so a reader never sees half a body.
     */
    bodyKey: text("body_key"),
    author: text("author"),
    domain: text("domain"),
    language: text("language"),
    publishDate: text("publish_date"),
    siteName: text("site_name"),
    imageUrl: text("image_url"),
    wordCount: integer("word_count"),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    readAt: integer("read_at"),
    /**
     * Whether the article has a highlight, kept by triggers on `highlights` (migration 0038), so that the list's
     * "has highlights" filter reads one partial index instead of probing the highlights of every article.
     */
    hasHighlights: integer("has_highlights", { mode: "boolean" }).notNull().default(false),
    processingStatus: text("processing_status", { enum: PROCESSING_STATUSES }).notNull().default("pending"),
    processingError: text("processing_error"),
    processingAttempts: integer("processing_attempts").notNull().default(0),
    processedAt: integer("processed_at"),
    /**
     * False when the extracted text is mostly the page's interface (a sign-in form's messages, a cookie notice)
     * rather than an article (domain/interface-text.ts): such an article is completed without a summary and the
     * viewer says the page could not be read as an article and offers the original.
     */
    readsAsArticle: integer("reads_as_article", { mode: "boolean" }).notNull().default(true),
    /**
     * The Workflow instance running the article's current processing (null: not started, run in place by the
     * imports' consumer, or finished). The recovery sweep asks that instance whether it still lives
     * (jobs/recovery-sweep.ts).
     */
    processingRun: text("processing_run"),
    /** How often the recovery sweep queued the article again since it was saved or re-fetched (issue 31). */
    recoveries: integer("recoveries").notNull().default(0),
    /** The reader's note on the whole article (issue 32), plain text shown as typed; searchable. */
    note: text("note"),
    noteUpdatedAt: integer("note_updated_at"),
    /**
     * Where the reader is (issue 32): a text offset into the content, not pixels, so another device's width and
     * font size land on the same words; `readingProgress` (0-1) is what cards show. Newest write wins.
     */
    readingPosition: integer("reading_position"),
    readingProgress: real("reading_progress"),
    positionUpdatedAt: integer("position_updated_at"),
    /**
     * What the article was read from when it is a document (issue 54): "pdf", "epub", "html", "markdown" or "text",
     * uploaded or a saved link that answered a PDF; null for a web page. The file itself is kept in R2 beside the
     * body (article-bodies-repository: `original`), served by "Open original".
     */
    documentType: text("document_type", { enum: DOCUMENT_KINDS }),
    /** The uploaded file's name, as the reader's device gave it (null for a saved link). */
    documentName: text("document_name"),
    /** How many pages the document has (a PDF), so highlights can report a page; null where it has none. */
    documentPages: integer("document_pages"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("articles_user_url_unique").on(t.userId, t.normalizedUrl),
    // The list order (unread first, newest first, id as tiebreak), directions included, so listing a page
    // walks the index instead of sorting the user's whole library.
    index("articles_user_order_idx").on(t.userId, t.isRead, sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    // The list filtered to highlighted articles, in the list's order, with its count: only those articles' entries.
    index("articles_user_highlighted_idx")
      .on(t.userId, t.isRead, sql`${t.createdAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.hasHighlights} = 1`),
    index("articles_user_created_idx").on(t.userId, t.createdAt),
    index("articles_user_read_at_idx").on(t.userId, t.readAt),
    index("articles_user_domain_order_idx").on(
      t.userId,
      t.domain,
      t.isRead,
      sql`${t.createdAt} DESC`,
      sql`${t.id} DESC`,
    ),
    // Covers the statistics' totals (count, read, unread but not failed) and counts by status: without `is_read` each
    // read every row of the library (171 ms for 50,000 articles, SQLite 3.51, against 8 ms covered).
    index("articles_user_status_idx").on(t.userId, t.processingStatus, t.isRead),
    // The bodies still to move to R2 (jobs/body-mover.ts): each batch reads only them, and the index is empty
    // once they have moved (a new body never sets `content`).
    index("articles_unmoved_body_idx").on(t.id).where(sql`${t.bodyKey} IS NULL AND ${t.content} IS NOT NULL`),
    // The recovery sweep's one query across users: work in progress that has not moved for a while.
    index("articles_status_updated_idx").on(t.processingStatus, t.updatedAt),
    check(
      "articles_status_check",
      sql`${t.processingStatus} IN ('pending','processing','retrying','completed','failed')`,
    ),
  ],
);

/**
 * The page's own HTML sent with a save (pages behind a login or a bot wall), gzip-compressed and base64-encoded,
 * in chunks because D1 caps a row at 2 MB: only pages saved before such pages went to R2 beside the article's body
 * (db/repositories/article-sources-repository.ts), read until their processing ends and deletes them.
 */
export const articleSources = sqliteTable(
  "article_sources",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    chunk: text("chunk").notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.seq] })],
);

/**
 * Tags on an article (issue 23): kept from imported files (Pocket, Instapaper folders, Raindrop...), shown on
 * cards and in the viewer, filterable on the dashboard, exported. Stored as written (trimmed, at most 64
 * characters); `tag_key` is its lower case, so "Rust" and "rust" are one tag of the article.
 */
export const articleTags = sqliteTable(
  "article_tags",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    tagKey: text("tag_key").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.tagKey] }),
    index("article_tags_user_tag_idx").on(t.userId, t.tagKey, t.articleId),
  ],
);

/**
 * How many of a reader's articles come from each site, kept by triggers on `articles` (migration 0039: insert,
 * delete, a changed domain), so that the statistics' top domains read a row per site rather than every article.
 * Never copied when a library moves: the new shard's triggers count its rows as they are copied in.
 */
export const libraryDomains = sqliteTable(
  "library_domains",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    articles: integer("articles").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.domain] })],
);

/** One rating per article: -1 poor, 0 alright, 1 good. */
export const articleFeedback = sqliteTable(
  "article_feedback",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    feedbackValue: integer("feedback_value").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("article_feedback_article_unique").on(t.articleId),
    index("article_feedback_user_idx").on(t.userId),
    check("article_feedback_value_check", sql`${t.feedbackValue} IN (-1, 0, 1)`),
  ],
);

/**
 * One user's topic clusters, replaced as a whole each time the library is re-clustered. Counts that change
 * when articles are read or deleted (unread_count, article_count) are computed from topic_articles when
 * read; cluster_size and the scores are as of the clustering.
 */
export const topics = sqliteTable(
  "topics",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull(),
    finalScore: real("final_score").notNull(),
    clusterSize: integer("cluster_size").notNull(),
    avgRecencyDays: real("avg_recency_days").notNull(),
    avgFeedbackScore: real("avg_feedback_score"),
    algorithm: text("algorithm").notNull(),
    silhouetteScore: real("silhouette_score").notNull(),
    /** This topic's own silhouette: the mean over its articles; null for topics stored before it existed. */
    topicSilhouetteScore: real("topic_silhouette_score"),
    generatedFrom: text("generated_from").notNull(),
    createdAt: integer("created_at").notNull(),
    /**
     * The topic's centre in the join space (domain/clustering/join-topics), encoded by vector-encoding: an
     * article outside the clustered sample, or processed later, joins the topic whose centre is nearest. Null
     * for the leftover group and for topics stored before centres existed (then nothing joins: a run is asked).
     */
    centre: text("centre"),
    /** The least similarity to the centre an article needs to join this topic (below it: the leftover group). */
    joinThreshold: real("join_threshold"),
    /**
     * The language (ISO 639-1) of every article of the topic when the library's languages were clustered apart
     * (an embedder that is not multilingual): only articles of that language join it. Null when topics span
     * languages, and for the leftover group.
     */
    language: text("language"),
  },
  (t) => [index("topics_user_score_idx").on(t.userId, t.finalScore)],
);

export const topicArticles = sqliteTable(
  "topic_articles",
  {
    topicId: integer("topic_id")
      .notNull()
      .references(() => topics.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    similarity: real("similarity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.articleId] }),
    index("topic_articles_topic_similarity_idx").on(t.topicId, t.similarity),
    index("topic_articles_article_idx").on(t.articleId),
  ],
);

/** A chat search session: the last few turns, so a follow-up question can build on the previous one. */
export const searchSessions = sqliteTable(
  "search_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    turns: text("turns", { mode: "json" })
      .$type<
        {
          query: string;
          effectiveQuery: string;
          resultIds: number[];
          /** The results' relevance, in the same order: a follow-up that picks some of them keeps it. */
          scores?: number[];
          /** Whether each result fit the question or was only close (chat-query's Fit); JSON, no migration. */
          fits?: ("match" | "close")[];
          /** The answer's language (answers/question-language): the next question leans to it. */
          language?: string;
          at: number;
          /** Filters the question named or inherited (language, domain, saving time, read state); JSON, no migration. */
          filters?: { language?: string; domain?: string; since?: number; until?: number; isRead?: boolean };
        }[]
      >()
      .notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("search_sessions_user_idx").on(t.userId, t.updatedAt)],
);

/**
 * Each user's private save-by-email address `save-<localToken>@<EMAIL_DOMAIN>`. The token is shown to its user,
 * so it is stored as is; it is 24 random characters, so it cannot be guessed. Rotating replaces the row's token,
 * and mail to the old one finds no user and is refused.
 */
export const emailAddresses = sqliteTable("email_addresses", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  localToken: text("local_token").notNull().unique(),
  createdAt: integer("created_at").notNull(),
});

export const IMPORT_STATUSES = ["queued", "running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * One uploaded import file (issue 23). Its rows travel on IMPORT_QUEUE in chunks; every stored chunk adds to
 * the counters, and the import is `done` once imported + duplicates + invalid + failed reaches `total`.
 * `errors` holds the first few hundred invalid rows as JSON `[{ row, reason }]` (the counters hold them all), and
 * the warnings of rows imported all the same (`warning: true`; row 0 speaks of the whole file, e.g. its encoding).
 */
export const imports = sqliteTable(
  "imports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    fileName: text("file_name"),
    status: text("status", { enum: IMPORT_STATUSES }).notNull().default("queued"),
    total: integer("total").notNull(),
    imported: integer("imported").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    invalid: integer("invalid").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    errors: text("errors", { mode: "json" }).$type<{ row: number; reason: string; warning?: true }[]>().notNull(),
    error: text("error"),
    createdAt: integer("created_at").notNull(),
    startedAt: integer("started_at"),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("imports_user_idx").on(t.userId, t.createdAt)],
);

/** Which articles an import created, so its progress can count how many have finished processing. */
export const importArticles = sqliteTable(
  "import_articles",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.articleId] }), index("import_articles_article_idx").on(t.articleId)],
);

export const INGEST_LANES = ["single", "bulk"] as const;
export type IngestLane = (typeof INGEST_LANES)[number];

/**
 * Articles waiting for processing (issue 31: fair to every user). Every INGEST_QUEUE message is a turn at
 * processing, not a particular article: its consumer claims the next article here in fair order (single saves
 * first, then users in turn), so one user's 500-link paste waits behind other users' saves instead of in front.
 * `request_id` names the article's Workflow instance; `claimed_by` is the request id of the message that took
 * the article (a re-delivered message finds its own claim again) and the row is deleted once its Workflow exists.
 */
export const ingestBacklog = sqliteTable(
  "ingest_backlog",
  {
    articleId: integer("article_id")
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestId: text("request_id").notNull(),
    reason: text("reason").notNull(),
    lane: text("lane", { enum: INGEST_LANES }).notNull(),
    queuedAt: integer("queued_at").notNull(),
    claimedBy: text("claimed_by"),
    claimedAt: integer("claimed_at"),
  },
  (t) => [
    index("ingest_backlog_user_idx").on(t.userId, t.lane, t.articleId),
    index("ingest_backlog_claim_idx").on(t.claimedBy),
  ],
);

/** When each user last had an article taken from the backlog (a sequence number): the longest-waiting goes next. */
export const ingestTurns = sqliteTable("ingest_turns", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastTurn: integer("last_turn").notNull(),
});

/**
 * A highlight (issue 32, migration 0019): W3C Web Annotation selectors over the text of one part of an article
 * (`target`). The quote (exact, prefix, suffix) finds it again after the text changes; the position is a hint.
 * `highlights_fts` mirrors exact and note through triggers. `client_id` makes a device's retried write of an
 * offline highlight idempotent.
 */
export const highlights = sqliteTable(
  "highlights",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    target: text("target", { enum: HIGHLIGHT_TARGETS }).notNull().default("content"),
    exact: text("exact").notNull(),
    prefix: text("prefix").notNull().default(""),
    suffix: text("suffix").notNull().default(""),
    positionStart: integer("position_start"),
    positionEnd: integer("position_end"),
    anchorStatus: text("anchor_status", { enum: ANCHOR_STATUSES }).notNull().default("anchored"),
    color: text("color", { enum: HIGHLIGHT_COLORS }).notNull().default("yellow"),
    note: text("note"),
    clientId: text("client_id"),
    /**
     * The page of a document (a PDF) the highlight starts on (issue 54), from the `data-page` of its block when it
     * was made; null for web articles and other parts. Exports print it ("p. 12").
     */
    page: integer("page"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("highlights_user_created_idx").on(t.userId, sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    // `user_id` second: with both equalities here the planner takes this index for "has highlights" (an EXISTS per
    // article) rather than highlights_user_client_unique, which scanned all the user's highlights for each article
    // (a list of 50,000 articles with 50,000 highlights did not finish; 17 ms with this one).
    index("highlights_article_idx").on(t.articleId, t.userId, t.target, t.positionStart),
    index("highlights_user_color_idx").on(t.userId, t.color, sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    uniqueIndex("highlights_user_client_unique").on(t.userId, t.clientId),
    check("highlights_target_check", sql`${t.target} IN ('content','summary','title')`),
    check("highlights_color_check", sql`${t.color} IN ('yellow','green','blue','pink')`),
    check("highlights_status_check", sql`${t.anchorStatus} IN ('anchored','orphaned','pending')`),
  ],
);

/**
 * Listen (issue 36): the characters the cloud voice rendered for a user, one row per render (a cache hit is none),
 * so a user's renders stay within LISTEN_DAILY_CHARACTERS in any 24 hours. The daily cron prunes older rows.
 */
export const listenRenders = sqliteTable(
  "listen_renders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    characters: integer("characters").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("listen_renders_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Each reader's type and theme (domain/reader-settings.ts), one row per account, made when they first change them
 * (no row: the defaults). `settings` is the JSON document; `updatedAt` is when the reader made the change on their
 * device, so a write sent late by a device that was offline never replaces a newer one.
 */
export const readerSettings = sqliteTable("reader_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  settings: text("settings").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const FEED_STATUSES = ["active", "gone"] as const;
/** A feed fetched from the web (shared by its readers), or a newsletter: one reader's mail from one sender. */
export const FEED_KINDS = ["web", "newsletter"] as const;

/**
 * Followed feeds, one row per feed address for all readers (docs/feeds.md): a feed followed by a thousand readers
 * is fetched once per interval. `url` is where it is fetched now (a permanent redirect replaces it). The conditional
 * GET validators, the polling plan (domain/feeds/polling-policy.ts) and the health of the last fetches live here.
 * `queued_until`: the scheduler has queued a poll and will not queue another before then (a lost message is
 * queued again after it).
 *
 * A newsletter (docs/feeds.md) is a row of its own per reader and sender: `user_id` is that reader (null for a web
 * feed, which belongs to nobody), `url` an internal key (`newsletter:<user>:<sender>`), never fetched (no
 * `next_poll_at`); its items are the mails, whose links may be personal, so they are never shared.
 */
export const feeds = sqliteTable(
  "feeds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    url: text("url").notNull().unique(),
    kind: text("kind", { enum: FEED_KINDS }).notNull().default("web"),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A newsletter's sender address (its From), lower-case. */
    sender: text("sender"),
    /** A newsletter's List-Unsubscribe targets from its latest mail: an https page and/or a mailto address. */
    unsubscribeUrl: text("unsubscribe_url"),
    unsubscribeMailto: text("unsubscribe_mailto"),
    title: text("title"),
    siteUrl: text("site_url"),
    iconUrl: text("icon_url"),
    format: text("format"),
    etag: text("etag"),
    lastModified: text("last_modified"),
    status: text("status", { enum: FEED_STATUSES }).notNull().default("active"),
    intervalMinutes: integer("interval_minutes").notNull().default(60),
    statedIntervalMinutes: integer("stated_interval_minutes"),
    /** Null once polling has stopped (410 Gone, or no subscriber left). */
    nextPollAt: integer("next_poll_at"),
    queuedUntil: integer("queued_until"),
    lastPolledAt: integer("last_polled_at"),
    lastChangedAt: integer("last_changed_at"),
    consecutiveErrors: integer("consecutive_errors").notNull().default(0),
    errorSince: integer("error_since"),
    lastError: text("last_error"),
    /** What the last successful read left out: items beyond the per-fetch cap. */
    omittedItems: integer("omitted_items").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("feeds_next_poll_idx").on(t.nextPollAt), index("feeds_user_idx").on(t.userId)],
);

/** A reader following a feed: their own title for it (null: the feed's) and folder (null: none). */
export const feedSubscriptions = sqliteTable(
  "feed_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    feedId: integer("feed_id")
      .notNull()
      .references(() => feeds.id, { onDelete: "cascade" }),
    title: text("title"),
    folder: text("folder"),
    /** A muted newsletter keeps its items; new mail from it is dropped. */
    mutedAt: integer("muted_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("feed_subscriptions_user_feed_idx").on(t.userId, t.feedId),
    index("feed_subscriptions_feed_idx").on(t.feedId),
  ],
);

/**
 * Items of a feed, stored once for every reader of it. `item_key` (domain/feeds/feed-item.ts: the feed's id for the
 * item, else its normalised link) makes a poll that sees an item again a no-op. `sort_at` is its date, or when it was
 * first seen when it has none, so the Feed lists newest first either way.
 */
export const feedItems = sqliteTable(
  "feed_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    feedId: integer("feed_id")
      .notNull()
      .references(() => feeds.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    url: text("url"),
    title: text("title").notNull(),
    author: text("author"),
    summary: text("summary").notNull(),
    contentHtml: text("content_html"),
    publishedAt: integer("published_at"),
    firstSeenAt: integer("first_seen_at").notNull(),
    sortAt: integer("sort_at").notNull(),
  },
  (t) => [
    uniqueIndex("feed_items_feed_key_idx").on(t.feedId, t.itemKey),
    index("feed_items_feed_sort_idx").on(t.feedId, t.sortAt, t.id),
  ],
);

/** A reader's state of an item: seen (when), and the Library article it was saved as. No row: unseen. */
export const feedItemStates = sqliteTable(
  "feed_item_states",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => feedItems.id, { onDelete: "cascade" }),
    seenAt: integer("seen_at"),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/** What a published feed's secret address serves (docs/feeds.md, docs/ebooks.md). */
export const PUBLISHED_FEED_KINDS = ["atom", "opds"] as const;

/**
 * A reader's Library, or one tag of it, published as a private Atom feed (docs/feeds.md). The secret in its address
 * is stored only as its SHA-256 (as API tokens are): the database cannot give the address back, and revoking (deleting
 * the row) makes it answer 404. `tag_key` null: the whole Library. The same secret mechanism serves the OPDS catalog
 * an e-reader app downloads the unread queue from (`kind` opds, docs/ebooks.md).
 */
export const publishedFeeds = sqliteTable(
  "published_feeds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tag: text("tag"),
    tagKey: text("tag_key"),
    /** atom: the Atom feed of the Library or a tag; opds: the OPDS catalog of the unread queue as EPUBs (e-readers). */
    kind: text("kind", { enum: PUBLISHED_FEED_KINDS }).notNull().default("atom"),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: integer("created_at").notNull(),
    lastReadAt: integer("last_read_at"),
  },
  (t) => [index("published_feeds_user_idx").on(t.userId, t.createdAt)],
);

/** A reader's Feed settings (no row: the defaults). `unsaved_item_days`: how long an item they did not save stays. */
export const feedSettings = sqliteTable("feed_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  unsavedItemDays: integer("unsaved_item_days").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * The article behind a feed item that carries only a summary, extracted as a saved link's page is when a reader first
 * opens it, kept for every reader of the feed (the page is public, like the feed). Stored gzip-compressed (base64):
 * pages are large and compress 5 to 10 times, and the row goes with its item.
 */
export const feedItemExtracts = sqliteTable("feed_item_extracts", {
  itemId: integer("item_id")
    .primaryKey()
    .references(() => feedItems.id, { onDelete: "cascade" }),
  url: text("url").notNull(),
  title: text("title"),
  contentGzip: text("content_gzip").notNull(),
  contentBytes: integer("content_bytes").notNull(),
  extractedAt: integer("extracted_at").notNull(),
});

/**
 * The shard directory, in the central database only (docs/capacity.md, "A library per shard"): which D1 database
 * (its binding name, one of D1_SHARDS) holds the user's library. No row: the first, `DB` (every user from before
 * sharding). `moving`: the mover is copying the last changes to another shard; the library answers 503 meanwhile.
 */
export const userShards = sqliteTable(
  "user_shards",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    shard: text("shard").notNull(),
    state: text("state", { enum: ["active", "moving"] }).notNull(),
    /** While `moving`: the shard the library is going to (the mover, run again, goes on from here). */
    movingTo: text("moving_to"),
    /** After a move, until the mover has deleted the library's rows there: the shard it left. */
    movedFrom: text("moved_from"),
    movedAt: integer("moved_at"),
  },
  (t) => [index("user_shards_shard_idx").on(t.shard)],
);
