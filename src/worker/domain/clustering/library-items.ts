import type { LibraryItem } from "./cluster-library";

/** What the topics code reads of one processed article (the topics service's rows, the pipeline command's lines). */
export interface ClusterableArticle {
  id: number;
  title: string | null;
  summary: string | null;
  /** The article's detected language (articleLanguage), null when unknown. */
  language: string | null;
  isRead: boolean;
  createdAt: number;
  feedback: number | null;
}

/**
 * The clustering's input from processed articles and their vectors, as both the Worker's topics run and
 * `npm run pipeline -- cluster` build it, so the two cluster one library the same way: a topic's words come
 * from titles and summaries, each in the article's own language. An article without a vector is left out.
 */
export function libraryItems(articles: ClusterableArticle[], vectors: ReadonlyMap<number, number[]>): LibraryItem[] {
  return articles.flatMap((article) => {
    const vector = vectors.get(article.id);
    return vector
      ? [
          {
            id: article.id,
            vector,
            title: article.title ?? "",
            text: article.summary ?? "",
            isRead: article.isRead,
            createdAt: article.createdAt,
            feedback: article.feedback,
            language: article.language,
          },
        ]
      : [];
  });
}
