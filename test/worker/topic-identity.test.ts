import { describe, expect, it } from "vitest";
import { inheritTopicIdentities } from "../../src/worker/domain/clustering/topic-identity";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("topic identity across re-clustering", () => {
  it("keeps the id and creation date of a topic whose articles barely changed", () => {
    const previous = [
      { id: 70, createdAt: 1_000, label: "Bees", memberIds: range(1, 10) },
      { id: 71, createdAt: 2_000, label: "Glaciers", memberIds: range(11, 20) },
    ];
    // The second cluster gained two articles; the first lost one. Their order changed too.
    const inherited = inheritTopicIdentities(previous, [[...range(11, 20), 31, 32], range(2, 10)]);
    expect(inherited.get(0)).toEqual({ id: 71, createdAt: 2_000, label: "Glaciers" });
    expect(inherited.get(1)).toEqual({ id: 70, createdAt: 1_000, label: "Bees" });
  });

  it("gives a new identity to a cluster that overlaps no earlier topic enough", () => {
    const previous = [{ id: 5, createdAt: 1, label: "Bees", memberIds: range(1, 10) }];
    const inherited = inheritTopicIdentities(previous, [[1, 2, 3, 40, 41, 42, 43, 44]]);
    expect(inherited.size).toBe(0);
  });

  it("keeps a topic that holds 60% of its articles, however many joined it", () => {
    const previous = [{ id: 5, createdAt: 1, label: "Bees", memberIds: range(1, 10) }];
    // 6 of its 10 stay, 24 new ones join: a Jaccard overlap of 0.2, still the same subject.
    expect(inheritTopicIdentities(previous, [[...range(1, 6), ...range(100, 123)]]).get(0)?.id).toBe(5);
    // 5 of 10 stay together and the other 5 are in no topic: no longer most of it, nor its largest part.
    expect(inheritTopicIdentities(previous, [[...range(1, 5), ...range(100, 103)]]).size).toBe(0);
  });

  it("lets a topic that split continue in its largest part when that cluster is mostly its articles", () => {
    const previous = [
      { id: 5, createdAt: 1, label: "Bees", memberIds: range(1, 10) },
      { id: 6, createdAt: 2, label: "Glaciers", memberIds: range(11, 20) },
    ];
    // Bees splits 5 / 3 / 2; its part of 5 gains one glacier article and new ones: it is Bees, narrowed.
    const inherited = inheritTopicIdentities(previous, [
      [...range(1, 5), 11, 100, 101],
      [6, 7, 8],
      [9, 10, ...range(12, 20)],
    ]);
    expect(inherited.get(0)?.id).toBe(5);
    expect(inherited.get(2)?.id).toBe(6);
    expect(inherited.has(1)).toBe(false);
    // The same part of 5 inside a cluster made mostly of glacier articles is Bees merged into Glaciers.
    const merged = inheritTopicIdentities(previous, [
      [...range(1, 5), ...range(11, 20)],
      [6, 7, 8],
      [9, 10],
    ]);
    expect([...merged]).toEqual([[0, { id: 6, createdAt: 2, label: "Glaciers" }]]);
    // A largest part smaller than what went to no topic: scattered.
    expect(
      inheritTopicIdentities(previous.slice(0, 1), [
        [1, 2, 3],
        [4, 5],
      ]).size,
    ).toBe(0);
  });

  it("counts the articles now in no topic against the share", () => {
    const previous = [{ id: 5, createdAt: 1, label: "Bees", memberIds: range(1, 10) }];
    const clustered = new Set([...range(1, 10), 50, 51]);
    // 6 of 10 together, 4 left over: kept. 5 together and 5 left over: not.
    expect(inheritTopicIdentities(previous, [[...range(1, 6), 50]], clustered).size).toBe(1);
    expect(inheritTopicIdentities(previous, [[...range(1, 5), 50]], clustered).size).toBe(0);
  });

  it("lets the larger part of a split topic continue it, and neither of two equal halves", () => {
    const previous = [{ id: 9, createdAt: 1, label: "Bees", memberIds: range(1, 10) }];
    const uneven = inheritTopicIdentities(previous, [range(1, 3), range(4, 10)]);
    expect([...uneven]).toEqual([[1, { id: 9, createdAt: 1, label: "Bees" }]]);
    expect(inheritTopicIdentities(previous, [range(1, 5), range(6, 10)]).size).toBe(0);
  });

  it("gives a merged cluster the identity of the earlier topic it overlaps most", () => {
    const previous = [
      { id: 1, createdAt: 1, label: "Bees", memberIds: range(1, 3) },
      { id: 2, createdAt: 2, label: "Hives", memberIds: range(4, 12) },
    ];
    const inherited = inheritTopicIdentities(previous, [range(1, 12)]);
    expect(inherited.get(0)?.id).toBe(2);
  });

  it("has nothing to inherit on the first clustering", () => {
    expect(inheritTopicIdentities([], [range(1, 4)]).size).toBe(0);
  });
});
