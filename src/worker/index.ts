import { createApp } from "./app";
import { runDailyHousekeeping } from "./jobs/housekeeping";
import { handleIngestBatch } from "./jobs/ingest-consumer";

export { ArticleProcessingWorkflow } from "./workflows/article-processing-workflow";
export { TopicsWorkflow } from "./workflows/topics-workflow";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleIngestBatch(batch, env),
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runDailyHousekeeping(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env, unknown>;
