import { describe, expect, it } from "vitest";
import { DAY_MS, dayToIsoDate, localDay, startOfLocalDay } from "../../src/worker/domain/reading-stats";
import { api, registerUser, seedArticle } from "./helpers";

const HOUR = 3_600_000;

async function stats(token: string, offset: number) {
  const response = await api("GET", `/api/articles/stats/overview?timezone_offset=${offset}`, { token });
  expect(response.status).toBe(200);
  return response.body;
}

describe("GET /api/articles/stats/overview", () => {
  it("answers an empty library with zeros and 30 empty days", async () => {
    const { token } = await registerUser();
    const body = await stats(token, 0);
    expect(body).toMatchObject({
      total_articles: 0,
      unread_articles: 0,
      read_articles: 0,
      weekly_read_articles: 0,
      articles_this_month: 0,
      reading_streak: 0,
      processing_stats: { completed: 0, processing: 0, pending: 0, failed: 0 },
      top_domains: [],
      recent_activity: [],
    });
    expect(body.daily_activity).toHaveLength(30);
    expect(body.daily_activity[29].date).toBe(dayToIsoDate(localDay(Date.now(), 0)));
  });

  it("counts totals, weekly reads, this month, statuses and top domains", async () => {
    const { token, user } = await registerUser();
    const now = Date.now();
    const offset = 120;
    const today = localDay(now, offset);
    const todayStart = startOfLocalDay(today, offset);
    // Saved today (so in this month whatever the date), read 2 days ago and 10 days ago.
    const newest = await seedArticle(user.id, { domain: "a.com", createdAt: now - 1000 });
    const readRecently = await seedArticle(user.id, {
      domain: "a.com",
      createdAt: now - 2000,
      isRead: true,
      readAt: now - 2 * DAY_MS,
    });
    await seedArticle(user.id, { domain: "b.com", createdAt: now - 3000, isRead: true, readAt: now - 10 * DAY_MS });
    await seedArticle(user.id, { domain: "a.com", createdAt: now - 400 * DAY_MS, processingStatus: "failed" });
    await seedArticle(user.id, { domain: null, createdAt: now - 4000, processingStatus: "pending" });
    await seedArticle(user.id, { domain: "c.com", createdAt: now - 5000, processingStatus: "retrying" });
    await seedArticle(user.id, { domain: "c.com", createdAt: now - 6000, processingStatus: "processing" });

    const body = await stats(token, offset);
    expect(body.total_articles).toBe(7);
    expect(body.read_articles).toBe(2);
    // The failed article is in the total, not among the unread: there is nothing to read in it.
    expect(body.unread_articles).toBe(4);
    expect(body.weekly_read_articles).toBe(1);
    // Everything but the 400-day-old article was saved within the last seconds, i.e. this month.
    expect(body.articles_this_month).toBe(6);
    expect(body.processing_stats).toEqual({ completed: 3, processing: 2, pending: 1, failed: 1 });
    expect(body.top_domains).toEqual([
      { domain: "a.com", count: 3 },
      { domain: "c.com", count: 2 },
      { domain: "b.com", count: 1 },
    ]);
    const todayEntry = body.daily_activity.find((d: { date: string }) => d.date === dayToIsoDate(today));
    expect(todayEntry.articles_saved).toBe(6);
    const readDay = body.daily_activity.find(
      (d: { date: string }) => d.date === dayToIsoDate(localDay(now - 2 * DAY_MS, offset)),
    );
    expect(readDay.articles_read).toBe(1);
    expect(body.daily_activity.reduce((n: number, d: { articles_read: number }) => n + d.articles_read, 0)).toBe(2);
    // Each item names its article, so the stats page can link to it.
    expect(body.recent_activity[0]).toMatchObject({ id: newest, domain: "a.com", action: "saved" });
    expect(body.recent_activity).toContainEqual(expect.objectContaining({ id: readRecently, action: "read" }));
    expect(body.recent_activity.length).toBeLessThanOrEqual(10);
    expect(todayStart).toBeLessThanOrEqual(now);

    // The sites' counts follow deletions (kept by triggers): b.com's only article gone, a.com one fewer.
    const onlyB = (await api("GET", "/api/articles/?domain=b.com", { token })).body.articles[0].id;
    for (const id of [onlyB, newest]) expect((await api("DELETE", `/api/articles/${id}`, { token })).status).toBe(204);
    expect((await stats(token, offset)).top_domains).toEqual([
      { domain: "a.com", count: 2 },
      { domain: "c.com", count: 2 },
    ]);
  });

  it("counts a failed article in the total but not as unread, and names every recent article by title or URL", async () => {
    const { token, user } = await registerUser();
    const now = Date.now();
    const url = "https://seed.example.com/2026/ein-albtraum";
    const failed = await seedArticle(user.id, { url, createdAt: now - 1000, processingStatus: "failed" });
    await seedArticle(user.id, { title: "Done", createdAt: now - 2000 });
    await seedArticle(user.id, { title: "Read", createdAt: now - 3000, isRead: true, processingStatus: "failed" });
    const body = await stats(token, 0);
    expect(body).toMatchObject({ total_articles: 3, unread_articles: 1, read_articles: 1 });
    expect(body.recent_activity[0]).toMatchObject({ id: failed, title: null, url, action: "saved" });
    for (const item of body.recent_activity) expect(item.url).toMatch(/^https:\/\/seed\.example\.com\//);
  });

  it("puts one read on different calendar days on either side of a timezone boundary", async () => {
    const { token, user } = await registerUser();
    const now = Date.now();
    // One second into "today" in UTC+10: for UTC-10 that instant is still the previous calendar day.
    const eastDay = localDay(now, 600);
    const instant = Math.min(startOfLocalDay(eastDay, 600) + 1000, now - 1);
    await seedArticle(user.id, { createdAt: instant, isRead: true, readAt: instant });

    const east = await stats(token, 600);
    const west = await stats(token, -600);
    const dayOf = (offset: number) => dayToIsoDate(localDay(instant, offset));
    expect(dayOf(600)).not.toBe(dayOf(-600));
    for (const [body, offset] of [
      [east, 600],
      [west, -600],
    ] as const) {
      const withRead = body.daily_activity.filter((d: { articles_read: number }) => d.articles_read > 0);
      expect(withRead).toEqual([{ date: dayOf(offset), articles_saved: 1, articles_read: 1 }]);
    }
  });

  it("counts a reading streak ending today or yesterday, and breaks it on a gap", async () => {
    const { token, user } = await registerUser();
    const offset = -300;
    const now = Date.now();
    const today = localDay(now, offset);
    const at = (day: number, hour: number) => Math.min(startOfLocalDay(day, offset) + hour * HOUR, now - 1);
    // Read yesterday (twice), the day before, and the day before that; then a gap; then 5 days ago.
    for (const day of [today - 1, today - 1, today - 2, today - 3, today - 5]) {
      await seedArticle(user.id, { createdAt: at(day, 9), isRead: true, readAt: at(day, 9) });
    }
    expect((await stats(token, offset)).reading_streak).toBe(3);

    // Reading today extends the streak to 4.
    const todayId = await seedArticle(user.id, { createdAt: at(today, 0), isRead: true, readAt: at(today, 0) });
    expect((await stats(token, offset)).reading_streak).toBe(4);
    expect(todayId).toBeGreaterThan(0);
  });

  it.each([
    ["timezone_offset=abc", "timezone_offset: timezone_offset must be a whole number"],
    ["timezone_offset=900", "timezone_offset: timezone_offset must be at most 840"],
    ["timezone_offset=-900", "timezone_offset: timezone_offset must be at least -840"],
  ])("rejects %s with 422", async (query, detail) => {
    const { token } = await registerUser();
    const response = await api("GET", `/api/articles/stats/overview?${query}`, { token });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe(detail);
  });

  it("only counts the signed-in user's articles", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    await seedArticle(bob.user.id, { isRead: true });
    expect((await stats(alice.token, 0)).total_articles).toBe(0);
    expect((await stats(bob.token, 0)).total_articles).toBe(1);
  });
});
