import { describe, expect, it } from "vitest";
import { inheritTopicIdentities } from "../../src/worker/domain/clustering/topic-identity";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("topic identity across re-clustering", () => {
  it("keeps the id and creation date of a topic whose articles barely changed", () => {
    const previous = [
      { id: 70, createdAt: 1_000, memberIds: range(1, 10) },
      { id: 71, createdAt: 2_000, memberIds: range(11, 20) },
    ];
    // The second cluster gained two articles; the first lost one. Their order changed too.
    const inherited = inheritTopicIdentities(previous, [[...range(11, 20), 31, 32], range(2, 10)]);
    expect(inherited.get(0)).toEqual({ id: 71, createdAt: 2_000 });
    expect(inherited.get(1)).toEqual({ id: 70, createdAt: 1_000 });
  });

  it("gives a new identity to a cluster that overlaps no earlier topic enough", () => {
    const previous = [{ id: 5, createdAt: 1, memberIds: range(1, 10) }];
    const inherited = inheritTopicIdentities(previous, [[1, 2, 3, 40, 41, 42, 43, 44]]);
    expect(inherited.size).toBe(0);
  });

  it("lets only one half of a split topic continue it", () => {
    const previous = [{ id: 9, createdAt: 1, memberIds: range(1, 10) }];
    const inherited = inheritTopicIdentities(previous, [range(1, 5), range(6, 10)]);
    expect(inherited.size).toBe(1);
    expect([...inherited.values()][0]?.id).toBe(9);
  });

  it("gives a merged cluster the identity of the earlier topic it overlaps most", () => {
    const previous = [
      { id: 1, createdAt: 1, memberIds: range(1, 3) },
      { id: 2, createdAt: 2, memberIds: range(4, 12) },
    ];
    const inherited = inheritTopicIdentities(previous, [range(1, 12)]);
    expect(inherited.get(0)?.id).toBe(2);
  });

  it("has nothing to inherit on the first clustering", () => {
    expect(inheritTopicIdentities([], [range(1, 4)]).size).toBe(0);
  });
});
