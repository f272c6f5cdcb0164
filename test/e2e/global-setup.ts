import { rmSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../scripts/lib.mjs";
import { applyMigrations, E2E_SHARDS } from "../../scripts/setup.mjs";
import { STATE_TEMPLATE } from "./app-server";

/**
 * Applies the D1 migrations once, to a database every worker's app server starts from a copy of
 * (scripts/serve-e2e.mjs with E2E_STATE_TEMPLATE): one wrangler run instead of one per worker, at the moment the
 * workers' servers start side by side on a busy machine.
 */
export default async function globalSetup(): Promise<void> {
  rmSync(join(ROOT, STATE_TEMPLATE), { recursive: true, force: true });
  await applyMigrations(STATE_TEMPLATE, E2E_SHARDS);
}
