import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getConfig } from "../../src/worker/config";
import { servicesForUser } from "../../src/worker/context";
import { createDatabase } from "../../src/worker/db/client";
import { emptyTally, meteredD1 } from "../../src/worker/db/d1-meter";
import { createArticleBodiesRepository } from "../../src/worker/db/repositories/article-bodies-repository";
import { createArticlesRepository } from "../../src/worker/db/repositories/articles-repository";
import { createSearchIndex } from "../../src/worker/db/repositories/search-index";
import { api, registerUser, seedArticle } from "./helpers";

describe("the development D1 meter (bench:capacity)", () => {
  it("counts the rows D1 reports for raw(), all() and batches, as drizzle sends them", async () => {
    const { user } = await registerUser();
    for (let i = 0; i < 7; i++) await seedArticle(user.id, { title: `Metered ${i}` });
    const tally = emptyTally();
    const d1 = meteredD1(env.DB, [tally]);
    const rows = await d1.prepare("SELECT id FROM articles WHERE user_id = ?").bind(user.id).raw();
    expect(rows).toHaveLength(7);
    expect(tally).toMatchObject({ queries: 1, rowsWritten: 0 });
    expect(tally.rowsRead).toBeGreaterThanOrEqual(7);

    // Through drizzle and a repository, as a request runs: a mark-read writes the row (and its indexes).
    const before = { ...tally };
    const db = createDatabase(d1);
    const bodies = createArticleBodiesRepository(env.ARTICLE_BODIES);
    const articles = createArticlesRepository(db, bodies, createSearchIndex(db, bodies));
    const [first] = rows as [number][];
    expect(await articles.markRead(user.id, first?.[0] as number, Date.now())).toMatchObject({ isRead: true });
    expect(tally.queries).toBeGreaterThan(before.queries);
    expect(tally.rowsWritten).toBeGreaterThan(0);
  });

  it("counts the queries of the library's shard too, once a request's user is known", async () => {
    const { user } = await registerUser();
    for (let i = 0; i < 3; i++) await seedArticle(user.id, { title: `Shard metered ${i}` });
    const tally = emptyTally();
    const metered = { ...env, D1_METER: "on" } as unknown as Env;
    const services = await servicesForUser(metered, user.id, tally);
    const before = { ...tally };
    const page = await services.articles.list(user.id, { page: 1, perPage: 20 });
    expect(page.total).toBe(3);
    expect(tally.queries).toBeGreaterThan(before.queries);
    expect(tally.rowsRead).toBeGreaterThanOrEqual(before.rowsRead + 3);
  });

  it("is for development only: staging and production refuse D1_METER=on", () => {
    const meterIn = (environment: string) =>
      ({ ...env, D1_METER: "on", ENVIRONMENT: environment, JWT_SECRET: "s".repeat(40) }) as unknown as Env;
    expect(getConfig(meterIn("development")).d1Meter).toBe(true);
    expect(() => getConfig(meterIn("staging"))).toThrow(/D1_METER is for development only/);
    expect(() => getConfig(meterIn("production"))).toThrow(/D1_METER is for development only/);
  });

  it("is off unless D1_METER is on: no headers, and its route answers 404", async () => {
    const { token } = await registerUser();
    const list = await api("GET", "/api/articles/", { token });
    expect(list.status).toBe(200);
    expect(list.headers.get("X-D1-Rows-Read")).toBeNull();
    expect((await api("GET", "/api/dev/d1-meter")).status).toBe(404);
  });
});
