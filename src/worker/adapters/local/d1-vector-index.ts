import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { localVectors } from "../../db/schema";
import { cosineSimilarity } from "../../domain/text-embedding";
import type { VectorIndex } from "../../ports/vector-index";

/**
 * The local vector index: vectors in D1, exact cosine search over one user's rows. Linear in the size of
 * that user's library, which is fine for local use; deployments use Vectorize.
 */
export function createD1VectorIndex(db: Database): VectorIndex {
  return {
    name: "local-d1",

    async upsert(userId, items) {
      const now = Date.now();
      const [first, ...rest] = items.map((item) =>
        db
          .insert(localVectors)
          .values({ userId, itemId: item.id, vector: item.vector, updatedAt: now })
          .onConflictDoUpdate({
            target: [localVectors.userId, localVectors.itemId],
            set: { vector: item.vector, updatedAt: now },
          }),
      );
      if (first) await db.batch([first, ...rest]);
    },

    async query(userId, vector, { topK, excludeIds = [] }) {
      const excluded = new Set(excludeIds);
      const rows = await db
        .select({ itemId: localVectors.itemId, vector: localVectors.vector })
        .from(localVectors)
        .where(eq(localVectors.userId, userId))
        .all();
      return rows
        .filter((row) => !excluded.has(row.itemId))
        .map((row) => ({ id: row.itemId, score: cosineSimilarity(vector, row.vector) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, topK);
    },

    async getVectors(userId, ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ itemId: localVectors.itemId, vector: localVectors.vector })
        .from(localVectors)
        .where(and(eq(localVectors.userId, userId), inArray(localVectors.itemId, ids.slice(0, 90))))
        .all();
      return rows.map((row) => ({ id: row.itemId, vector: row.vector }));
    },

    async remove(userId, ids) {
      if (ids.length === 0) return;
      await db.delete(localVectors).where(and(eq(localVectors.userId, userId), inArray(localVectors.itemId, ids)));
    },
  };
}
