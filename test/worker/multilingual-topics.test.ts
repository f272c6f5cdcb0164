import { describe, expect, it } from "vitest";
import { createLocalEmbedder } from "../../src/worker/adapters/local/local-embedder";
import { clusterLibrary, type LibraryItem } from "../../src/worker/domain/clustering/cluster-library";
import { type MadeUpArticle, multilingualLibrary } from "./multilingual-library";

/**
 * Mixed-language libraries through the local embedder and the clustering, as the topics run sees them (its
 * own project: the embedder loads the word-vector table, kept out of the shared storage-free isolate).
 */
const NOW = Date.UTC(2026, 10, 25);

async function clustered(articles: MadeUpArticle[]) {
  const embedder = createLocalEmbedder(1024);
  const items: LibraryItem[] = [];
  for (const [i, article] of articles.entries()) {
    const [vector] = await embedder.embed([`${article.title}\n\n${article.text}`], { language: article.language });
    items.push({
      id: i,
      vector: vector as number[],
      title: article.title,
      text: article.text.slice(0, 400),
      isRead: false,
      createdAt: NOW,
      feedback: null,
      language: article.language,
    });
  }
  return clusterLibrary(items, NOW);
}

describe("topics of a library in several languages", () => {
  it("groups German, English and French articles by subject, not by language", async () => {
    const articles = multilingualLibrary(48, { de: 0.4, en: 0.3, fr: 0.3, es: 0, it: 0 }, 3);
    const result = await clustered(articles);
    const topics = result.topics.filter((topic) => !topic.leftover);
    expect(topics.length).toBeGreaterThanOrEqual(4);
    let inTheirSubject = 0;
    let multilingual = 0;
    for (const topic of topics) {
      const subjects = topic.members.map((m) => articles[m.id]?.subject);
      const main = mode(subjects);
      inTheirSubject += subjects.filter((s) => s === main).length;
      if (new Set(topic.members.map((m) => articles[m.id]?.language)).size > 1) multilingual++;
    }
    // Nearly every article sits with its subject, and most topics hold more than one language.
    expect(inTheirSubject / articles.length).toBeGreaterThanOrEqual(0.85);
    expect(multilingual).toBeGreaterThanOrEqual(Math.ceil(topics.length / 2));
  }, 120_000);

  it("gives a mostly German library of 1,000 pages in five languages at least 6 topics, none over 40% of it", async () => {
    const articles = multilingualLibrary(1000, { de: 0.6, en: 0.1, fr: 0.1, es: 0.1, it: 0.1 }, 5);
    const result = await clustered(articles);
    const topics = result.topics.filter((topic) => !topic.leftover);
    expect(topics.length).toBeGreaterThanOrEqual(6);
    for (const topic of result.topics) expect(topic.size / articles.length, topic.label).toBeLessThanOrEqual(0.4);
  }, 600_000);
});

function mode<T>(values: T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}
