// Builds the Worker for one environment and deploys it: `node scripts/deploy.mjs <staging|production> [--dry-run]
// [--preflight] [--out-dir <folder>]`. The build goes to dist-deploy/<environment> (or --out-dir), never to dist/,
// which a running `npm start` serves (scripts/build-dirs.mjs). A real deploy first runs the preflight (scripts/deploy-preflight.mjs) and stops with the fix
// commands if anything is missing. `npm run deploy:check` is the production dry run: it proves offline that the
// production Worker builds and that wrangler accepts it, without an account (add --preflight to check the account).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { builtConfigPath, deployBuildDir } from "./build-dirs.mjs";
import {
  CACHE_BUCKETS,
  checkAudioBucket,
  checkCacheExpiry,
  checkConfig,
  checkSecrets,
  checkSignedIn,
  checkUserIdMetadataIndex,
  checkVectorIndex,
  expectedCacheBucket,
  expectedVectorIndex,
  formatFindings,
  parseWranglerJson,
  STORAGE_BUCKETS,
  shardBindings,
  vectorsBeforeMetadataIndexNote,
} from "./deploy-preflight.mjs";
import { capture, ROOT, runOrExit, tool } from "./lib.mjs";

const [environment, ...rest] = process.argv.slice(2);
if (environment !== "staging" && environment !== "production") {
  console.error("usage: node scripts/deploy.mjs <staging|production> [--dry-run] [--preflight] [--out-dir <folder>]");
  process.exit(2);
}
const dryRun = rest.includes("--dry-run");
const preflight = !dryRun || rest.includes("--preflight");
const outDirFlag = rest.indexOf("--out-dir");
if (outDirFlag >= 0 && !rest[outDirFlag + 1]) {
  console.error("--out-dir needs a folder");
  process.exit(2);
}
const buildDir = outDirFlag >= 0 ? resolve(rest[outDirFlag + 1]) : join(ROOT, deployBuildDir(environment));
const env = { CLOUDFLARE_ENV: environment };
// The configuration the Vite plugin resolved for this environment: exactly what wrangler deploys.
const config = builtConfigPath(buildDir);

/** Runs `wrangler <args>` and parses the JSON it prints (null when none); a failure is logged with its reason. */
async function wranglerJson(args) {
  const result = await capture(tool("wrangler"), args, { env });
  if (result.code !== 0) {
    // Without colours: the reason is quoted inside this script's own line.
    const plain = stripVTControlCharacters(`${result.stderr}\n${result.stdout}`);
    const reason = plain.split("\n").find((line) => /ERROR|✘/.test(line));
    console.error(`  (wrangler ${args.slice(0, 2).join(" ")} failed${reason ? `: ${reason.trim()}` : ""})`);
    return parseWranglerJson(result.stdout);
  }
  return parseWranglerJson(result.stdout);
}

async function runPreflight() {
  console.log(`\n› preflight for ${environment}`);
  const resolved = JSON.parse(readFileSync(config, "utf8"));
  const findings = checkConfig(resolved, environment);
  const signedIn = checkSignedIn(await wranglerJson(["whoami", "--json"]));
  findings.push(signedIn);
  const expected = signedIn.ok ? expectedVectorIndex(resolved) : null;
  if (expected) {
    const index = await wranglerJson(["vectorize", "get", expected.name, "--json", "--env", environment]);
    findings.push(checkVectorIndex(expected, index, environment));
    if (index) {
      const metadata = await wranglerJson([
        "vectorize",
        "list-metadata-index",
        expected.name,
        "--json",
        "--env",
        environment,
      ]);
      let finding = checkUserIdMetadataIndex(expected.name, metadata, environment);
      // Creating the missing index is harmless and must happen before the first upsert: do it now.
      if (finding.autoFix) {
        console.log(`  creating: npx wrangler ${finding.autoFix.join(" ")}`);
        const created = await capture(tool("wrangler"), finding.autoFix, { env });
        if (created.code === 0) {
          finding = { ok: true, check: `${finding.check} (created now)` };
          const note = vectorsBeforeMetadataIndexNote(
            await wranglerJson(["vectorize", "info", expected.name, "--json", "--env", environment]),
          );
          if (note) console.warn(`  ▲ ${note}`);
        }
      }
      findings.push(finding);
    }
  }
  for (const cache of signedIn.ok ? CACHE_BUCKETS : []) {
    const bucket = expectedCacheBucket(resolved, cache);
    if (bucket) findings.push(...(await cacheBucketFindings(bucket, cache)));
  }
  // The library's own buckets: created when missing (an empty bucket is harmless), no expiry rule.
  for (const storage of signedIn.ok ? STORAGE_BUCKETS : []) {
    const bucket = expectedCacheBucket(resolved, storage);
    if (bucket) {
      const info = await wranglerJson(["r2", "bucket", "info", bucket, "--json", "--env", environment]);
      findings.push(await autoFix(checkAudioBucket(bucket, info, environment)));
    }
  }
  if (signedIn.ok) {
    const secrets = await wranglerJson(["secret", "list", "--env", environment, "--format", "json"]);
    findings.push(checkSecrets(secrets, environment));
  }
  console.log(formatFindings(findings));
  const failed = findings.filter((f) => !f.ok).length;
  if (failed > 0) {
    console.error(`\n✖ preflight: ${failed} problem(s); run the fix commands above, then deploy again`);
    process.exit(1);
  }
}

/** Runs a harmless creation the preflight asked for; the finding passes when it worked. */
async function autoFix(finding) {
  if (!finding.autoFix) return finding;
  console.log(`  creating: npx wrangler ${finding.autoFix.join(" ")}`);
  const done = await capture(tool("wrangler"), finding.autoFix, { env });
  return done.code === 0 ? { ok: true, check: `${finding.check} (created now)` } : finding;
}

/** A cache bucket (Listen's audio, article pictures): the bucket (created when missing) and its expiry rule (added). */
async function cacheBucketFindings(bucket, cache) {
  const exists = await autoFix(
    checkAudioBucket(
      bucket,
      await wranglerJson(["r2", "bucket", "info", bucket, "--json", "--env", environment]),
      environment,
    ),
  );
  if (!exists.ok) return [exists];
  const rules = await capture(tool("wrangler"), ["r2", "bucket", "lifecycle", "list", bucket, "--env", environment], {
    env,
  });
  const expiry = checkCacheExpiry(bucket, rules.code === 0 ? rules.stdout : null, environment, cache);
  return [exists, await autoFix(expiry)];
}

await runOrExit(tool("vite"), ["build", "--outDir", buildDir, "--emptyOutDir"], { env });
if (preflight) await runPreflight();
// Every shard (D1_SHARDS: DB, the central database, first) gets the same migrations (docs/capacity.md).
const shards = shardBindings(JSON.parse(readFileSync(config, "utf8")));
if (dryRun) console.log(`\n› would migrate the D1 databases ${shards.join(", ")}`);
for (const shard of dryRun ? [] : shards) {
  await runOrExit(tool("wrangler"), ["d1", "migrations", "apply", shard, "--remote", "--env", environment], { env });
}
await runOrExit(
  tool("wrangler"),
  ["deploy", "-c", config, ...(dryRun ? ["--dry-run", "--outdir", join(buildDir, "deploy-check")] : [])],
  { env },
);
