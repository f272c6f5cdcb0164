import { type LibraryClustering, type LibraryItem, leftoverGroup } from "../clustering/cluster-library";
import { joinSpace } from "../clustering/join-topics";
import { dot, unit } from "../clustering/vectors";
import { beyondChance } from "./chance";
import { inLanguage, type RelatedCalibration } from "./library-profile";
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
 * And a member needs a fellow member closer to it than chance makes pairs (chance.ts), by at least this much, the
 * related floor's level: in a library with few articles of any one subject, the articles of none gather in a topic of
 * their own, each as close to the rest of it as a real topic's members are (28 pages in four languages put the flint
 * tool article in such a topic at 60%, beside "What is Rust", a cocktail and a climber).
 */
export const MIN_FELLOW_BEYOND_CHANCE = 0.3;

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
 * without itself) read on the library's topics scale; a member under TOPIC_FLOOR, or with no fellow member beyond
 * chance (MIN_FELLOW_BEYOND_CHANCE, with the library's related calibration), moves to the leftover group, and a
 * topic left with fewer than 2 members goes there whole. The scale is then measured again on what stays, and
 * every member's `similarity` is its match on that scale (at most how far beyond chance its closest fellow member
 * is, as a related article's percentage is), best first: the percentage the topic page shows, and the
 * reading a later joining article gets (nearestTopic, against the stored centre of the members). The topics keep
 * their names, keywords and scores (the clustering's); sizes and unread counts follow their members.
 */
export function withCalibratedMembers(
  clustering: LibraryClustering,
  items: LibraryItem[],
  now: number,
  related: RelatedCalibration | null = null,
): { clustering: LibraryClustering; scale: SimilarityScale | null } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const fellow = fellowBeyondChance(items, related);
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
    const memberIds = topic.members.map((m) => m.id);
    const close = memberIds.filter(
      (id) => first.of(id, t) >= TOPIC_FLOOR && fellow(id, memberIds) >= MIN_FELLOW_BEYOND_CHANCE,
    );
    const ids = close.length >= 2 ? close : [];
    misfits.push(...memberIds.filter((id) => !ids.includes(id)));
    return ids.length > 0 ? [{ topic, ids }] : [];
  });

  const final = percents(kept.map(({ ids }) => ids));
  const calibrated = kept.map(({ topic, ids }, t) => {
    const members = ids
      .map((id) => ({ id, similarity: Math.min(final.of(id, t), fellow(id, ids)) }))
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

/**
 * How far beyond chance (chance.ts) an article's closest fellow among `fellows` is, both centred on their
 * language's mean as related articles are read: 1 without a chance model.
 */
function fellowBeyondChance(items: LibraryItem[], related: RelatedCalibration | null) {
  const chance = related?.chance;
  if (!related || !chance) return () => 1;
  const points = new Map(items.map((item) => [item.id, inLanguage(item, related)]));
  return (id: number, fellows: number[]) => {
    const point = points.get(id) ?? [];
    let closest = Number.NEGATIVE_INFINITY;
    for (const other of fellows) if (other !== id) closest = Math.max(closest, dot(point, points.get(other) ?? []));
    return beyondChance(closest, chance);
  };
}
