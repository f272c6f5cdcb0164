import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import type { Plugin } from "vite";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { withoutWordVectors } from "./scripts/word-vectors-alias.mjs";

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const migrations = await readD1Migrations(fromRoot("./migrations"));

/**
 * Test files that touch no storage, queue or Workflow: pure domain code and adapters against fakes. They run in
 * the storage files' shared runtime ("worker-storage"): a project of their own paid a runtime start and a second
 * transform of the whole Worker, about 20 s at the end of the stage, for 3 s of tests.
 */
const STORAGE_FREE = [
  "adapters-factory",
  "article-row-budget",
  "chat-answers",
  "cloudflare-adapters",
  "cross-lingual-embedding",
  "clustering",
  "domain-rules",
  "extraction",
  "extraction-rules",
  "feeds-domain",
  "fetching",
  "highlight-anchoring",
  "import-parsers",
  "indexed-text",
  "inline-steps",
  "interactive-work",
  "json-step",
  "language",
  "library-space",
  "mcp-domain",
  "refine-assignments",
  "semantic-metrics",
  "sentences",
  "similarity",
  "topic-identity",
  "topic-names",
  "words",
].map((name) => `test/worker/${name}.test.ts`);

/** The whole product on the Cloudflare adapters, over faithful fakes of Workers AI and Vectorize. */
const ON_CLOUDFLARE_ADAPTERS = ["test/worker/cloudflare-product.test.ts"];

/**
 * A library per shard (docs/capacity.md) with two shards: DB (also the central database) and DB_SHARD_1, both
 * migrated by test/worker/setup.ts. Consecutive sign-ups land on different shards.
 */
const ON_TWO_SHARDS = ["test/worker/shards.test.ts"];

/** The local adapters in a bundle without the word vectors, as a production build served locally has them. */
const WITHOUT_WORD_VECTORS = ["test/worker/without-word-vectors.test.ts"];

type PluginOptions = Parameters<typeof cloudflareTest>[0];

/** Modules whose source maps are not sent to workerd (see withoutBulkySourceMaps). */
const BULKY_SOURCE = /\/node_modules\/|\/word-(?:vectors|translations)-data\.ts$/;

/**
 * The workerd pool sends every module to its runtime with its source map inline, serialised (devalue) in vitest's
 * main process, the one thread that also transforms for every runner. A map carries its whole source again
 * (sourcesContent): with the word-vector and translation tables (3.9 MB) and the packages' own maps, that
 * serialisation took 23.5 CPU-seconds of a cold run; without those maps 13.3. Stack traces keep their lines in our
 * own code; in packages and the data tables they point into the transformed module instead.
 */
function withoutBulkySourceMaps(): Plugin {
  return {
    name: "without-bulky-source-maps",
    enforce: "post",
    transform(code, id) {
      if (!BULKY_SOURCE.test(id)) return null;
      return { code, map: { mappings: "" } };
    },
  };
}

/**
 * `import data from "file?bytes"`: the file's bytes, base64, for fixtures that are not UTF-8 text (an import file
 * saved in Windows-1252, a zip). `?raw` would decode them as UTF-8 and lose what the test is about.
 */
function bytesImport(): Plugin {
  return {
    name: "bytes-import",
    enforce: "pre",
    async load(id) {
      if (!id.endsWith("?bytes")) return null;
      const data = await readFile(id.slice(0, -"?bytes".length));
      return `export default ${JSON.stringify(data.toString("base64"))};`;
    },
  };
}

/**
 * Storage files that drive the queues by hand and count what the runtime did: a queue message or Workflow left
 * running by an earlier file in a shared runtime takes a turn they expect to hand out themselves (the fair-order
 * consumer test saw an article completed that it had not yet given a turn). They keep a runtime of their own.
 */
const ISOLATED_STORAGE = ["ingest-consumer", "imports", "recovery"].map((name) => `test/worker/${name}.test.ts`);

/** The workerd test files that use D1, queues or Workflows. */
const STORAGE_TEST_FILES = readdirSync(fromRoot("./test/worker"))
  .filter((name) => name.endsWith(".test.ts"))
  .map((name) => `test/worker/${name}`)
  .filter(
    (file) =>
      !STORAGE_FREE.includes(file) &&
      !ON_CLOUDFLARE_ADAPTERS.includes(file) &&
      !WITHOUT_WORD_VECTORS.includes(file) &&
      !ON_TWO_SHARDS.includes(file),
  );
const SHARED_STORAGE = STORAGE_TEST_FILES.filter((file) => !ISOLATED_STORAGE.includes(file));

/** Tests inside workerd with the development bindings of wrangler.toml and the migrations wrangler applies. */
function workerdProject(
  name: string,
  test: TestProjectInlineConfiguration["test"],
  overrides: {
    main?: string;
    bindings?: Record<string, string>;
    serviceBindings?: Record<string, unknown>;
    d1Databases?: Record<string, string>;
  } = {},
): TestProjectInlineConfiguration {
  return {
    plugins: [
      bytesImport(),
      withoutBulkySourceMaps(),
      cloudflareTest({
        wrangler: { configPath: fromRoot("./wrangler.toml") },
        ...(overrides.main ? { main: overrides.main } : {}),
        miniflare: {
          // A short fetch time cap lets the hanging-site tests finish in seconds instead of 3 × 20 s.
          bindings: { TEST_MIGRATIONS: migrations, FETCH_TIMEOUT_SECONDS: "2", ...overrides.bindings },
          ...(overrides.serviceBindings ? { serviceBindings: overrides.serviceBindings } : {}),
          // Added to wrangler.toml's DB (miniflare merges the two).
          ...(overrides.d1Databases ? { d1Databases: overrides.d1Databases } : {}),
        },
      } as PluginOptions),
    ],
    test: {
      name,
      setupFiles: ["./test/worker/setup.ts"],
      // Pipeline tests run real fetches, Workflows and a browser; they take seconds, not milliseconds, and many more
      // beside the end-to-end suite on a busy machine. Only a hung test reaches this (test/worker/waits.ts).
      testTimeout: 180_000,
      // Starts the local fixture web server (test/fixtures/fixture-server.mjs); tests read its origin with inject("fixtureOrigin").
      globalSetup: ["./test/worker/global-setup.ts"],
      // Every file with storage is its own project with its own Vite server, and each transformed the whole Worker
      // again. With the transforms on disk (node_modules/.vitest-cache, keyed by the source and the Vite config),
      // the first project transforms a module and the others read it: 4 small files took 73-87 s instead of 104-115 s.
      fsModuleCache: true,
      ...test,
    },
  };
}

export default defineConfig({
  test: {
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    // Three test files at a time on any machine (vitest's default is one less than the cores: 1 on this 2-core
    // machine). Most of a storage test's time is waiting on the runtime (queues, Workflows, fetches to the
    // fixture server, workerd starting), which the other files fill with work: alone on a quiet machine, the stage
    // took 255 s with 2 (35% of the CPU idle), 213 s with 3 and 214 s with 4 (docs/testing.md).
    maxWorkers: 3,
    projects: [
      // A file with a runtime of its own is its own project (fsModuleCache on), so its runner is always the first of
      // its pool: with the transforms cached on disk, the workerd pool sends a later
      // runner every module the pool already loaded, source maps included, in ONE WebSocket message, which workerd
      // caps at 32 MiB; on a cold cache the second file of a shared project crashed the whole pool at 33.5 MB
      // ("Message is too large"), 32.4 MB of it source maps of the word vectors, language n-grams and the AI SDK.
      // The storage files that need a runtime of their own (ISOLATED_STORAGE says why), one project each. Named so
      // that they sort before the "worker-*" projects: vitest queues files by project name, and each of these pays a
      // runtime start of its own, which then overlaps other files instead of trailing at the end (cold run 248 → 229 s).
      // The Cloudflare-adapters and without-word-vectors projects below are named so for the same reason.
      ...ISOLATED_STORAGE.map((file) =>
        workerdProject(`isolated:${file.replace(/^test\/worker\/|\.test\.ts$/g, "")}`, { include: [file] }),
      ),
      // The other storage files, and the storage-free ones, share a runtime per vitest worker: a fresh workerd and
      // Worker per file cost about 10 s each, more than most files' own tests. Each file still starts from empty
      // tables (test/worker/setup.ts). Not fsModuleCache: a second file of a shared runtime would be sent every
      // cached module at once (see above).
      workerdProject("worker-storage", {
        include: [...SHARED_STORAGE, ...STORAGE_FREE],
        isolate: false,
        fsModuleCache: false,
      }),
      // AI_PROVIDER=cloudflare: the factory picks the Workers AI and Vectorize adapters, and AI / VECTORIZE are
      // the fakes in test/worker/fakes, exported by this project's entry point and bound back to it.
      workerdProject(
        "isolated:cloudflare-product",
        { include: ON_CLOUDFLARE_ADAPTERS },
        {
          main: fromRoot("./test/worker/fakes/cloudflare-worker-entry.ts"),
          bindings: { AI_PROVIDER: "cloudflare", TOPICS_DEBOUNCE_SECONDS: "0" },
          serviceBindings: {
            AI: { name: "viberead", entrypoint: "FakeAi" },
            VECTORIZE: { name: "viberead", entrypoint: "FakeVectorize" },
          },
        },
      ),
      // Two shards: D1_SHARDS lists a second D1 database, bound only here.
      workerdProject(
        "isolated:shards",
        { include: ON_TWO_SHARDS },
        {
          bindings: {
            D1_SHARDS: "DB,DB_SHARD_1",
            TOPICS_DEBOUNCE_SECONDS: "0",
            SHARD_ADMIN_TOKEN: "test-shard-admin-token-0123456789abcdef",
          },
          d1Databases: { DB_SHARD_1: "viberead-dev-shard-1" },
        },
      ),
      // The word-vector table swapped for the module that says it is missing, exactly as staging and production
      // builds do (vite.config.ts): what `npm start` served after a production build took over dist/.
      {
        ...workerdProject("isolated:without-word-vectors", { include: WITHOUT_WORD_VECTORS }),
        resolve: { alias: withoutWordVectors },
      },
      // Pure client modules need neither a browser nor workerd.
      { test: { name: "client", include: ["test/client/**/*.test.ts"], environment: "node" } },
      // The project scripts' pure parts (deploy preflight), in plain Node like the scripts themselves.
      // Their tests run wrangler, which took over 30 s at load 20 (seen); only a hung one reaches this limit.
      { test: { name: "scripts", include: ["test/scripts/**/*.test.ts"], environment: "node", testTimeout: 180_000 } },
    ],
  },
});
