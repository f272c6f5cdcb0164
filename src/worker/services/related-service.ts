import type { ArticlesRepository } from "../db/repositories/articles-repository";
import type { TopicsRepository } from "../db/repositories/topics-repository";
import { rankInLibrary } from "../domain/embedding/library-space";
import { decodeInSpace, spaceOf } from "../domain/embedding/vector-encoding";
import { NotFound } from "../domain/errors";
import type { VectorIndex } from "../ports/vector-index";

/** Neighbours fetched per requested result: some are filtered out by read status. */
const CANDIDATES_PER_RESULT = 6;
/** At least this many, so the ranking inside the library has candidates to reorder. */
const MIN_CANDIDATES = 30;
const MAX_CANDIDATES = 100;
/**
 * Inside the library a cosine of 0 means "no more alike than any two articles of this library". On the
 * 80-article labelled set of `npm run bench:semantic` (offline, the same embedder, summaries and ranking), the
 * top-10 neighbours scoring under 0.15 are mostly of another subject (51 of 79), and a floor of 0.15 leaves
 * precision@5 at 0.730 (0.18 already costs 0.002, 0.2 0.010): it hides 17% of the other-subject neighbours and
 * 6% of the same-subject ones, almost all below the top 5. The local embedder gives an article whose subject has
 * no other article neighbours at 0.3 to 0.5 all the same (the blend with its nearest candidates lifts them):
 * no floor tells those apart without hiding most true neighbours too. Re-measured with both sides blended
 * (library-space RELATED_NEIGHBOURS): 0.752 at floors 0.1 and 0.15 alike, 0.747 at 0.2; own floor 0.15: 0.700.
 */
export const MIN_LIBRARY_SIMILARITY = 0.15;
/**
 * The article is blended only with candidates at least this alike to it on their own (centred cosine), and a
 * candidate must be at least MIN_OWN_SIMILARITY alike to the article alone to be listed. Without them, an
 * article whose subject no other article shares (a travel blog among Xbox, Firefox and Minecraft articles) was
 * blended with its least unlike candidates (own cosines 0.07 to 0.15), which then scored 0.4 to 0.5. Offline on
 * the labelled set (same embedder, summaries and candidates as `bench:semantic`), precision@5 0.723 with
 * neither, 0.725 with blending above 0.15 (0.703 above 0.2) and the own floor 0.1 (0.677 at 0.15, 0.547 at 0.2:
 * a same-subject neighbour is often only 0.1 to 0.2 alike on its own).
 */
export const MIN_NEIGHBOUR_SIMILARITY = 0.15;
export const MIN_OWN_SIMILARITY = 0.1;

/** Said first wherever the embedder cannot embed at all (health, related articles, search): what is off. */
export const SEMANTIC_FEATURES_OFF = "Search by meaning, related articles and topics are off:";

/** The response's `notice` when the vector index failed: related articles are left out, not an error. */
export const RELATED_UNAVAILABLE = "Related articles are unavailable right now. Try again in a minute.";

export interface RelatedQuery {
  status?: "unread" | "read";
  limit: number;
}

/**
 * Articles of the same user nearest to one article. The vector index finds the candidates by plain cosine;
 * once a topics run has stored the library's mean embedding, they are ranked inside the library
 * (domain/embedding/library-space: centred on the mean, the article and every candidate blended with their nearest),
 * which measurably picks more same-subject neighbours. That score is the reported `similarity_score`, and
 * candidates under MIN_LIBRARY_SIMILARITY are left out. Plain cosines (no topics run yet) must beat the
 * embedder's chance similarity (a cosine any two texts reach by chance; 0 when not measured): an article of
 * another subject is not listed as "0% similar", and the viewer hides the section when nothing is left.
 */
export function createRelatedService({
  articles,
  topics,
  vectorIndex,
  embedderName,
  chanceSimilarity = 0,
  unavailableReason,
}: {
  articles: ArticlesRepository;
  topics: Pick<TopicsRepository, "libraryMean">;
  vectorIndex: VectorIndex;
  embedderName: string;
  /** The embedder's `chanceSimilarity`: the floor of plain cosines. */
  chanceSimilarity?: number;
  /** The embedder's `unavailableReason`: with one, no article has a vector to compare, and the answer says why. */
  unavailableReason?: () => Promise<string | null>;
}) {
  return {
    async related(userId: number, articleId: number, query: RelatedQuery) {
      // Only whether the article is the user's: its content (often hundreds of KB) is not needed.
      const [[article], storedMean] = await Promise.all([
        articles.findManyByIds(userId, [articleId]),
        topics.libraryMean(userId),
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
        return { ...(await nearest(userId, articleId, query, storedMean)), degraded: false, notice: null };
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

  async function nearest(userId: number, articleId: number, query: RelatedQuery, storedMean: string | null) {
    const [own] = await vectorIndex.getVectors(userId, [String(articleId)]);
    // Not embedded yet (still processing, or its embedding failed): nothing to compare with.
    if (!own) return { article_id: articleId, status: query.status ?? null, related: [] };

    const candidates = await vectorIndex.query(userId, own.vector, {
      topK: Math.min(MAX_CANDIDATES, Math.max(MIN_CANDIDATES, query.limit * CANDIDATES_PER_RESULT + 1)),
      excludeIds: [String(articleId)],
    });
    const mean = decodeInSpace(storedMean, spaceOf(embedderName));
    const matches = mean
      ? (await rankAroundMean(userId, own.vector, candidates, mean)).filter(
          (m) => m.score >= MIN_LIBRARY_SIMILARITY && m.own >= MIN_OWN_SIMILARITY,
        )
      : candidates.filter((m) => m.score > 0 && m.score >= chanceSimilarity);
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
  }

  async function rankAroundMean(
    userId: number,
    vector: number[],
    candidates: { id: string; score: number }[],
    mean: Float32Array,
  ) {
    const vectors = await vectorIndex.getVectors(
      userId,
      candidates.map((c) => c.id),
    );
    return rankInLibrary(vector, vectors, mean, MIN_NEIGHBOUR_SIMILARITY).map(({ candidate, score, own }) => ({
      id: candidate.id,
      score,
      own,
    }));
  }
}
