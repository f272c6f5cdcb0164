// Serves the already-built app for Playwright exactly as `npm start` does, but on its own port and with a
// fresh local database, so end-to-end runs never see a developer's data.
// With E2E_STATE_TEMPLATE=<folder>, the fresh database is a copy of that folder (a database the migrations were
// applied to once, by test/e2e/global-setup.ts), so each Playwright worker's server skips its own migration run.
import { cpSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT, serveBuiltApp } from "./lib.mjs";
import { applyMigrations, E2E_SHARDS } from "./setup.mjs";

const port = process.env.E2E_PORT || "8799";
// One state folder per port, so two end-to-end runs on one machine never share or delete each other's data.
const persistTo = `.wrangler/e2e-state-${port}`;
const template = process.env.E2E_STATE_TEMPLATE;

rmSync(join(ROOT, persistTo), { recursive: true, force: true });
if (template && existsSync(join(ROOT, template)))
  cpSync(join(ROOT, template), join(ROOT, persistTo), { recursive: true });
else await applyMigrations(persistTo, E2E_SHARDS);
// Topics come both from the cron (GET /cdn-cgi/local/scheduled, which tests call) and from the automatic
// re-clustering after articles finish, here after 1 s (and the end of the minute): either is enough, since a
// busy local runtime sometimes loses a run. Re-clustering keeps topic ids, so a run mid-test changes nothing.
// Spanish is read by the fake of Workers AI's speech models (test/e2e/listen-cloud.spec.ts walks the cloud voice);
// other languages stay the browser's voices, as in `npm start`.
// Libraries are on two shards (E2E_SHARDS).
await serveBuiltApp({
  port,
  persistTo,
  vars: { TOPICS_DEBOUNCE_SECONDS: "1", LISTEN_FAKE_SPEECH: "es", D1_SHARDS: E2E_SHARDS.join(",") },
});
