import { env, introspectWorkflow } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decideEmailIntent, newsletterDocument } from "../../src/worker/domain/email/email-intent";
import { extractEmailLinks, MAX_EMAIL_LINKS } from "../../src/worker/domain/email/email-links";
import { deliver } from "./email-helpers";
import { api, registerUser } from "./helpers";
import { OUTCOME_WAIT_MS } from "./waits";

function rfc822(opts: { from: string; to: string; subject: string; text?: string; html?: string; id?: string }) {
  const head = [
    `From: ${opts.from}`,
    `To: ${opts.to}`,
    `Subject: ${opts.subject}`,
    `Message-ID: <${opts.id ?? crypto.randomUUID()}@mail.example.com>`,
    "MIME-Version: 1.0",
  ];
  if (opts.html) {
    return [
      ...head,
      'Content-Type: multipart/alternative; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain; charset=utf-8",
      "",
      opts.text ?? "",
      "--b1",
      "Content-Type: text/html; charset=utf-8",
      "",
      opts.html,
      "--b1--",
      "",
    ].join("\r\n");
  }
  return [...head, "Content-Type: text/plain; charset=utf-8", "", opts.text ?? "", ""].join("\r\n");
}

async function userWithAddress() {
  const user = await registerUser();
  const response = await api("GET", "/api/email-address", { token: user.token });
  expect(response.status).toBe(200);
  return { ...user, address: response.body.address as string };
}

async function libraryUrls(token: string): Promise<string[]> {
  const response = await api("GET", "/api/articles/?per_page=100", { token });
  return (response.body.articles as { url: string }[]).map((a) => a.url).sort();
}

const prose = (words: number) =>
  Array.from({ length: words }, (_, i) => ["reading", "slowly", "is", "a", "quiet", "pleasure"][i % 6]).join(" ");

describe("save by email: the address", () => {
  it("is private, stable across reads, and replaced by a rotation", async () => {
    const user = await userWithAddress();
    expect(user.address).toMatch(/^save-[a-z0-9]{24}@save\.viberead\.localhost$/);
    expect((await api("GET", "/api/email-address", { token: user.token })).body.address).toBe(user.address);

    const rotated = await api("POST", "/api/email-address/rotate", { token: user.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.address).not.toBe(user.address);
    expect((await api("GET", "/api/email-address", { token: user.token })).body.address).toBe(rotated.body.address);

    const other = await userWithAddress();
    expect(other.address).not.toBe(rotated.body.address);
    expect((await api("GET", "/api/email-address")).status).toBe(401);
  });
});

describe("save by email: the email handler", () => {
  it("saves each distinct link of a forwarded email, skipping unsubscribe links and duplicates", async () => {
    const user = await userWithAddress();
    const raw = rfc822({
      from: `Reader <${user.email.toUpperCase()}>`,
      to: user.address,
      subject: "Fwd: worth reading",
      text: [
        "Have a look: https://blog.example.com/one and https://news.example.org/two.",
        "Again https://blog.example.com/one",
        "Unsubscribe: https://lists.example.com/unsubscribe?u=1",
      ].join("\n"),
    });
    expect(await deliver(user.email.toUpperCase(), user.address, raw)).toEqual([]);
    expect(await libraryUrls(user.token)).toEqual(["https://blog.example.com/one", "https://news.example.org/two"]);

    // The same forward again saves nothing new: the add box's duplicate rule.
    expect(await deliver(user.email, user.address, raw)).toEqual([]);
    expect(await libraryUrls(user.token)).toHaveLength(2);
  });

  it("saves a newsletter as one article, by its view-in-browser link", async () => {
    const user = await userWithAddress();
    const html = `<html><body><p><a href="https://letters.example.com/issue/42?utm=x&amp;s=1">View in browser</a></p>
      <h1>Issue 42</h1><p>${prose(200)}</p><p><a href="https://elsewhere.example.com/a">a link</a></p>
      <p><a href="https://letters.example.com/unsubscribe">Unsubscribe</a></p></body></html>`;
    const raw = rfc822({ from: user.email, to: user.address, subject: "Issue 42: quiet reading", html });
    expect(await deliver(user.email, user.address, raw)).toEqual([]);
    expect(await libraryUrls(user.token)).toEqual(["https://letters.example.com/issue/42?utm=x&s=1"]);
  });

  it("processes a newsletter without a web copy from its own HTML, titled by its subject, fetching nothing", async () => {
    await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const user = await userWithAddress();
    const letter = [
      "The harbour club's volunteers replaced two channel buoys after the storm moved them out of position.",
      "Spring tides peak on Thursday, and the pilots advise waiting for slack water before crossing the bar.",
      "Small boats should keep to the marked channel on the ebb, where the current runs hardest past the breakwater.",
    ];
    const html = `<html><body><h1>Harbour letter</h1>${Array.from({ length: 6 }, () => letter.map((p) => `<p>${p}</p>`).join("")).join("")}
      <p><a href="https://harbour.example.com/unsubscribe">Unsubscribe</a></p></body></html>`;
    const raw = rfc822({ from: user.email, to: user.address, subject: "Harbour letter & tides, issue 7", html });
    expect(await deliver(user.email, user.address, raw)).toEqual([]);

    const list = await api("GET", "/api/articles/", { token: user.token });
    expect(list.body.articles).toHaveLength(1);
    const saved = list.body.articles[0] as { id: number; url: string };
    expect(saved.url).toMatch(/^https:\/\/save\.viberead\.localhost\/mail\/[0-9a-f]{64}$/);
    let article: Record<string, unknown> = {};
    await expect
      .poll(
        async () => {
          article = (await api("GET", `/api/articles/${saved.id}`, { token: user.token })).body;
          return article.processing_status;
        },
        { timeout: OUTCOME_WAIT_MS, interval: 100 },
      )
      .toMatch(/^(completed|failed)$/);
    // The marker address cannot be fetched, so a completed article proves the mail itself was the page.
    expect(article).toMatchObject({
      processing_status: "completed",
      processing_error: null,
      title: "Harbour letter & tides, issue 7",
    });
    expect(article.content).toContain("Spring tides peak on Thursday");
    expect(article.processing_attempts).toBe(1);
  });

  it("refuses mail from an address other than the account's own", async () => {
    const user = await userWithAddress();
    const raw = rfc822({
      from: "stranger@example.net",
      to: user.address,
      subject: "hi",
      text: "https://x.example.com/",
    });
    const rejections = await deliver("stranger@example.net", user.address, raw);
    expect(rejections).toEqual(["This VibeRead address accepts mail only from its account's own email address"]);
    expect(await libraryUrls(user.token)).toEqual([]);
  });

  it("refuses mail to a rotated address, and to an address that was never issued", async () => {
    const user = await userWithAddress();
    await api("POST", "/api/email-address/rotate", { token: user.token });
    const raw = rfc822({ from: user.email, to: user.address, subject: "hi", text: "https://x.example.com/" });
    const rejections = await deliver(user.email, user.address, raw);
    expect(rejections).toHaveLength(1);
    expect(rejections[0]).toMatch(/is not a VibeRead save address \(it may have been rotated\)/);
    const unknown = await deliver(user.email, "save-aaaaaaaaaaaaaaaaaaaaaaaa@save.viberead.localhost", raw);
    expect(unknown).toHaveLength(1);
    expect(await libraryUrls(user.token)).toEqual([]);
  });

  it("saves into the owner's library only: another user's address, even from their own account, saves there", async () => {
    const alice = await userWithAddress();
    const bob = await userWithAddress();
    // Alice sending to Bob's address is refused: the sender must be the address's owner.
    const toBob = rfc822({ from: alice.email, to: bob.address, subject: "Fwd: x", text: "https://a.example.com/p" });
    expect(await deliver(alice.email, bob.address, toBob)).toHaveLength(1);
    expect(await libraryUrls(bob.token)).toEqual([]);

    const own = rfc822({ from: alice.email, to: alice.address, subject: "Fwd: x", text: "https://a.example.com/p" });
    expect(await deliver(alice.email, alice.address, own)).toEqual([]);
    expect(await libraryUrls(alice.token)).toEqual(["https://a.example.com/p"]);
    expect(await libraryUrls(bob.token)).toEqual([]);
  });

  it("refuses an email with nothing to save, with a reason the sender can read", async () => {
    const user = await userWithAddress();
    const raw = rfc822({ from: user.email, to: user.address, subject: "hello", text: "no links here" });
    expect(await deliver(user.email, user.address, raw)).toEqual(["No links to save were found in this email"]);
  });

  it("refuses an email over 5 MB unread", async () => {
    const user = await userWithAddress();
    const head = rfc822({ from: user.email, to: user.address, subject: "Fwd: big", text: "https://big.example.com/" });
    const raw = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x20);
    raw.set(new TextEncoder().encode(head));
    expect(await deliver(user.email, user.address, raw)).toEqual([
      "This email is larger than 5 MB; VibeRead cannot save it",
    ]);
    expect(await libraryUrls(user.token)).toEqual([]);
  });
});

describe("save by email: reading an email (pure)", () => {
  it("tells a forwarded email from a newsletter", () => {
    const html = `<p>${prose(200)}</p><a href="https://a.example.com/x">x</a>`;
    expect(decideEmailIntent({ subject: "Weekly digest", html }).kind).toBe("newsletter");
    expect(decideEmailIntent({ subject: "Fwd: Weekly digest", html })).toEqual({
      kind: "links",
      urls: ["https://a.example.com/x"],
    });
    expect(decideEmailIntent({ subject: "hi", text: "nothing" }).kind).toBe("empty");
  });

  it("gives a newsletter without a title its subject as one, escaped, and keeps a title it has", () => {
    const titled = (html: string) => /<title>([^<]*)<\/title>/.exec(newsletterDocument(html, "A < B & C"))?.[1];
    expect(titled("<p>body</p>")).toBe("A &lt; B &amp; C");
    expect(titled("<html><body><p>body</p></body></html>")).toBe("A &lt; B &amp; C");
    expect(newsletterDocument("<html><head><meta charset=utf-8></head><body>x</body></html>", "S")).toBe(
      "<html><head><title>S</title><meta charset=utf-8></head><body>x</body></html>",
    );
    expect(newsletterDocument("<head><title>Own</title></head><p>x</p>", "S")).toBe(
      "<head><title>Own</title></head><p>x</p>",
    );
  });

  it("keeps http(s) links only, skips pixels and mailto, and caps the count", () => {
    const html = [
      '<a href="mailto:a@example.com">mail</a>',
      '<img src="https://t.example.com/pixel.gif">',
      '<a href="https://t.example.com/open.gif">o</a>',
      ...Array.from({ length: 80 }, (_, i) => `<a href="https://site.example.com/${i}">${i}</a>`),
    ].join("");
    const links = extractEmailLinks({ html });
    expect(links).toHaveLength(MAX_EMAIL_LINKS);
    expect(links[0]?.url).toBe("https://site.example.com/0");
  });
});
