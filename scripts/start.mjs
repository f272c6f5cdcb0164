// `npm start`: set up what is missing, apply migrations, build the app, and serve it the way it is deployed
// (one Worker with its static assets) at http://localhost:8787, or $PORT.
import { runOrExit, serveBuiltApp, tool } from "./lib.mjs";
import { setup } from "./setup.mjs";

const port = process.env.PORT || "8787";
const persistTo = ".wrangler/state";
/** The recovery sweep's cron (src/worker/jobs/recovery-sweep.ts), which the local runtime never fires by itself. */
const RECOVERY_CRON = "*/5 * * * *";
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Work a stopped server left in progress is queued again by the Worker's first event after the restart
 * (docs/processing.md, Recovery): ask for the health page as soon as the server answers, so that happens without
 * waiting for a visit, then run the recovery cron every 5 minutes as the deployed Worker's cron does.
 */
async function sweepWhenReady() {
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 600; tries++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const cron = () =>
    fetch(`${base}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(RECOVERY_CRON)}`).catch(() => undefined);
  setInterval(cron, SWEEP_EVERY_MS).unref();
}

await setup({ migrate: persistTo });
await runOrExit(tool("vite"), ["build"]);
console.log(`\n› VibeRead is starting at http://localhost:${port}\n`);
void sweepWhenReady();
await serveBuiltApp({ port, persistTo });
