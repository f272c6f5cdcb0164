// Types for scripts/deploy-preflight.mjs (plain Node, so it runs before anything is compiled).

export interface Finding {
  ok: boolean;
  check: string;
  detail?: string;
  fix?: string;
  autoFix?: string[];
}

/** The parts of a resolved wrangler configuration the preflight reads. */
export interface ResolvedConfig {
  d1_databases?: { binding: string; database_name: string; database_id?: string; migrations_dir?: string }[];
  kv_namespaces?: { binding: string; id?: string }[];
  r2_buckets?: { binding: string; bucket_name?: string }[];
  queues?: { consumers?: { queue: string; max_concurrency?: number | null }[] };
  vectorize?: { binding: string; index_name: string }[];
  vars?: Record<string, unknown>;
}

export interface ExpectedVectorIndex {
  name: string;
  dimensions: number;
  metric: string;
}

export const USER_ID_METADATA_INDEX: { propertyName: string; indexType: string };
export const AUDIO_CACHE_BINDING: string;
export const AUDIO_EXPIRY_RULE: { name: string; days: number };
export function expectedAudioBucket(config: ResolvedConfig): string | null;
export function checkAudioBucket(bucketName: string, infoJson: unknown, environment: string): Finding;
export function audioExpiryRuleArgs(bucketName: string, environment: string): string[];
export function checkAudioExpiry(bucketName: string, lifecycleOutput: string | null, environment: string): Finding;
export const IMAGE_CACHE_BINDING: string;
export const IMAGE_EXPIRY_RULE: { name: string; days: number };
/** An R2 cache bucket the Worker needs: its binding, what it holds, its name's stem, its expiry rule. */
export interface CacheBucket {
  binding: string;
  holds: string;
  stem: string;
  rule: { name: string; days: number };
  what: string;
}
export const CACHE_BUCKETS: readonly CacheBucket[];
/** An R2 bucket that holds the library itself: no expiry rule. */
export interface StorageBucket {
  binding: string;
  holds: string;
  stem: string;
}
export const STORAGE_BUCKETS: readonly StorageBucket[];
export function expectedCacheBucket(config: ResolvedConfig, cache: Pick<CacheBucket, "binding">): string | null;
export function cacheExpiryRuleArgs(bucketName: string, environment: string, rule: CacheBucket["rule"]): string[];
export function checkCacheExpiry(
  bucketName: string,
  lifecycleOutput: string | null,
  environment: string,
  cache: CacheBucket,
): Finding;
export const VECTOR_METRIC: string;
export function parseWranglerJson(stdout: string): unknown;
export function checkSignedIn(whoamiJson: unknown): Finding;
export function checkConfig(config: ResolvedConfig, environment: string): Finding[];
export function expectedVectorIndex(config: ResolvedConfig): ExpectedVectorIndex | null;
export function checkVectorIndex(expected: ExpectedVectorIndex, indexJson: unknown, environment: string): Finding;
export function checkUserIdMetadataIndex(indexName: string, metadataJson: unknown, environment: string): Finding;
export function vectorsBeforeMetadataIndexNote(infoJson: unknown): string | null;
export function checkSecrets(secretsJson: unknown, environment: string): Finding;
export function formatFindings(findings: Finding[]): string;
/** The D1 bindings that hold libraries (D1_SHARDS), DB first. */
export function shardBindings(config: ResolvedConfig): string[];
/** Each shard listed is a declared D1 database with the app's migrations; each DB_SHARD_<n> declared is listed. */
export function checkShards(config: ResolvedConfig, environment: string): Finding[];
