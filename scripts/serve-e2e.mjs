// Serves the already-built app for Playwright exactly as `npm start` does, but on its own port and with a
// fresh local database, so end-to-end runs never see a developer's data.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, serveBuiltApp } from "./lib.mjs";
import { applyMigrations } from "./setup.mjs";

const port = process.env.E2E_PORT || "8799";
// One state folder per port, so two end-to-end runs on one machine never share or delete each other's data.
const persistTo = `.wrangler/e2e-state-${port}`;

rmSync(join(ROOT, persistTo), { recursive: true, force: true });
await applyMigrations(persistTo);
// Tests make topics on demand through the cron (GET /cdn-cgi/local/scheduled). The automatic re-clustering
// 45 s after articles finish would replace a user's topics (with new ids) in the middle of a test, so here it
// waits 600 s, the most a TopicsWorkflow accepts, which no test lasts.
await serveBuiltApp({ port, persistTo, vars: { TOPICS_DEBOUNCE_SECONDS: "600" } });
