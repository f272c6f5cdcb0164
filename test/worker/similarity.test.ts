import { describe, expect, it } from "vitest";
import type { LibraryClustering, LibraryItem, TopicDraft } from "../../src/worker/domain/clustering/cluster-library";
import { joinSpace, nearestTopic, topicCentre } from "../../src/worker/domain/clustering/join-topics";
import { LEFTOVER_LABEL } from "../../src/worker/domain/clustering/topic-names";
import { dot, seededRandom, unit } from "../../src/worker/domain/clustering/vectors";
import { centred, libraryMean } from "../../src/worker/domain/embedding/library-space";
import { calibrateLibrary } from "../../src/worker/domain/similarity/calibrate-library";
import { beyondChance, type ChanceModel } from "../../src/worker/domain/similarity/chance";
import {
  calibrationOf,
  decodeProfile,
  encodeProfile,
  inLanguage,
  profileOf,
  RELATED_ANCHORS,
  RELATED_FLOOR,
  type RelatedCalibration,
  relatedCalibration,
  relatedScale,
  type SimilarityProfile,
} from "../../src/worker/domain/similarity/library-profile";
import { calibratedMatches } from "../../src/worker/domain/similarity/related-matches";
import {
  isScale,
  percentOf,
  STEPS,
  scaleFromScores,
  scoreAt,
} from "../../src/worker/domain/similarity/similarity-scale";
import { TOPIC_FLOOR, withCalibratedMembers } from "../../src/worker/domain/similarity/topic-membership";

const DIMENSIONS = 64;

/** A library of `subjects` × `perSubject` articles: each its subject's direction plus its own noise. */
function library(subjects: number, perSubject: number, seed = 1, noise = 1.2) {
  const random = seededRandom(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  const direction = () => unit(Array.from({ length: DIMENSIONS }, gaussian));
  const centres = Array.from({ length: subjects }, direction);
  /** One more article of a subject. */
  const article = (subject: number) => {
    const own = direction();
    return unit((centres[subject] as number[]).map((x, d) => x + noise * (own[d] as number)));
  };
  const articles: { subject: number; vector: number[] }[] = [];
  for (let subject = 0; subject < subjects; subject++)
    for (let i = 0; i < perSubject; i++) articles.push({ subject, vector: article(subject) });
  return { articles, direction, article };
}

/** What an embedder like bge-m3 makes of the same texts: everything shares one strong direction (cosines 0.8+). */
function anisotropic(vectors: number[][]): number[][] {
  const shared = unit(Array.from({ length: DIMENSIONS }, (_, d) => (d % 3) - 1));
  return vectors.map((v) => unit(v.map((x, d) => x + 3 * (shared[d] as number))));
}

describe("a similarity scale", () => {
  // 10,000 scores spread evenly over [0, 1) from a library where each article has 100 others: a score s has
  // (1 - s) × 100 articles per article at least as close.
  const even = Array.from({ length: 10_000 }, (_, i) => i / 10_000);
  const scale = scaleFromScores(even, 100, { zero: 30, full: 0.003 }) as NonNullable<
    ReturnType<typeof scaleFromScores>
  >;

  it("reads a score by how many articles per article are at least as close, on a log scale", () => {
    expect(isScale(scale)).toBe(true);
    expect(scale.scores).toHaveLength(STEPS + 1);
    // 30 articles per article this close: 0%; 0.3 (√(30 × 0.003)): 50%; 1.9: 30%; 0.003 and closer: 100%.
    expect(percentOf(0.7, scale)).toBe(0);
    expect(percentOf(1 - 0.003, scale)).toBeCloseTo(0.5, 2);
    expect(percentOf(1 - 0.0189, scale)).toBeCloseTo(0.3, 2);
    expect(percentOf(1, scale)).toBe(1);
    expect(scoreAt(0.5, scale)).toBeCloseTo(0.997, 3);
    // Never below chance: a score no higher than the library's average (0, centred) reads 0%.
    expect(percentOf(-0.2, scale)).toBe(0);
    expect(percentOf(0, scaleFromScores([-0.5, -0.4, -0.3, 0.01], 3, RELATED_ANCHORS) ?? scale)).toBe(0);
  });

  it("is not a cosine: the same library read by two embedders gives the same percentages", () => {
    const { articles } = library(4, 15, 3);
    const plain = articles.map((a) => a.vector);
    const skewed = anisotropic(plain);
    // The second embedder finds every two articles at least 80% alike.
    expect(Math.min(...skewed.slice(1).map((v) => dot(v, skewed[0] as number[])))).toBeGreaterThan(0.8);
    const percents = (vectors: number[][]) => {
      const mean = libraryMean(vectors);
      const scale = relatedScale(vectors, mean) as NonNullable<ReturnType<typeof relatedScale>>;
      const points = vectors.map((v) => centred(v, mean));
      return [1, 2, 20, 40].map((j) => percentOf(dot(points[0] as number[], points[j] as number[]), scale));
    };
    const [sameA, sameB, otherA, otherB] = percents(plain);
    const skewedPercents = percents(skewed);
    for (const [i, p] of [sameA, sameB, otherA, otherB].entries())
      expect(Math.abs((skewedPercents[i] as number) - (p as number))).toBeLessThan(0.05);
    expect(Math.min(sameA as number, sameB as number)).toBeGreaterThan(0);
    expect(Math.max(otherA as number, otherB as number)).toBe(0);
  });

  it("related matches: only at the floor or above, best first, an article of no shared subject not at all", () => {
    const { articles, direction } = library(4, 15, 5);
    const loner = direction();
    const vectors = [...articles.map((a) => a.vector), loner];
    const candidates = vectors.map((vector, i) => ({ i, vector }));
    const calibration = relatedCalibration(candidates, libraryMean(vectors)) as RelatedCalibration;
    let shown = 0;
    for (const [i, article] of articles.entries()) {
      const matches = calibratedMatches(
        article,
        candidates.filter((c) => c.i !== i),
        calibration,
      );
      shown += matches.length;
      for (const m of matches) {
        expect(articles[m.candidate.i]?.subject).toBe(article.subject);
        expect(m.percent).toBeGreaterThanOrEqual(RELATED_FLOOR);
      }
      const percents = matches.map((m) => m.percent);
      expect([...percents].sort((a, b) => b - a)).toEqual(percents);
    }
    // About 1.9 per article: the floor is E = 1.9 articles per article this close.
    expect(shown / articles.length).toBeGreaterThan(1);
    expect(shown / articles.length).toBeLessThan(3);
    expect(calibratedMatches({ vector: loner }, candidates.slice(0, -1), calibration)).toEqual([]);
  });

  it("a stored profile is read only for the embedder it was measured with, its language means with it", () => {
    const { articles } = library(3, 10, 7);
    const items = articles.map((a, i) => ({ vector: a.vector, language: i % 3 === 0 ? "de" : "en" }));
    const calibration = relatedCalibration(items, libraryMean(articles.map((a) => a.vector)));
    if (!calibration) throw new Error("no calibration");
    expect([...calibration.languageMeans.keys()].sort()).toEqual(["de", "en"]);
    const profile = profileOf(calibration, null, 30, "local-glove-hashing-v3");
    const stored = encodeProfile(profile);
    expect(decodeProfile(stored, "local-glove-hashing-v3")).toEqual(profile);
    const read = calibrationOf(decodeProfile(stored, "local-glove-hashing-v3") as SimilarityProfile, calibration.mean);
    for (const [language, mean] of calibration.languageMeans)
      expect(Array.from(read.languageMeans.get(language) ?? [])).toEqual(Array.from(Float32Array.from(mean)));
    expect(decodeProfile(stored, "workers-ai-cf-baai-bge-m3")).toBeNull();
    expect(decodeProfile("{not json", "local-glove-hashing-v3")).toBeNull();
    expect(decodeProfile(null, "local-glove-hashing-v3")).toBeNull();
    expect(
      relatedScale(
        articles.slice(0, 3).map((a) => a.vector),
        null,
      ),
    ).toBeNull();
  });

  it("chance: the closest pair of articles of no shared subject is not beyond it, a subject's pairs are", () => {
    const unrelated = library(40, 1, 17).articles.map((a) => a.vector);
    const noSubjects = relatedCalibration(
      unrelated.map((vector) => ({ vector })),
      libraryMean(unrelated),
    );
    const closest = Math.max(
      ...unrelated.flatMap((a, i) =>
        unrelated
          .slice(i + 1)
          .map((b) => dot(centred(a, noSubjects?.mean ?? null), centred(b, noSubjects?.mean ?? null))),
      ),
    );
    expect(beyondChance(closest, noSubjects?.chance as ChanceModel)).toBeLessThan(RELATED_FLOOR);
    const { articles } = library(8, 5, 19);
    const subjects = relatedCalibration(articles, libraryMean(articles.map((a) => a.vector)));
    const [first, second] = [0, 1].map((i) => centred(articles[i]?.vector ?? [], subjects?.mean ?? null));
    expect(beyondChance(dot(first as number[], second as number[]), subjects?.chance as ChanceModel)).toBeGreaterThan(
      0.5,
    );
    // And related articles show nothing for the library of no subjects.
    const candidates = unrelated.map((vector) => ({ vector }));
    for (const [i, vector] of unrelated.entries())
      expect(
        calibratedMatches(
          { vector },
          candidates.filter((_, j) => j !== i),
          noSubjects as RelatedCalibration,
        ),
      ).toEqual([]);
  });
  it("chance in a library of two subjects in each of two languages: a subject's pairs are beyond it, no others", () => {
    // 10 articles of each of two subjects in each of two languages, each language centred on its own mean. Chance
    // measured over every pair took in the pairs of two languages, read from two centres (a third of the pairs here),
    // and no pair of one language was beyond it: no related articles, no topics.
    const { articles: english } = library(2, 10, 23, 0.8);
    const { articles: german } = library(2, 10, 29, 0.8);
    const items = [...english.map((a) => ({ ...a, language: "en" })), ...german.map((a) => ({ ...a, language: "de" }))];
    const calibration = relatedCalibration(items, libraryMean(items.map((a) => a.vector))) as RelatedCalibration;
    expect([...calibration.languageMeans.keys()].sort()).toEqual(["de", "en"]);
    const shares = (same: boolean) =>
      items.flatMap((a, i) =>
        items
          .slice(i + 1)
          .filter((b) => b.language === a.language && (a.subject === b.subject) === same)
          .map((b) =>
            beyondChance(
              dot(inLanguage(a, calibration), inLanguage(b, calibration)),
              calibration.chance as ChanceModel,
            ),
          ),
      );
    const sameSubject = shares(true).sort((x, y) => x - y);
    expect(sameSubject[Math.floor(sameSubject.length / 2)]).toBeGreaterThan(0.9);
    // And an article's related list holds articles of its own subject only, in its own language.
    let listing = 0;
    for (const [i, item] of items.entries()) {
      const matches = calibratedMatches(
        item,
        items.filter((_, j) => j !== i),
        calibration,
      );
      if (matches.length > 0) listing++;
      for (const { candidate } of matches)
        expect([candidate.language, candidate.subject]).toEqual([item.language, item.subject]);
    }
    expect(listing).toBeGreaterThanOrEqual(items.length / 2);
  });
});

describe("a topic's members, read against the library", () => {
  const now = Date.UTC(2026, 11, 1);
  const item = (id: number, vector: number[]): LibraryItem => ({
    id,
    vector,
    title: `article ${id}`,
    text: "",
    isRead: id % 2 === 0,
    createdAt: now,
    feedback: null,
  });
  const draft = (label: string, ids: number[]): TopicDraft => ({
    label,
    language: "en",
    leftover: false,
    keywords: [],
    members: ids.map((id) => ({ id, similarity: 0.9 })),
    size: ids.length,
    unreadCount: ids.length,
    silhouette: 0.2,
    cohesion: 0.9,
    averageAgeDays: 0,
    averageFeedback: null,
    finalScore: 0.5,
  });

  it("moves an article that is not really close to its topic to Other articles, and reads the others' matches on the library's scale", () => {
    const { articles, direction } = library(5, 12, 11);
    const strays = [direction(), direction(), direction(), direction()];
    const items = [...articles.map((a, i) => item(i + 1, a.vector)), ...strays.map((v, i) => item(100 + i, v))];
    const groups = [0, 1, 2, 3, 4].map((s) => articles.flatMap((a, i) => (a.subject === s ? [i + 1] : [])));
    const clustering: LibraryClustering = {
      algorithm: "test",
      silhouette: 0.2,
      // A stray article in the first topic (the flint tool in "Emissions"), and a "topic" of two strays.
      topics: [
        draft("first", [...(groups[0] as number[]), 100]),
        ...groups.slice(1).map((ids, s) => draft(`subject ${s + 1}`, ids)),
        draft("strays", [101, 102]),
        { ...draft(LEFTOVER_LABEL, [103]), leftover: true },
      ],
      unclustered: [103],
      libraryMean: libraryMean(items.map((i) => i.vector)),
      groups: 7,
      perLanguage: false,
    };
    const { clustering: calibrated, scale } = withCalibratedMembers(clustering, items, now);
    expect(scale).not.toBeNull();
    const leftover = calibrated.topics.at(-1) as TopicDraft;
    expect(leftover).toMatchObject({ label: LEFTOVER_LABEL, leftover: true });
    expect(leftover.members.map((m) => m.id)).toEqual([100, 101, 102, 103]);
    for (const m of leftover.members) expect(m.similarity).toBe(0);
    expect(calibrated.unclustered.sort((a, b) => a - b)).toEqual([100, 101, 102, 103]);
    const topics = calibrated.topics.filter((t) => !t.leftover);
    expect(topics.map((t) => t.label)).toEqual(["first", "subject 1", "subject 2", "subject 3", "subject 4"]);
    for (const topic of topics) {
      expect(topic.size).toBe(topic.members.length);
      expect(topic.unreadCount).toBe(topic.members.filter((m) => m.id % 2 === 1).length);
      const matches = topic.members.map((m) => m.similarity);
      expect([...matches].sort((a, b) => b - a)).toEqual(matches);
      for (const match of matches) {
        expect(match).toBeGreaterThanOrEqual(TOPIC_FLOOR);
        expect(match).toBeLessThanOrEqual(1);
      }
    }
    expect(topics[0]?.members.map((m) => m.id).sort((a, b) => a - b)).toEqual(groups[0]);
  });

  it("an article joining later is read on the same scale and held to the same floor", () => {
    const { articles, direction, article } = library(5, 12, 13);
    const items = articles.map((a, i) => item(i + 1, a.vector));
    const groups = [0, 1, 2, 3, 4].map((s) => articles.flatMap((a, i) => (a.subject === s ? [i + 1] : [])));
    const clustering: LibraryClustering = {
      algorithm: "test",
      silhouette: 0.2,
      topics: groups.map((ids, s) => draft(`subject ${s}`, ids)),
      unclustered: [],
      libraryMean: libraryMean(items.map((i) => i.vector)),
      groups: 5,
      perLanguage: false,
    };
    const { clustering: calibrated, profile } = calibrateLibrary(clustering, items, now, "test-space");
    expect(profile?.topics).not.toBeNull();
    const mean = calibrated.libraryMean;
    const centres = calibrated.topics.map((t) =>
      topicCentre(
        t.members.map((m) => items[m.id - 1]?.vector as number[]),
        mean,
      ),
    );
    const scale = profile?.topics;
    if (!scale) throw new Error("no topics scale");
    const calibration = { scale, floor: TOPIC_FLOOR };
    // A new article of the second subject joins it at its match; one of no subject joins none.
    const second = { vector: article(1) };
    const joined = nearestTopic(second.vector, centres, mean, calibration);
    expect(joined.index).toBe(1);
    expect(joined.similarity).toBeGreaterThanOrEqual(TOPIC_FLOOR);
    expect(joined.similarity).toBe(
      Math.round(
        percentOf(dot(joinSpace(second.vector, mean), centres[1]?.centre as number[]), calibration.scale) * 10_000,
      ) / 10_000,
    );
    expect(nearestTopic(direction(), centres, mean, calibration)).toEqual({ index: null, similarity: 0 });
  });
});
