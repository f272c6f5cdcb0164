import { createApp } from "./app";
import { createServices } from "./context";
import { runBodyMover } from "./jobs/body-mover";
import { handleFeedPollBatch } from "./jobs/feed-poll-consumer";
import { runFeedScheduler } from "./jobs/feed-scheduler";
import { runDailyHousekeeping } from "./jobs/housekeeping";
import { handleImportBatch } from "./jobs/import-consumer";
import { handleIngestBatch } from "./jobs/ingest-consumer";
import { asInteractive } from "./jobs/interactive-work";
import { RECOVERY_CRON, runRecoverySweep, sweepOnEvent } from "./jobs/recovery-sweep";
import { runSearchIndexMerge } from "./jobs/search-index-merge";
import { guardRequest } from "./middleware/worker-guard";
import { handleOAuthRequest, isOAuthPath } from "./oauth/oauth-provider";
import { isShareRequest, shareRedirect } from "./share-target";

export { ArticleProcessingWorkflow } from "./workflows/article-processing-workflow";
export { TopicsWorkflow } from "./workflows/topics-workflow";

const app = createApp();
const IMPORT_QUEUE_PREFIX = "viberead-import-";
const FEED_QUEUE_PREFIX = "viberead-feeds-";

export default {
  // Outside /api the Worker answers /share (the share target) and the OAuth endpoints with /mcp (wrangler.toml
  // run_worker_first lists them); the OAuth provider sees only its own paths, so /api keeps its own tokens.
  // The Hono app applies body limits and JSON errors under /api; guardRequest applies the same to the rest.
  // A request is interactive work: an import processed in this isolate yields to it (jobs/interactive-work.ts).
  fetch(request, env, ctx) {
    sweepOnEvent(env, ctx);
    const url = new URL(request.url);
    return asInteractive(async () => {
      if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return app.fetch(request, env, ctx);
      return guardRequest(request, (guarded) => {
        if (isShareRequest(url)) return shareRedirect(guarded);
        if (isOAuthPath(url.pathname)) return handleOAuthRequest(guarded, env, ctx);
        return app.fetch(guarded, env, ctx);
      });
    });
  },
  // Three queues, one consumer entry: imports (viberead-import-<env>) run apart from interactive saves, and feed
  // polls (viberead-feeds-<env>) apart from both. `ctx` is optional only for tests that deliver a batch by calling this.
  queue(batch, env, ctx?: ExecutionContext) {
    if (ctx) sweepOnEvent(env, ctx);
    if (batch.queue.startsWith(FEED_QUEUE_PREFIX)) return handleFeedPollBatch(batch, env);
    return batch.queue.startsWith(IMPORT_QUEUE_PREFIX) ? handleImportBatch(batch, env) : handleIngestBatch(batch, env);
  },
  // Every 5 minutes the recovery sweep (issue 31: work lost by a crash, a dead message or a lost Workflow is
  // queued again), a minute of moving old article bodies from D1 to R2 (nothing once all have moved) and a bounded
  // merge of the full-text index; once a day, housekeeping too.
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runRecoverySweep(env, controller.scheduledTime));
    ctx.waitUntil(runBodyMover(env));
    ctx.waitUntil(runSearchIndexMerge(env));
    // Feeds due by now are queued every 5 minutes (docs/feeds.md); the shortest interval is 15 minutes.
    if (controller.cron === RECOVERY_CRON) ctx.waitUntil(runFeedScheduler(env, controller.scheduledTime));
    if (controller.cron !== RECOVERY_CRON) ctx.waitUntil(runDailyHousekeeping(env, controller.scheduledTime));
  },
  /** Save by email (Email Routing → this Worker): a refusal bounces to the sender with its reason. */
  async email(message, env, _ctx) {
    const outcome = await createServices(env).emailCapture.receive(message);
    if (!outcome.accepted) {
      message.setReject(outcome.reason);
      // A refused message is never read; an unread body left open makes the runtime report the handler as hung.
      await message.raw.cancel().catch(() => undefined);
    }
  },
} satisfies ExportedHandler<Env, unknown>;
