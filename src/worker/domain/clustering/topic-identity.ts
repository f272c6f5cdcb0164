/** A topic as it was stored before re-clustering: its id, when it was first made, its name and its articles. */
export interface PreviousTopic {
  id: number;
  createdAt: number;
  /** Its name: a topic that continues keeps it (cluster-library). */
  label: string;
  memberIds: readonly number[];
}

/** What a new cluster inherits from the previous topic it continues. */
export interface InheritedIdentity {
  id: number;
  createdAt: number;
  label: string;
}

/**
 * The share of a previous topic's articles that a new cluster must hold to continue it (same id, creation date and
 * name). Measured on the previous topic, not on the union (Jaccard), so a topic that grows keeps its identity
 * however many articles join it; and above a half, so two halves of a split cannot both claim it. The other way
 * round, the share of a new cluster's earlier articles that must come from one previous topic for it to continue
 * that topic as its largest part (a topic that split: see inheritTopicIdentities).
 */
export const SAME_TOPIC_SHARE = 0.6;

/**
 * Re-clustering recomputes every topic, but a topic whose articles mostly stay together is the same subject: it
 * keeps its id, creation date and name, so links, a remembered 'Show all', an open topic page and the reader's
 * sense of where things are survive the re-clustering that follows new articles. A new cluster continues the
 * previous topic of which it holds at least SAME_TOPIC_SHARE of the articles (of those still in the library, or
 * in the clustered sample); when it holds that much of two (they merged), the one it shares most articles with,
 * ties to the older. A topic that split continues in its largest part (at least 2 articles, more than any other
 * part and than those now in no topic) when SAME_TOPIC_SHARE of that cluster's articles that were in any earlier
 * topic come from it: the cluster is that topic narrowed, not another topic it fell into, and the split's
 * smaller parts are new topics (two equal halves: both are). `libraryIds` are the articles clustered now (default: every article of the previous topics):
 * a previous member outside them (deleted, or outside the clustered sample) does not count, and one now in no
 * topic counts against the share. Returns, per new cluster index, the identity it inherits
 * (absent: a new topic).
 */
export function inheritTopicIdentities(
  previous: readonly PreviousTopic[],
  newMemberIds: readonly (readonly number[])[],
  libraryIds?: ReadonlySet<number>,
): Map<number, InheritedIdentity> {
  const clusterOf = new Map<number, number>();
  newMemberIds.forEach((ids, cluster) => {
    for (const id of ids) clusterOf.set(id, cluster);
  });
  const presentOf = (topic: PreviousTopic) =>
    libraryIds ? topic.memberIds.filter((id) => libraryIds.has(id)) : topic.memberIds;
  // Per new cluster, how many of its articles were in an earlier topic (the others are new, or were left over).
  const earlier = new Map<number, number>();
  for (const topic of previous)
    for (const id of presentOf(topic)) {
      const cluster = clusterOf.get(id);
      if (cluster !== undefined) earlier.set(cluster, (earlier.get(cluster) ?? 0) + 1);
    }
  const pairs: { draft: number; previous: PreviousTopic; shared: number }[] = [];
  for (const topic of previous) {
    const present = presentOf(topic);
    if (present.length === 0) continue;
    const counts = new Map<number, number>();
    for (const id of present) {
      const cluster = clusterOf.get(id);
      if (cluster !== undefined) counts.set(cluster, (counts.get(cluster) ?? 0) + 1);
    }
    const inNone = present.length - [...counts.values()].reduce((a, b) => a + b, 0);
    for (const [draft, shared] of counts) {
      const holdsMost = shared >= SAME_TOPIC_SHARE * present.length;
      // Its largest part (more than in any other cluster or in none), and mostly made of it.
      const largestPart =
        shared >= 2 &&
        shared > inNone &&
        [...counts].every(([other, count]) => other === draft || count < shared) &&
        shared >= SAME_TOPIC_SHARE * (earlier.get(draft) ?? 0);
      if (holdsMost || largestPart) pairs.push({ draft, previous: topic, shared });
    }
  }
  // Most shared articles first; ties go to the older topic, then the lower id, so the choice is deterministic.
  pairs.sort(
    (a, b) =>
      b.shared - a.shared ||
      a.previous.createdAt - b.previous.createdAt ||
      a.previous.id - b.previous.id ||
      a.draft - b.draft,
  );
  const inherited = new Map<number, InheritedIdentity>();
  const taken = new Set<number>();
  for (const { draft, previous: topic } of pairs) {
    if (inherited.has(draft) || taken.has(topic.id)) continue;
    inherited.set(draft, { id: topic.id, createdAt: topic.createdAt, label: topic.label });
    taken.add(topic.id);
  }
  return inherited;
}
