import { createApp } from "./app";
import { createServices } from "./context";
import { runDailyHousekeeping } from "./jobs/housekeeping";
import { handleImportBatch } from "./jobs/import-consumer";
import { handleIngestBatch } from "./jobs/ingest-consumer";
import { isShareRequest, shareRedirect } from "./share-target";

export { ArticleProcessingWorkflow } from "./workflows/article-processing-workflow";
export { TopicsWorkflow } from "./workflows/topics-workflow";

const app = createApp();
const IMPORT_QUEUE_PREFIX = "viberead-import-";

export default {
  // /share (the share target) is the one path outside /api the Worker answers (wrangler.toml run_worker_first).
  fetch: (request, env, ctx) =>
    isShareRequest(new URL(request.url)) ? shareRedirect(request) : app.fetch(request, env, ctx),
  // Two queues, one consumer entry: imports (viberead-import-<env>) run apart from interactive saves.
  queue: (batch, env) =>
    batch.queue.startsWith(IMPORT_QUEUE_PREFIX) ? handleImportBatch(batch, env) : handleIngestBatch(batch, env),
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runDailyHousekeeping(env, controller.scheduledTime));
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
