/**
 * `final_score` of a topic, in [0, 1], ranks topics for the reader:
 *
 *   0.35 × cohesion        mean cosine similarity of the members to the centre (clamped to [0, 1])
 * + 0.25 × separation      (the cluster's mean silhouette + 1) / 2
 * + 0.20 × unread share    unread members / members: topics with something left to read come first
 * + 0.10 × recency         exp(−average age in days / 30)
 * + 0.10 × liking          (average feedback + 1) / 2, or 0.5 when nothing in it was rated
 */
export const SCORE_WEIGHTS = { cohesion: 0.35, separation: 0.25, unread: 0.2, recency: 0.1, liking: 0.1 } as const;
const RECENCY_DAYS = 30;

export interface TopicScoreInput {
  cohesion: number;
  silhouette: number;
  unreadShare: number;
  averageAgeDays: number;
  averageFeedback: number | null;
}

export function topicScore(input: TopicScoreInput): number {
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  const score =
    SCORE_WEIGHTS.cohesion * clamp(input.cohesion) +
    SCORE_WEIGHTS.separation * clamp((input.silhouette + 1) / 2) +
    SCORE_WEIGHTS.unread * clamp(input.unreadShare) +
    SCORE_WEIGHTS.recency * Math.exp(-Math.max(0, input.averageAgeDays) / RECENCY_DAYS) +
    SCORE_WEIGHTS.liking * (input.averageFeedback === null ? 0.5 : clamp((input.averageFeedback + 1) / 2));
  return Math.round(clamp(score) * 10_000) / 10_000;
}
