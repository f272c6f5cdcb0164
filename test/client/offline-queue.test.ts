import { describe, expect, it } from "vitest";
import {
  DEFAULT_QUEUE_SIZE,
  formatSpace,
  moreUnreadAfter,
  parseManifest,
  parseQueueSize,
  pickQueue,
  picturesToDelete,
  planRefresh,
  type QueueManifest,
  queueTotals,
} from "../../src/client/lib/offline-queue";

const article = (
  id: number,
  fields: Partial<{ is_read: boolean; processing_status: string; updated_at: string }> = {},
) => ({
  id,
  is_read: false,
  processing_status: "completed",
  updated_at: "2026-11-30T10:00:00.000Z",
  ...fields,
});

describe("the unread queue kept on the device (issue 50)", () => {
  it("keeps the newest unread articles that have their text, in the list's order, up to the size", () => {
    const list = [
      article(9),
      article(8, { processing_status: "failed" }),
      article(7, { processing_status: "processing" }),
      article(6),
      article(5),
      article(4, { is_read: true }),
    ];
    expect(pickQueue(list, 2).map((a) => a.id)).toEqual([9, 6]);
    expect(pickQueue(list, 50).map((a) => a.id)).toEqual([9, 6, 5]);
    expect(pickQueue(list, 0)).toEqual([]);
  });

  it("asks for another page only while a full page still ends unread", () => {
    expect(moreUnreadAfter([article(1), article(2)], true)).toBe(true);
    expect(moreUnreadAfter([article(1), article(2, { is_read: true })], true)).toBe(false);
    expect(moreUnreadAfter([article(1)], false)).toBe(false);
  });

  it("fetches what is new or changed, keeps the rest, lets go of what left the queue", () => {
    const manifest: QueueManifest = {
      articles: {
        "1": { updatedAt: "2026-11-30T10:00:00.000Z", images: ["/api/images/1/a?src=x", "/shared"], bytes: 100 },
        "2": { updatedAt: "2026-11-29T10:00:00.000Z", images: [], bytes: 50 },
        "3": { updatedAt: "2026-11-30T10:00:00.000Z", images: ["/api/images/3/c?src=z", "/shared"], bytes: 70 },
      },
      syncedAt: null,
    };
    const plan = planRefresh(manifest, [article(1), article(2), article(4)]);
    expect(plan).toEqual({ fetch: [2, 4], keep: [1], drop: [3] });
    // A picture another kept article shows stays.
    expect(picturesToDelete(manifest, plan.drop, [...plan.keep, ...plan.fetch])).toEqual(["/api/images/3/c?src=z"]);
    expect(queueTotals(manifest)).toEqual({ count: 3, bytes: 220 });
  });

  it("reads back only a manifest it wrote, and the size setting from its choices (50 by default)", () => {
    expect(parseManifest("not json")).toEqual({ articles: {}, syncedAt: null });
    expect(
      parseManifest(
        JSON.stringify({ articles: { "7": { updatedAt: "t", images: ["a", 3], bytes: 9 }, x: {} }, syncedAt: "s" }),
      ),
    ).toEqual({ articles: { "7": { updatedAt: "t", images: ["a"], bytes: 9 } }, syncedAt: "s" });
    expect(DEFAULT_QUEUE_SIZE).toBe(50);
    expect(parseQueueSize(null)).toBe(50);
    expect(parseQueueSize("0")).toBe(0);
    expect(parseQueueSize("200")).toBe(200);
    expect(parseQueueSize("37")).toBe(50);
  });

  it("says the space in KB or MB", () => {
    expect(formatSpace(0)).toBe("0 KB");
    expect(formatSpace(870_400)).toBe("850 KB");
    expect(formatSpace(24_536_678)).toBe("23.4 MB");
  });
});
