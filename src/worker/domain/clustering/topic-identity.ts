/** A topic as it was stored before re-clustering: its id, when it was first made, and its articles. */
export interface PreviousTopic {
  id: number;
  createdAt: number;
  memberIds: readonly number[];
}

/** What a new cluster inherits from the previous topic it continues. */
export interface InheritedIdentity {
  id: number;
  createdAt: number;
}

/**
 * The share of shared articles (Jaccard) from which a new cluster counts as the same topic as before. At 0.5 a
 * topic keeps its id while articles are added or leave it, but two halves of a split cannot both claim it.
 */
export const SAME_TOPIC_OVERLAP = 0.5;

function jaccard(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  let shared = 0;
  for (const id of a) if (b.has(id)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * Re-clustering recomputes every topic, but a topic that is essentially the same set of articles should keep
 * its id and creation date: links, a remembered 'Show all' and an open topic page keep working. Pairs are taken
 * best overlap first, each previous topic continuing at most one new cluster. Returns, per new cluster index,
 * the identity it inherits (absent: a new topic).
 */
export function inheritTopicIdentities(
  previous: readonly PreviousTopic[],
  newMemberIds: readonly (readonly number[])[],
): Map<number, InheritedIdentity> {
  const before = previous.map((topic) => ({ topic, members: new Set(topic.memberIds) }));
  const pairs: { draft: number; previous: number; overlap: number }[] = [];
  newMemberIds.forEach((ids, draft) => {
    const members = new Set(ids);
    before.forEach(({ members: old }, index) => {
      const overlap = jaccard(members, old);
      if (overlap >= SAME_TOPIC_OVERLAP) pairs.push({ draft, previous: index, overlap });
    });
  });
  // Highest overlap first; ties go to the older topic so the choice is deterministic.
  pairs.sort((a, b) => b.overlap - a.overlap || a.previous - b.previous || a.draft - b.draft);

  const inherited = new Map<number, InheritedIdentity>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (inherited.has(pair.draft) || taken.has(pair.previous)) continue;
    const old = before[pair.previous]?.topic;
    if (!old) continue;
    inherited.set(pair.draft, { id: old.id, createdAt: old.createdAt });
    taken.add(pair.previous);
  }
  return inherited;
}
