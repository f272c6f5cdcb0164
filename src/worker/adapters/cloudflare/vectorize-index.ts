import type { VectorIndex } from "../../ports/vector-index";

/** Vectorize's topK ceiling when neither values nor metadata are returned. */
const VECTORIZE_MAX_TOP_K = 100;
/** Vectorize's getByIds accepts at most this many ids per call. */
const GET_BY_IDS_LIMIT = 20;

/**
 * Vectorize, isolated per user by the indexed metadata field `user_id` (a metadata index that must exist
 * before the first insert: see the README). Namespaces would cap the index at 50,000 users; a filter does
 * not. Vector ids are prefixed with the user id, because ids are unique across the whole index, and
 * results are checked against the prefix as a second fence.
 */
export function createVectorizeIndex(binding: VectorizeIndex): VectorIndex {
  const vectorId = (userId: number, id: string) => `${userId}:${id}`;
  const itemId = (userId: number, vectorIdValue: string) => vectorIdValue.slice(`${userId}:`.length);

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
        topK: Math.min(VECTORIZE_MAX_TOP_K, topK + excluded.size),
        filter: { user_id: userId },
        returnValues: false,
        returnMetadata: "none",
      });
      return result.matches
        .filter((m) => m.id.startsWith(`${userId}:`))
        .map((m) => ({ id: itemId(userId, m.id), score: m.score }))
        .filter((m) => !excluded.has(m.id))
        .slice(0, topK);
    },

    async getVectors(userId, ids) {
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
    },

    async remove(userId, ids) {
      if (ids.length === 0) return;
      await binding.deleteByIds(ids.map((id) => vectorId(userId, id)));
    },
  };
}
