/** Turns text into vectors for related articles, topics and search. */
export interface Embedder {
  readonly name: string;
  /** Length of every vector returned; equals the vector index's dimensions (EMBEDDING_DIMENSIONS). */
  readonly dimensions: number;
  /** One unit-length vector per input text, in input order. */
  embed(texts: string[]): Promise<number[][]>;
}
