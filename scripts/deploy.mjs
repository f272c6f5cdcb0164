// Builds the Worker for one environment and deploys it: `node scripts/deploy.mjs <staging|production> [--dry-run]`.
// `npm run deploy:check` is the production dry run: it proves offline that the production Worker builds and
// that wrangler accepts it, without an account.
import { runOrExit, tool } from "./lib.mjs";

const [environment, ...rest] = process.argv.slice(2);
if (environment !== "staging" && environment !== "production") {
  console.error("usage: node scripts/deploy.mjs <staging|production> [--dry-run]");
  process.exit(2);
}
const dryRun = rest.includes("--dry-run");
const env = { CLOUDFLARE_ENV: environment };

await runOrExit(tool("vite"), ["build"], { env });
const config = "dist/viberead/wrangler.json";
if (!dryRun) {
  await runOrExit(tool("wrangler"), ["d1", "migrations", "apply", "DB", "--remote", "--env", environment], { env });
}
await runOrExit(
  tool("wrangler"),
  ["deploy", "-c", config, ...(dryRun ? ["--dry-run", "--outdir", "dist/deploy-check"] : [])],
  { env },
);
