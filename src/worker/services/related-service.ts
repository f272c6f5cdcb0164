import type { ArticlesRepository } from "../db/repositories/articles-repository";
import type { TopicsRepository } from "../db/repositories/topics-repository";
import { libraryMean } from "../domain/embedding/library-space";
import { decodeInSpace, spaceOf } from "../domain/embedding/vector-encoding";
import { NotFound } from "../domain/errors";
import { calibrationOf, decodeProfile, relatedCalibration } from "../domain/similarity/library-profile";
import { calibratedMatches } from "../domain/similarity/related-matches";
import type { VectorIndex } from "../ports/vector-index";

/** Neighbours fetched per requested result: some are filtered out by read status. */
const CANDIDATES_PER_RESULT = 6;
/**
 * At least this many. A library no larger (the index returns fewer than asked for) is read whole, so before its
 * first topics run its profile is measured from these candidates themselves.
 */
const MIN_CANDIDATES = 30;
const MAX_CANDIDATES = 100;

/** Said first wherever the embedder cannot embed at all (health, related articles, search): what is off. */
export const SEMANTIC_FEATURES_OFF = "Search by meaning, related articles and topics are off:";

/** The response's `notice` when the vector index failed: related articles are left out, not an error. */
export const RELATED_UNAVAILABLE = "Related articles are unavailable right now. Try again in a minute.";

export interface RelatedQuery {
  status?: "unread" | "read";
  limit: number;
}

/**
 * Articles of the same user nearest to one article, with how similar each is as a percentage read against the
 * user's own library (domain/similarity). The vector index finds the candidates by plain cosine; each is scored by
 * its cosine with the article, both centred on the library's mean, and that score is read on the library's related
 * scale, which the last topics run measured from every pair of its articles (users.similarity_profile). The
 * reported `similarity_score` is that percentage, and candidates under RELATED_FLOOR are left out: an article of
 * another subject is not listed, and the viewer hides the section when nothing is left. Before a library's first
 * topics run its profile is measured here when the candidates are the whole library; a larger library lists
 * nothing until its run (a minute after its articles are processed).
 */
export function createRelatedService({
  articles,
  topics,
  vectorIndex,
  embedderName,
  unavailableReason,
}: {
  articles: ArticlesRepository;
  topics: Pick<TopicsRepository, "libraryMean" | "similarityProfile">;
  vectorIndex: VectorIndex;
  embedderName: string;
  /** The embedder's `unavailableReason`: with one, no article has a vector to compare, and the answer says why. */
  unavailableReason?: () => Promise<string | null>;
}) {
  const space = spaceOf(embedderName);

  return {
    async related(userId: number, articleId: number, query: RelatedQuery) {
      // Only whether the article is the user's: its content (often hundreds of KB) is not needed.
      const [[article], storedMean, storedProfile] = await Promise.all([
        articles.findManyByIds(userId, [articleId]),
        topics.libraryMean(userId),
        topics.similarityProfile(userId),
      ]);
      if (!article) throw new NotFound("Article not found");
      const problem = (await unavailableReason?.()) ?? null;
      if (problem) {
        return {
          article_id: articleId,
          status: query.status ?? null,
          related: [],
          degraded: true,
          notice: `${SEMANTIC_FEATURES_OFF} ${problem}`,
        };
      }
      try {
        const library = { mean: storedMean, profile: storedProfile };
        const found = await nearest(userId, article, query, library);
        return { ...found, degraded: false, notice: null };
      } catch (error) {
        // A vector index error (an outage, a timeout) never fails the page: the section is empty and says why.
        console.error("Related articles failed", userId, articleId, error);
        return {
          article_id: articleId,
          status: query.status ?? null,
          related: [],
          degraded: true,
          notice: RELATED_UNAVAILABLE,
        };
      }
    },
  };

  async function nearest(
    userId: number,
    { id: articleId, language }: { id: number; language: string | null },
    query: RelatedQuery,
    stored: { mean: string | null; profile: string | null },
  ) {
    const none = { article_id: articleId, status: query.status ?? null, related: [] };
    const [own] = await vectorIndex.getVectors(userId, [String(articleId)]);
    // Not embedded yet (still processing, or its embedding failed): nothing to compare with.
    if (!own) return none;

    const topK = Math.min(MAX_CANDIDATES, Math.max(MIN_CANDIDATES, query.limit * CANDIDATES_PER_RESULT + 1));
    const candidates = await vectorIndex.query(userId, own.vector, { topK, excludeIds: [String(articleId)] });
    const vectors = await vectorIndex.getVectors(
      userId,
      candidates.map((c) => c.id),
    );
    // The candidates' rows first: their languages are part of how alike they are by chance.
    const ids = vectors.map((v) => Number(v.id)).filter((id) => Number.isSafeInteger(id) && id !== articleId);
    const rows = new Map((await articles.findManyByIds(userId, ids)).map((row) => [row.id, row]));
    const items = vectors.flatMap(({ id, vector }) => {
      const row = rows.get(Number(id));
      return row ? [{ vector, language: row.language, row }] : [];
    });
    const article = { vector: own.vector, language };
    const mean = decodeInSpace(stored.mean, space);
    const profile = decodeProfile(stored.profile, space);
    let calibration = mean && profile ? calibrationOf(profile, mean) : null;
    if (!calibration) {
      // No topics run has measured this library yet: only a library the candidates hold whole can be read here.
      if (candidates.length >= topK) return none;
      const whole = [article, ...items];
      calibration = relatedCalibration(whole, libraryMean(whole.map((item) => item.vector)));
      if (!calibration) return none;
    }
    const matches = calibratedMatches(article, items, calibration);
    const related = matches
      .filter(({ candidate: { row } }) => query.status === undefined || row.isRead === (query.status === "read"))
      .slice(0, query.limit)
      .map(({ candidate: { row }, percent }) => ({
        id: row.id,
        title: row.title ?? null,
        summary: row.summary ?? null,
        domain: row.domain ?? null,
        author: row.author ?? null,
        publish_date: row.publishDate ?? null,
        created_at: new Date(row.createdAt).toISOString(),
        is_read: row.isRead,
        similarity_score: percent,
      }));
    return { ...none, related };
  }
}
