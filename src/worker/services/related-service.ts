import type { ArticlesRepository } from "../db/repositories/articles-repository";
import { NotFound } from "../domain/errors";
import type { VectorIndex } from "../ports/vector-index";

/** Neighbours fetched per requested result: some are filtered out by read status. */
const CANDIDATES_PER_RESULT = 6;
const MAX_CANDIDATES = 100;

export interface RelatedQuery {
  status?: "unread" | "read";
  limit: number;
}

/**
 * Articles of the same user nearest to one article in the vector index. Cosine similarity is reported as
 * `similarity_score` clamped to [0, 1] (negative cosine means unrelated, not "less than unrelated").
 */
export function createRelatedService({
  articles,
  vectorIndex,
}: {
  articles: ArticlesRepository;
  vectorIndex: VectorIndex;
}) {
  return {
    async related(userId: number, articleId: number, query: RelatedQuery) {
      // Only whether the article is the user's: its content (often hundreds of KB) is not needed.
      const [[article], [own]] = await Promise.all([
        articles.findManyByIds(userId, [articleId]),
        vectorIndex.getVectors(userId, [String(articleId)]),
      ]);
      if (!article) throw new NotFound("Article not found");
      // Not embedded yet (still processing, or its embedding failed): nothing to compare with.
      if (!own) return { article_id: articleId, status: query.status ?? null, related: [] };

      const matches = await vectorIndex.query(userId, own.vector, {
        topK: Math.min(MAX_CANDIDATES, query.limit * CANDIDATES_PER_RESULT + 1),
        excludeIds: [String(articleId)],
      });
      const ids = matches.map((m) => Number(m.id)).filter((id) => Number.isSafeInteger(id) && id !== articleId);
      const rows = new Map((await articles.findManyByIds(userId, ids)).map((row) => [row.id, row]));
      const related = matches
        .map((match) => ({ match, row: rows.get(Number(match.id)) }))
        .filter(({ row }) => row && (query.status === undefined || row.isRead === (query.status === "read")))
        .slice(0, query.limit)
        .map(({ match, row }) => ({
          id: row?.id as number,
          title: row?.title ?? null,
          summary: row?.summary ?? null,
          domain: row?.domain ?? null,
          author: row?.author ?? null,
          publish_date: row?.publishDate ?? null,
          created_at: new Date(row?.createdAt ?? 0).toISOString(),
          is_read: row?.isRead ?? false,
          similarity_score: Math.round(Math.min(1, Math.max(0, match.score)) * 10_000) / 10_000,
        }));
      return { article_id: articleId, status: query.status ?? null, related };
    },
  };
}
