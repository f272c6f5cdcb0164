import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { allShards, SHARD_ID_SPAN } from "../../src/worker/db/shards";
import worker from "../../src/worker/index";
import { runFeedScheduler } from "../../src/worker/jobs/feed-scheduler";
import { moveLibrary } from "../../src/worker/jobs/library-mover";
import { RECOVERY_CRON } from "../../src/worker/jobs/recovery-sweep";
import { deliver } from "./email-helpers";
import { api, registerUser, seedArticle, waitForProcessed } from "./helpers";
import { callTool, connect, mcpClient } from "./oauth-helpers";
import { OUTCOME_WAIT_MS } from "./waits";

// This file runs with two shards (vitest.config.ts, project isolated:shards): DB, also the central database, and
// DB_SHARD_1. See docs/capacity.md, "A library per shard".
const shard1 = env.DB_SHARD_1 as D1Database;
type Reader = Awaited<ReturnType<typeof registerUser>> & { shard: string; d1: D1Database };

async function shardOf(userId: number): Promise<string> {
  const row = await env.DB.prepare("select shard from user_shards where user_id = ?")
    .bind(userId)
    .first<{ shard: string }>();
  return row?.shard ?? "DB";
}

async function count(d1: D1Database, table: string, userId: number): Promise<number> {
  const row = await d1
    .prepare(`select count(*) as n from ${table} where user_id = ?`)
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Two readers signed up one after the other: one on each shard. */
async function twoReaders(): Promise<[Reader, Reader]> {
  const readers: Reader[] = [];
  for (let i = 0; i < 2; i++) {
    const reader = await registerUser();
    const shard = await shardOf(reader.user.id);
    readers.push({ ...reader, shard, d1: shard === "DB" ? env.DB : shard1 });
  }
  return readers.sort((a, b) => a.shard.localeCompare(b.shard)) as [Reader, Reader];
}

async function upload(token: string, content: string, name: string) {
  const form = new FormData();
  form.set("file", new File([content], name));
  const response = await exports.default.fetch(
    new Request("http://localhost/api/imports", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  return { status: response.status, body: (await response.json()) as any };
}

const libraryUrls = async (token: string) =>
  ((await api("GET", "/api/articles/?per_page=100", { token })).body.articles as { url: string }[]).map((a) => a.url);

let readers: [Reader, Reader];
beforeAll(async () => {
  readers = await twoReaders();
});

describe("a library per shard", () => {
  it("puts two readers' libraries on different shards, and the central database keeps their accounts", async () => {
    expect(allShards(env).map((shard) => shard.name)).toEqual(["DB", "DB_SHARD_1"]);
    const [first, second] = readers;
    expect([first.shard, second.shard]).toEqual(["DB", "DB_SHARD_1"]);
    // Accounts are central; the shard's users row only anchors the library (no email, no password).
    const stub = await shard1
      .prepare("select email, password_hash from users where id = ?")
      .bind(second.user.id)
      .first();
    expect(stub).toEqual({ email: `${second.user.id}@shard.invalid`, password_hash: "" });
    expect(await env.DB.prepare("select count(*) as n from users where id = ?").bind(second.user.id).first("n")).toBe(
      1,
    );
    expect(await shard1.prepare("select count(*) as n from users where id = ?").bind(first.user.id).first("n")).toBe(0);
  });

  it.each([0, 1])("saves, processes, searches, clusters, highlights, imports, exports on shard %i", async (index) => {
    const reader = readers[index] as Reader;
    const other = readers[1 - index] as Reader;
    const title = `Beekeeping on shard ${index}`;
    const body = "Honeybees dance to tell the hive where the flowers are. The waggle dance encodes distance.";
    const saved = await api("POST", "/api/articles", {
      token: reader.token,
      body: {
        url: `${inject("fixtureOrigin")}/article?title=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`,
      },
    });
    expect(saved.status).toBe(201);
    const article = await waitForProcessed(reader.token, saved.body.id);
    expect(article.processing_status).toBe("completed");
    // The row is on the reader's shard and nowhere else; its id is in that shard's range.
    expect(await count(reader.d1, "articles", reader.user.id)).toBe(1);
    expect(await count(other.d1, "articles", reader.user.id)).toBe(0);
    expect(Math.floor(saved.body.id / SHARD_ID_SPAN)).toBe(index);

    const search = await api("POST", "/api/search/chat", { token: reader.token, body: { query: "waggle dance" } });
    expect(search.status).toBe(200);
    expect(search.body.results.map((r: { article: { id: number } }) => r.article.id)).toEqual([saved.body.id]);
    const otherSearch = await api("POST", "/api/search/chat", { token: other.token, body: { query: "waggle dance" } });
    expect(otherSearch.body.results.map((r: { article: { id: number } }) => r.article.id)).not.toContain(saved.body.id);

    expect((await api("GET", "/api/topics/", { token: reader.token })).status).toBe(200);

    const highlight = await api("POST", `/api/articles/${saved.body.id}/highlights`, {
      token: reader.token,
      body: { quote: "The waggle dance encodes distance", color: "green" },
    });
    expect(highlight.status).toBe(201);
    expect((await api("GET", "/api/highlights", { token: reader.token })).body.highlights).toHaveLength(1);

    const imported = await upload(reader.token, `https://import.example.com/shard-${index}\n`, "links.txt");
    expect(imported.status).toBe(202);
    await expect
      .poll(() => libraryUrls(reader.token), { timeout: OUTCOME_WAIT_MS, interval: 200 })
      .toContain(`https://import.example.com/shard-${index}`);
    expect(await count(reader.d1, "imports", reader.user.id)).toBe(1);

    const exported = await exports.default.fetch(
      new Request("http://localhost/api/export?format=json", { headers: { Authorization: `Bearer ${reader.token}` } }),
    );
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).toContain(title);
    expect(text).toContain("The waggle dance encodes distance");
  });

  it.each([0, 1])("takes email and answers MCP for the reader on shard %i", async (index) => {
    const reader = readers[index] as Reader;
    const address = (await api("GET", "/api/email-address", { token: reader.token })).body.address as string;
    const raw = [
      `From: ${reader.email}`,
      `To: ${address}`,
      "Subject: Fwd: read this",
      `Message-ID: <${crypto.randomUUID()}@mail.example.com>`,
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "",
      `Have a look: https://mail.example.com/shard-${index}`,
      "",
    ].join("\r\n");
    expect(await deliver(reader.email, address, raw)).toEqual([]);
    expect(await libraryUrls(reader.token)).toContain(`https://mail.example.com/shard-${index}`);

    const { accessToken } = await connect(reader.token);
    const client = await mcpClient(accessToken);
    const listed = await callTool(client, "list_articles", {});
    expect(listed.isError).toBe(false);
    expect(listed.text).toContain(`https://mail.example.com/shard-${index}`);
    expect(listed.text).not.toContain(`https://mail.example.com/shard-${1 - index}`);
    await client.close();
  });

  it("serves a published feed and an e-reader catalog from either shard by its secret address alone", async () => {
    for (const reader of readers) {
      const published = await api("POST", "/api/feeds/published", { token: reader.token, body: {} });
      expect(published.status).toBe(201);
      const atom = await exports.default.fetch(new Request(published.body.url));
      expect(atom.status).toBe(200);
      expect(await atom.text()).toContain("VibeRead: my Library");
      // The e-reader catalog is found the same way, and lists that reader's own unread queue.
      const catalog = await api("POST", "/api/feeds/published", { token: reader.token, body: { kind: "opds" } });
      expect(catalog.status).toBe(201);
      const opds = await exports.default.fetch(new Request(catalog.body.url));
      expect(opds.status).toBe(200);
      expect(await opds.text()).toContain("<title>VibeRead: unread</title>");
    }
    expect((await api("GET", `/api/atom/${"x".repeat(43)}`)).status).toBe(404);
    expect((await api("GET", `/api/opds/${"x".repeat(43)}`)).status).toBe(404);
  });

  it("runs the crons over every shard", async () => {
    const controller = createScheduledController({ cron: RECOVERY_CRON, scheduledTime: Date.now() });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const daily = createScheduledController({ cron: "17 3 * * *", scheduledTime: Date.now() });
    const dailyCtx = createExecutionContext();
    await worker.scheduled(daily, env, dailyCtx);
    await waitOnExecutionContext(dailyCtx);
    // Nothing was lost on either shard.
    for (const reader of readers) expect(await count(reader.d1, "articles", reader.user.id)).toBeGreaterThan(0);
  });

  it("deletes an account on either shard: its library, its account and its directory row", async () => {
    // Consecutive sign-ups land on different shards.
    for (const index of [0, 1]) {
      const reader = await registerUser();
      const d1 = (await shardOf(reader.user.id)) === "DB" ? env.DB : shard1;
      await api("POST", "/api/articles", { token: reader.token, body: { url: `https://delete.example.com/${index}` } });
      expect(await count(d1, "articles", reader.user.id)).toBe(1);
      const deleted = await api("DELETE", "/api/account", { token: reader.token, body: { password: reader.password } });
      expect(deleted.status).toBe(204);
      expect(await count(d1, "articles", reader.user.id)).toBe(0);
      const users = (db: D1Database) =>
        db.prepare("select count(*) as n from users where id = ?").bind(reader.user.id).first("n");
      expect(await users(d1)).toBe(0);
      expect(await users(env.DB)).toBe(0);
      expect(await count(env.DB, "user_shards", reader.user.id)).toBe(0);
    }
  });

  it("moves a library to the other shard while the app serves, losing nothing; its search index comes along", async () => {
    // A reader on DB, with a processed article (its body in R2), a highlight, tags, a feed and an import.
    let reader = await registerUser();
    while ((await shardOf(reader.user.id)) !== "DB") reader = await registerUser();
    const word = `zymurgy${crypto.randomUUID().slice(0, 6)}`;
    const body = `Brewing notes. The ${word} of small batches rewards patience and clean kettles.`;
    const saved = await api("POST", "/api/articles", {
      token: reader.token,
      body: { url: `${inject("fixtureOrigin")}/article?title=Brewing&body=${encodeURIComponent(body)}` },
    });
    expect((await waitForProcessed(reader.token, saved.body.id)).processing_status).toBe("completed");
    const id = saved.body.id as number;
    await api("POST", `/api/articles/${id}/highlights`, {
      token: reader.token,
      body: { quote: "rewards patience", color: "yellow", note: "so true, says the brewmaster" },
    });
    await api("PUT", `/api/articles/${id}/tags`, { token: reader.token, body: { tags: ["brewing", "hobby"] } });
    // An old article whose text is still in its row, with a note and a highlight: the new shard's insert trigger
    // indexes its row but not them (its highlights are copied after it).
    const site = new URL(inject("fixtureOrigin")).hostname;
    const old = await seedArticle(reader.user.id, { title: "Cellar", content: "<p>Old cider.</p>", domain: site });
    await api("PUT", `/api/articles/${old}`, { token: reader.token, body: { note: "perry next autumn" } });
    await api("POST", `/api/articles/${old}/highlights`, {
      token: reader.token,
      body: { quote: "Old cider", note: "scrumpy style" },
    });
    const feedUrl = `${inject("fixtureOrigin")}/feeds/file/feed.json?key=${crypto.randomUUID()}`;
    const subscribed = await api("POST", "/api/feeds/subscriptions", {
      token: reader.token,
      body: { urls: [feedUrl] },
    });
    expect(subscribed.body.results[0].success).toBe(true);
    await expect
      .poll(
        async () => (await api("GET", "/api/feeds/items?limit=50", { token: reader.token })).body.items?.length ?? 0,
        {
          timeout: OUTCOME_WAIT_MS,
        },
      )
      .toBeGreaterThan(0);
    const items = (await api("GET", "/api/feeds/items?limit=50", { token: reader.token })).body.items as {
      id: number;
    }[];
    expect((await api("POST", `/api/feeds/items/${items[0]?.id}/seen`, { token: reader.token })).status).toBeLessThan(
      300,
    );

    const view = async () => ({
      articles: (await api("GET", "/api/articles/?per_page=100", { token: reader.token })).body.articles,
      highlights: (await api("GET", "/api/highlights", { token: reader.token })).body.highlights,
      tags: (await api("GET", "/api/tags", { token: reader.token })).body,
      // Counted by triggers (library_domains), which the move must neither lose nor count twice.
      topDomains: (await api("GET", "/api/articles/stats/overview", { token: reader.token })).body.top_domains,
      subscriptions: (
        (await api("GET", "/api/feeds/subscriptions", { token: reader.token })).body.subscriptions as any[]
      ).map((s) => ({ ...s, id: undefined, feed_id: undefined })),
      items: ((await api("GET", "/api/feeds/items?limit=50", { token: reader.token })).body.items as any[]).map(
        (i) => ({
          ...i,
          id: undefined,
          subscription_id: undefined,
          feed_id: undefined,
        }),
      ),
    });
    const before = await view();
    const rowsBefore = await count(env.DB, "articles", reader.user.id);

    // The move, while another reader is served and this one is asked to come back shortly.
    const bystander = readers[1];
    const move = moveLibrary(env, reader.user.id, "DB_SHARD_1", { graceMs: 1_000 });
    let held: { status: number; headers: Headers } | undefined;
    await expect
      .poll(async () => {
        held = await api("GET", "/api/articles/", { token: reader.token });
        return held.status;
      })
      .toBe(503);
    expect(held?.headers.get("Retry-After")).toBe("5");
    expect((await api("GET", "/api/articles/", { token: bystander.token })).status).toBe(200);
    const report = await move;
    expect(report).toMatchObject({ from: "DB", to: "DB_SHARD_1", articlesReindexed: rowsBefore });
    expect(report.rows).toBeGreaterThan(rowsBefore);

    expect(await shardOf(reader.user.id)).toBe("DB_SHARD_1");
    expect(await view()).toEqual(before);
    expect(await count(shard1, "articles", reader.user.id)).toBe(rowsBefore);
    expect(before.topDomains).toEqual([{ domain: site, count: 2 }]);
    for (const table of [
      "articles",
      "highlights",
      "article_tags",
      "feed_subscriptions",
      "feed_item_states",
      "library_domains",
    ]) {
      expect(await count(env.DB, table, reader.user.id), table).toBe(0);
    }
    // The body's words (in R2, not in the row) are found on the new shard: its full-text index was written again.
    const found = async (query: string) =>
      (await api("POST", "/api/search/chat", { token: reader.token, body: { query } })).body.results.map(
        (r: { article: { id: number } }) => r.article.id,
      );
    expect(await found(word)).toEqual([id]);
    // And the reader's notes and highlights, of an article whose body is in R2 and of one whose text is in its row.
    expect(await found("brewmaster")).toEqual([id]);
    for (const query of ["perry", "scrumpy"]) {
      expect(await found(query), query).toEqual([old]);
      const listed = await api("GET", `/api/articles/?search=${query}`, { token: reader.token });
      expect(listed.body.articles.map((a: { id: number }) => a.id)).toEqual([old]);
    }
    // Nothing left to do: running it again changes nothing.
    expect(await moveLibrary(env, reader.user.id, "DB_SHARD_1", { graceMs: 0 })).toMatchObject({ rows: 0 });

    // A new article on DB_SHARD_1 has an id in its range: the library cannot go back below it.
    const later = await api("POST", "/api/articles", {
      token: reader.token,
      body: { url: "https://later.example.com/" },
    });
    expect(later.body.id).toBeGreaterThanOrEqual(SHARD_ID_SPAN);
    await expect(moveLibrary(env, reader.user.id, "DB", { graceMs: 0 })).rejects.toThrow(/range/);
    expect(await shardOf(reader.user.id)).toBe("DB_SHARD_1");
  });

  it("finishes a move that was cut off half way", async () => {
    let reader = await registerUser();
    while ((await shardOf(reader.user.id)) !== "DB") reader = await registerUser();
    for (const n of [1, 2, 3]) {
      await api("POST", "/api/articles", { token: reader.token, body: { url: `https://cut.example.com/${n}` } });
    }
    // As a run that died after marking the move and copying part of the library leaves it.
    await env.DB.prepare("update user_shards set state = 'moving', moving_to = 'DB_SHARD_1' where user_id = ?")
      .bind(reader.user.id)
      .run();
    await shard1
      .prepare("insert into users (id, email, password_hash, created_at) values (?, ?, '', 0)")
      .bind(reader.user.id, `${reader.user.id}@shard.invalid`)
      .run();
    await shard1
      .prepare(
        "insert into articles (user_id, url, normalized_url, domain, processing_status, created_at, updated_at) select user_id, url, normalized_url, domain, processing_status, created_at, updated_at from (select ? as user_id, 'https://cut.example.com/1' as url, 'https://cut.example.com/1' as normalized_url, 'cut.example.com' as domain, 'completed' as processing_status, 0 as created_at, 0 as updated_at)",
      )
      .bind(reader.user.id)
      .run();
    expect((await api("GET", "/api/articles/", { token: reader.token })).status).toBe(503);
    const report = await moveLibrary(env, reader.user.id, "DB_SHARD_1", { graceMs: 0 });
    expect(report.articlesReindexed).toBe(3);
    const urls = await libraryUrls(reader.token);
    expect(urls.sort()).toEqual([
      "https://cut.example.com/1",
      "https://cut.example.com/2",
      "https://cut.example.com/3",
    ]);
  });

  it("moves a library through the operators' endpoint, which does not exist without its token", async () => {
    let reader = await registerUser();
    while ((await shardOf(reader.user.id)) !== "DB") reader = await registerUser();
    await api("POST", "/api/articles", { token: reader.token, body: { url: "https://admin.example.com/" } });
    const body = { user_id: reader.user.id, shard: "DB_SHARD_1", grace_seconds: 0 };
    expect((await api("POST", "/api/admin/shards/move", { body })).status).toBe(404);
    expect((await api("POST", "/api/admin/shards/move", { body, token: reader.token })).status).toBe(404);
    const token = env.SHARD_ADMIN_TOKEN as string;
    const bad = await api("POST", "/api/admin/shards/move", { body: { ...body, shard: "elsewhere" }, token });
    expect(bad.status).toBe(422);
    const moved = await api("POST", "/api/admin/shards/move", { body, token });
    expect(moved).toMatchObject({ status: 200, body: { from: "DB", to: "DB_SHARD_1", articlesReindexed: 1 } });
    expect(await libraryUrls(reader.token)).toEqual(["https://admin.example.com/"]);
  });

  it("leaves a library where it was, and serves it again, when the copy fails", async () => {
    let reader = await registerUser();
    while ((await shardOf(reader.user.id)) !== "DB") reader = await registerUser();
    const saved = await api("POST", "/api/articles", {
      token: reader.token,
      body: { url: "https://fails.example.com/" },
    });
    // Another reader's row on the target already has that id (as if the shards' ranges had met): the copy fails.
    const other = readers[1];
    await shard1
      .prepare(
        "insert into articles (id, user_id, url, normalized_url, domain, processing_status, created_at, updated_at) values (?, ?, 'https://x.example.com/', 'https://x.example.com/', 'x.example.com', 'completed', 0, 0)",
      )
      .bind(saved.body.id, other.user.id)
      .run();
    await expect(moveLibrary(env, reader.user.id, "DB_SHARD_1", { graceMs: 0 })).rejects.toThrow(/UNIQUE/);
    expect(await shardOf(reader.user.id)).toBe("DB");
    expect(await libraryUrls(reader.token)).toEqual(["https://fails.example.com/"]);
    expect(await count(shard1, "articles", reader.user.id)).toBe(0);
    await shard1.prepare("delete from articles where id = ?").bind(saved.body.id).run();
  });

  it("polls each shard's feeds: the scheduler claims them per shard and the message names the shard", async () => {
    const reader = readers[1];
    const url = `${inject("fixtureOrigin")}/feeds/file/feed.json?key=${crypto.randomUUID()}`;
    const subscribed = await api("POST", "/api/feeds/subscriptions", { token: reader.token, body: { urls: [url] } });
    expect(subscribed.body.results[0].success).toBe(true);
    const feed = await shard1.prepare("select id from feeds where url = ?").bind(url).first<{ id: number }>();
    expect(feed).not.toBeNull();
    expect(await env.DB.prepare("select count(*) as n from feeds where url = ?").bind(url).first("n")).toBe(0);
    // Due now: the scheduler finds it on DB_SHARD_1 and leases it there.
    await shard1
      .prepare("update feeds set next_poll_at = 0, queued_until = null, last_polled_at = null where id = ?")
      .bind(feed?.id)
      .run();
    expect(await runFeedScheduler(env, Date.now())).toBeGreaterThanOrEqual(1);
    expect(
      await shard1.prepare("select queued_until from feeds where id = ?").bind(feed?.id).first("queued_until"),
    ).not.toBeNull();
    // The poll, as the queue delivers it: the consumer polls the feed on the shard the message names.
    const ctx = createExecutionContext();
    const batch = createMessageBatch("viberead-feeds-dev", [
      { id: "poll-shard-1", timestamp: new Date(), attempts: 1, body: { feedId: feed?.id, shard: "DB_SHARD_1" } },
    ]);
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["poll-shard-1"]);
    expect(
      await shard1.prepare("select last_polled_at from feeds where id = ?").bind(feed?.id).first("last_polled_at"),
    ).not.toBeNull();
  });
});
