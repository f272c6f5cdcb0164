/**
 * A fake of a Vectorize index (`env.VECTORIZE`) that behaves like the platform where it hurts:
 * - a metadata filter only matches vectors inserted after a metadata index on that field existed: a filter on
 *   a field without one returns nothing;
 * - scores are approximate unless `returnValues: true` (each off the exact cosine by up to `approximation`,
 *   so neighbours can come back out of order);
 * - topK is capped at 100, and at 20 with values or all metadata (a larger topK is an error);
 * - upserts and deletes become visible only `visibilityDelayMs` after they were made, on a clock the test
 *   moves with `advance(ms)` (no real sleeps).
 */
export interface VectorizeFakeOptions {
  /** Fields with a metadata index from the start (`wrangler vectorize create-metadata-index`). */
  metadataIndexes?: string[];
  visibilityDelayMs?: number;
  /** Largest difference between a returned approximate score and the exact cosine. */
  approximation?: number;
}

interface StoredVector {
  id: string;
  values: number[];
  metadata: Record<string, unknown>;
  /** Fields that had a metadata index when this vector was written: only these can filter it. */
  indexed: Set<string>;
  visibleAt: number;
  deletedAt?: number;
}

export const TOP_K_MAX = 100;
export const TOP_K_MAX_WITH_VALUES = 20;

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    na += (a[i] ?? 0) ** 2;
    nb += (b[i] ?? 0) ** 2;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** A deterministic value in [-1, 1] for an id and a query, standing in for quantisation error. */
function jitter(id: string, query: number[]): number {
  let hash = 2166136261;
  for (const char of `${id}|${query.slice(0, 4).join(",")}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) / 0xffffffff) * 2 - 1;
}

export function createVectorizeFake(options: VectorizeFakeOptions = {}) {
  const indexes = new Set(options.metadataIndexes ?? []);
  const delay = options.visibilityDelayMs ?? 3_000;
  const approximation = options.approximation ?? 0.05;
  const stored = new Map<string, StoredVector>();
  let clock = 0;
  let failuresLeft = 0;
  /** An outage on demand: the binding rejects as it does when Vectorize is unavailable. */
  const maybeFail = () => {
    if (failuresLeft <= 0) return;
    failuresLeft--;
    throw new Error("VECTOR_QUERY_ERROR (code = 40008): Vectorize is temporarily unavailable");
  };

  const visible = (v: StoredVector) => v.visibleAt <= clock && (v.deletedAt === undefined || v.deletedAt > clock);

  function matchesFilter(v: StoredVector, filter: Record<string, unknown> = {}): boolean {
    return Object.entries(filter).every(([field, want]) => {
      if (!v.indexed.has(field)) return false;
      const value = typeof want === "object" && want !== null && "$eq" in want ? (want as { $eq: unknown }).$eq : want;
      return v.metadata[field] === value;
    });
  }

  function write(items: { id: string; values: number[] | Float32Array; metadata?: Record<string, unknown> }[]) {
    for (const item of items) {
      stored.set(item.id, {
        id: item.id,
        values: Array.from(item.values),
        metadata: item.metadata ?? {},
        indexed: new Set(indexes),
        visibleAt: clock + delay,
      });
    }
    return { mutationId: crypto.randomUUID() };
  }

  return {
    /** Moves the index's clock: writes older than the visibility delay become queryable. */
    advance(ms: number) {
      clock += ms;
    },
    /** The next `calls` calls (any method) reject. */
    failNext(calls = 1) {
      failuresLeft = calls;
    },
    recover() {
      failuresLeft = 0;
    },
    createMetadataIndex(field: string) {
      indexes.add(field);
    },
    /** Stored vectors, visible or not (for assertions). */
    size: () => stored.size,
    async upsert(items: Parameters<typeof write>[0]) {
      maybeFail();
      return write(items);
    },
    async insert(items: Parameters<typeof write>[0]) {
      maybeFail();
      return write(items.filter((item) => !stored.has(item.id)));
    },
    async query(
      vector: number[] | Float32Array,
      {
        topK = 5,
        filter,
        returnValues = false,
        returnMetadata = "none",
      }: {
        topK?: number;
        filter?: Record<string, unknown>;
        returnValues?: boolean;
        returnMetadata?: "none" | "indexed" | "all" | boolean;
      } = {},
    ) {
      maybeFail();
      const withValues = returnValues || returnMetadata === "all" || returnMetadata === true;
      const cap = withValues ? TOP_K_MAX_WITH_VALUES : TOP_K_MAX;
      if (topK > cap) {
        throw new Error(`VECTOR_QUERY_ERROR (code = 40025): topK must be at most ${cap} (got ${topK})`);
      }
      const query = Array.from(vector);
      const matches = [...stored.values()]
        .filter((v) => visible(v) && matchesFilter(v, filter))
        .map((v) => {
          const exact = cosine(query, v.values);
          const score = returnValues ? exact : exact + approximation * jitter(v.id, query);
          return {
            id: v.id,
            score,
            ...(returnValues ? { values: v.values } : {}),
            ...(returnMetadata !== "none" && returnMetadata !== false ? { metadata: v.metadata } : {}),
          };
        })
        .sort((a, b) => b.score - a.score)
        .slice(0, topK);
      return { matches, count: matches.length };
    },
    async getByIds(ids: string[]) {
      maybeFail();
      return ids.flatMap((id) => {
        const v = stored.get(id);
        return v && visible(v) ? [{ id, values: v.values, metadata: v.metadata }] : [];
      });
    },
    async deleteByIds(ids: string[]) {
      maybeFail();
      for (const id of ids) {
        const v = stored.get(id);
        if (v) v.deletedAt = clock + delay;
      }
      return { mutationId: crypto.randomUUID() };
    },
    async describe() {
      return { vectorCount: [...stored.values()].filter(visible).length };
    },
  };
}
export type VectorizeFake = ReturnType<typeof createVectorizeFake>;
