import { type LibraryClustering, type LibraryItem, leftoverGroup } from "../clustering/cluster-library";
import { joinSpace } from "../clustering/join-topics";
import { dot, unit } from "../clustering/vectors";
import { percentOf, type ScaleAnchors, type SimilarityScale, scaleFromScores } from "./similarity-scale";

/**
 * The topics scale's anchors, as E (topics per article at least this close; similarity-scale): 0% for a match no
 * rarer than TOPIC_ANCHORS.zero topics per article, 100% for one in TOPIC_ANCHORS.full. Tuned on the dev half of
 * the labelled library of `npm run bench:semantic`, checked on the held-out half.
 */
export const TOPIC_ANCHORS: ScaleAnchors = { zero: 3, full: 0.003 };
/**
 * An article belongs to a topic only at this match or above; below it goes to the leftover group ("Other
 * articles"), in a topics run and when it joins later. 15% is E ≈ 1: an article of this library is, on average,
 * this close to some topic, so a member this loose fits its topic no better than articles fit topics by chance.
 */
export const TOPIC_FLOOR = 0.15;

/**
 * How close each article is to each topic: its cosine, in the join space (join-topics: centred on the library mean,
 * unit length), with the topic's centre, and for a member with the centre of the topic's other members. A member is
 * part of its own centre, and in a small topic that alone makes it look close (an article is √(1/5) alike to the
 * centre of 5 unrelated articles it is one of); without itself, it is measured as an article that joins later is.
 */
function topicMatches(points: Map<number, number[]>, topics: number[][]) {
  const dimensions = points.values().next().value?.length ?? 0;
  const sums = topics.map((ids) => {
    const sum = new Array<number>(dimensions).fill(0);
    for (const id of ids) for (const [d, x] of (points.get(id) ?? []).entries()) sum[d] = (sum[d] as number) + x;
    return sum;
  });
  const centres = sums.map(unit);
  const memberOf = new Map(topics.flatMap((ids, t) => ids.map((id) => [id, t] as const)));
  /** The article's match with topic t: without itself when it is a member. */
  const match = (id: number, t: number) => {
    const point = points.get(id) ?? [];
    if (memberOf.get(id) !== t) return dot(point, centres[t] as number[]);
    return dot(point, unit((sums[t] as number[]).map((x, d) => x - (point[d] ?? 0))));
  };
  return { centres, match };
}

/**
 * The scale of article-to-topic matches (topicMatches): every article with every topic. Null without a topic.
 * `topics`: the members' ids of each topic.
 */
export function topicScale(points: Map<number, number[]>, topics: number[][]): SimilarityScale | null {
  if (topics.length === 0) return null;
  const { match } = topicMatches(points, topics);
  const scores: number[] = [];
  for (const id of points.keys()) for (let t = 0; t < topics.length; t++) scores.push(match(id, t));
  return scaleFromScores(scores, topics.length, TOPIC_ANCHORS);
}

/**
 * A clustering whose topics hold only articles that are really close to them: each member's match (topicMatches,
 * without itself) read on the library's topics scale; a member under TOPIC_FLOOR moves to the leftover group, and
 * a topic left with fewer than 2 members goes there whole. The scale is then measured again on what stays, and
 * every member's `similarity` is its match on that scale, best first: the percentage the topic page shows, and the
 * reading a later joining article gets (nearestTopic, against the stored centre of the members). The topics keep
 * their names, keywords and scores (the clustering's); sizes and unread counts follow their members.
 */
export function withCalibratedMembers(
  clustering: LibraryClustering,
  items: LibraryItem[],
  now: number,
): { clustering: LibraryClustering; scale: SimilarityScale | null } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const points = new Map(items.map((item) => [item.id, joinSpace(item.vector, clustering.libraryMean)]));
  const topics = clustering.topics.filter((topic) => !topic.leftover);
  const percents = (groups: number[][]) => {
    const scale = topicScale(points, groups);
    const { match } = topicMatches(points, groups);
    return {
      scale,
      of: (id: number, t: number) => (scale ? percentOf(match(id, t), scale) : 0),
    };
  };

  const first = percents(topics.map((topic) => topic.members.map((m) => m.id)));
  if (!first.scale) return { clustering, scale: null };
  const misfits: number[] = [];
  const kept = topics.flatMap((topic, t) => {
    const close = topic.members.filter((m) => first.of(m.id, t) >= TOPIC_FLOOR).map((m) => m.id);
    const ids = close.length >= 2 ? close : [];
    misfits.push(...topic.members.map((m) => m.id).filter((id) => !ids.includes(id)));
    return ids.length > 0 ? [{ topic, ids }] : [];
  });

  const final = percents(kept.map(({ ids }) => ids));
  const calibrated = kept.map(({ topic, ids }, t) => {
    const members = ids
      .map((id) => ({ id, similarity: final.of(id, t) }))
      .sort((a, b) => b.similarity - a.similarity || a.id - b.id);
    return {
      ...topic,
      members,
      size: members.length,
      unreadCount: members.filter((m) => byId.get(m.id)?.isRead === false).length,
    };
  });
  const leftover = [...clustering.unclustered, ...misfits];
  return {
    clustering: {
      ...clustering,
      topics: leftover.length > 0 ? [...calibrated, leftoverGroup(leftover, items, now)] : calibrated,
      unclustered: leftover,
    },
    scale: final.scale ?? first.scale,
  };
}
