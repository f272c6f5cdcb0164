import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import worker from "../../src/worker/index";
import { RECOVERY_CRON } from "../../src/worker/jobs/recovery-sweep";
import { api, registerUser } from "./helpers";

const origin = inject("fixtureOrigin");
/** A fresh address for a fixture feed: a feed is stored once per address for every reader, so tests never share one. */
const fresh = (path: string) => `${origin}${path}${path.includes("?") ? "&" : "?"}key=${crypto.randomUUID()}`;

async function subscribe(token: string, urls: string[], folder?: string) {
  const response = await api("POST", "/api/feeds/subscriptions", {
    token,
    body: { urls, ...(folder ? { folder } : {}) },
  });
  expect(response.status).toBe(200);
  return response.body as {
    results: { url: string; success: boolean; error?: string; already_subscribed?: boolean; subscription?: any }[];
    subscribed: number;
    failed: number;
  };
}

async function subscribeOne(token: string, url: string, folder?: string) {
  const { results } = await subscribe(token, [url], folder);
  const [result] = results;
  if (!result?.success) throw new Error(`subscribe failed: ${result?.error}`);
  return result.subscription;
}

async function items(token: string, query = "") {
  const response = await api("GET", `/api/feeds/items${query}`, { token });
  expect(response.status).toBe(200);
  return response.body.items as any[];
}

/** Delivers one poll of each feed to the queue consumer, as the queue would. */
async function poll(...feedIds: number[]) {
  const ctx = createExecutionContext();
  const batch = createMessageBatch(
    "viberead-feeds-dev",
    feedIds.map((feedId, i) => ({ id: `poll-${feedId}-${i}`, timestamp: new Date(), attempts: 1, body: { feedId } })),
  );
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

async function feedRow(feedId: number) {
  return env.DB.prepare("SELECT * FROM feeds WHERE id = ?").bind(feedId).first<Record<string, any>>();
}

/** Points a stored feed at another address: a site that later moves, fails or goes away. */
async function repoint(feedId: number, url: string) {
  await env.DB.prepare("UPDATE feeds SET url = ?, etag = NULL, last_modified = NULL WHERE id = ?")
    .bind(url, feedId)
    .run();
}

async function hits(path: string) {
  return (await (await fetch(`${origin}/feeds/hits?path=${encodeURIComponent(path)}`)).json()) as {
    hits: number;
    not_modified: number;
  };
}

async function subscription(token: string, id: number) {
  const list = await api("GET", "/api/feeds/subscriptions", { token });
  return (list.body.subscriptions as any[]).find((s) => s.id === id);
}

describe("subscribing", () => {
  it("follows a feed by its address: title, icon, items and health are there when the call answers", async () => {
    const { token } = await registerUser();
    const sub = await subscribeOne(token, fresh("/feeds/file/rss2.xml"));
    expect(sub).toMatchObject({
      title: "Slow Reading Weekly",
      site_url: "https://blog.example.org/",
      icon_url: "https://blog.example.org/icon.png",
      item_count: 2,
      unseen_count: 2,
      health: { level: "ok", text: "updated just now" },
    });
    const list = await items(token);
    expect(list.map((i) => [i.title, i.source, i.url])).toEqual([
      ["Why long reads need quiet", "Slow Reading Weekly", "https://blog.example.org/posts/quiet"],
      ["Margins and notes", "Slow Reading Weekly", "https://blog.example.org/posts/margins"],
    ]);
    expect(list[0]).toMatchObject({ summary: "A short teaser about quiet reading.", seen: false, has_content: true });
    const one = await api("GET", `/api/feeds/items/${list[0].id}`, { token });
    expect(one.body.content_html).toContain("The whole essay about quiet reading.");
  });

  it("finds a site's feed from its page or at a usual path, several addresses at once, each with its own result", async () => {
    const { token } = await registerUser();
    const site = fresh("/feeds/site?feed=/feeds/file/atom.xml");
    const result = await subscribe(
      token,
      [site, `${origin}/feeds/usual/`, "ftp://files.example.com/feed", fresh("/feeds/nothing-here"), "nowhere.invalid"],
      "Reading",
    );
    expect(result.results.map((r) => r.success)).toEqual([true, true, false, false, false]);
    expect(result.results[0]?.subscription).toMatchObject({
      title: "Atom Observations",
      folder: "Reading",
      item_count: 2,
    });
    expect(result.results[1]?.subscription).toMatchObject({
      title: "RDF Journal",
      url: `${origin}/feeds/usual/index.xml`,
    });
    expect(result.results[2]?.error).toBe("url must start with http:// or https://");
    expect(result.results[3]?.error).toBe("The site answered 404 Not Found");
    // An address without a scheme is read as https, as people write sites.
    expect(result.results[4]?.error).toBe("The site's address could not be found (nowhere.invalid)");
    expect(result).toMatchObject({ subscribed: 2, failed: 3 });
  });

  it("says clearly why a bad feed cannot be followed, and never fails the request", async () => {
    const { token } = await registerUser();
    const { results } = await subscribe(token, [
      fresh("/feeds/file/malformed.xml"),
      fresh("/article?title=No+feed+here"),
      fresh("/feeds/huge?declared=1"),
      fresh("/feeds/status?code=503&retry=60"),
    ]);
    expect(results.map((r) => r.error)).toEqual([
      "The feed is not well-formed and could not be read",
      "No feed was found on this page or at the usual feed addresses of its site",
      "The feed is larger than 5 MB",
      "The site answered 503",
    ]);
  });

  it("follows feeds that are odd but readable: a 10,000-item archive, an entity bomb, ISO-8859-1 text", async () => {
    const { token } = await registerUser();
    const { results } = await subscribe(token, [
      fresh("/feeds/big?items=10000"),
      fresh("/feeds/file/bomb.xml"),
      fresh("/feeds/file/latin1.xml"),
    ]);
    expect(results.map((r) => r.success)).toEqual([true, true, true]);
    expect(results[0]?.subscription).toMatchObject({ item_count: 1000, omitted_items: 9000 });
    expect(results[1]?.subscription.item_count).toBe(1);
    expect(results[2]?.subscription.title).toBe("Café Crème");
  });

  it("fetches a feed once for all its readers and keeps each reader's state and subscriptions apart", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const url = fresh("/feeds/counter");
    const a = await subscribeOne(alice.token, url);
    const b = await subscribeOne(bob.token, url);
    expect(b.feed_id).toBe(a.feed_id);
    expect((await hits(`/feeds/counter?key=${new URL(url).searchParams.get("key")}`)).hits).toBe(1);

    const [item] = await items(alice.token);
    expect((await api("POST", `/api/feeds/items/${item.id}/seen`, { token: alice.token })).body.seen).toBe(true);
    expect((await items(bob.token))[0].seen).toBe(false);
    // Bob cannot reach Alice's subscription; neither can a reader who follows nothing reach the item.
    expect((await api("DELETE", `/api/feeds/subscriptions/${a.id}`, { token: bob.token })).status).toBe(404);
    const carol = await registerUser();
    expect((await api("GET", `/api/feeds/items/${item.id}`, { token: carol.token })).status).toBe(404);
    expect(await items(carol.token)).toEqual([]);
    expect((await api("GET", "/api/feeds/subscriptions")).status).toBe(401);
  });
});

describe("polling through the queue", () => {
  it("stores new items once, and an unchanged feed costs a 304", async () => {
    const { token } = await registerUser();
    const url = fresh("/feeds/counter");
    const key = new URL(url).searchParams.get("key");
    const sub = await subscribeOne(token, url);
    expect(sub.item_count).toBe(1);

    const unchanged = await poll(sub.feed_id);
    expect(unchanged.explicitAcks).toHaveLength(1);
    expect(await hits(`/feeds/counter?key=${key}`)).toEqual({ hits: 2, not_modified: 1 });

    await fetch(`${origin}/feeds/bump?key=${key}`);
    await poll(sub.feed_id);
    await poll(sub.feed_id);
    expect((await items(token)).map((i) => i.title)).toEqual(["Item 1", "Item 0"]);
    const row = await feedRow(sub.feed_id);
    expect(row).toMatchObject({ consecutive_errors: 0, last_error: null });
    expect(row?.next_poll_at).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it("backs off on 503 with Retry-After, stops on 410, follows a 301 and keeps items when a feed turns bad", async () => {
    const { token } = await registerUser();
    const sub = await subscribeOne(token, fresh("/feeds/file/rss2.xml"));

    await repoint(sub.feed_id, fresh("/feeds/status?code=503&retry=7200"));
    await poll(sub.feed_id);
    let row = await feedRow(sub.feed_id);
    expect(row?.next_poll_at).toBeGreaterThanOrEqual(Date.now() + 7_100_000);
    expect((await subscription(token, sub.id)).health).toEqual({
      level: "failing",
      text: "the feed answered 503 Service Unavailable for less than a minute",
    });

    await repoint(sub.feed_id, fresh("/feeds/file/malformed.xml"));
    await poll(sub.feed_id);
    expect((await subscription(token, sub.id)).health.text).toMatch(/^the feed is not well-formed/);
    expect((await subscription(token, sub.id)).item_count).toBe(2);

    const target = fresh("/feeds/file/rss2.xml");
    await repoint(sub.feed_id, `${origin}/feeds/moved?to=${encodeURIComponent(target)}`);
    await poll(sub.feed_id);
    row = await feedRow(sub.feed_id);
    expect(row).toMatchObject({ url: target, consecutive_errors: 0 });

    await repoint(sub.feed_id, fresh("/feeds/status?code=410"));
    await poll(sub.feed_id);
    row = await feedRow(sub.feed_id);
    expect(row).toMatchObject({ status: "gone", next_poll_at: null });
    expect((await subscription(token, sub.id)).health.level).toBe("stopped");
  });

  it("a permanent redirect to a feed another reader follows merges the two: both readers keep following it", async () => {
    const one = await registerUser();
    const two = await registerUser();
    const target = fresh("/feeds/file/rss2.xml");
    const kept = await subscribeOne(two.token, target);
    const moving = await subscribeOne(one.token, fresh("/feeds/file/atom.xml"));
    await repoint(moving.feed_id, `${origin}/feeds/moved?to=${encodeURIComponent(target)}`);
    await poll(moving.feed_id);
    expect(await feedRow(moving.feed_id)).toBeNull();
    expect((await subscription(one.token, moving.id))?.feed_id).toBe(kept.feed_id);
    expect((await subscription(two.token, kept.id))?.feed_id).toBe(kept.feed_id);
  });

  it("the 5-minute cron queues due feeds that someone follows, and the consumer polls them", async () => {
    const { token } = await registerUser();
    const sub = await subscribeOne(token, fresh("/feeds/counter"));
    const before = (await feedRow(sub.feed_id))?.last_polled_at as number;
    await env.DB.prepare("UPDATE feeds SET next_poll_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, sub.feed_id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: RECOVERY_CRON, scheduledTime: Date.now() }), env, ctx);
    expect((await feedRow(sub.feed_id))?.queued_until).toBeGreaterThan(Date.now());
    await expect
      .poll(async () => (await feedRow(sub.feed_id))?.last_polled_at, { timeout: 30_000, interval: 250 })
      .toBeGreaterThan(before);
  });
});

describe("housekeeping", () => {
  it("the daily cron drops items older than 30 days that nobody saved, and feeds nobody follows", async () => {
    const { token } = await registerUser();
    const kept = await subscribeOne(token, fresh("/feeds/file/rss2.xml"));
    const dropped = await subscribeOne(token, fresh("/feeds/file/atom.xml"));
    const [first] = await items(token, `?subscription_id=${kept.id}`);
    expect((await api("POST", `/api/feeds/items/${first.id}/save`, { token })).status).toBe(201);
    await env.DB.prepare("UPDATE feed_items SET first_seen_at = ? WHERE feed_id = ?")
      .bind(Date.now() - 31 * 24 * 3_600_000, kept.feed_id)
      .run();
    expect((await api("DELETE", `/api/feeds/subscriptions/${dropped.id}`, { token })).status).toBe(204);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await items(token)).map((i) => i.id)).toEqual([first.id]);
    expect(await feedRow(dropped.feed_id)).toBeNull();
    expect(await feedRow(kept.feed_id)).not.toBeNull();
  });
});

describe("the expiry period of unsaved items", () => {
  const DAY = 86_400_000;
  const runDailyCron = async () => {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
  };

  it("is each reader's own (default 30 days): it hides their older unsaved items, and the cron keeps what anyone may still see", async () => {
    const week = await registerUser();
    const month = await registerUser();
    expect((await api("GET", "/api/feeds/settings", { token: week.token })).body).toEqual({ unsaved_item_days: 30 });
    const set = await api("PUT", "/api/feeds/settings", { token: week.token, body: { unsaved_item_days: 7 } });
    expect(set).toMatchObject({ status: 200, body: { unsaved_item_days: 7 } });
    for (const bad of [0, 366, 7.5, "7"]) {
      const response = await api("PUT", "/api/feeds/settings", { token: week.token, body: { unsaved_item_days: bad } });
      expect(response.status).toBe(422);
    }

    const url = fresh("/feeds/file/rss2.xml");
    const sub = await subscribeOne(week.token, url);
    await subscribeOne(month.token, url);
    const all = await items(week.token, "?state=all");
    const [saved, ...rest] = all;
    expect((await api("POST", `/api/feeds/items/${saved.id}/save`, { token: week.token })).status).toBe(201);
    await env.DB.prepare("UPDATE feed_items SET first_seen_at = ? WHERE feed_id = ?")
      .bind(Date.now() - 10 * DAY, sub.feed_id)
      .run();

    // Ten days old: past the week, within the month; the item the reader saved stays in their Feed.
    expect((await items(week.token, "?state=all")).map((i) => i.id)).toEqual([saved.id]);
    expect((await subscription(week.token, sub.id)).unseen_count).toBe(0);
    expect(await items(month.token, "?state=all")).toHaveLength(all.length);
    await runDailyCron();
    expect(await items(month.token, "?state=all")).toHaveLength(all.length);

    // Thirty-one days: past both readers' periods; only the saved item is kept.
    await env.DB.prepare("UPDATE feed_items SET first_seen_at = ? WHERE feed_id = ?")
      .bind(Date.now() - 31 * DAY, sub.feed_id)
      .run();
    await runDailyCron();
    const left = await env.DB.prepare("SELECT id FROM feed_items WHERE feed_id = ?").bind(sub.feed_id).all();
    expect(left.results.map((r) => r.id)).toEqual([saved.id]);
    expect(rest.length).toBeGreaterThan(0);
  });
});

describe("opening an item whose feed gives only a summary", () => {
  /** A feed whose items link to these pages, followed by a new reader (stored directly: the links are the point). */
  async function summaryFeed(links: string[]) {
    const { token, user } = await registerUser();
    const feed = await env.DB.prepare(
      "INSERT INTO feeds (url, title, created_at) VALUES (?, 'Teasers', 0) RETURNING id",
    )
      .bind(fresh("/feeds/file/rss2.xml"))
      .first<{ id: number }>();
    await env.DB.prepare("INSERT INTO feed_subscriptions (user_id, feed_id, created_at) VALUES (?, ?, 0)")
      .bind(user.id, feed?.id)
      .run();
    const ids: number[] = [];
    for (const [i, link] of links.entries()) {
      const row = await env.DB.prepare(
        `INSERT INTO feed_items (feed_id, item_key, url, title, summary, first_seen_at, sort_at)
         VALUES (?, ?, ?, ?, 'A teaser.', ?, ?) RETURNING id`,
      )
        .bind(feed?.id, `link:${link}`, link, `Item ${i}`, Date.now(), Date.now() - i)
        .first<{ id: number }>();
      ids.push(row?.id as number);
    }
    return { token, ids, feedId: feed?.id as number };
  }

  it("shows the article extracted as for a saved link, fetched once and kept on the item for its readers", async () => {
    const page = `${origin}/article?title=${encodeURIComponent("The quiet margins")}&repeat=6&key=${crypto.randomUUID()}`;
    const { token, ids } = await summaryFeed([page]);
    const first = await api("GET", `/api/feeds/items/${ids[0]}/article`, { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ title: "The quiet margins", error: null });
    expect(first.body.content_html).toMatch(/^<p>/);
    expect(first.body.content_html).not.toContain("<script");
    const stored = await env.DB.prepare("SELECT content_gzip, content_bytes FROM feed_item_extracts WHERE item_id = ?")
      .bind(ids[0])
      .first<{ content_gzip: string; content_bytes: number }>();
    // Kept compressed: smaller than the HTML it holds.
    expect(stored?.content_gzip.length).toBeLessThan(stored?.content_bytes as number);

    const again = await api("GET", `/api/feeds/items/${ids[0]}/article`, { token });
    expect(again.body).toEqual(first.body);
    const stranger = await registerUser();
    expect((await api("GET", `/api/feeds/items/${ids[0]}/article`, { token: stranger.token })).status).toBe(404);
  });

  it("says why a page cannot be read, keeps nothing, and never fetches past the SSRF guard", async () => {
    const { token, ids } = await summaryFeed([`${origin}/status/404`, "http://169.254.169.254/latest/meta-data/"]);
    const missing = await api("GET", `/api/feeds/items/${ids[0]}/article`, { token });
    expect(missing).toMatchObject({
      status: 200,
      body: { content_html: null, error: "The site answered 404 Not Found" },
    });
    const metadata = await api("GET", `/api/feeds/items/${ids[1]}/article`, { token });
    expect(metadata.status).toBe(200);
    expect(metadata.body.content_html).toBeNull();
    expect(metadata.body.error).toMatch(/address|not allowed|private|reach/i);
    const kept = await env.DB.prepare("SELECT count(*) AS n FROM feed_item_extracts WHERE item_id IN (?, ?)")
      .bind(ids[0], ids[1])
      .first<{ n: number }>();
    expect(kept?.n).toBe(0);
  });
});

describe("the Feed", () => {
  it("filters by subscription, folder and seen state, and marks all seen up to an item", async () => {
    const { token } = await registerUser();
    const rss = await subscribeOne(token, fresh("/feeds/file/rss2.xml"), "Essays");
    const atom = await subscribeOne(token, fresh("/feeds/file/atom.xml"), "Tech");
    expect(await items(token)).toHaveLength(4);
    expect((await items(token, `?subscription_id=${atom.id}`)).map((i) => i.source)).toEqual([
      "Atom Observations",
      "Atom Observations",
    ]);
    expect(await items(token, "?folder=Essays")).toHaveLength(2);

    const all = await items(token);
    const second = all[1];
    // Read down to the second item: it and the one above it are seen, the two below are not.
    const marked = await api("POST", "/api/feeds/items/mark-seen", { token, body: { up_to_item_id: second.id } });
    expect(marked.body).toEqual({ marked: 2 });
    expect((await items(token, "?state=unseen")).map((i) => i.id)).toEqual([all[2].id, all[3].id]);
    expect(await items(token, "?state=seen")).toHaveLength(2);
    await api("POST", `/api/feeds/items/${second.id}/unseen`, { token });
    expect(await items(token, "?state=unseen")).toHaveLength(3);

    const page = await api("GET", "/api/feeds/items?limit=3", { token });
    expect(page.body.items).toHaveLength(3);
    const rest = await items(token, `?limit=3&cursor=${page.body.next_cursor}`);
    expect(rest.map((i) => i.id)).toEqual([all[3].id]);
    expect((await api("GET", "/api/feeds/items?cursor=nonsense", { token })).status).toBe(422);
    expect((await subscription(token, rss.id)).unseen_count).toBeGreaterThan(0);
    expect((await subscription(token, rss.id)).unseen_count + (await subscription(token, atom.id)).unseen_count).toBe(
      3,
    );
  });

  it("saves an item to the Library through the ordinary save, once", async () => {
    const { token } = await registerUser();
    await subscribeOne(token, fresh("/feeds/file/feed.json"));
    const [withLink, withoutLink] = await items(token);
    const saved = await api("POST", `/api/feeds/items/${withLink.id}/save`, { token });
    expect(saved.status).toBe(201);
    expect(saved.body.article.url).toBe("https://json.example.com/posts/1");
    expect(saved.body.item).toMatchObject({ seen: true, article_id: saved.body.article.id });
    const again = await api("POST", `/api/feeds/items/${withLink.id}/save`, { token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, article: { id: saved.body.article.id } });
    const library = await api("GET", "/api/articles", { token });
    expect(library.body.articles.map((a: any) => a.url)).toContain("https://json.example.com/posts/1");
    const refused = await api("POST", `/api/feeds/items/${withoutLink.id}/save`, { token });
    expect(refused.status).toBe(422);
  });

  it("imports OPML with folders, polls the new feeds in the background, exports them again, unsubscribes", async () => {
    const { token } = await registerUser();
    const rssUrl = fresh("/feeds/file/rss2.xml");
    const atomUrl = fresh("/feeds/file/atom.xml");
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>x</title></head><body>
      <outline text="Plain" xmlUrl="${rssUrl.replace(/&/g, "&amp;")}"/>
      <outline text="Tech"><outline text="Atom" xmlUrl="${atomUrl.replace(/&/g, "&amp;")}"/></outline>
      <outline text="Bad" xmlUrl="mailto:someone@example.com"/></body></opml>`;
    const imported = await api("POST", "/api/feeds/opml", { token, body: { opml } });
    expect(imported.body).toEqual({ subscribed: 2, already_subscribed: 0, skipped: 1, total: 2 });
    const list = async () => (await api("GET", "/api/feeds/subscriptions", { token })).body.subscriptions as any[];
    expect((await list()).map((s) => [s.url, s.folder])).toEqual(
      expect.arrayContaining([
        [rssUrl, null],
        [atomUrl, "Tech"],
      ]),
    );
    await expect
      .poll(async () => (await list()).map((s) => s.item_count).sort(), { timeout: 90_000, interval: 500 })
      .toEqual([2, 2]);

    const exported = await api("GET", "/api/feeds/opml", { token });
    expect(exported.headers.get("content-type")).toContain("text/x-opml");
    expect(exported.body).toContain('<outline text="Tech" title="Tech">');
    expect(exported.body).toContain(`xmlUrl="${atomUrl.replace(/&/g, "&amp;")}"`);

    const atom = (await list()).find((s) => s.url === atomUrl);
    expect((await api("DELETE", `/api/feeds/subscriptions/${atom.id}`, { token })).status).toBe(204);
    expect(await items(token)).toHaveLength(2);
    expect((await api("POST", "/api/feeds/opml", { token, body: { opml: "not opml" } })).status).toBe(422);
  });
});
