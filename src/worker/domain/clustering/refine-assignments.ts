import { documentFrequency } from "./keyphrases";

/**
 * Leave-one-out refinement of a clustering: every article moves to the topic whose other members it is
 * closest to, until no article moves.
 *
 * k-means compares an article with centres it is itself part of. In a topic of 5 articles a fifth of the
 * centre is the article, so a stray article keeps its place by resembling itself (the same bias Hartigan's
 * k-means corrects). Here an article's own topic is measured without it. And the comparison may use more
 * than one view of an article, each a cosine with the topic's sum of vectors in that view, weighted: the
 * library-space embedding, and the library's own word rarities (a TF-IDF of titles and summaries, see
 * `wordView`), which tell a topic's words from the library's common ones.
 *
 * On the labelled set of `npm run bench:semantic`, over 32 orders of its articles: mean NMI 0.661 without
 * refinement, 0.662 refined by the embedding alone, 0.676 with it and the words of titles and summaries, half
 * each (0.685 with the words of whole articles, which the topics run does not read).
 */

/** Nonzero entries of a vector: `indices[j]` holds `values[j]`. */
export interface SparseVector {
  indices: ArrayLike<number>;
  values: ArrayLike<number>;
}

export interface View {
  /** One vector per article, unit length (or all zeros for an article the view knows nothing of). */
  vectors: SparseVector[];
  dimensions: number;
  weight: number;
}

/** Refinement converges in a few rounds on real libraries; this bounds a pathological back-and-forth. */
const MAX_ROUNDS = 30;

/**
 * The refined assignments (same cluster numbers; a cluster may end empty). Every round moves all articles
 * at once, each by the sums of the round before, so the result does not depend on article order. An article
 * alone in its cluster compares as 0 with it, so it joins the closest topic it resembles at all.
 */
export function refineAssignments(views: View[], assignments: number[]): number[] {
  let current = assignments.slice();
  const clusters = Math.max(-1, ...current) + 1;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const sums = views.map((view) => clusterSums(view, current, clusters));
    let moved = 0;
    current = current.map((own, i) => {
      let best = own;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < clusters; c++) {
        let score = 0;
        views.forEach((view, v) => {
          score +=
            view.weight * leaveOneOutCosine(sums[v] as ClusterSums, c, view.vectors[i] as SparseVector, c === own);
        });
        // Ties keep the article where it is, so rounds cannot swap two equal choices forever.
        if (score > bestScore + 1e-12 || (c === own && score >= bestScore - 1e-12)) {
          bestScore = score;
          best = c;
        }
      }
      if (best !== own) moved++;
      return best;
    });
    if (moved === 0) break;
  }
  return current;
}

interface ClusterSums {
  dimensions: number;
  /** Cluster c's sum of vectors at c × dimensions. */
  sums: Float64Array;
  /** Squared length of each cluster's sum. */
  squaredLengths: Float64Array;
}

function clusterSums(view: View, assignments: number[], clusters: number): ClusterSums {
  const { dimensions } = view;
  const sums = new Float64Array(clusters * dimensions);
  assignments.forEach((c, i) => {
    const { indices, values } = view.vectors[i] as SparseVector;
    for (let j = 0; j < indices.length; j++) {
      const at = c * dimensions + (indices[j] as number);
      sums[at] = (sums[at] as number) + (values[j] as number);
    }
  });
  const squaredLengths = new Float64Array(clusters);
  for (let c = 0; c < clusters; c++) {
    let total = 0;
    for (let d = c * dimensions; d < (c + 1) * dimensions; d++) total += (sums[d] as number) ** 2;
    squaredLengths[c] = total;
  }
  return { dimensions, sums, squaredLengths };
}

/** Cosine of the vector with cluster c's sum, the vector itself taken out of the sum when it is a member. */
function leaveOneOutCosine(cluster: ClusterSums, c: number, vector: SparseVector, member: boolean): number {
  const { indices, values } = vector;
  let withSum = 0;
  let ownSquared = 0;
  for (let j = 0; j < indices.length; j++) {
    const value = values[j] as number;
    withSum += (cluster.sums[c * cluster.dimensions + (indices[j] as number)] as number) * value;
    ownSquared += value * value;
  }
  const squaredLength = cluster.squaredLengths[c] as number;
  const numerator = member ? withSum - ownSquared : withSum;
  const others = member ? squaredLength - 2 * withSum + ownSquared : squaredLength;
  return others > 1e-12 ? numerator / Math.sqrt(others) : 0;
}

/** A dense vector as a SparseVector over all its dimensions. */
export function denseView(vectors: number[][], weight: number): View {
  const dimensions = vectors[0]?.length ?? 0;
  const indices = Array.from({ length: dimensions }, (_, d) => d);
  return { dimensions, weight, vectors: vectors.map((values) => ({ indices, values })) };
}

/**
 * The library's TF-IDF of each article's words: a word weighs 1 + ln(count) × ln(articles / articles with it),
 * unit length per article. Only words in at least 2 articles and at most half of them: a word of one article
 * links it to nothing, and one in most articles sets no topic apart.
 */
export function wordView(documents: string[][], weight: number): View {
  const frequency = documentFrequency(documents);
  const n = documents.length;
  const dimension = new Map<string, number>();
  const rarity: number[] = [];
  for (const [word, articles] of frequency) {
    if (articles < 2 || articles > n / 2) continue;
    dimension.set(word, dimension.size);
    rarity.push(Math.log(n / articles));
  }
  const vectors = documents.map((words) => {
    const counts = new Map<number, number>();
    for (const word of words) {
      const d = dimension.get(word);
      if (d !== undefined) counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    const indices = [...counts.keys()].sort((a, b) => a - b);
    const values = indices.map((d) => (1 + Math.log(counts.get(d) as number)) * (rarity[d] as number));
    const length = Math.hypot(...values);
    return { indices, values: length > 0 ? values.map((x) => x / length) : values };
  });
  return { dimensions: dimension.size, weight, vectors };
}
