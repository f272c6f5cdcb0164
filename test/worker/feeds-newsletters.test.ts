import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  hasNewsletterHeaders,
  newsletterSender,
  parseListUnsubscribe,
} from "../../src/worker/domain/email/newsletter-mail";
import forwardedEml from "../fixtures/email/forwarded-newsletter.eml?raw";
import ledgerEml from "../fixtures/email/ledger-weekly.eml?raw";
import personalEml from "../fixtures/email/personal-note.eml?raw";
import issue42Eml from "../fixtures/email/slow-news-42.eml?raw";
import issue43Eml from "../fixtures/email/slow-news-43-no-list-headers.eml?raw";
import { deliver } from "./email-helpers";
import { api, registerUser } from "./helpers";

/** A fixture mail addressed to this reader (the files hold {{TO}} and {{OWNER}} where a test account goes). */
const mail = (eml: string, reader: { address: string; email: string }) =>
  eml.replaceAll("{{TO}}", reader.address).replaceAll("{{OWNER}}", reader.email);

/** The envelope sender of a fixture: bulk mail comes from its platform's bounce address, not its From. */
const BOUNCE = "bounce-mc.us21_4187.4471@mail121.suw13.mcsv.net";

async function reader() {
  const user = await registerUser();
  const response = await api("GET", "/api/email-address", { token: user.token });
  return { ...user, address: response.body.address as string };
}

async function sources(token: string) {
  const response = await api("GET", "/api/feeds/subscriptions", { token });
  expect(response.status).toBe(200);
  return response.body.subscriptions as any[];
}

async function feedItems(token: string, query = "?state=all") {
  const response = await api("GET", `/api/feeds/items${query}`, { token });
  expect(response.status).toBe(200);
  return response.body.items as any[];
}

describe("newsletters in the Feed", () => {
  it("files a newsletter under its sender as a source with List-Unsubscribe, its content sanitised", async () => {
    const user = await reader();
    expect(await deliver(BOUNCE, user.address, mail(issue42Eml, user))).toEqual([]);

    const [source] = await sources(user.token);
    expect(source).toMatchObject({
      kind: "newsletter",
      title: "The Slow News",
      url: "mailto:letters@slownews.example",
      sender: "letters@slownews.example",
      unsubscribe: {
        url: "https://slownews.example/unsubscribe?u=4471&id=9f2e",
        mailto: "mailto:unsubscribe-4471@slownews.example?subject=unsubscribe",
      },
      muted: false,
      item_count: 1,
      unseen_count: 1,
    });
    expect(source.health.text).toBe("last issue just now");

    const [item] = await feedItems(user.token);
    expect(item).toMatchObject({
      title: "Issue 42: The harbour, the tides & a quiet café",
      source: "The Slow News",
      author: "The Slow News",
      url: "https://slownews.example/issues/42",
      published_at: Date.parse("2026-12-01T07:02:10Z"),
      has_content: true,
    });
    const opened = await api("GET", `/api/feeds/items/${item.id}`, { token: user.token });
    const html = opened.body.content_html as string;
    expect(html).toContain("Spring tides peak on Thursday");
    expect(html).toContain('href="https://quaycafe.example/menu"');
    // The mail's scripts, handlers, javascript: links and tracking pixel do not survive.
    for (const gone of ["<script", "alert(", "onclick", "javascript:", "open.gif", "<style"]) {
      expect(html).not.toContain(gone);
    }
    // Nothing went to the Library: a newsletter is triaged in the Feed first.
    expect((await api("GET", "/api/articles/", { token: user.token })).body.articles).toEqual([]);
  });

  it("takes later mail from a known sender without list headers, and a mail delivered twice once", async () => {
    const user = await reader();
    await deliver(BOUNCE, user.address, mail(issue42Eml, user));
    expect(await deliver(BOUNCE, user.address, mail(issue42Eml, user))).toEqual([]);
    expect(await deliver("letters@slownews.example", user.address, mail(issue43Eml, user))).toEqual([]);
    const items = await feedItems(user.token);
    expect(items.map((i) => i.title)).toEqual([
      "Issue 43: herons at the mill",
      "Issue 42: The harbour, the tides & a quiet café",
    ]);
    expect((await sources(user.token)).map((s) => s.title)).toEqual(["The Slow News"]);
  });

  it("groups by sender: Precedence: bulk alone marks a newsletter; each sender is its own source", async () => {
    const user = await reader();
    await deliver(BOUNCE, user.address, mail(issue42Eml, user));
    expect(await deliver("news@ledger.example", user.address, mail(ledgerEml, user))).toEqual([]);
    const list = await sources(user.token);
    expect(list.map((s) => [s.title, s.unsubscribe])).toEqual([
      ["Ledger Weekly", { url: null, mailto: null }],
      ["The Slow News", expect.objectContaining({ url: "https://slownews.example/unsubscribe?u=4471&id=9f2e" })],
    ]);
    const ledger = list[0];
    const [item] = await feedItems(user.token, `?subscription_id=${ledger.id}`);
    expect(item.summary).toContain("the cheapest loan is the one you never take");
  });

  it("refuses personal mail from a stranger, and keeps the reader's own forward a Library save", async () => {
    const user = await reader();
    expect(await deliver("sam@stranger.example", user.address, mail(personalEml, user))).toEqual([
      "This VibeRead address accepts mail only from its account's own email address",
    ]);
    expect(await deliver(user.email, user.address, mail(forwardedEml, user))).toEqual([]);
    expect(await sources(user.token)).toEqual([]);
    const library = (await api("GET", "/api/articles/", { token: user.token })).body.articles as any[];
    expect(library.map((a) => a.url)).toEqual(["https://quaycafe.example/menu"]);
  });

  it("renames, mutes (new mail dropped, old items kept) and removes a source; another reader sees none of it", async () => {
    const user = await reader();
    await deliver(BOUNCE, user.address, mail(issue42Eml, user));
    const [source] = await sources(user.token);

    const renamed = await api("PATCH", `/api/feeds/subscriptions/${source.id}`, {
      token: user.token,
      body: { title: "Harbour letter", muted: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: "Harbour letter", muted: true });
    expect(renamed.body.health.text).toMatch(/^muted; last issue/);
    expect(await deliver("letters@slownews.example", user.address, mail(issue43Eml, user))).toEqual([]);
    expect((await feedItems(user.token)).map((i) => [i.source, i.title])).toEqual([
      ["Harbour letter", "Issue 42: The harbour, the tides & a quiet café"],
    ]);

    const unmuted = await api("PATCH", `/api/feeds/subscriptions/${source.id}`, {
      token: user.token,
      body: { muted: false },
    });
    expect(unmuted.body.muted).toBe(false);
    await deliver("letters@slownews.example", user.address, mail(issue43Eml, user));
    expect(await feedItems(user.token)).toHaveLength(2);

    const other = await reader();
    expect((await api("GET", `/api/feeds/subscriptions`, { token: other.token })).body.subscriptions).toEqual([]);
    const theirs = await api("PATCH", `/api/feeds/subscriptions/${source.id}`, {
      token: other.token,
      body: { muted: true },
    });
    expect(theirs.status).toBe(404);

    // OPML holds web feeds only: no other reader could fetch a newsletter.
    const opml = await api("GET", "/api/feeds/opml", { token: user.token });
    expect(opml.status).toBe(200);
    expect(opml.body).toContain("<opml");
    expect(opml.body).not.toContain("slownews");

    expect((await api("DELETE", `/api/feeds/subscriptions/${source.id}`, { token: user.token })).status).toBe(204);
    expect(await sources(user.token)).toEqual([]);
  });

  it("refuses to mute a web feed", async () => {
    const user = await reader();
    const feed = await env.DB.prepare("INSERT INTO feeds (url, title, created_at) VALUES (?, 'Web', 0) RETURNING id")
      .bind(`https://web.example/feed-${crypto.randomUUID()}.xml`)
      .first<{ id: number }>();
    const sub = await env.DB.prepare(
      "INSERT INTO feed_subscriptions (user_id, feed_id, created_at) VALUES (?, ?, 0) RETURNING id",
    )
      .bind(user.user.id, feed?.id)
      .first<{ id: number }>();
    const response = await api("PATCH", `/api/feeds/subscriptions/${sub?.id}`, {
      token: user.token,
      body: { muted: true },
    });
    expect(response).toMatchObject({ status: 422, body: { detail: "muted: only a newsletter can be muted" } });
  });

  it("saves a newsletter item to the Library: by its web copy, or with its own content when it has none", async () => {
    const user = await reader();
    await deliver(BOUNCE, user.address, mail(issue42Eml, user));
    await deliver("news@ledger.example", user.address, mail(ledgerEml, user));
    const items = await feedItems(user.token);
    const urls: string[] = [];
    for (const item of items) {
      const saved = await api("POST", `/api/feeds/items/${item.id}/save`, { token: user.token });
      expect(saved.status).toBe(201);
      urls.push(saved.body.article.url);
    }
    expect(urls).toEqual([
      expect.stringMatching(/^https:\/\/save\.viberead\.localhost\/mail\/[0-9a-f]{64}$/),
      "https://slownews.example/issues/42",
    ]);
  });

  it("account deletion removes the reader's newsletter sources and their items", async () => {
    const user = await reader();
    await deliver(BOUNCE, user.address, mail(issue42Eml, user));
    const deleted = await api("DELETE", "/api/account", { token: user.token, body: { password: user.password } });
    expect(deleted.status).toBe(204);
    const left = await env.DB.prepare(
      "SELECT count(*) AS n FROM feeds WHERE sender = 'letters@slownews.example' AND user_id = ?",
    )
      .bind(user.user.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

describe("newsletter headers (pure)", () => {
  it("knows list mail by List-Id, List-Unsubscribe, List-Post or Precedence bulk/list", () => {
    expect(hasNewsletterHeaders([{ key: "list-id", value: "<x.example>" }])).toBe(true);
    expect(hasNewsletterHeaders([{ key: "list-post", value: "<mailto:l@x.example>" }])).toBe(true);
    expect(hasNewsletterHeaders([{ key: "precedence", value: "list" }])).toBe(true);
    expect(hasNewsletterHeaders([{ key: "precedence", value: "first-class" }])).toBe(false);
    expect(hasNewsletterHeaders([{ key: "list-unsubscribe", value: " " }])).toBe(false);
    expect(hasNewsletterHeaders([{ key: "subject", value: "list-id" }])).toBe(false);
  });

  it("names a sender by its display name (cut to a label), else its address; refuses what is not an address", () => {
    expect(newsletterSender({ name: "  The   Slow News ", address: "Letters@SlowNews.example" })).toEqual({
      address: "letters@slownews.example",
      name: "The Slow News",
    });
    expect(newsletterSender({ name: "", address: "a@b.example" })).toEqual({
      address: "a@b.example",
      name: "a@b.example",
    });
    expect(newsletterSender({ name: "x".repeat(500), address: "a@b.example" })?.name).toHaveLength(120);
    expect(newsletterSender({ name: "Group", address: undefined })).toBeNull();
    expect(newsletterSender({ name: "", address: `${"a".repeat(300)}@b.example` })).toBeNull();
  });

  it("keeps an http(s) page and a mailto from List-Unsubscribe, nothing else", () => {
    expect(parseListUnsubscribe("<javascript:alert(1)>, <mailto:u@x.example>, <https://x.example/u?a=1>")).toEqual({
      url: "https://x.example/u?a=1",
      mailto: "mailto:u@x.example",
    });
    expect(parseListUnsubscribe("https://no-brackets.example/")).toEqual({ url: null, mailto: null });
    expect(parseListUnsubscribe(undefined)).toEqual({ url: null, mailto: null });
  });
});
