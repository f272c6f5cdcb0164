import { describe, expect, it } from "vitest";
import {
  clusterLibrary,
  type LibraryItem,
  STRUCTURE_SILHOUETTE,
} from "../../src/worker/domain/clustering/cluster-library";
import {
  distinctiveTerms,
  documentFrequency,
  labelFromTerms,
  labelTokens,
} from "../../src/worker/domain/clustering/keyphrases";
import { packVectors, sphericalKMeans } from "../../src/worker/domain/clustering/kmeans";
import { silhouetteSamples } from "../../src/worker/domain/clustering/silhouette";
import { LEFTOVER_LABEL } from "../../src/worker/domain/clustering/topic-names";
import { SCORE_WEIGHTS, topicScore } from "../../src/worker/domain/clustering/topic-score";
import { seededRandom, unit } from "../../src/worker/domain/clustering/vectors";

const NOW = Date.UTC(2026, 10, 21);
const DAY = 86_400_000;

describe("silhouette (cosine distance)", () => {
  it("matches a hand-computed example", () => {
    // d(A1,A2) = 0.4, d(A1,B1) = 2, d(A2,B1) = 1.6; B1 is alone in its cluster.
    const samples = silhouetteSamples(
      [
        [1, 0],
        [0.6, 0.8],
        [-1, 0],
      ],
      [0, 0, 1],
    );
    expect(samples[0]).toBeCloseTo((2 - 0.4) / 2, 10);
    expect(samples[1]).toBeCloseTo((1.6 - 0.4) / 1.6, 10);
    expect(samples[2]).toBe(0);
  });

  it("is 0 for a single cluster and negative for a wrong assignment", () => {
    const points = [
      [1, 0],
      [0.99, 0.14],
      [0, 1],
      [0.14, 0.99],
    ].map(unit);
    expect(silhouetteSamples(points, [0, 0, 0, 0])).toEqual([0, 0, 0, 0]);
    const wrong = silhouetteSamples(points, [0, 1, 0, 1]);
    expect(wrong.every((s) => s < 0)).toBe(true);
  });
});

describe("topic score", () => {
  it("is the documented weighted sum", () => {
    const score = topicScore({
      cohesion: 0.8,
      silhouette: 0.4,
      unreadShare: 0.5,
      averageAgeDays: 30,
      averageFeedback: 1,
    });
    const expected =
      SCORE_WEIGHTS.cohesion * 0.8 +
      SCORE_WEIGHTS.separation * 0.7 +
      SCORE_WEIGHTS.unread * 0.5 +
      SCORE_WEIGHTS.recency * Math.exp(-1) +
      SCORE_WEIGHTS.liking * 1;
    expect(score).toBeCloseTo(expected, 4);
    expect(topicScore({ cohesion: 2, silhouette: 5, unreadShare: 3, averageAgeDays: -4, averageFeedback: 9 })).toBe(1);
    expect(topicScore({ cohesion: 0, silhouette: -1, unreadShare: 0, averageAgeDays: 1e6, averageFeedback: -1 })).toBe(
      0,
    );
  });
});

/** Noisy vectors around a few directions, with texts that share each group's vocabulary. */
function syntheticLibrary(
  groups: { words: string[]; size: number }[],
  dimensions = 32,
): { items: LibraryItem[]; labels: number[] } {
  const random = seededRandom(42);
  const items: LibraryItem[] = [];
  const labels: number[] = [];
  groups.forEach((group, g) => {
    const centre = unit(Array.from({ length: dimensions }, () => random() - 0.5));
    for (let i = 0; i < group.size; i++) {
      const vector = unit(centre.map((x) => x + (random() - 0.5) * 0.25));
      items.push({
        id: items.length + 1,
        vector,
        title: `${group.words[i % group.words.length]} ${group.words[(i + 1) % group.words.length]}`,
        text: group.words.join(" "),
        isRead: i % 3 === 0,
        createdAt: NOW - i * DAY,
        feedback: i === 0 ? 1 : null,
      });
      labels.push(g);
    }
  });
  return { items, labels };
}

describe("clusterLibrary", () => {
  const groups = [
    { words: ["honeybees", "hive", "pollen", "waggle"], size: 8 },
    { words: ["glacier", "climate", "icecap", "melting"], size: 7 },
    { words: ["compiler", "rust", "borrow", "checker"], size: 9 },
  ];

  it("finds the number of topics itself and puts every article with its group", () => {
    const { items, labels } = syntheticLibrary(groups);
    const result = clusterLibrary(items, NOW);
    expect(result.topics).toHaveLength(3);
    expect(result.unclustered).toEqual([]);
    for (const topic of result.topics) {
      const groupOf = new Set(topic.members.map((m) => labels[m.id - 1]));
      expect(groupOf.size).toBe(1);
    }
    expect(result.silhouette).toBeGreaterThan(0.5);
  });

  it("labels topics with their distinctive words and fills every field", () => {
    const { items } = syntheticLibrary(groups);
    const result = clusterLibrary(items, NOW);
    const bees = result.topics.find((t) => t.members.some((m) => m.id === 1));
    expect(bees?.label.toLowerCase()).toMatch(/honeybees|hive|pollen|waggle/);
    expect(bees?.size).toBe(8);
    expect(bees?.unreadCount).toBe(5);
    expect(bees?.averageFeedback).toBe(1);
    expect(bees?.averageAgeDays).toBeCloseTo(3.5, 4);
    for (const topic of result.topics) {
      expect(topic.finalScore).toBeGreaterThan(0);
      expect(topic.finalScore).toBeLessThanOrEqual(1);
      const similarities = topic.members.map((m) => m.similarity);
      expect([...similarities].sort((a, b) => b - a)).toEqual(similarities);
    }
    expect(result.topics.map((t) => t.finalScore)).toEqual(
      [...result.topics.map((t) => t.finalScore)].sort((a, b) => b - a),
    );
  });

  it("labels with the words titles carry or texts repeat, one form of a word only", () => {
    const cluster = [
      labelTokens("Interest rates", "The bank held rates as borrowing fell. Rates matter."),
      labelTokens("Rates cut", "Borrowing fell again; the bank cut rates."),
    ];
    const library = [...cluster, labelTokens("Goal", "A striker scored"), labelTokens("Hive", "Bees dance")];
    // "borrowing" and "fell" are in both texts as often as "rates" is in both documents: the titles decide.
    const terms = distinctiveTerms(cluster, documentFrequency(library), library.length);
    expect(terms.slice(0, 1)).toEqual(["rate"]);
    expect(terms.indexOf("rate")).toBeLessThan(terms.indexOf("borrow"));
    expect(labelFromTerms(["games", "gaming", "game", "review", "apple"])).toBe("Games · Review · Apple");
    expect(labelFromTerms(["drugs", "drug", "brain", "deep"])).toBe("Drugs · Brain · Deep");
    expect(labelFromTerms(["planet", "plane", "films"])).toBe("Planet · Plane · Films");
    expect(labelFromTerms([])).toBe("Other articles");
  });

  it("passes over words English uses mostly as verbs, unless nothing else is left", () => {
    // Distinctive words of real benchmark topics (npm run bench:semantic): a summary's verbs are distinctive
    // only by chance. Nouns that are verbs too ("rise", "review") and names WordNet does not know stay.
    expect(labelFromTerms(["drugs", "bought", "drug", "rise", "online"])).toBe("Drugs · Rise · Online");
    expect(labelFromTerms(["brain", "planet", "find", "distant"])).toBe("Brain · Planet · Distant");
    expect(labelFromTerms(["games", "launch", "review", "apple"])).toBe("Games · Review · Apple");
    expect(labelFromTerms(["room", "asked", "time"])).toBe("Room · Time");
    expect(labelFromTerms(["minecraft", "taken", "code"])).toBe("Minecraft · Code");
    // An -ing form that names an activity is a noun too.
    expect(labelFromTerms(["parenting", "asked", "polling", "including"])).toBe("Parenting · Polling");
    expect(labelFromTerms(["asked", "wrote"])).toBe("Asked · Wrote");
  });

  it("is deterministic, leaves tiny libraries alone and never makes a topic of one article", () => {
    const { items } = syntheticLibrary(groups);
    expect(clusterLibrary(items, NOW)).toEqual(clusterLibrary(items, NOW));
    expect(clusterLibrary(items.slice(0, 3), NOW)).toMatchObject({ topics: [], unclustered: [1, 2, 3] });
    const withOutlier = syntheticLibrary([...groups.slice(0, 2), { words: ["opera"], size: 1 }]).items;
    const result = clusterLibrary(withOutlier, NOW);
    for (const topic of result.topics) expect(topic.size).toBeGreaterThanOrEqual(2);
  });

  it("makes √(n/2) groups when no number of topics shows structure; groups that share a name join the leftovers", () => {
    const random = seededRandom(7);
    const items: LibraryItem[] = Array.from({ length: 50 }, (_, i) => ({
      id: i + 1,
      vector: unit(Array.from({ length: 64 }, () => random() - 0.5)),
      title: `note ${i}`,
      text: "",
      isRead: false,
      createdAt: NOW,
      feedback: null,
    }));
    const result = clusterLibrary(items, NOW);
    expect(result.silhouette).toBeLessThan(STRUCTURE_SILHOUETTE);
    expect(result.groups).toBe(5);
    // Every title is "note N": one topic is "Note", and the other groups, with no name of their own, are leftovers.
    const named = result.topics.filter((topic) => topic.label !== LEFTOVER_LABEL);
    expect(named.map((topic) => topic.label)).toEqual(["Note"]);
    expect(named[0]?.members.length ?? 0).toBeGreaterThan(1);
  });
});

describe("spherical k-means", () => {
  it("separates clear groups with unit centres, the same from plain or packed vectors", () => {
    const { items, labels } = syntheticLibrary([
      { words: ["a"], size: 6 },
      { words: ["b"], size: 6 },
      { words: ["c"], size: 6 },
    ]);
    const vectors = items.map((item) => item.vector);
    const plain = sphericalKMeans(vectors, 3, 7);
    expect(sphericalKMeans(packVectors(vectors), 3, 7)).toEqual(plain);
    // One cluster per group, whatever its number.
    for (const group of [0, 1, 2]) {
      const clusters = new Set(plain.assignments.filter((_, i) => labels[i] === group));
      expect(clusters.size).toBe(1);
    }
    expect(new Set(plain.assignments).size).toBe(3);
    for (const centre of plain.centroids) expect(Math.hypot(...centre)).toBeCloseTo(1, 10);
  });

  it("restarts an empty cluster instead of returning it empty", () => {
    const twice = [unit([1, 0, 0]), unit([1, 0, 0]), unit([0, 1, 0]), unit([0, 1, 0])];
    const result = sphericalKMeans(twice, 3, 1);
    const [a, b, c, d] = result.assignments;
    expect(a).toBe(b);
    expect(c).toBe(d);
    expect(a).not.toBe(c);
    expect(result.centroids).toHaveLength(3);
    // The re-seeded centre is a real point (unit length), not an empty cluster's zero or NaN vector.
    for (const centre of result.centroids) expect(Math.hypot(...centre)).toBeCloseTo(1, 10);
  });
});
