import { z } from "zod";
import { ConfigurationError } from "./domain/errors";

/**
 * The Worker's typed configuration, parsed once per isolate from `env`. Everything that varies between
 * development, staging and production is read here and nowhere else.
 */
export interface AppConfig {
  environment: "development" | "staging" | "production";
  aiProvider: "local" | "cloudflare";
  allowLoopbackFetch: boolean;
  /** Time cap of one page fetch; the user's error sentence names it. */
  fetchTimeoutMs: number;
  textModel: string;
  embeddingModel: string;
  embeddingDimensions: number;
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  loginThrottle: { maxFailuresPerEmail: number; maxFailuresPerClient: number; windowMinutes: number };
  /** How long after an article finishes its user's topics are recomputed (more finishing meanwhile join in). */
  topicsDebounceSeconds: number;
  /** The domain of the users' private save-by-email addresses (`save-<token>@<emailDomain>`). */
  emailDomain: string;
  /**
   * Whether work in progress when the runtime started is lost: the local runtime (`wrangler dev`, `npm start`)
   * keeps queue messages in memory, so a restart drops them, while deployed Queues and Workflows are durable.
   * The recovery sweep then queues such work again at start-up instead of after its staleness limit.
   */
  restartLosesWork: boolean;
  /**
   * Listen (issue 36), development only: the languages (ISO 639-1) the local server renders with the faithful fake
   * of Workers AI's speech models (LISTEN_FAKE_SPEECH, e.g. "es"; empty: none, the browser's voices read). For an
   * end-to-end test of the cloud voice without an account.
   */
  listenFakeSpeech: string[];
  /**
   * Development only (D1_METER=on): every request's D1 rows read and written in its response headers, and the
   * isolate's totals at GET /api/dev/d1-meter, for `npm run bench:capacity` (db/d1-meter.ts).
   */
  d1Meter: boolean;
  /**
   * The D1 bindings that hold users' libraries (D1_SHARDS), `DB` first: `DB` is also the central database
   * (accounts, sessions, tokens, email addresses, the shard directory). Only db/shards.ts reads them.
   */
  d1Shards: string[];
  /** The bearer token of POST /api/admin/shards/move (SHARD_ADMIN_TOKEN); null: that endpoint answers 404. */
  shardAdminToken: string | null;
}

// Only ever used when ENVIRONMENT is "development": a fixed key keeps local tokens valid across restarts.
const DEVELOPMENT_JWT_SECRET = "viberead-development-only-secret-not-for-deployment";
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

const positiveInt = z.coerce.number().int().positive();
const rawConfigSchema = z.object({
  ENVIRONMENT: z.enum(["development", "staging", "production"]),
  AI_PROVIDER: z.enum(["local", "cloudflare"]),
  ALLOW_LOOPBACK_FETCH: z.enum(["true", "false"]).transform((v) => v === "true"),
  FETCH_TIMEOUT_SECONDS: positiveInt.max(120),
  TEXT_MODEL: z.string().min(1),
  EMBEDDING_MODEL: z.string().min(1),
  EMBEDDING_DIMENSIONS: positiveInt.max(1536),
  LOGIN_MAX_FAILURES_PER_EMAIL: positiveInt,
  LOGIN_MAX_FAILURES_PER_CLIENT: positiveInt,
  LOGIN_FAILURE_WINDOW_MINUTES: positiveInt,
  // At most the 600 s a TopicsWorkflow accepts (topics-params.ts).
  TOPICS_DEBOUNCE_SECONDS: z.coerce.number().int().min(0).max(600),
  JWT_SECRET: z.string().optional(),
  // A secret (`wrangler secret put SHARD_ADMIN_TOKEN`): unset, the library mover's endpoint does not exist.
  SHARD_ADMIN_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, "must be a lower-case domain name")
    .default("save.viberead.localhost"),
  LISTEN_FAKE_SPEECH: z
    .string()
    .regex(/^(off|(en|es)(,(en|es))*)?$/, "must be off or languages the fake speaks (en, es), comma-separated")
    .default("off"),
  D1_METER: z.enum(["on", "off"]).default("off"),
  // The D1 bindings that hold libraries, DB first (docs/capacity.md, "A library per shard").
  D1_SHARDS: z
    .string()
    .regex(/^DB(,DB_SHARD_[1-9][0-9]*)*$/, 'must be "DB" followed by DB_SHARD_1, DB_SHARD_2... comma-separated')
    .default("DB"),
});

const cache = new WeakMap<object, AppConfig>();

export function getConfig(env: Env): AppConfig {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = rawConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigurationError(`Server configuration is invalid: ${issue?.path.join(".")} ${issue?.message}`);
  }
  const raw = parsed.data;
  const secret = raw.JWT_SECRET ?? (raw.ENVIRONMENT === "development" ? DEVELOPMENT_JWT_SECRET : undefined);
  if (!secret || secret.length < 32) {
    throw new ConfigurationError("Server configuration is invalid: JWT_SECRET must be set (at least 32 characters)");
  }
  const listenFakeSpeech =
    raw.LISTEN_FAKE_SPEECH === "off" || raw.LISTEN_FAKE_SPEECH === "" ? [] : raw.LISTEN_FAKE_SPEECH.split(",");
  if (listenFakeSpeech.length > 0 && raw.ENVIRONMENT !== "development") {
    throw new ConfigurationError("Server configuration is invalid: LISTEN_FAKE_SPEECH is for development only");
  }
  if (raw.D1_METER === "on" && raw.ENVIRONMENT !== "development") {
    throw new ConfigurationError("Server configuration is invalid: D1_METER is for development only");
  }
  const config: AppConfig = {
    environment: raw.ENVIRONMENT,
    aiProvider: raw.AI_PROVIDER,
    allowLoopbackFetch: raw.ALLOW_LOOPBACK_FETCH,
    fetchTimeoutMs: raw.FETCH_TIMEOUT_SECONDS * 1000,
    textModel: raw.TEXT_MODEL,
    embeddingModel: raw.EMBEDDING_MODEL,
    embeddingDimensions: raw.EMBEDDING_DIMENSIONS,
    jwtSecret: new TextEncoder().encode(secret),
    tokenTtlSeconds: THIRTY_DAYS_SECONDS,
    loginThrottle: {
      maxFailuresPerEmail: raw.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerClient: raw.LOGIN_MAX_FAILURES_PER_CLIENT,
      windowMinutes: raw.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    topicsDebounceSeconds: raw.TOPICS_DEBOUNCE_SECONDS,
    emailDomain: raw.EMAIL_DOMAIN,
    restartLosesWork: raw.ENVIRONMENT === "development",
    listenFakeSpeech,
    d1Meter: raw.D1_METER === "on",
    d1Shards: raw.D1_SHARDS.split(","),
    shardAdminToken: raw.SHARD_ADMIN_TOKEN ?? null,
  };
  cache.set(env, config);
  return config;
}
