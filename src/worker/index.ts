import { createApp } from "./app";
import { runDailyHousekeeping } from "./jobs/housekeeping";
import { handleIngestBatch } from "./jobs/ingest-consumer";
import { isShareRequest, shareRedirect } from "./share-target";

export { ArticleProcessingWorkflow } from "./workflows/article-processing-workflow";
export { TopicsWorkflow } from "./workflows/topics-workflow";

const app = createApp();

export default {
  // /share (the share target) is the one path outside /api the Worker answers (wrangler.toml run_worker_first).
  fetch: (request, env, ctx) =>
    isShareRequest(new URL(request.url)) ? shareRedirect(request) : app.fetch(request, env, ctx),
  queue: (batch, env) => handleIngestBatch(batch, env),
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runDailyHousekeeping(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env, unknown>;
