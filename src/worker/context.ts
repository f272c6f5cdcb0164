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
import { createEbooksRepository } from "./db/repositories/ebooks-repository";
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
import { allShards, assignShard, centralD1, lateBoundLibrary, type Shard, shardOfUser } from "./db/shards";
import { createFeedPollProducer } from "./jobs/feed-poll-producer";
import { createImportQueue } from "./jobs/import-producer";
import { createIngestProducer } from "./jobs/ingest-producer";
import { moveLibrary } from "./jobs/library-mover";
import { createRecovery, sweepClock } from "./jobs/recovery-sweep";
import { createAccountService } from "./services/account-service";
import { createApiTokenService } from "./services/api-token-service";
import { createArticleService } from "./services/article-service";
import { createAuthService } from "./services/auth-service";
import { createDocumentsService } from "./services/documents-service";
import { createEbookService } from "./services/ebook-service";
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
 *
 * Two databases (docs/capacity.md, "A library per shard"): `central` (accounts, sessions, tokens, email addresses)
 * and `db`, the library's shard, which is known only once the user is: until forUser (or forShard, for a job
 * over a whole shard) binds it, any library query throws. One Services serves one library.
 */
export function createServices(env: Env, meter?: D1Tally) {
  const config = getConfig(env);
  const metered = (d1: D1Database) => (config.d1Meter ? meteredD1(d1, meter ? [meter] : []) : d1);
  const central = createDatabase(metered(centralD1(env)));
  // The library's shard is metered once it is bound: the late-bound stand-in has no runtime internals to meter.
  const library = lateBoundLibrary(metered);
  const db = createDatabase(library.d1);
  const users = createUsersRepository(central);
  const sessions = createSessionsRepository(central);
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
  const recovery = createRecovery(env, db);
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
  // A library's new feeds are on its shard: the poll message says which.
  const sendPolls: ReturnType<typeof createFeedPollProducer> = (ids, spread) =>
    createFeedPollProducer(env.FEED_QUEUE, library.shard()?.name ?? "DB")(ids, spread);
  /** Binds the library's repositories to the user's shard (the directory says which): once, to one user. */
  const forUser = async (userId: number): Promise<void> => {
    const bound = library.shard();
    library.bind(bound ?? (await shardOfUser(env, userId)), userId);
  };
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
    forUser,
    /** The operator's library mover (routes/admin-shards.ts): one library to another shard, resumable. */
    moveLibrary: (userId: number, shard: string, graceMs?: number) =>
      moveLibrary(env, userId, shard, graceMs === undefined ? {} : { graceMs }),
    /** Binds the library's repositories to a whole shard, for a job over its users (a cron, a feed poll). */
    forShard(shard: Shard): void {
      library.bind(shard, null);
    },
    users,
    sessions,
    adapters,
    auth: createAuthService({ config, users, sessions, assignShard: (userId) => assignShard(env, userId) }),
    apiTokens: createApiTokenService({ config, tokens: createApiTokensRepository(central), users, sessions }),
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
    // Books read content and highlights as the export does, and pictures through the image proxy's cache and guard.
    ebooks: createEbookService({
      ebooks: createEbooksRepository(db),
      exports: createExportRepository(db, bodies),
      picture: imageProxy.picture,
    }),
    account: createAccountService({
      account: createAccountRepository(db),
      centralAccount: createAccountRepository(central),
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
      addresses: createEmailAddressesRepository(central),
      bindLibraryOf: forUser,
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

/**
 * One Services per shard, each bound to the whole shard: for the lookups that start from a secret rather than a
 * user (a published feed's address), tried shard after shard.
 */
export function servicesPerShard(env: Env, meter?: D1Tally): Services[] {
  return allShards(env).map((shard) => {
    const services = createServices(env, meter);
    services.forShard(shard);
    return services;
  });
}

/** A user's services: createServices bound to the shard that holds their library (queue consumers, Workflows). */
export async function servicesForUser(env: Env, userId: number, meter?: D1Tally): Promise<Services> {
  const services = createServices(env, meter);
  await services.forUser(userId);
  return services;
}

/** Who made the request: a web session (a JWT, which logout revokes by `jti`) or a personal API token. */
export type AuthContext =
  | { kind: "session"; user: UserRecord; jti: string; expiresAt: number }
  | { kind: "api-token"; user: UserRecord; tokenId: number };

/** The Hono environment type shared by every route module. */
export interface AppEnv {
  Bindings: Env;
  Variables: { config: AppConfig; services: Services; auth: AuthContext };
}
