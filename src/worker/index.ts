import { createApp } from "./app";
import { createServices } from "./context";
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
