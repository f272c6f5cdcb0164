import { describe, expect, it } from "vitest";
import { addressLines, feedTime } from "../../src/client/lib/feed-time";

describe("feed times and pasted addresses", () => {
  const now = Date.UTC(2026, 11, 1, 12);

  it("says how long ago an item arrived, then its date", () => {
    expect(feedTime(now - 30_000, now)).toBe("Just now");
    expect(feedTime(now - 5 * 60_000, now)).toBe("5m ago");
    expect(feedTime(now - 3 * 3_600_000, now)).toBe("3h ago");
    expect(feedTime(now - 2 * 86_400_000, now)).toBe("2d ago");
    expect(feedTime(Date.UTC(2026, 2, 4), now)).toBe("Mar 4, 2026");
    expect(feedTime(null, now)).toBe("");
  });

  it("reads pasted addresses one a line or space-separated, once each", () => {
    expect(addressLines("  https://a.example/feed \n\n https://b.example  https://a.example/feed\n")).toEqual([
      "https://a.example/feed",
      "https://b.example",
    ]);
    expect(addressLines("   \n ")).toEqual([]);
  });
});
