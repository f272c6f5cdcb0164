// Deploy preflight: what the platform will not say until users hit it, checked before a deploy. Each check is a
// pure function over the resolved wrangler config (the built dist/viberead/wrangler.json) and the JSON that
// wrangler commands print, so it is tested offline with recorded outputs; scripts/deploy.mjs runs the commands.
// Every failed check carries the exact command that fixes it.

/**
 * The vector index filters every query by `user_id` (a number: the adapter stores the user's numeric id).
 * Vectorize only filters on properties that have a metadata index, and only for vectors inserted after the
 * index exists: without it, filtered queries silently return nothing.
 */
export const USER_ID_METADATA_INDEX = { propertyName: "user_id", indexType: "number" };
/** The related-articles and search scores are cosines. */
export const VECTOR_METRIC = "cosine";

const PLACEHOLDER_ID = /^(REPLACE_WITH_|0{8}-0{4}-)/i;

/** Listen's audio cache (issue 36): an R2 bucket in every environment, under this binding. */
export const AUDIO_CACHE_BINDING = "AUDIO_CACHE";
/**
 * The bucket's lifecycle rule: rendered audio is deleted 30 days after it was written, the lifetime the Worker
 * serves it for (CACHED_AUDIO_MAX_AGE_SECONDS in src/worker/adapters/r2-audio-cache.ts). It only deletes cache
 * entries, so the deploy adds it itself.
 */
export const AUDIO_EXPIRY_RULE = { name: "expire-listen-audio", days: 30 };

/** The image proxy's cache (issue 50): an R2 bucket in every environment, under this binding. */
export const IMAGE_CACHE_BINDING = "IMAGE_CACHE";
/**
 * Its lifecycle rule: a picture is deleted a year after the Worker kept it (it does not go stale; the year bounds the
 * bucket). Only cache entries, so the deploy adds it itself; a deleted picture is fetched again on its next request.
 */
export const IMAGE_EXPIRY_RULE = { name: "expire-article-images", days: 365 };

/**
 * Every R2 cache bucket the Worker needs, with its binding, what it holds, its bucket name's stem and its expiry
 * rule: the preflight checks each is declared, exists (creating it) and has its rule (adding it).
 */
export const CACHE_BUCKETS = [
  {
    binding: AUDIO_CACHE_BINDING,
    holds: "Listen's audio cache",
    stem: "viberead-audio",
    rule: AUDIO_EXPIRY_RULE,
    what: "audio",
  },
  {
    binding: IMAGE_CACHE_BINDING,
    holds: "article pictures",
    stem: "viberead-images",
    rule: IMAGE_EXPIRY_RULE,
    what: "pictures",
  },
];

/**
 * R2 buckets that hold the library itself (article bodies and the pages sent with saves, out of D1; see
 * docs/capacity.md): declared and created like the caches, and never given an expiry rule.
 */
export const STORAGE_BUCKETS = [
  { binding: "ARTICLE_BODIES", holds: "article bodies and saved pages", stem: "viberead-bodies" },
];

/**
 * @typedef {{ ok: boolean, check: string, detail?: string, fix?: string, autoFix?: string[] }} Finding
 * `autoFix` is the wrangler argument list the deploy script runs itself (only for a harmless creation).
 */

/** Finds the JSON a wrangler command printed, after any banner or warning lines; null when there is none. */
export function parseWranglerJson(stdout) {
  const text = String(stdout ?? "");
  const start = text.search(/^[[{]/m);
  if (start < 0) return null;
  try {
    return JSON.parse(text.slice(start));
  } catch {
    return null;
  }
}

/** `wrangler whoami --json` output; the account checks below need a signed-in wrangler. */
export function checkSignedIn(whoamiJson) {
  const ok = whoamiJson?.loggedIn === true;
  return {
    ok,
    check: "wrangler is signed in to Cloudflare",
    ...(!ok && {
      detail: "the Vectorize index, its metadata index and JWT_SECRET could not be checked",
      fix: "npx wrangler login   # or set CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID) in CI",
    }),
  };
}

/** The D1 bindings that hold libraries (D1_SHARDS, docs/capacity.md "A library per shard"), DB first. */
export function shardBindings(config) {
  return String(config.vars?.D1_SHARDS ?? "DB")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * Every shard D1_SHARDS lists is a D1 database of this environment with the app's migrations (the deploy migrates
 * each one), and every DB_SHARD_<n> declared is listed (a shard declared but not listed would hold nothing).
 */
export function checkShards(config, environment) {
  /** @type {Finding[]} */
  const findings = [];
  const declared = config.d1_databases ?? [];
  for (const binding of shardBindings(config)) {
    const database = declared.find((d) => d.binding === binding);
    // The built configuration has the folder as a relative path from the build (…/migrations).
    const migrated = /(^|\/)migrations\/?$/.test(database?.migrations_dir ?? "");
    findings.push({
      ok: Boolean(database) && migrated,
      check: `shard ${binding} is a D1 database with the app's migrations`,
      ...(!database && {
        detail: "D1_SHARDS lists it, but no d1_databases entry has that binding",
        fix: `add [[env.${environment}.d1_databases]] binding = "${binding}", database_name = "viberead-${environment}-${binding.toLowerCase().replace(/^db_/, "").replace(/_/g, "-")}", migrations_dir = "migrations" to wrangler.toml, then npx wrangler d1 create <that name> and put its id there`,
      }),
      ...(database &&
        !migrated && {
          detail: `migrations_dir is "${database.migrations_dir ?? ""}"`,
          fix: `set migrations_dir = "migrations" for ${binding} in [[env.${environment}.d1_databases]]`,
        }),
    });
  }
  for (const database of declared.filter((d) => /^DB_SHARD_/.test(d.binding))) {
    const listed = shardBindings(config).includes(database.binding);
    findings.push({
      ok: listed,
      check: `D1 database ${database.binding} is listed in D1_SHARDS`,
      ...(!listed && {
        detail: "declared but not in D1_SHARDS: no library would be placed there",
        fix: `append ,${database.binding} to D1_SHARDS in [env.${environment}.vars]`,
      }),
    });
  }
  return findings;
}

/** Checks that need no account: the D1 and KV ids and the queue consumer's concurrency cap. */
export function checkConfig(config, environment) {
  /** @type {Finding[]} */
  const findings = [];
  for (const database of config.d1_databases ?? []) {
    const placeholder = !database.database_id || PLACEHOLDER_ID.test(database.database_id);
    findings.push({
      ok: !placeholder,
      check: `D1 database ${database.database_name} has a real id`,
      ...(placeholder && {
        detail: `database_id is "${database.database_id ?? ""}"`,
        fix: `npx wrangler d1 create ${database.database_name}   # then put the printed database_id into [[env.${environment}.d1_databases]] in wrangler.toml`,
      }),
    });
  }
  // The OAuth provider's KV namespace (clients, grants, hashed tokens of the apps connected to /mcp).
  for (const namespace of config.kv_namespaces ?? []) {
    const placeholder = !namespace.id || PLACEHOLDER_ID.test(namespace.id);
    const title = `viberead-${namespace.binding.toLowerCase().replace(/_/g, "-")}-${environment}`;
    findings.push({
      ok: !placeholder,
      check: `KV namespace ${namespace.binding} has a real id`,
      ...(placeholder && {
        detail: `id is "${namespace.id ?? ""}"`,
        fix: `npx wrangler kv namespace create ${title}   # then put the printed id into [[env.${environment}.kv_namespaces]] in wrangler.toml`,
      }),
    });
  }
  for (const consumer of config.queues?.consumers ?? []) {
    const capped = Number.isInteger(consumer.max_concurrency) && consumer.max_concurrency > 0;
    findings.push({
      ok: capped,
      check: `queue consumer ${consumer.queue} has max_concurrency`,
      ...(!capped && {
        detail: "unset, Queues scales to 250 consumers (about 2,500 Workflows at once)",
        fix: `set max_concurrency = 5 under [[env.${environment}.queues.consumers]] in wrangler.toml`,
      }),
    });
  }
  for (const cache of [...CACHE_BUCKETS, ...STORAGE_BUCKETS]) {
    const bucket = expectedCacheBucket(config, cache);
    findings.push({
      ok: bucket !== null,
      check: `R2 bucket ${cache.binding} (${cache.holds}) is declared`,
      ...(!bucket && {
        detail: "no r2_buckets entry with that binding",
        fix: `add [[env.${environment}.r2_buckets]] binding = "${cache.binding}", bucket_name = "${cache.stem}-${environment}" to wrangler.toml`,
      }),
    });
  }
  findings.push(...checkShards(config, environment));
  return findings;
}

/** The expected shape of the vector index: its name and dimensions from the config, cosine. */
export function expectedVectorIndex(config) {
  const binding = (config.vectorize ?? []).find((v) => v.binding === "VECTORIZE");
  if (!binding) return null;
  return { name: binding.index_name, dimensions: Number(config.vars?.EMBEDDING_DIMENSIONS), metric: VECTOR_METRIC };
}

/**
 * `wrangler vectorize get <index> --json` output (null when the command failed) against the embedder's
 * dimensions and the metric. A wrong index cannot be altered: it must be created again.
 */
export function checkVectorIndex(expected, indexJson, environment) {
  const create = `npx wrangler vectorize create ${expected.name} --dimensions=${expected.dimensions} --metric=${expected.metric} --env ${environment}`;
  const check = `Vectorize index ${expected.name} (${expected.dimensions} dimensions, ${expected.metric})`;
  if (!indexJson || typeof indexJson !== "object") {
    return { ok: false, check, detail: "not found", fix: create };
  }
  const dimensions = indexJson.config?.dimensions;
  const metric = indexJson.config?.metric;
  if (dimensions !== expected.dimensions || metric !== expected.metric) {
    return {
      ok: false,
      check,
      detail: `it has ${dimensions} dimensions, ${metric}; EMBEDDING_DIMENSIONS is ${expected.dimensions}`,
      fix: `npx wrangler vectorize delete ${expected.name} --env ${environment} && ${create}   # then Re-fetch Content re-embeds articles`,
    };
  }
  return { ok: true, check };
}

/**
 * `wrangler vectorize list-metadata-index <index> --json` output: an array of `{ propertyName, indexType }`.
 * A missing `user_id` index is created by the deploy script before anything is inserted (`autoFix`).
 */
export function checkUserIdMetadataIndex(indexName, metadataJson, environment) {
  const { propertyName, indexType } = USER_ID_METADATA_INDEX;
  const check = `Vectorize metadata index ${propertyName} (${indexType}) on ${indexName}`;
  const createArgs = [
    "vectorize",
    "create-metadata-index",
    indexName,
    `--property-name=${propertyName}`,
    `--type=${indexType}`,
    "--env",
    environment,
  ];
  const create = `npx wrangler ${createArgs.join(" ")}`;
  if (!Array.isArray(metadataJson)) {
    return { ok: false, check, detail: "the metadata indexes could not be listed", fix: create };
  }
  const existing = metadataJson.find((index) => index?.propertyName === propertyName);
  if (!existing) return { ok: false, check, detail: "missing", fix: create, autoFix: createArgs };
  if (existing.indexType !== indexType) {
    return {
      ok: false,
      check,
      detail: `it indexes ${propertyName} as ${existing.indexType}, so filters on the numeric user id match nothing`,
      fix: `npx wrangler vectorize delete-metadata-index ${indexName} --property-name=${propertyName} --env ${environment} && ${create}`,
    };
  }
  return { ok: true, check };
}

/**
 * `wrangler vectorize info <index> --json` output (`{ dimensions, vectorCount, ... }`), read after the preflight
 * created the `user_id` metadata index: vectors inserted before it are invisible to filtered queries.
 */
export function vectorsBeforeMetadataIndexNote(infoJson) {
  const count = Number(infoJson?.vectorCount ?? 0);
  if (!(count > 0)) return null;
  return `${count} vectors were inserted before the user_id metadata index existed: related articles and search do not find them until they are embedded again (Re-fetch Content on those articles)`;
}

/** The name of a cache's bucket in the config (one of CACHE_BUCKETS), or null when the binding is missing. */
export function expectedCacheBucket(config, cache) {
  return (config.r2_buckets ?? []).find((bucket) => bucket.binding === cache.binding)?.bucket_name ?? null;
}

/** The name of the audio cache's bucket in the config, or null when the binding is missing. */
export function expectedAudioBucket(config) {
  return expectedCacheBucket(config, CACHE_BUCKETS[0]);
}

/**
 * `wrangler r2 bucket info <bucket> --json` output (null when the command failed: no such bucket). Creating an
 * empty cache bucket is harmless: the deploy script does it (`autoFix`), then adds its expiry rule.
 */
export function checkAudioBucket(bucketName, infoJson, environment) {
  const check = `R2 bucket ${bucketName} exists`;
  if (infoJson && typeof infoJson === "object") return { ok: true, check };
  const createArgs = ["r2", "bucket", "create", bucketName, "--env", environment];
  return { ok: false, check, detail: "not found", fix: `npx wrangler ${createArgs.join(" ")}`, autoFix: createArgs };
}

/** The arguments that add the audio bucket's expiry rule. */
export function audioExpiryRuleArgs(bucketName, environment) {
  return cacheExpiryRuleArgs(bucketName, environment, AUDIO_EXPIRY_RULE);
}

/** The arguments that add a cache bucket's expiry rule. */
export function cacheExpiryRuleArgs(bucketName, environment, rule) {
  const { name, days } = rule;
  return [
    "r2",
    "bucket",
    "lifecycle",
    "add",
    bucketName,
    name,
    "--expire-days",
    String(days),
    "--force",
    "--env",
    environment,
  ];
}

/**
 * `wrangler r2 bucket lifecycle list <bucket>` output (a table; no JSON form): the rule is there when its name is.
 * Without it the bucket grows with every article read aloud; adding it is harmless (`autoFix`).
 */
export function checkAudioExpiry(bucketName, lifecycleOutput, environment) {
  return checkCacheExpiry(bucketName, lifecycleOutput, environment, CACHE_BUCKETS[0]);
}

/** The same check for any cache of CACHE_BUCKETS (its own rule and words). */
export function checkCacheExpiry(bucketName, lifecycleOutput, environment, cache) {
  const { name, days } = cache.rule;
  const check = `R2 bucket ${bucketName} deletes ${cache.what} after ${days} days (lifecycle rule ${name})`;
  if (String(lifecycleOutput ?? "").includes(name)) return { ok: true, check };
  const args = cacheExpiryRuleArgs(bucketName, environment, cache.rule);
  return { ok: false, check, detail: "missing", fix: `npx wrangler ${args.join(" ")}`, autoFix: args };
}

/** `wrangler secret list --env <env> --format json` output: an array of `{ name, type }`. */
export function checkSecrets(secretsJson, environment) {
  const present = Array.isArray(secretsJson) && secretsJson.some((secret) => secret?.name === "JWT_SECRET");
  return {
    ok: present,
    check: "secret JWT_SECRET is set",
    ...(!present && {
      detail: Array.isArray(secretsJson) ? "not among the Worker's secrets" : "the secrets could not be listed",
      fix: `npx wrangler secret put JWT_SECRET --env ${environment}   # e.g. the output of: openssl rand -base64 48`,
    }),
  };
}

/** One line per finding, "✔ check" or "✖ check: detail" with the fix on the next line. */
export function formatFindings(findings) {
  return findings
    .map((f) => (f.ok ? `✔ ${f.check}` : `✖ ${f.check}: ${f.detail ?? "failed"}\n    fix: ${f.fix}`))
    .join("\n");
}
