import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import {
  CACHE_BUCKETS,
  type CacheBucket,
  checkAudioBucket,
  checkAudioExpiry,
  checkCacheExpiry,
  checkConfig,
  checkSecrets,
  checkShards,
  checkSignedIn,
  checkUserIdMetadataIndex,
  checkVectorIndex,
  expectedAudioBucket,
  expectedCacheBucket,
  expectedVectorIndex,
  formatFindings,
  parseWranglerJson,
  type ResolvedConfig,
  STORAGE_BUCKETS,
  type StorageBucket,
  shardBindings,
  vectorsBeforeMetadataIndexNote,
} from "../../scripts/deploy-preflight.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** wrangler.toml as wrangler resolves it for one environment (what the Vite plugin writes to dist/). */
function resolvedConfig(environment: string): ResolvedConfig {
  // "" is the top level, the development environment.
  return unstable_readConfig({
    config: `${root}/wrangler.toml`,
    ...(environment ? { env: environment } : {}),
  }) as unknown as ResolvedConfig;
}

// Recorded shapes of `wrangler <command> --json` (wrangler 4.151), with the banner some commands print first.
const INDEX_JSON = {
  created_on: "2026-11-20T10:00:00.000000Z",
  modified_on: "2026-11-20T10:00:00.000000Z",
  name: "viberead-articles-production",
  description: "",
  config: { dimensions: 1024, metric: "cosine" },
};
const EXPECTED = { name: "viberead-articles-production", dimensions: 1024, metric: "cosine" };

describe("deploy preflight over wrangler.toml", () => {
  for (const environment of ["staging", "production"]) {
    it(`${environment}: flags the D1 and KV id placeholders with the commands that fix them, and finds the consumer capped`, () => {
      const findings = checkConfig(resolvedConfig(environment), environment);
      const failed = findings.filter((f) => !f.ok);
      expect(failed).toHaveLength(2);
      expect(failed[0]?.fix).toContain(`npx wrangler d1 create viberead-${environment}`);
      expect(failed[1]?.check).toBe("KV namespace OAUTH_KV has a real id");
      expect(failed[1]?.fix).toContain(`npx wrangler kv namespace create viberead-oauth-kv-${environment}`);
      expect(findings).toContainEqual(
        expect.objectContaining({
          ok: true,
          check: `queue consumer viberead-ingest-${environment} has max_concurrency`,
        }),
      );
    });
  }

  for (const environment of ["development", "staging", "production"]) {
    it(`${environment}: declares Listen's audio cache bucket`, () => {
      const config = resolvedConfig(environment === "development" ? "" : environment);
      const suffix = environment === "development" ? "dev" : environment;
      expect(expectedAudioBucket(config)).toBe(`viberead-audio-${suffix}`);
      expect(checkConfig(config, environment)).toContainEqual({
        ok: true,
        check: "R2 bucket AUDIO_CACHE (Listen's audio cache) is declared",
      });
    });
  }

  for (const environment of ["development", "staging", "production"]) {
    it(`${environment}: declares the image proxy's cache bucket`, () => {
      const config = resolvedConfig(environment === "development" ? "" : environment);
      const suffix = environment === "development" ? "dev" : environment;
      expect(expectedCacheBucket(config, CACHE_BUCKETS[1] as CacheBucket)).toBe(`viberead-images-${suffix}`);
      expect(checkConfig(config, environment)).toContainEqual({
        ok: true,
        check: "R2 bucket IMAGE_CACHE (article pictures) is declared",
      });
    });
  }

  for (const environment of ["development", "staging", "production"]) {
    it(`${environment}: declares the article bodies bucket`, () => {
      const config = resolvedConfig(environment === "development" ? "" : environment);
      const suffix = environment === "development" ? "dev" : environment;
      expect(expectedCacheBucket(config, STORAGE_BUCKETS[0] as StorageBucket)).toBe(`viberead-bodies-${suffix}`);
      expect(checkConfig(config, environment)).toContainEqual({
        ok: true,
        check: "R2 bucket ARTICLE_BODIES (article bodies and saved pages) is declared",
      });
    });
  }

  it("flags a config without the article bodies bucket", () => {
    const finding = checkConfig({ r2_buckets: [] }, "production").find((f) => f.check.includes("ARTICLE_BODIES"));
    expect(finding).toMatchObject({
      ok: false,
      fix: expect.stringContaining('bucket_name = "viberead-bodies-production"'),
    });
  });

  it("adds the image cache's one-year expiry rule when it is missing", () => {
    const images = CACHE_BUCKETS[1] as CacheBucket;
    const none = checkCacheExpiry("viberead-images-production", "There are no lifecycle rules", "production", images);
    expect(none).toMatchObject({
      ok: false,
      check:
        "R2 bucket viberead-images-production deletes pictures after 365 days (lifecycle rule expire-article-images)",
      fix: "npx wrangler r2 bucket lifecycle add viberead-images-production expire-article-images --expire-days 365 --force --env production",
    });
    const listed = "name:       expire-article-images\nenabled:    Yes\naction:     Expire objects after 365 days";
    expect(checkCacheExpiry("viberead-images-production", listed, "production", images).ok).toBe(true);
  });

  it("flags a config without the audio cache bucket", () => {
    const finding = checkConfig({ r2_buckets: [] }, "staging").find((f) => f.check.includes("AUDIO_CACHE"));
    expect(finding).toMatchObject({ ok: false, fix: expect.stringContaining("[[env.staging.r2_buckets]]") });
  });

  it("expects the index the config names, with the embedder's dimensions", () => {
    expect(expectedVectorIndex(resolvedConfig("production"))).toEqual(EXPECTED);
  });

  it("flags a consumer without max_concurrency", () => {
    const findings = checkConfig({ queues: { consumers: [{ queue: "q" }] } }, "staging");
    expect(findings[0]).toMatchObject({ ok: false, fix: expect.stringContaining("max_concurrency") });
  });
});

describe("deploy preflight over recorded wrangler output", () => {
  it("reads JSON after a banner", () => {
    expect(parseWranglerJson(` ⛅️ wrangler 4.151.0\n───\n${JSON.stringify(INDEX_JSON, null, 2)}\n`)).toEqual(
      INDEX_JSON,
    );
    expect(parseWranglerJson("✘ [ERROR] Not found")).toBeNull();
  });

  it("needs a signed-in wrangler", () => {
    expect(checkSignedIn({ loggedIn: false })).toMatchObject({
      ok: false,
      fix: expect.stringContaining("wrangler login"),
    });
    expect(checkSignedIn({ loggedIn: true, email: "a@b.c" }).ok).toBe(true);
  });

  it("accepts the index with the embedder's dimensions and cosine", () => {
    expect(checkVectorIndex(EXPECTED, INDEX_JSON, "production").ok).toBe(true);
  });

  it("tells how to create a missing index", () => {
    expect(checkVectorIndex(EXPECTED, null, "production")).toMatchObject({
      ok: false,
      fix: "npx wrangler vectorize create viberead-articles-production --dimensions=1024 --metric=cosine --env production",
    });
  });

  it("rejects an index with other dimensions or another metric, which cannot be altered", () => {
    for (const config of [
      { dimensions: 768, metric: "cosine" },
      { dimensions: 1024, metric: "euclidean" },
    ]) {
      const finding = checkVectorIndex(EXPECTED, { ...INDEX_JSON, config }, "production");
      expect(finding.ok).toBe(false);
      expect(finding.fix).toContain("npx wrangler vectorize delete viberead-articles-production --env production");
      expect(finding.fix).toContain("--dimensions=1024 --metric=cosine");
    }
  });

  it("creates a missing user_id metadata index, numeric like the ids the adapter stores", () => {
    const finding = checkUserIdMetadataIndex("viberead-articles-production", [], "production");
    expect(finding.ok).toBe(false);
    expect(finding.fix).toBe(
      "npx wrangler vectorize create-metadata-index viberead-articles-production --property-name=user_id --type=number --env production",
    );
    expect(finding.autoFix).toEqual([
      "vectorize",
      "create-metadata-index",
      "viberead-articles-production",
      "--property-name=user_id",
      "--type=number",
      "--env",
      "production",
    ]);
  });

  it("accepts a numeric user_id index and rejects a string one", () => {
    const ok = checkUserIdMetadataIndex("idx", [{ propertyName: "user_id", indexType: "number" }], "staging");
    expect(ok.ok).toBe(true);
    const wrong = checkUserIdMetadataIndex("idx", [{ propertyName: "user_id", indexType: "string" }], "staging");
    expect(wrong.ok).toBe(false);
    expect(wrong.autoFix).toBeUndefined();
    expect(wrong.fix).toContain("npx wrangler vectorize delete-metadata-index idx --property-name=user_id");
  });

  it("warns when vectors were inserted before the user_id index was created", () => {
    const info = { dimensions: 1024, vectorCount: 0, processedUpToMutation: 0 };
    expect(vectorsBeforeMetadataIndexNote(info)).toBeNull();
    expect(vectorsBeforeMetadataIndexNote({ ...info, vectorCount: 42 })).toMatch(/^42 vectors .*Re-fetch Content/);
    expect(vectorsBeforeMetadataIndexNote(null)).toBeNull();
  });

  it("creates a missing audio bucket and adds its 30-day expiry rule", () => {
    const info = { name: "viberead-audio-production", creation_date: "2026-11-28T00:00:00.000Z", location: "WEUR" };
    expect(checkAudioBucket("viberead-audio-production", info, "production").ok).toBe(true);
    const missing = checkAudioBucket("viberead-audio-production", null, "production");
    expect(missing).toMatchObject({
      ok: false,
      fix: "npx wrangler r2 bucket create viberead-audio-production --env production",
    });
    expect(missing.autoFix).toEqual(["r2", "bucket", "create", "viberead-audio-production", "--env", "production"]);

    const listed =
      "Listing lifecycle rules for bucket 'viberead-audio-production'...\nname:       expire-listen-audio\nenabled:    Yes\nprefix:     (all prefixes)\naction:     Expire objects after 30 days";
    expect(checkAudioExpiry("viberead-audio-production", listed, "production").ok).toBe(true);
    const none = checkAudioExpiry("viberead-audio-production", "There are no lifecycle rules for bucket", "production");
    expect(none.ok).toBe(false);
    expect(none.fix).toBe(
      "npx wrangler r2 bucket lifecycle add viberead-audio-production expire-listen-audio --expire-days 30 --force --env production",
    );
    expect(checkAudioExpiry("viberead-audio-production", null, "production").ok).toBe(false);
  });

  it("needs JWT_SECRET among the Worker's secrets", () => {
    expect(checkSecrets([{ name: "JWT_SECRET", type: "secret_text" }], "production").ok).toBe(true);
    const missing = checkSecrets([{ name: "OTHER", type: "secret_text" }], "production");
    expect(missing.ok).toBe(false);
    expect(missing.fix).toContain("npx wrangler secret put JWT_SECRET --env production");
    expect(formatFindings([missing])).toMatch(/^✖ secret JWT_SECRET is set: .*\n {4}fix: npx wrangler secret put/);
  });
});

const wranglerEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

describe("wrangler deploy straight on wrangler.toml", () => {
  it("leaves `wrangler types` (npm run types) working", () => {
    const result = spawnSync(
      `${root}/node_modules/.bin/wrangler`,
      ["types", join(mkdtempSync(join(tmpdir(), "viberead-types-")), "worker-configuration.d.ts")],
      { cwd: root, encoding: "utf8", env: wranglerEnv },
    );
    expect(`${result.stdout}${result.stderr}`).not.toContain("npm run deploy:");
    expect(result.status).toBe(0);
  });

  for (const environment of ["production", "staging"]) {
    it(`--env ${environment} stops and names the deploy script`, () => {
      const result = spawnSync(
        `${root}/node_modules/.bin/wrangler`,
        ["deploy", "--dry-run", "--env", environment, "--outdir", `${root}/dist/direct-deploy-check`],
        { cwd: root, encoding: "utf8", env: wranglerEnv },
      );
      expect(result.status).not.toBe(0);
      expect(`${result.stdout}${result.stderr}`).toContain(`npm run deploy:${environment}`);
    });
  }
});

describe("preflight: a library per shard", () => {
  for (const environment of ["staging", "production"]) {
    it(`${environment}: DB is the one shard, declared with the migrations`, () => {
      const config = resolvedConfig(environment);
      expect(shardBindings(config)).toEqual(["DB"]);
      expect(checkShards(config, environment)).toEqual([
        { ok: true, check: "shard DB is a D1 database with the app's migrations" },
      ]);
    });
  }

  it("asks for a listed shard that is not declared, and for a declared one that is not listed", () => {
    const config: ResolvedConfig = {
      vars: { D1_SHARDS: "DB,DB_SHARD_1" },
      d1_databases: [
        { binding: "DB", database_name: "viberead-production", migrations_dir: "../../migrations" },
        { binding: "DB_SHARD_2", database_name: "viberead-production-shard-2", migrations_dir: "migrations" },
      ],
    };
    const failed = checkShards(config, "production").filter((f) => !f.ok);
    expect(failed.map((f) => f.check)).toEqual([
      "shard DB_SHARD_1 is a D1 database with the app's migrations",
      "D1 database DB_SHARD_2 is listed in D1_SHARDS",
    ]);
    expect(failed[0]?.fix).toContain('binding = "DB_SHARD_1", database_name = "viberead-production-shard-1"');
    expect(failed[1]?.fix).toBe("append ,DB_SHARD_2 to D1_SHARDS in [env.production.vars]");
  });
});
