/**
 * Nearest-neighbour search over embeddings. Every call names the owning user: implementations must never
 * return, overwrite or delete another user's vectors.
 */
export interface VectorMatch {
  id: string;
  /** Cosine similarity in [-1, 1]. */
  score: number;
}

export interface VectorIndex {
  readonly name: string;
  /** Inserts or replaces the vectors of one user's items. */
  upsert(userId: number, items: { id: string; vector: number[] }[]): Promise<void>;
  /** The user's `topK` nearest items, best first, leaving out `excludeIds`. */
  query(userId: number, vector: number[], options: { topK: number; excludeIds?: string[] }): Promise<VectorMatch[]>;
  /** The stored vectors of the user's items with these ids; ids not in the index are left out. */
  getVectors(userId: number, ids: string[]): Promise<{ id: string; vector: number[] }[]>;
  /** Removes the user's items with these ids; unknown ids are ignored. */
  remove(userId: number, ids: string[]): Promise<void>;
}
