import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { strFromU8, unzipSync } from "fflate";
import { parseHTML } from "linkedom";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { api, registerUser, seedArticle } from "./helpers";

async function download(token: string, format: string): Promise<Response> {
  return exports.default.fetch(
    new Request(`http://localhost/api/export?format=${format}`, { headers: { Authorization: `Bearer ${token}` } }),
  );
}

const TRICKY_TITLE = 'Commas, "quotes" & <script>alert(1)</script>\nnew line';

/** A user with two articles: one read, rated, tagged and in a topic, with a title that needs escaping everywhere. */
async function library() {
  const { token } = await registerUser();
  const user = (await api("GET", "/api/auth/me", { token })).body as { id: number };
  const created = Date.parse("2025-03-04T05:06:07.000Z");
  const rich = await seedArticle(user.id, {
    url: "https://example.com/a?x=1&y=2",
    title: TRICKY_TITLE,
    summary: "- first point\n- =SUM(A1) second",
    content:
      '<h2>Part one</h2><p>Hello <strong>bold</strong> <a href="https://example.org/x">link</a>.</p><ul><li>one</li><li>two</li></ul>',
    author: "Ann Author",
    isRead: true,
    readAt: Date.parse("2025-03-05T00:00:00.000Z"),
    createdAt: created,
  });
  const plain = await seedArticle(user.id, { url: "https://example.com/b", title: null, createdAt: created + 1000 });
  await env.DB.prepare(
    "UPDATE articles SET language = 'en', word_count = 42, site_name = '=HYPERLINK(\"x\")' WHERE id = ?",
  )
    .bind(rich)
    .run();
  await api("PUT", `/api/articles/${rich}/tags`, { token, body: { tags: ["Rust", "web, dev"] } });
  await api("POST", `/api/articles/${rich}/feedback`, { token, body: { feedback: 1 } });
  const topic = await env.DB.prepare(
    `INSERT INTO topics (user_id, label, keywords, final_score, cluster_size, avg_recency_days, algorithm,
       silhouette_score, generated_from, created_at) VALUES (?, 'Systems programming', '[]', 1, 1, 1, 'test', 0, 'test', ?)
     RETURNING id`,
  )
    .bind(user.id, Date.now())
    .first<{ id: number }>();
  await env.DB.prepare("INSERT INTO topic_articles (topic_id, article_id, user_id, similarity) VALUES (?, ?, ?, 0.9)")
    .bind(topic?.id, rich, user.id)
    .run();
  // Someone else's article must never appear.
  const other = await registerUser();
  const otherUser = (await api("GET", "/api/auth/me", { token: other.token })).body as { id: number };
  await seedArticle(otherUser.id, { url: "https://other.example.com/secret", title: "Not yours" });
  return { token, rich, plain };
}

describe("GET /api/export (issue 23)", () => {
  it("JSON: every field of every article of the user, ISO dates, as a dated attachment", async () => {
    const { token, rich, plain } = await library();
    const response = await download(token, "json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="viberead-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = JSON.parse(await response.text());
    expect(body.format).toBe("viberead");
    expect(body.version).toBe(1);
    expect(Number.isNaN(Date.parse(body.exported_at))).toBe(false);
    expect(body.articles.map((a: { id: number }) => a.id)).toEqual([rich, plain]);
    const [first, second] = body.articles;
    expect(first).toMatchObject({
      url: "https://example.com/a?x=1&y=2",
      title: TRICKY_TITLE,
      summary: "- first point\n- =SUM(A1) second",
      language: "en",
      domain: "seed.example.com",
      author: "Ann Author",
      word_count: 42,
      created_at: "2025-03-04T05:06:07.000Z",
      read_at: "2025-03-05T00:00:00.000Z",
      is_read: true,
      rating: "good",
      tags: ["Rust", "web, dev"],
      topics: ["Systems programming"],
      processing_status: "completed",
    });
    expect(first.content).toContain("<strong>bold</strong>");
    for (const key of ["site_name", "publish_date", "image_url", "updated_at", "processed_at", "processing_error"]) {
      expect(first).toHaveProperty(key);
    }
    expect(second).toMatchObject({ title: null, is_read: false, read_at: null, rating: null, tags: [], topics: [] });
  });

  it("CSV: Pocket's columns then ours, RFC 4180 quoting, formulas neutralised", async () => {
    const { token } = await library();
    const response = await download(token, "csv");
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/filename="viberead-export-[\d-]+\.csv"/);
    const text = await response.text();
    expect(text.split("\r\n")[0]).toBe(
      "title,url,time_added,cursor,tags,status,summary,language,rating,read_at,created_at,author,domain,site_name,publish_date,word_count,topics,id",
    );
    // The quotes are doubled inside a quoted field.
    expect(text).toContain('"Commas, ""quotes"" & <script>alert(1)</script>\nnew line"');
    const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toHaveLength(2);
    expect(parsed.data[0]).toMatchObject({
      title: TRICKY_TITLE,
      url: "https://example.com/a?x=1&y=2",
      time_added: String(Date.parse("2025-03-04T05:06:07.000Z") / 1000),
      tags: "Rust|web, dev",
      status: "archive",
      rating: "good",
      language: "en",
      read_at: "2025-03-05T00:00:00.000Z",
      summary: "- first point\n- =SUM(A1) second",
    });
    // A spreadsheet would run this cell as a formula: it is written with a leading quote.
    expect(parsed.data[0]?.site_name).toBe(`'=HYPERLINK("x")`);
    expect(parsed.data[1]).toMatchObject({ status: "unread", title: "", tags: "" });
  });

  it("HTML: a Netscape bookmark file that parses, with dates and tags, everything escaped", async () => {
    const { token } = await library();
    const response = await download(token, "html");
    expect(response.headers.get("content-disposition")).toMatch(/filename="viberead-export-[\d-]+\.html"/);
    const text = await response.text();
    expect(text.startsWith("<!DOCTYPE NETSCAPE-Bookmark-file-1>")).toBe(true);
    expect(text).not.toContain("<script>");
    const { document } = parseHTML(text);
    const links = [...document.querySelectorAll("dt > a, a")];
    expect(links).toHaveLength(2);
    const first = links[0] as unknown as {
      attributes: ArrayLike<{ name: string; value: string }>;
      textContent: string;
    };
    // Attribute names as a browser reads them (case-insensitive; linkedom keeps the file's upper case).
    const attr = (name: string) => [...Array.from(first.attributes)].find((a) => a.name.toLowerCase() === name)?.value;
    expect(attr("href")).toBe("https://example.com/a?x=1&y=2");
    expect(attr("add_date")).toBe(String(Date.parse("2025-03-04T05:06:07.000Z") / 1000));
    expect(attr("tags")).toBe("Rust,web, dev");
    expect(first.textContent).toBe(TRICKY_TITLE);
    expect(text).not.toContain("Not yours");
  });

  it("Markdown: a zip with one .md per article, YAML front matter, summary and content as Markdown", async () => {
    const { token, rich, plain } = await library();
    const response = await download(token, "markdown");
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/filename="viberead-export-[\d-]+\.md\.zip"/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        `2025-03-04-commas-quotes-script-alert-1-script-new-line-${rich}.md`,
        `2025-03-04-seed-example-com-${plain}.md`,
      ].sort(),
    );
    const doc = strFromU8(files[`2025-03-04-commas-quotes-script-alert-1-script-new-line-${rich}.md`] as Uint8Array);
    const [, yaml, body] = doc.split(/^---$/m);
    expect(yaml).toContain(`title: ${JSON.stringify(TRICKY_TITLE)}`);
    expect(yaml).toContain('url: "https://example.com/a?x=1&y=2"');
    expect(yaml).toContain('tags: ["Rust", "web, dev"]');
    expect(yaml).toContain("read: true");
    expect(yaml).toContain('rating: "good"');
    expect(yaml).toContain('language: "en"');
    // The title cannot end the front matter early: it is one quoted line.
    expect(yaml?.split("\n").filter((line) => line.startsWith("title:"))).toHaveLength(1);
    expect(body).toContain("## Summary\n\n- first point");
    expect(body).toContain("## Part one");
    expect(body).toContain("Hello **bold** [link](https://example.org/x).");
    expect(body).toContain("- one\n- two");
  });

  it("streams a large library: 1,200 articles arrive in many chunks, all of them", async () => {
    const { token } = await registerUser();
    const user = (await api("GET", "/api/auth/me", { token })).body as { id: number };
    const content = `<p>${"Some words of content. ".repeat(200)}</p>`;
    const statements = Array.from({ length: 1200 }, (_, i) =>
      env.DB.prepare(
        `INSERT INTO articles (user_id, url, normalized_url, title, content, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).bind(user.id, `https://bulk.example.com/${i}`, `https://bulk.example.com/${i}`, `Bulk ${i}`, content, i, i),
    );
    for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200));

    const response = await download(token, "json");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let chunks = 0;
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    const body = JSON.parse(text);
    expect(body.articles).toHaveLength(1200);
    expect(new Set(body.articles.map((a: { url: string }) => a.url)).size).toBe(1200);
    // Written article by article as batches are read, not as one buffer at the end.
    expect(chunks).toBeGreaterThan(100);
  });

  it("refuses an unknown format (422) and a request without a token (401)", async () => {
    const { token } = await registerUser();
    const bad = await api("GET", "/api/export?format=pdf", { token });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/format must be one of json, csv, html, markdown/);
    expect((await api("GET", "/api/export?format=json")).status).toBe(401);
  });
});

/** A user with one article carrying a note, a reading position and highlights (one orphaned), and one without. */
async function keptLibrary() {
  const { token } = await registerUser();
  const user = (await api("GET", "/api/auth/me", { token })).body as { id: number };
  const kept = await seedArticle(user.id, {
    url: "https://example.com/kept",
    title: "Gardens in winter",
    content: "<p>Cover the beds with leaves.</p><p>Prune the roses late.\nWater little.</p>",
  });
  const bare = await seedArticle(user.id, { url: "https://example.com/bare", title: "Nothing kept" });
  const add = (body: Record<string, unknown>) => api("POST", `/api/articles/${kept}/highlights`, { token, body });
  const first = await add({ quote: "Prune the roses late.\nWater little.", color: "green", note: "Before March" });
  const second = await add({ quote: "Cover the beds with leaves." });
  await env.DB.prepare("UPDATE highlights SET anchor_status = 'orphaned' WHERE id = ?").bind(second.body.id).run();
  await api("PUT", `/api/articles/${kept}`, { token, body: { note: "My garden plan.\nSecond line." } });
  await api("PUT", `/api/articles/${kept}/progress`, { token, body: { position: 29, progress: 0.4 } });
  return { token, kept, bare, first: first.body, second: second.body };
}

describe("GET /api/export: highlights, notes and reading position (issue 32)", () => {
  it("JSON: every highlight with its selectors, colour, note, status and dates, the note and the position", async () => {
    const { token, kept, bare, first, second } = await keptLibrary();
    const body = JSON.parse(await (await download(token, "json")).text());
    const [article, other] = body.articles;
    expect(article).toMatchObject({
      id: kept,
      note: "My garden plan.\nSecond line.",
      note_updated_at: expect.any(String),
      reading_position: 29,
      reading_progress: 0.4,
      position_updated_at: expect.any(String),
    });
    // Reading order: "Cover the beds" comes first in the text.
    expect(article.highlights).toEqual([
      {
        id: second.id,
        target: "content",
        quote: "Cover the beds with leaves.",
        color: "yellow",
        note: null,
        anchor_status: "orphaned",
        selectors: second.selectors,
        created_at: second.created_at,
        updated_at: second.updated_at,
      },
      {
        id: first.id,
        target: "content",
        quote: "Prune the roses late.\nWater little.",
        color: "green",
        note: "Before March",
        anchor_status: "anchored",
        selectors: [
          {
            type: "TextQuoteSelector",
            exact: "Prune the roses late.\nWater little.",
            prefix: "Cover the beds with leaves.",
            suffix: "",
          },
          { type: "TextPositionSelector", start: 27, end: 62 },
        ],
        created_at: first.created_at,
        updated_at: first.updated_at,
      },
    ]);
    expect(other).toMatchObject({ id: bare, note: null, reading_position: null, highlights: [] });
  });

  it("Markdown: the note and the highlights under the article, as block quotes with the note and a colour tag", async () => {
    const { token, kept } = await keptLibrary();
    const files = unzipSync(new Uint8Array(await (await download(token, "markdown")).arrayBuffer()));
    const name = Object.keys(files).find((n) => n.endsWith(`-${kept}.md`)) as string;
    const doc = strFromU8(files[name] as Uint8Array);
    expect(doc).toContain("highlights: 2\n");
    expect(doc).toContain("reading_progress: 0.4\n");
    expect(doc).toContain(
      [
        "## Note",
        "",
        "My garden plan.",
        "Second line.",
        "",
        "## Highlights",
        "",
        "> Cover the beds with leaves.",
        "",
        "_No longer in the article's text._",
        "",
        "#highlight/yellow",
        "",
        "> Prune the roses late.",
        "> Water little.",
        "",
        "Before March",
        "",
        "#highlight/green",
        "",
        "## Content",
      ].join("\n"),
    );
  });

  it("Highlights only: one Markdown file per article with highlights or a note, without the article's text", async () => {
    const { token, kept } = await keptLibrary();
    const response = await download(token, "highlights");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/filename="viberead-highlights-[\d-]+\.md\.zip"/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toEqual([expect.stringMatching(new RegExp(`-gardens-in-winter-${kept}\\.md$`))]);
    const doc = strFromU8(Object.values(files)[0] as Uint8Array);
    expect(doc).toContain('title: "Gardens in winter"');
    expect(doc).toContain("# Gardens in winter\n\n<https://example.com/kept>\n\n## Note\n\nMy garden plan.");
    expect(doc).toContain("> Prune the roses late.\n> Water little.\n\nBefore March\n\n#highlight/green");
    expect(doc).not.toContain("## Content");

    // Nothing kept: a valid, empty zip.
    const empty = await registerUser();
    const none = unzipSync(new Uint8Array(await (await download(empty.token, "highlights")).arrayBuffer()));
    expect(Object.keys(none)).toEqual([]);
  });
});
