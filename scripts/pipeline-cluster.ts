// `npm run pipeline -- cluster` without the command around it: each article processed as the Worker processes
// it (article-pipeline: language, extractive summary, embedding of title, summary and text), then the library
// clustered by the Worker's topics code, sample-then-join included. No Node APIs, so the worker tests run it
// next to the Worker's own topics run (test/worker/pipeline-cluster.test.ts).
import { createExtractiveLanguageModel } from "../src/worker/adapters/local/extractive-language-model";
import { createLocalEmbedder } from "../src/worker/adapters/local/local-embedder";
import { articleLanguage } from "../src/worker/domain/article-language";
import { CLUSTER_SAMPLE } from "../src/worker/domain/clustering/join-topics";
import { libraryItems } from "../src/worker/domain/clustering/library-items";
import { sampleThenJoin } from "../src/worker/domain/clustering/sample-then-join";
import { articleEmbeddingText } from "../src/worker/domain/embedding/article-embedding-text";

export interface ClusterLine {
  title: string;
  text: string;
  language?: string | null;
}

/**
 * Processes and clusters one library. Articles are numbered by input position (their ids, as the Worker's are
 * in save order) and all saved at `now`, so the newest-first order is the reverse input order.
 */
export async function clusterLines(
  items: ClusterLine[],
  { dimensions = 1024, now = Date.now(), sampleSize = CLUSTER_SAMPLE } = {},
) {
  const embedder = createLocalEmbedder(dimensions);
  const summarizer = createExtractiveLanguageModel();
  const languages = items.map((item) => item.language || articleLanguage(`${item.title}\n${item.text}`, null));
  const summaries = await Promise.all(
    items.map((item, i) =>
      summarizer.summarize({ title: item.title, text: item.text, language: languages[i] ?? "en" }),
    ),
  );
  const vectors = new Map<number, number[]>();
  for (const [i, item] of items.entries()) {
    const text = articleEmbeddingText(
      { title: item.title, summary: summaries[i] ?? "", text: item.text },
      embedder.maxInputChars,
    );
    const [vector] = await embedder.embed([text], { language: languages[i] });
    // The vector index keeps 32-bit floats (vector-encoding): the topics run reads them so.
    if (vector) vectors.set(i, Array.from(Float32Array.from(vector)));
  }
  const library = libraryItems(
    items.map((item, i) => ({
      id: i,
      title: item.title,
      summary: summaries[i] ?? "",
      language: languages[i] ?? null,
      isRead: false,
      createdAt: now,
      feedback: null,
    })),
    vectors,
  );
  // As the Worker's topics run with this embedder: per language when it cannot compare languages.
  const { topics, placements } = sampleThenJoin(library, now, sampleSize, { perLanguage: !embedder.multilingual });
  return { languages, summaries, vectors, topics, placements };
}
