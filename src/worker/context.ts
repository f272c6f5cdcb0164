import { createAdapters } from "./adapters/factory";
import { createR2ImageCache } from "./adapters/r2-image-cache";
import type { AppConfig } from "./config";
import { getConfig } from "./config";
import { createDatabase } from "./db/client";
import { type D1Tally, meteredD1 } from "./db/d1-meter";
import { createAccountRepository } from "./db/repositories/account-repository";
import { createApiTokensRepository } from "./db/repositories/api-tokens-repository";
import { createArticleBodiesRepository } from "./db/repositories/article-bodies-repository";
import { createArticleSourcesRepository } from "./db/repositories/article-sources-repository";
import { createArticleTagsRepository } from "./db/repositories/article-tags-repository";
import { createArticlesRepository } from "./db/repositories/articles-repository";
import { createEmailAddressesRepository } from "./db/repositories/email-addresses-repository";
import { createExportRepository } from "./db/repositories/export-repository";
import { createFeedItemExtractsRepository } from "./db/repositories/feed-item-extracts-repository";
import { createFeedSettingsRepository } from "./db/repositories/feed-settings-repository";
import { createFeedSubscriptionsRepository } from "./db/repositories/feed-subscriptions-repository";
import { createFeedsRepository } from "./db/repositories/feeds-repository";
import { createHighlightsRepository } from "./db/repositories/highlights-repository";
import { createImportsRepository } from "./db/repositories/imports-repository";
import { createIngestBacklogRepository } from "./db/repositories/ingest-backlog-repository";
import { createListenRendersRepository } from "./db/repositories/listen-renders-repository";
import { createNewslettersRepository } from "./db/repositories/newsletters-repository";
import { createPublishedFeedsRepository } from "./db/repositories/published-feeds-repository";
import { createReaderSettingsRepository } from "./db/repositories/reader-settings-repository";
import { createSearchIndex } from "./db/repositories/search-index";
import { createSearchRepository } from "./db/repositories/search-repository";
import { createSessionsRepository } from "./db/repositories/sessions-repository";
import { createTopicsRepository } from "./db/repositories/topics-repository";
import { createUsersRepository, type UserRecord } from "./db/repositories/users-repository";
import { createFeedPollProducer } from "./jobs/feed-poll-producer";
import { createImportQueue } from "./jobs/import-producer";
import { createIngestProducer } from "./jobs/ingest-producer";
import { createRecovery, sweepClock } from "./jobs/recovery-sweep";
import { createAccountService } from "./services/account-service";
import { createApiTokenService } from "./services/api-token-service";
import { createArticleService } from "./services/article-service";
import { createAuthService } from "./services/auth-service";
import { createDocumentsService } from "./services/documents-service";
import { createEmailCaptureService } from "./services/email-capture-service";
import { createExportService } from "./services/export-service";
import { createFeedItemArticleService } from "./services/feed-item-article-service";
import { createFeedFinder } from "./services/feeds-discovery";
import { createFeedPoller } from "./services/feeds-poller";
import { createFeedsService } from "./services/feeds-service";
import { fetchFeed } from "./services/fetching/feed-fetcher";
import { createDohResolver } from "./services/fetching/host-resolver";
import { fetchImage } from "./services/fetching/image-fetcher";
import { fetchPage } from "./services/fetching/page-fetcher";
import { createHighlightsService } from "./services/highlights-service";
import { createImageProxyService } from "./services/image-proxy-service";
import { createImportService } from "./services/import-service";
import { createListeningService } from "./services/listening-service";
import { createNewslettersService } from "./services/newsletters-service";
import { createArticlePipeline } from "./services/processing/article-pipeline";
import { createPublishedFeedsService } from "./services/published-feeds-service";
import { createReaderSettingsService } from "./services/reader-settings-service";
import { createRelatedService } from "./services/related-service";
import { createSearchService } from "./services/search-service";
import { createTopicsService } from "./services/topics-service";

/**
 * Everything a request handler may use, wired once per request from the bindings. `meter`: where the request's
 * D1 rows are counted when D1_METER is on (development only).
 */
export function createServices(env: Env, meter?: D1Tally) {
  const config = getConfig(env);
  const db = createDatabase(config.d1Meter ? meteredD1(env.DB, meter ? [meter] : []) : env.DB);
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const adapters = createAdapters(config, env, db);
  // Articles live in D1 with their bodies (and saved pages) in R2; the repositories below are the only places
  // that know which part is where.
  const bodies = createArticleBodiesRepository(env.ARTICLE_BODIES);
  const searchIndex = createSearchIndex(db, bodies);
  const articles = createArticlesRepository(db, bodies, searchIndex);
  const topics = createTopicsRepository(db);
  const sources = createArticleSourcesRepository(db, bodies);
  const tags = createArticleTagsRepository(db);
  // Highlights are found again wherever the text they quote is rewritten: processing (first, Re-fetch,
  // re-extraction, the summary), a re-summarize and a title edit all reanchor through this one service.
  const highlightsRepository = createHighlightsRepository(db, searchIndex);
  const highlights = createHighlightsService({ highlights: highlightsRepository, articles });
  const pipeline = createArticlePipeline({
    config,
    articles,
    sources,
    originals: bodies,
    adapters,
    resolver: createDohResolver(),
    reanchor: highlights.reanchor,
  });
  const recovery = createRecovery(env);
  const articleService = createArticleService({
    articles,
    sources,
    tags,
    highlights: highlightsRepository,
    enqueue: createIngestProducer(env.INGEST_QUEUE, createIngestBacklogRepository(db)),
    vectorIndex: adapters.vectorIndex,
    pipeline,
    recoverStuck: (userId, ids) => recovery.recoverSaved(userId, ids, sweepClock(env)),
    reanchor: highlights.reanchor,
  });
  const importsRepository = createImportsRepository(db);
  const imageResolver = createDohResolver();
  const feedsRepository = createFeedsRepository(db);
  const newslettersRepository = createNewslettersRepository(db);
  const feedResolver = createDohResolver();
  const fetchFeedGuarded = (url: string, validators: Parameters<typeof fetchFeed>[1]) =>
    fetchFeed(url, validators, {
      allowLoopback: config.allowLoopbackFetch,
      timeoutMs: config.fetchTimeoutMs,
      resolver: feedResolver,
    });
  const feedPoller = createFeedPoller({ feeds: feedsRepository, fetchFeed: fetchFeedGuarded });
  const sendPolls = createFeedPollProducer(env.FEED_QUEUE);
  const imageProxy = createImageProxyService({
    secret: config.jwtSecret,
    cache: createR2ImageCache(env.IMAGE_CACHE),
    fetchImage: (url) =>
      fetchImage(url, {
        allowLoopback: config.allowLoopbackFetch,
        timeoutMs: config.fetchTimeoutMs,
        resolver: imageResolver,
      }),
  });
  return {
    config,
    db,
    users,
    sessions,
    adapters,
    auth: createAuthService({ config, users, sessions }),
    apiTokens: createApiTokenService({ config, tokens: createApiTokensRepository(db), users, sessions }),
    pipeline,
    related: createRelatedService({
      articles,
      topics,
      vectorIndex: adapters.vectorIndex,
      embedderName: adapters.embedder.name,
      unavailableReason: adapters.embedder.unavailableReason,
    }),
    topics: createTopicsService({ topics, ...adapters }),
    search: createSearchService({ search: createSearchRepository(db, bodies), topics, articles, tags, ...adapters }),
    articles: articleService,
    documents: createDocumentsService({
      articles: articleService,
      rows: articles,
      sources,
      originals: bodies,
      images: imageProxy,
    }),
    listening: createListeningService({
      articles,
      speech: adapters.speech,
      audioCache: adapters.audioCache,
      renders: createListenRendersRepository(db),
    }),
    highlights,
    imageProxy,
    account: createAccountService({
      account: createAccountRepository(db),
      bodies,
      vectorIndex: adapters.vectorIndex,
      sessions,
      throttle: config.loginThrottle,
    }),
    readerSettings: createReaderSettingsService({ settings: createReaderSettingsRepository(db) }),
    exports: createExportService({ exports: createExportRepository(db, bodies), tags }),
    importsRepository,
    imports: createImportService({
      imports: importsRepository,
      articles,
      tags: createArticleTagsRepository(db),
      sources,
      queue: createImportQueue(env.IMPORT_QUEUE),
      highlights: highlightsRepository,
      reanchor: (userId, articleId) => highlights.reanchor(userId, articleId),
    }),
    feedPoller,
    feeds: createFeedsService({
      feeds: feedsRepository,
      subscriptions: createFeedSubscriptionsRepository(db),
      finder: createFeedFinder({ feeds: feedsRepository, poller: feedPoller, fetchFeed: fetchFeedGuarded }),
      articles: articleService,
      // An imported file's new feeds: about one first poll a second, within a minute, so 300 sites are not all
      // asked at once and a short file is read at once.
      enqueuePolls: (ids) => sendPolls(ids, Math.min(60, ids.length)),
      newsletters: newslettersRepository,
      settings: createFeedSettingsRepository(db),
      emailDomain: config.emailDomain,
    }),
    feedItemArticles: createFeedItemArticleService({
      subscriptions: createFeedSubscriptionsRepository(db),
      extracts: createFeedItemExtractsRepository(db),
      fetchPage: (url) =>
        fetchPage(url, {
          allowLoopback: config.allowLoopbackFetch,
          timeoutMs: config.fetchTimeoutMs,
          resolver: feedResolver,
        }),
    }),
    publishedFeeds: createPublishedFeedsService({ published: createPublishedFeedsRepository(db) }),
    emailCapture: createEmailCaptureService({
      addresses: createEmailAddressesRepository(db),
      articles: articleService,
      newsletters: createNewslettersService({
        newsletters: newslettersRepository,
        feeds: feedsRepository,
        emailDomain: config.emailDomain,
      }),
      emailDomain: config.emailDomain,
    }),
  };
}
export type Services = ReturnType<typeof createServices>;

/** Who made the request: a web session (a JWT, which logout revokes by `jti`) or a personal API token. */
export type AuthContext =
  | { kind: "session"; user: UserRecord; jti: string; expiresAt: number }
  | { kind: "api-token"; user: UserRecord; tokenId: number };

/** The Hono environment type shared by every route module. */
export interface AppEnv {
  Bindings: Env;
  Variables: { config: AppConfig; services: Services; auth: AuthContext };
}
