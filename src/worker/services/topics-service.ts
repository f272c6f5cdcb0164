import type { TopicRecord, TopicsRepository } from "../db/repositories/topics-repository";
import { clusterLibrary } from "../domain/clustering/cluster-library";
import { libraryItems } from "../domain/clustering/library-items";
import { inheritTopicIdentities } from "../domain/clustering/topic-identity";
import { encodeVector, spaceOf } from "../domain/embedding/vector-encoding";
import { NotFound } from "../domain/errors";
import type { Embedder } from "../ports/embedder";
import type { LanguageModel, TopicLabelRequest } from "../ports/language-model";
import type { VectorIndex } from "../ports/vector-index";

/** The newest completed articles taken into a clustering: bounds time and memory in one invocation. */
export const MAX_CLUSTERED_ARTICLES = 1000;
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
  return {
    /** Clusters the user's processed articles again and replaces their topics. */
    async recompute(userId: number) {
      // Articles completed from now on may be missed by this run, so they keep the library due (usersNeedingTopics).
      const readAt = now();
      const library = await topics.clusteringInput(userId, MAX_CLUSTERED_ARTICLES);
      const vectors = new Map<number, number[]>();
      for (let i = 0; i < library.length; i += 90) {
        const ids = library.slice(i, i + 90).map((a) => String(a.id));
        for (const { id, vector } of await vectorIndex.getVectors(userId, ids)) vectors.set(Number(id), vector);
      }
      // The same input the pipeline command builds (library-items), so both cluster a library alike.
      const items = libraryItems(library, vectors);
      const at = now();
      const clustering = clusterLibrary(items, at);
      const titles = new Map(items.map((item) => [item.id, item.title]));
      const drafts = [];
      // The leftover group keeps its name: no model is asked to name articles that share no subject.
      const labelRequests: (TopicLabelRequest | null)[] = [];
      for (const topic of clustering.topics) {
        labelRequests.push(
          topic.leftover
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
          generatedFrom: `${items.length} articles · ${embedder.name} embeddings`,
          members: topic.members,
        });
      }
      const previous = await topics.memberships(userId);
      const identities = inheritTopicIdentities(
        previous,
        drafts.map((draft) => draft.members.map((m) => m.id)),
      );
      const previousLabels = new Map(previous.map((topic) => [topic.id, topic.label]));
      const kept = drafts.map((draft, index) => {
        const identity = identities.get(index);
        // A topic that continues an earlier one keeps its name until the model names it again (its label
        // step), instead of showing key phrases meanwhile. The leftover group, which no model names, takes its own.
        const earlierName = identity && labelRequests[index] ? previousLabels.get(identity.id) : undefined;
        return { ...draft, label: earlierName ?? draft.label, identity };
      });
      const mean = clustering.libraryMean && encodeVector(clustering.libraryMean, spaceOf(embedder.name));
      const ids = await topics.replaceAll(userId, kept, at, readAt, mean);
      return {
        topics: drafts.length,
        articles: items.length,
        unclustered: clustering.unclustered.length,
        labels: ids.flatMap((topicId, index) => {
          const request = labelRequests[index];
          return request ? [{ topicId, ...request }] : [];
        }),
      };
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

    /** Whether a completed article is missing from the topics (its run is pending, or was lost). */
    isBehind(userId: number): Promise<boolean> {
      return topics.isBehind(userId);
    },

    async list(userId: number, query: { limit: number; unreadOnly: boolean }) {
      const rows = await topics.list(userId, query);
      return { topics: rows.map(toTopicJson), total: rows.length };
    },

    async detail(userId: number, topicId: number, page: { unreadOnly: boolean; limit: number; offset: number }) {
      const row = await topics.get(userId, topicId);
      if (!row) throw new NotFound("Topic not found");
      const { rows, total } = await topics.articles(userId, topicId, page);
      return {
        ...toTopicJson(row),
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
