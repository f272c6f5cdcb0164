import { type ClusterOptions, clusterLibrary, type LibraryClustering, type LibraryItem } from "./cluster-library";
import { CLUSTER_SAMPLE, nearestTopic, samplePositions, type TopicCentre, topicCentre } from "./join-topics";
import { LEFTOVER_LABEL } from "./topic-names";

/** Where one article ends up: its topic's index in `topics` and its similarity to the topic's centre. */
export interface Placement {
  topic: number;
  similarity: number;
}

/**
 * Sample-then-join over a library held in memory, for `npm run pipeline -- cluster`: the same steps, in the same
 * order and with the same stored precision, as the Worker's topics run (topics-service recompute, then its join
 * batches). The library is ordered newest first (createdAt, then id, descending), an evenly spaced sample of
 * `sampleSize` is clustered (clusterLibrary), each named topic gets its centre and join threshold (topicCentre,
 * its centre and the library mean kept as 32-bit floats, as the Worker stores them), and every other article
 * joins its nearest topic or the leftover group (nearestTopic); with `perLanguage`, its nearest topic of its
 * language.
 */
export function sampleThenJoin(
  items: LibraryItem[],
  now: number,
  sampleSize = CLUSTER_SAMPLE,
  options: ClusterOptions = {},
): {
  clustering: LibraryClustering;
  topics: { label: string; leftover: boolean }[];
  placements: Map<number, Placement>;
} {
  const ordered = [...items].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  const sample = samplePositions(ordered.length, sampleSize).map((i) => ordered[i] as LibraryItem);
  const clustering = clusterLibrary(sample, now, options);
  const topics = clustering.topics.map((t) => ({ label: t.label, leftover: t.leftover }));
  const placements = new Map<number, Placement>();
  clustering.topics.forEach((topic, index) => {
    for (const member of topic.members) placements.set(member.id, { topic: index, similarity: member.similarity });
  });
  const asStored = (vector: ArrayLike<number>) => Array.from(Float32Array.from(Array.from(vector)));
  const mean = clustering.libraryMean && asStored(clustering.libraryMean);
  const vectors = new Map(sample.map((item) => [item.id, item.vector]));
  const centres: (TopicCentre & { index: number; language: string })[] = clustering.topics.flatMap((topic, index) => {
    if (topic.leftover) return [];
    const { centre, threshold } = topicCentre(
      topic.members.map((m) => vectors.get(m.id) ?? []),
      clustering.libraryMean,
    );
    return [{ centre: asStored(centre), threshold, index, language: topic.language }];
  });
  if (centres.length === 0) return { clustering, topics, placements };
  let leftover = clustering.topics.findIndex((topic) => topic.leftover);
  // The Worker joins by article id, ascending.
  const rest = ordered.filter((item) => !placements.has(item.id)).sort((a, b) => a.id - b.id);
  for (const item of rest) {
    const language = item.language || "en";
    const candidates = clustering.perLanguage ? centres.filter((c) => c.language === language) : centres;
    const { index, similarity } = nearestTopic(item.vector, candidates, mean);
    const centre = index === null ? undefined : candidates[index];
    if (centre) {
      placements.set(item.id, { topic: centre.index, similarity });
      continue;
    }
    if (leftover < 0) leftover = topics.push({ label: LEFTOVER_LABEL, leftover: true }) - 1;
    placements.set(item.id, { topic: leftover, similarity: 0 });
  }
  return { clustering, topics, placements };
}
