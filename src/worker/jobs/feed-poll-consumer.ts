import { createServices } from "../context";
import { shardNamed } from "../db/shards";
import { feedPollMessageSchema } from "./feed-poll-message";

/**
 * FEED_QUEUE's consumer: each message is one feed's poll. A poll never throws for anything the site does (every
 * answer becomes the feed's state and next poll time), so a message is acked once its outcome is stored; only a
 * failure to reach D1 retries it. An invalid message goes to the dead-letter queue.
 */
export async function handleFeedPollBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  // One Services per shard named by the messages (a Services is bound to one shard).
  const byShard = new Map<string, ReturnType<typeof createServices>>();
  const servicesOn = (name: string) => {
    let services = byShard.get(name);
    if (!services) {
      services = createServices(env);
      services.forShard(shardNamed(env, name));
      byShard.set(name, services);
    }
    return services;
  };
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = feedPollMessageSchema.safeParse(message.body);
      if (!parsed.success) {
        await env.INGEST_DLQ.send({ body: message.body, error: parsed.error.issues[0]?.message ?? "invalid message" });
        message.ack();
        return;
      }
      try {
        await servicesOn(parsed.data.shard).feedPoller.poll(parsed.data.feedId);
        message.ack();
      } catch (error) {
        console.error("Could not store a feed poll", parsed.data.feedId, error);
        message.retry({ delaySeconds: 30 });
      }
    }),
  );
}
