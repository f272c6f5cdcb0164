import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { buildAtom, xmlText } from "../../src/worker/domain/feeds/atom";
import { parseFeed } from "../../src/worker/domain/feeds/parse-feed";
import { api, registerUser, seedArticle } from "./helpers";
import { callTool, connect, mcpClient } from "./oauth-helpers";

const origin = inject("fixtureOrigin");

/** The path of a published feed's address (the tests call the Worker at http://localhost). */
const pathOf = (url: string) => new URL(url).pathname;

async function publish(token: string, tag?: string | null) {
  const response = await api("POST", "/api/feeds/published", { token, body: tag === undefined ? {} : { tag } });
  expect(response.status).toBe(201);
  return response.body as { id: number; url: string; tag: string | null; title: string };
}

describe("published feeds (Atom out)", () => {
  it("publishes a tag and the whole Library at secret addresses; the Atom is valid and its text escaped", async () => {
    const { token, user } = await registerUser();
    const tricky = await seedArticle(user.id, {
      url: "https://tricky.example/a?x=1&y=2",
      title: 'Tom & Jerry <b>bold</b> "quoted" \u0001',
      summary: "Cats < dogs & mice",
      content: '<p>Body with ]]&gt; and <a href="https://x.example/?a=1&amp;b=2">a link</a></p><p>]]></p>',
      author: "Ann <ann@example.com>",
      createdAt: Date.UTC(2026, 10, 30),
    });
    const other = await seedArticle(user.id, { title: "Untagged", createdAt: Date.UTC(2026, 10, 29) });
    expect((await api("PUT", `/api/articles/${tricky}/tags`, { token, body: { tags: ["Cats"] } })).status).toBe(200);

    const tagFeed = await publish(token, "cats");
    expect(tagFeed).toMatchObject({ tag: "Cats", title: "Tag: Cats" });
    expect(tagFeed.url).toMatch(/^http:\/\/localhost\/api\/atom\/[\w-]{43}$/);
    const library = await publish(token);
    expect(library).toMatchObject({ tag: null, title: "Your whole Library" });

    const response = await api("GET", pathOf(tagFeed.url));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = response.body as string;
    expect(xml).not.toContain("\u0001");
    expect(xml).not.toContain("<b>");
    const parsed = parseFeed(xml, tagFeed.url);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.feed).toMatchObject({ format: "atom", title: "VibeRead: Cats" });
    expect(parsed.feed.items).toHaveLength(1);
    expect(parsed.feed.items[0]).toMatchObject({
      url: "https://tricky.example/a?x=1&y=2",
      publishedAt: Date.UTC(2026, 10, 30),
    });
    // Text is text: markup in a title or an author's name arrives escaped, never as elements.
    expect(xml).toContain('<title type="text">Tom &amp; Jerry &lt;b&gt;bold&lt;/b&gt; &quot;quoted&quot; </title>');
    expect(xml).toContain("<author><name>Ann &lt;ann@example.com&gt;</name></author>");
    expect(xml).toContain('<summary type="text">Cats &lt; dogs &amp; mice</summary>');
    expect(parsed.feed.items[0]?.contentHtml).toContain("]]&gt; and <a href=");

    const whole = parseFeed((await api("GET", pathOf(library.url))).body, library.url);
    expect(whole.ok && whole.feed.items.map((i) => i.title)).toEqual(['Tom & Jerry bold "quoted"', "Untagged"]);
    expect(other).toBeGreaterThan(0);

    // Listed without their addresses, which only the creation answer carried; the secret is stored hashed.
    const list = await api("GET", "/api/feeds/published", { token });
    expect(list.body.feeds.map((f: any) => f.title)).toEqual(["Your whole Library", "Tag: Cats"]);
    expect(JSON.stringify(list.body)).not.toContain(pathOf(library.url).split("/").pop());
    const stored = await env.DB.prepare("SELECT token_hash FROM published_feeds WHERE id = ?")
      .bind(library.id)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(library.url).not.toContain(stored?.token_hash);
    expect(list.body.feeds[0].last_read_at).toBeGreaterThan(0);
  });

  it("revoking makes the address answer 404; another reader can neither list nor revoke it", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const feed = await publish(alice.token);
    expect((await api("GET", "/api/feeds/published", { token: bob.token })).body.feeds).toEqual([]);
    expect((await api("DELETE", `/api/feeds/published/${feed.id}`, { token: bob.token })).status).toBe(404);
    expect((await api("GET", pathOf(feed.url))).status).toBe(200);

    expect((await api("DELETE", `/api/feeds/published/${feed.id}`, { token: alice.token })).status).toBe(204);
    const gone = await api("GET", pathOf(feed.url));
    expect(gone).toMatchObject({ status: 404, body: { detail: "Feed not found" } });
    // A made-up secret is the same 404; a malformed one names the rule.
    expect((await api("GET", `/api/atom/${"a".repeat(43)}`)).status).toBe(404);
    expect((await api("GET", "/api/atom/short")).status).toBe(422);
    expect((await api("POST", "/api/feeds/published", { body: {} })).status).toBe(401);
    expect(
      (await api("POST", "/api/feeds/published", { token: alice.token, body: { tag: "x".repeat(65) } })).status,
    ).toBe(422);
  });

  it("escapes every text and drops characters XML cannot carry (pure)", () => {
    expect(xmlText('a<b>&"c"\u0000\u001f\uFFFE')).toBe("a&lt;b&gt;&amp;&quot;c&quot;");
    const xml = buildAtom({
      id: "urn:x",
      title: "T",
      subtitle: "S",
      selfUrl: "https://v.example/api/atom/s?a=1&b=2",
      siteUrl: "https://v.example/",
      createdAt: 0,
      entries: [],
    });
    expect(xml).toContain('href="https://v.example/api/atom/s?a=1&amp;b=2"');
    expect(xml).toContain("<updated>1970-01-01T00:00:00.000Z</updated>");
  });
});

describe("MCP: subscriptions and the Feed", () => {
  it("lists subscriptions, subscribes, lists items and saves one to the library", async () => {
    const { token } = await registerUser();
    const client = await mcpClient((await connect(token)).accessToken);
    const url = `${origin}/feeds/file/atom.xml?key=${crypto.randomUUID()}`;

    expect((await callTool(client, "list_subscriptions")).text).toMatch(/^No subscriptions yet/);
    const subscribed = await callTool(client, "subscribe_to_feeds", { urls: [url, "not a url at all"] });
    expect(subscribed.isError).toBe(false);
    expect(subscribed.text).toMatch(/^1 new, 0 already followed, 1 failed/);
    const list = await callTool(client, "list_subscriptions");
    expect(list.text).toMatch(/^1 subscriptions:\n\n- \[\d+\] \*\*Atom Observations\*\*/);

    const items = await callTool(client, "list_feed_items", { limit: 1 });
    const ids = [...items.text.matchAll(/^- \[(\d+)\]/gm)].map((m) => Number(m[1]));
    expect(ids).toHaveLength(1);
    expect(items.text).toContain("More: call again with cursor");
    const saved = await callTool(client, "save_feed_item", { id: ids[0] });
    expect(saved.text).toMatch(/^Saved as article \[\d+\]/);
    expect((await api("GET", "/api/articles/", { token })).body.articles).toHaveLength(1);

    const stranger = await registerUser();
    const theirs = await mcpClient((await connect(stranger.token)).accessToken);
    expect(await callTool(theirs, "save_feed_item", { id: ids[0] })).toEqual({
      isError: true,
      text: "Feed item not found",
    });

    const readOnly = await mcpClient((await connect(token, "library:read")).accessToken);
    // Beyond a read-only connection: the gate answers 403 insufficient_scope before the tool runs.
    await expect(callTool(readOnly, "subscribe_to_feeds", { urls: [url] })).rejects.toThrow(/insufficient_scope/);
  });
});
