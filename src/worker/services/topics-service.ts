import type { TopicRecord, TopicsRepository } from "../db/repositories/topics-repository";
import { ALGORITHM, clusterLibrary } from "../domain/clustering/cluster-library";
import {
  CLUSTER_SAMPLE,
  JOIN_BATCH,
  nearestTopic,
  samplePositions,
  type TopicCentre,
  topicCentre,
} from "../domain/clustering/join-topics";
import { libraryItems } from "../domain/clustering/library-items";
import { LEFTOVER_LABEL } from "../domain/clustering/topic-names";
import { unit } from "../domain/clustering/vectors";
import { decodeInSpace, encodeCompactVector, encodeVector, spaceOf } from "../domain/embedding/vector-encoding";
import { NotFound } from "../domain/errors";
import { calibrateLibrary } from "../domain/similarity/calibrate-library";
import { decodeProfile, encodeProfile } from "../domain/similarity/library-profile";
import { TOPIC_FLOOR } from "../domain/similarity/topic-membership";
import type { Embedder } from "../ports/embedder";
import type { LanguageModel, TopicLabelRequest } from "../ports/language-model";
import type { VectorIndex } from "../ports/vector-index";
import { SEMANTIC_FEATURES_OFF } from "./related-service";

/**
 * A clustering library below this many completed articles is clustered again once it grows by this share: its
 * first topics came from few articles. Above CLUSTER_SAMPLE new articles only join (the daily run re-samples).
 */
const REGROW_SHARE = 0.1;
/** Ids per vector index read: the index batches them itself (20 per Vectorize getByIds call). */
const VECTORS_PER_READ = 90;
const LABEL_TITLES = 8;
/**
 * Characters of each title sent for a label. The label requests are the clustering step's result, which the
 * Workflows runtime caps at 1 MiB: 8 titles this long for each of even 100 topics stay far under it.
 */
const LABEL_TITLE_CHARS = 200;

interface TopicsDeps {
  topics: TopicsRepository;
  vectorIndex: VectorIndex;
  embedder: Embedder;
  languageModel: LanguageModel;
  now?: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function toTopicJson(row: {
  topic: TopicRecord;
  articleCount: number;
  unreadCount: number;
  averageFeedback: number | null;
}) {
  const { topic } = row;
  return {
    id: topic.id,
    label: topic.label,
    keywords: topic.keywords,
    final_score: topic.finalScore,
    unread_count: Number(row.unreadCount),
    cluster_size: topic.clusterSize,
    article_count: Number(row.articleCount),
    avg_recency_days: topic.avgRecencyDays,
    // Live, like the counts: rating an article shows in its topic at once, not after the next run.
    avg_feedback_score: row.averageFeedback === null ? null : Math.round(Number(row.averageFeedback) * 10_000) / 10_000,
    created_at: iso(topic.createdAt),
    algorithm: topic.algorithm,
    language: topic.language,
    topic_metadata: {
      silhouette_score: topic.silhouetteScore,
      // Cards show each topic's own quality; the clustering's silhouette above is the same for every topic.
      topic_silhouette_score: topic.topicSilhouetteScore ?? topic.silhouetteScore,
      article_count: topic.clusterSize,
      generated_from: topic.generatedFrom,
    },
  };
}

export function createTopicsService({ topics, vectorIndex, embedder, languageModel, now = Date.now }: TopicsDeps) {
  const space = spaceOf(embedder.name);

  async function unavailable(): Promise<string | null> {
    const problem = (await embedder.unavailableReason?.()) ?? null;
    return problem ? `${SEMANTIC_FEATURES_OFF} ${problem}` : null;
  }

  async function readVectors(userId: number, ids: number[]): Promise<Map<number, number[]>> {
    const vectors = new Map<number, number[]>();
    for (let i = 0; i < ids.length; i += VECTORS_PER_READ) {
      const batch = ids.slice(i, i + VECTORS_PER_READ).map(String);
      for (const { id, vector } of await vectorIndex.getVectors(userId, batch)) vectors.set(Number(id), vector);
    }
    return vectors;
  }

  /** Places these articles in their nearest topics; `topics` false when the user has none with a centre. */
  async function joinArticles(userId: number, ids: number[]) {
    const rows = await topics.centres(userId);
    const centred: (TopicCentre & { id: number; language: string | null })[] = rows.flatMap((row) => {
      // Stored a byte a number (encodeCompactVector): made unit length again, as it was computed.
      const centre = decodeInSpace(row.centre, space);
      return centre && row.joinThreshold !== null
        ? [{ id: row.id, centre: unit(Array.from(centre)), threshold: row.joinThreshold, language: row.language }]
        : [];
    });
    if (centred.length === 0) return { topics: false, joined: 0, leftover: 0 };
    const [mean, profile] = await Promise.all([
      topics.libraryMean(userId).then((stored) => decodeInSpace(stored, space)),
      topics.similarityProfile(userId).then((stored) => decodeProfile(stored, space)),
    ]);
    // Read on the library's topics scale and held to its floor, as the topics run's own members are.
    const calibration = profile?.topics ? { scale: profile.topics, floor: TOPIC_FLOOR } : null;
    const vectors = await readVectors(userId, ids);
    // Topics made per language take only articles of their language (languageOf: null when topics span them).
    const languageOf = centred.some((topic) => topic.language !== null)
      ? await topics.articleLanguages(userId, ids)
      : null;
    const members: { topicId: number; articleId: number; similarity: number }[] = [];
    const misfits: number[] = [];
    for (const id of ids) {
      const vector = vectors.get(id);
      if (!vector) continue; // Not embedded: it joins at the next run that finds its vector.
      const language = languageOf && (languageOf.get(id) || "en");
      const candidates = language ? centred.filter((topic) => topic.language === language) : centred;
      const { index, similarity } = nearestTopic(vector, candidates, mean, calibration);
      const topic = index === null ? undefined : candidates[index];
      if (topic) members.push({ topicId: topic.id, articleId: id, similarity });
      else misfits.push(id);
    }
    if (misfits.length > 0) {
      let leftover = rows.find((row) => row.centre === null && row.label === LEFTOVER_LABEL)?.id;
      leftover ??= await topics.insertTopic(
        userId,
        {
          label: LEFTOVER_LABEL,
          keywords: [],
          finalScore: 0,
          clusterSize: 0,
          avgRecencyDays: 0,
          avgFeedbackScore: null,
          algorithm: ALGORITHM,
          silhouetteScore: 0,
          topicSilhouetteScore: null,
          generatedFrom: `joined articles · ${embedder.name} embeddings`,
          centre: null,
          joinThreshold: null,
          language: null,
        },
        now(),
      );
      for (const articleId of misfits) members.push({ topicId: leftover, articleId, similarity: 0 });
    }
    await topics.addMembers(userId, members);
    return { topics: true, joined: members.length - misfits.length, leftover: misfits.length };
  }

  return {
    /**
     * Clusters the user's processed articles again and replaces their topics: all of them up to `sampleSize`,
     * above it an evenly spaced sample of that many (samplePositions). Each topic stores its centre and join
     * threshold; the other articles then join their nearest topics, JOIN_BATCH at a time (joinBatch).
     */
    async recompute(userId: number, { sampleSize = CLUSTER_SAMPLE }: { sampleSize?: number } = {}) {
      // Articles completed from now on may be missed by this run, so they keep the library due (usersNeedingTopics).
      const readAt = now();
      const order = await topics.libraryOrder(userId);
      const sampleIds = samplePositions(order.length, sampleSize).map((i) => order[i] as number);
      const library = await topics.clusteringInputFor(userId, sampleIds);
      const vectors = await readVectors(
        userId,
        library.map((a) => a.id),
      );
      // The same input the pipeline command builds (library-items), so both cluster a library alike.
      const items = libraryItems(library, vectors);
      const at = now();
      // A topic that keeps most of its articles keeps its id and name (topic-identity, matched on the sample: the
      // articles joined after the last run are not clustered now). The leftover group is no subject to continue.
      const memberships = await topics.memberships(userId);
      const previous = memberships.filter((topic) => topic.label !== LEFTOVER_LABEL);
      // The leftover group (at most one) keeps its id whatever its articles, so an open "Other articles" stays.
      const previousLeftover = memberships.find((topic) => topic.label === LEFTOVER_LABEL);
      // Members' matches read on the library's scale, the loose ones left to "Other articles" (calibrateLibrary).
      const { clustering, profile } = calibrateLibrary(
        clusterLibrary(items, at, { perLanguage: !embedder.multilingual, previous }),
        items,
        at,
        space,
        order.length,
      );
      /** A topic's stored centre and join threshold from its members' vectors (none for the leftover group). */
      const centreOf = (memberIds: number[] | null) => {
        if (!memberIds) return { centre: null, joinThreshold: null };
        // Every member has a vector: libraryItems leaves out articles without one.
        const { centre, threshold } = topicCentre(
          memberIds.map((id) => vectors.get(id) ?? []),
          clustering.libraryMean,
        );
        return { centre: encodeCompactVector(centre, space), joinThreshold: threshold };
      };
      const titles = new Map(items.map((item) => [item.id, item.title]));
      const drafts = [];
      // The leftover group keeps its name: no model is asked to name articles that share no subject.
      const labelRequests: (TopicLabelRequest | null)[] = [];
      for (const topic of clustering.topics) {
        labelRequests.push(
          // A continuing topic keeps its name: the subject is the same, so no model is asked to rename it.
          topic.leftover || topic.continues
            ? null
            : {
                keywords: topic.keywords,
                titles: topic.members
                  .slice(0, LABEL_TITLES)
                  .map((m) => (titles.get(m.id) ?? "").slice(0, LABEL_TITLE_CHARS)),
                language: topic.language,
                name: topic.label,
              },
        );
        drafts.push({
          // The key-phrase label (or the earlier topic's, below) until the language model's (labelTopic, one
          // Workflow step per topic).
          label: topic.label,
          keywords: topic.keywords,
          finalScore: topic.finalScore,
          clusterSize: topic.size,
          avgRecencyDays: topic.averageAgeDays,
          avgFeedbackScore: topic.averageFeedback,
          algorithm: clustering.algorithm,
          silhouetteScore: clustering.silhouette,
          topicSilhouetteScore: topic.silhouette,
          generatedFrom:
            order.length > items.length
              ? `${items.length} of ${order.length} articles, the rest joined · ${embedder.name} embeddings`
              : `${items.length} articles · ${embedder.name} embeddings`,
          members: topic.members,
          ...centreOf(topic.leftover ? null : topic.members.map((m) => m.id)),
          language: clustering.perLanguage && !topic.leftover ? topic.language : null,
          ...(topic.continues ? { identity: topic.continues } : {}),
          ...(topic.leftover && previousLeftover
            ? { identity: { id: previousLeftover.id, createdAt: previousLeftover.createdAt } }
            : {}),
        });
      }
      const mean = clustering.libraryMean && encodeVector(clustering.libraryMean, space);
      const ids = await topics.replaceAll(userId, drafts, at, readAt, mean, order.length);
      await topics.saveSimilarityProfile(userId, profile && encodeProfile(profile));
      return {
        topics: drafts.length,
        articles: items.length,
        /** Completed articles outside the sample: what the join batches place. */
        toJoin: order.length - sampleIds.length,
        unclustered: clustering.unclustered.length,
        labels: ids.flatMap((topicId, index) => {
          const request = labelRequests[index];
          return request ? [{ topicId, ...request }] : [];
        }),
      };
    },

    /**
     * Places up to `limit` articles in no topic (ids after `afterId`) in their nearest topics. `done` when no
     * article is left (or the user has no topics with centres to join); `lastId` is the next call's `afterId`.
     */
    async joinBatch(userId: number, afterId: number, limit = JOIN_BATCH) {
      const ids = await topics.unjoined(userId, afterId, limit);
      if (ids.length === 0) return { done: true, lastId: afterId, joined: 0, leftover: 0 };
      const outcome = await joinArticles(userId, ids);
      return { done: ids.length < limit || !outcome.topics, lastId: ids.at(-1) as number, ...outcome };
    },

    /**
     * A newly processed article joins its nearest topic (or the leftover group) without a re-clustering.
     * False when the user has no topics with centres yet: then a topics run is what places it.
     */
    async joinArticle(userId: number, articleId: number): Promise<boolean> {
      return (await joinArticles(userId, [articleId])).topics;
    },

    /**
     * Asks the language model for one topic's label and stores it. Rejects when the model fails (the
     * Workflow step retries, then keeps the label it has).
     */
    async labelTopic(userId: number, { topicId, ...request }: TopicLabelRequest & { topicId: number }) {
      const label = (await languageModel.labelTopic(request)).trim();
      // Two topics never share a name: a model's name another topic has already keeps the key phrase.
      const others = (await topics.memberships(userId)).filter((topic) => topic.id !== topicId);
      const lower = label.toLocaleLowerCase(request.language);
      if (others.some((topic) => topic.label.toLocaleLowerCase(request.language) === lower)) return;
      if (label) await topics.setLabel(userId, topicId, label);
    },

    /**
     * Whether a topics run is due: a completed article is missing from the topics (its run is pending, or was
     * lost, or it could not join), or, in a library clustered whole, an article processed since the last run
     * fell into the leftover group (a run over it may find it a topic, as the spec's recompute after processing
     * would), or the library has grown by REGROW_SHARE since.
     */
    async isBehind(userId: number): Promise<boolean> {
      if (await topics.isBehind(userId)) return true;
      const { completed, atLastRun } = await topics.growth(userId);
      if (atLastRun === null || atLastRun >= CLUSTER_SAMPLE) return false;
      if (completed >= Math.max(atLastRun + 1, Math.ceil(atLastRun * (1 + REGROW_SHARE)))) return true;
      // The run reads the article, so it is late no longer: a run that leaves it in the group does not repeat.
      return topics.hasLateLeftover(userId, LEFTOVER_LABEL);
    },

    /**
     * Why topics cannot be made now (the embedder cannot embed, so no article has a vector to cluster), or null.
     * Answers carry it as `degraded: true` and a `notice` the screens show, instead of promising topics soon.
     */
    unavailable,

    async list(userId: number, query: { limit: number; unreadOnly: boolean }) {
      const [rows, notice] = await Promise.all([topics.list(userId, query), unavailable()]);
      return { topics: rows.map(toTopicJson), total: rows.length, degraded: notice !== null, notice };
    },

    async detail(userId: number, topicId: number, page: { unreadOnly: boolean; limit: number; offset: number }) {
      const row = await topics.get(userId, topicId);
      if (!row) throw new NotFound("Topic not found");
      const { rows, total } = await topics.articles(userId, topicId, page);
      const notice = await unavailable();
      return {
        ...toTopicJson(row),
        degraded: notice !== null,
        notice,
        articles: rows.map((a) => ({
          id: a.id,
          title: a.title,
          summary: a.summary,
          author: a.author,
          domain: a.domain,
          created_at: iso(a.createdAt),
          is_read: a.isRead,
          similarity: a.similarity,
        })),
        pagination: {
          total,
          limit: page.limit,
          offset: page.offset,
          page: Math.floor(page.offset / page.limit) + 1,
          pages: Math.ceil(total / page.limit),
        },
      };
    },

    async remove(userId: number, topicId: number): Promise<void> {
      if (!(await topics.delete(userId, topicId))) throw new NotFound("Topic not found");
    },
  };
}
export type TopicsService = ReturnType<typeof createTopicsService>;
