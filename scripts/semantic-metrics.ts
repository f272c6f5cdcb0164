/**
 * The metric maths of `npm run bench:semantic`, pure (tested in test/worker/semantic-metrics.test.ts).
 *
 * - NMI: mutual information of the labels and the clusters divided by the mean of their entropies,
 *   2 I(L; C) / (H(L) + H(C)) (scikit-learn's default, "arithmetic"); 1 when both are a single group.
 * - Purity: every cluster counts the members of its most common label; the sum over clusters / n.
 * - Homogeneity: 1 - H(L | C) / H(L), how far knowing an item's cluster tells its label (scikit-learn's
 *   homogeneity_score, Rosenberg and Hirschberg's V-measure half); 1 when every cluster holds one label.
 * - Precision@k: the share of the first k results that are relevant; missing results count as not relevant.
 * - MRR: the mean over queries of 1 / rank of the wanted result (0 when it is not returned).
 * - Percentiles: nearest rank (the value at position ceil(q × n) of the sorted sample).
 */

function entropy(counts: Iterable<number>, n: number): number {
  let h = 0;
  for (const c of counts) if (c > 0) h -= (c / n) * Math.log(c / n);
  return h;
}

function countBy<T>(values: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

function assertSameLength(labels: unknown[], clusters: unknown[]): void {
  if (labels.length !== clusters.length) throw new Error("labels and clusters differ in length");
  if (labels.length === 0) throw new Error("no items");
}

/** Normalised mutual information between true labels and cluster ids, item by item. */
export function normalizedMutualInformation<L, C>(labels: L[], clusters: C[]): number {
  assertSameLength(labels, clusters);
  const n = labels.length;
  const labelCounts = countBy(labels);
  const clusterCounts = countBy(clusters);
  const joint = countBy(labels.map((l, i) => JSON.stringify([l, clusters[i]])));
  const hl = entropy(labelCounts.values(), n);
  const hc = entropy(clusterCounts.values(), n);
  if (hl === 0 && hc === 0) return 1;
  let mi = 0;
  for (const [key, count] of joint) {
    const [l, c] = JSON.parse(key) as [L, C];
    mi += (count / n) * Math.log((count * n) / ((labelCounts.get(l) ?? 1) * (clusterCounts.get(c) ?? 1)));
  }
  return Math.max(0, Math.min(1, (2 * mi) / (hl + hc)));
}

/** Share of items whose label is the most common label of their cluster. */
export function purity<L, C>(labels: L[], clusters: C[]): number {
  assertSameLength(labels, clusters);
  const byCluster = new Map<C, L[]>();
  clusters.forEach((c, i) => {
    byCluster.set(c, [...(byCluster.get(c) ?? []), labels[i] as L]);
  });
  let majority = 0;
  for (const members of byCluster.values()) majority += Math.max(...countBy(members).values());
  return majority / labels.length;
}

/** Homogeneity: 1 - H(labels | clusters) / H(labels); 1 when there is a single label. */
export function homogeneity<L, C>(labels: L[], clusters: C[]): number {
  assertSameLength(labels, clusters);
  const n = labels.length;
  const hl = entropy(countBy(labels).values(), n);
  if (hl === 0) return 1;
  const byCluster = new Map<C, L[]>();
  clusters.forEach((c, i) => {
    byCluster.set(c, [...(byCluster.get(c) ?? []), labels[i] as L]);
  });
  let conditional = 0;
  for (const members of byCluster.values())
    conditional += (members.length / n) * entropy(countBy(members).values(), members.length);
  return 1 - conditional / hl;
}

/** The share of the first `k` results that are relevant (a short list counts its missing places as misses). */
export function precisionAtK(relevant: boolean[], k: number): number {
  return relevant.slice(0, k).filter(Boolean).length / k;
}

/** 1 / the 1-based rank of the first relevant result, or 0 when none is relevant. */
export function reciprocalRank(relevant: boolean[]): number {
  const index = relevant.indexOf(true);
  return index < 0 ? 0 : 1 / (index + 1);
}

export function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Nearest-rank percentile (q in (0, 1]) of an unsorted sample. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) throw new Error("no values");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] as number;
}
