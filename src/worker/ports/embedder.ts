/** Turns text into vectors for related articles, topics and search. */
export interface Embedder {
  readonly name: string;
  /** Length of every vector returned; equals the vector index's dimensions (EMBEDDING_DIMENSIONS). */
  readonly dimensions: number;
  /**
   * The most characters of one text worth sending: the model's input limit, or for the local embedder a CPU
   * bound. Callers send the start of a longer text (see domain/embedding/article-embedding-text).
   */
  readonly maxInputChars: number;
  /**
   * Whether texts of different languages land in one space, so that two articles on one subject are close
   * whatever their languages. False for the local embedder (English word vectors and a small dictionary: a
   * German and an English article on one subject are far apart): topics are then made per language.
   */
  readonly multilingual: boolean;
  /**
   * A cosine that any two texts reach by chance, when measured for this embedder: a search result found by
   * meaning alone must be closer to the question than this. Undefined when not measured.
   */
  readonly chanceSimilarity?: number;
  /**
   * One unit-length vector per input text, in input order. `language` (ISO 639-1, the article's detected
   * language) picks the stop words and stems a word-based embedder compares; without it the embedder
   * detects it (a search question). A multilingual model ignores it.
   */
  embed(texts: string[], options?: { language?: string }): Promise<number[][]>;
  /**
   * Why this embedder cannot embed at all in this build (e.g. the local embedder's word vectors left out of a
   * production bundle), or null when it can. Cheap after its first call; an embedder without such a state (a
   * remote model, whose failures are per call) leaves it out. Health, related articles and search report it.
   */
  unavailableReason?(): Promise<string | null>;
}
