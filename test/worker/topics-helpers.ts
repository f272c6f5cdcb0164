import { env, introspectWorkflow } from "cloudflare:test";
import { seededRandom } from "../../src/worker/domain/clustering/vectors";
import { seedProcessedArticle } from "./helpers";

export const SUBJECTS: Record<string, string[]> = {
  bees: "honeybees hive pollen waggle dance queen beekeeping honey colony swarm nectar drones".split(" "),
  ice: "glacier melting icecap climate warming arctic retreat sea ice permafrost snowpack thaw".split(" "),
  code: "rust compiler borrow checker lifetimes llvm ownership traits cargo crates generics macros".split(" "),
};

/**
 * A library of processed articles (content, summary and vector) in three subjects, `perSubject` each:
 * every article draws its own 16 words from its subject's vocabulary, so no two are duplicates. With 8, the
 * word vectors sometimes split a subject in two by meaning (the Rust words are everyday English too: borrow,
 * traits, cargo, crates), as they might split real articles that short. The words are drawn from `seed` (the user's
 * id unless given): a test whose assertion depends on the exact words passes a fixed seed, because in the shared
 * runtime the user's id depends on which files ran before it.
 */
export async function library(userId: number, perSubject = 6, seed = userId) {
  const random = seededRandom(seed);
  const ids: Record<string, number[]> = { bees: [], ice: [], code: [] };
  for (const [subject, words] of Object.entries(SUBJECTS)) {
    for (let i = 0; i < perSubject; i++) {
      const text = Array.from({ length: 16 }, () => words[Math.floor(random() * words.length)]).join(" ");
      const title = `${words[i % words.length]} ${words[(i + 3) % words.length]}`;
      const id = await seedProcessedArticle(userId, { title, text });
      ids[subject]?.push(id);
    }
  }
  return ids;
}

/** Runs the topics Workflow for a user now (no debounce) and waits for it. */
export async function recluster(userId: number) {
  await using workflows = await introspectWorkflow(env.TOPICS_WORKFLOW);
  await env.TOPICS_WORKFLOW.create({
    id: `test-${userId}-${crypto.randomUUID()}`,
    params: { userId, debounceSeconds: 0 },
  });
  const [instance] = await workflows.get();
  await instance?.waitForStatus("complete");
}
