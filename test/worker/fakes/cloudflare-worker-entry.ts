/**
 * The Worker as the `isolated:cloudflare-product` test project runs it (vitest.config.ts): the real entry point's
 * handlers and Workflows, plus the faithful fakes of Workers AI and Vectorize as named entrypoints, which
 * that project binds as `AI` and `VECTORIZE` (service bindings to this same Worker). The Worker then runs
 * with AI_PROVIDER=cloudflare and the real Cloudflare adapters, picked by the real factory. Tests steer the
 * fakes (failures, the index's clock) through the same bindings.
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import { createVectorizeFake } from "./vectorize-fake";
import { type AiFailure, createWorkersAiFake, type SpeechLatency } from "./workers-ai-fake";

export { ArticleProcessingWorkflow, default, TopicsWorkflow } from "../../../src/worker/index";

// One fake of each per isolate: every call to an entrypoint reaches the same state.
const ai = createWorkersAiFake();
const vectorize = createVectorizeFake({ metadataIndexes: ["user_id"] });

export class FakeAi extends WorkerEntrypoint {
  run(model: string, inputs: Record<string, unknown>, options?: { returnRawResponse?: boolean }) {
    return ai.run(model, inputs, options);
  }
  setSpeechLatency(latency: SpeechLatency) {
    ai.setSpeechLatency(latency);
  }
  failNext(...kinds: AiFailure[]) {
    ai.failNext(...kinds);
  }
  failAfterAbout(about: string, answered: number, ...kinds: AiFailure[]) {
    ai.failAfterAbout(about, answered, ...kinds);
  }
  failAlways(kind: AiFailure) {
    ai.failAlways(kind);
  }
  recover() {
    ai.recover();
  }
  /** The calls so far (model and inputs), for assertions. */
  calls() {
    return ai.calls.map(({ model, inputs }) => ({ model, inputs: JSON.parse(JSON.stringify(inputs)) }));
  }
}

export class FakeVectorize extends WorkerEntrypoint {
  upsert(items: Parameters<typeof vectorize.upsert>[0]) {
    return vectorize.upsert(items);
  }
  insert(items: Parameters<typeof vectorize.insert>[0]) {
    return vectorize.insert(items);
  }
  query(vector: number[], options: Parameters<typeof vectorize.query>[1]) {
    return vectorize.query(vector, options);
  }
  getByIds(ids: string[]) {
    return vectorize.getByIds(ids);
  }
  deleteByIds(ids: string[]) {
    return vectorize.deleteByIds(ids);
  }
  describe() {
    return vectorize.describe();
  }
  advance(ms: number) {
    vectorize.advance(ms);
  }
  failNext(calls: number) {
    vectorize.failNext(calls);
  }
  recover() {
    vectorize.recover();
  }
}
