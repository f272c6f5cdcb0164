import { cosineSimilarity } from "../../domain/embedding/text-embedding";
import type { VectorIndex } from "../../ports/vector-index";

/** Vectorize's topK ceiling when neither values nor metadata are returned. */
const VECTORIZE_MAX_TOP_K = 100;
/**
 * Candidates taken by approximate score per result wanted (and at least RESCORE_MARGIN more): a neighbour
 * that the approximation ranks a little too low is still among them when they are re-scored exactly.
 */
const RESCORE_FACTOR = 2;
const RESCORE_MARGIN = 20;
/** Ids per getByIds call: the limits page caps results that carry values at 20 (for topK), so batches stay at that size. */
const GET_BY_IDS_LIMIT = 20;

/**
 * Vectorize, isolated per user by the indexed metadata field `user_id` (a metadata index that must exist
 * before the first insert: see docs/deploying.md). Namespaces would cap the index at 50,000 users; a filter does
 * not. Vector ids are prefixed with the user id, because ids are unique across the whole index, and
 * results are checked against the prefix as a second fence.
 *
 * Vectorize's scores are approximate unless values are returned, and values cap topK at 20. Thresholds
 * here (related articles' floor, search's chance similarity) were tuned on exact cosines, so a query takes
 * candidates by approximate score (twice as many as wanted, at most 100: the cap without values), then
 * fetches their values (getByIds, 20 ids a call) and ranks them by exact cosine.
 */
export function createVectorizeIndex(binding: VectorizeIndex): VectorIndex {
  const vectorId = (userId: number, id: string) => `${userId}:${id}`;
  const itemId = (userId: number, vectorIdValue: string) => vectorIdValue.slice(`${userId}:`.length);

  async function getVectors(userId: number, ids: string[]) {
    const found: { id: string; vector: number[] }[] = [];
    for (let i = 0; i < ids.length; i += GET_BY_IDS_LIMIT) {
      const vectors = await binding.getByIds(ids.slice(i, i + GET_BY_IDS_LIMIT).map((id) => vectorId(userId, id)));
      for (const v of vectors) {
        // Ids carry the owner, and the metadata is checked too: another user's vector is never returned.
        if (!v.id.startsWith(`${userId}:`) || v.metadata?.user_id !== userId) continue;
        found.push({ id: itemId(userId, v.id), vector: Array.from(v.values) });
      }
    }
    return found;
  }

  return {
    name: "cloudflare-vectorize",

    async upsert(userId, items) {
      if (items.length === 0) return;
      await binding.upsert(
        items.map((item) => ({
          id: vectorId(userId, item.id),
          values: item.vector,
          metadata: { user_id: userId },
        })),
      );
    },

    async query(userId, vector, { topK, excludeIds = [] }) {
      const excluded = new Set(excludeIds);
      const result = await binding.query(vector, {
        topK: Math.min(VECTORIZE_MAX_TOP_K, Math.max(topK * RESCORE_FACTOR, topK + RESCORE_MARGIN) + excluded.size),
        filter: { user_id: userId },
        returnValues: false,
        returnMetadata: "none",
      });
      const candidates = result.matches
        .filter((m) => m.id.startsWith(`${userId}:`))
        .map((m) => itemId(userId, m.id))
        .filter((id) => !excluded.has(id));
      const stored = await getVectors(userId, candidates);
      return stored
        .map((item) => ({ id: item.id, score: cosineSimilarity(vector, item.vector) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, topK);
    },

    getVectors,

    async remove(userId, ids) {
      if (ids.length === 0) return;
      await binding.deleteByIds(ids.map((id) => vectorId(userId, id)));
    },
  };
}
