import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { localVectors } from "../../db/schema";
import { decodeVector, encodeVector, spacePrefix, versionChars } from "../../domain/embedding/vector-encoding";
import type { VectorIndex } from "../../ports/vector-index";

/**
 * Decoded vectors of this isolate, by user and item, with the stored version they were decoded from. A
 * query reads every vector of the user (the index is an exact linear scan); reading and decoding 2,000
 * stored vectors took most of a related-articles call, while their ids and version tags are a few dozen
 * bytes each. So a query reads the tags, and only vectors that are new or changed since this isolate last
 * saw them. A version tag is random per write (vector-encoding), so a cached vector is never stale: a
 * rewritten or deleted row no longer matches it. Bounded, least recently used first out.
 */
const MAX_CACHED_VECTORS = 10_000;
/** Above this many missing vectors one query reads them all instead of asking for them by id. */
const MAX_IDS_PER_QUERY = 90;

interface CachedVector {
  version: string;
  vector: Float32Array;
  norm: number;
}
const cache = new Map<string, CachedVector>();

const cacheKey = (userId: number, itemId: string) => `${userId}:${itemId}`;

function remember(key: string, version: string, stored: string): CachedVector {
  const vector = decodeVector(stored);
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] as number) * (vector[i] as number);
  const entry = { version, vector, norm: Math.sqrt(sum) };
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > MAX_CACHED_VECTORS) cache.delete(cache.keys().next().value as string);
  return entry;
}

/**
 * The local vector index: vectors in D1, exact cosine search over one user's rows. Linear in the size of
 * that user's library, which is fine for local use; deployments use Vectorize. `space` is the embedder's
 * name: the index writes its vectors under it and reads only those (see vector-encoding), so vectors of an
 * earlier embedder are never compared with new ones.
 */
export function createD1VectorIndex(db: Database, space: string): VectorIndex {
  const prefix = spacePrefix(space);
  const versionColumn = sql<string>`substr(${localVectors.vector}, 1, ${versionChars(space)})`;
  const inSpace = sql`substr(${localVectors.vector}, 1, ${prefix.length}) = ${prefix}`;
  const mine = (userId: number) => and(eq(localVectors.userId, userId), inSpace);

  return {
    name: "local-d1",

    async upsert(userId, items) {
      const now = Date.now();
      const [first, ...rest] = items.map((item) => {
        const vector = encodeVector(item.vector, space);
        return db
          .insert(localVectors)
          .values({ userId, itemId: item.id, vector, updatedAt: now })
          .onConflictDoUpdate({
            target: [localVectors.userId, localVectors.itemId],
            set: { vector, updatedAt: now },
          });
      });
      if (first) await db.batch([first, ...rest]);
    },

    async query(userId, vector, { topK, excludeIds = [] }) {
      const excluded = new Set(excludeIds);
      const rows = (
        await db
          .select({ itemId: localVectors.itemId, version: versionColumn })
          .from(localVectors)
          .where(mine(userId))
          .all()
      ).filter((row) => !excluded.has(row.itemId));
      const missing = rows.filter((row) => cache.get(cacheKey(userId, row.itemId))?.version !== row.version);
      if (missing.length > 0) {
        const ids = missing.map((row) => row.itemId);
        const stored = await db
          .select({ itemId: localVectors.itemId, version: versionColumn, vector: localVectors.vector })
          .from(localVectors)
          .where(ids.length > MAX_IDS_PER_QUERY ? mine(userId) : and(mine(userId), inArray(localVectors.itemId, ids)))
          .all();
        for (const row of stored) remember(cacheKey(userId, row.itemId), row.version, row.vector);
      }

      const query = Float64Array.from(vector);
      let queryNorm = 0;
      for (const x of query) queryNorm += x * x;
      queryNorm = Math.sqrt(queryNorm);
      const matches = [];
      for (const row of rows) {
        const entry = cache.get(cacheKey(userId, row.itemId));
        // Written between the two reads: it will be seen by the next query.
        if (!entry || entry.version !== row.version) continue;
        let dot = 0;
        const stored = entry.vector;
        const length = Math.min(stored.length, query.length);
        for (let i = 0; i < length; i++) dot += (stored[i] as number) * (query[i] as number);
        const score = queryNorm === 0 || entry.norm === 0 ? 0 : dot / (queryNorm * entry.norm);
        matches.push({ id: row.itemId, score });
      }
      return matches.sort((a, b) => b.score - a.score).slice(0, topK);
    },

    async getVectors(userId, ids) {
      const found: { id: string; vector: number[] }[] = [];
      // D1 binds at most 100 parameters per statement.
      for (let i = 0; i < ids.length; i += MAX_IDS_PER_QUERY) {
        const rows = await db
          .select({ itemId: localVectors.itemId, vector: localVectors.vector })
          .from(localVectors)
          .where(and(mine(userId), inArray(localVectors.itemId, ids.slice(i, i + MAX_IDS_PER_QUERY))))
          .all();
        for (const row of rows) found.push({ id: row.itemId, vector: Array.from(decodeVector(row.vector)) });
      }
      return found;
    },

    async remove(userId, ids) {
      if (ids.length === 0) return;
      await db.delete(localVectors).where(and(eq(localVectors.userId, userId), inArray(localVectors.itemId, ids)));
    },
  };
}
