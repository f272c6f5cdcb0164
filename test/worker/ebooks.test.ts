import { exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { articleXhtml } from "../../src/worker/domain/ebooks/article-xhtml";
import { buildEpub, type EbookArticle } from "../../src/worker/domain/ebooks/epub";
import { readEpub } from "./epub-checks";
import { api, registerUser, seedArticle } from "./helpers";

const origin = () => inject("fixtureOrigin");

/** A GET as a browser or an e-reader app makes it, the body as bytes. */
async function get(path: string, token?: string) {
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const response = await exports.default.fetch(new Request(`http://localhost${path}`, { headers }));
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const detail = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)).detail as string;

const PNG_1PX = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

const article = (overrides: Partial<EbookArticle>): EbookArticle => ({
  id: 1,
  url: "https://example.com/a?x=1&y=2",
  title: "A title",
  author: null,
  siteName: null,
  domain: "example.com",
  publishDate: null,
  savedAt: Date.UTC(2026, 11, 1),
  language: "en",
  note: null,
  contentHtml: "<p>Text.</p>",
  highlights: [],
  ...overrides,
});

describe("EPUB builder (pure)", () => {
  it("turns article HTML into well-formed XHTML: void elements, entities, attributes, nesting, dropped parts", () => {
    const html =
      '<p>Tom &amp; Jerry&nbsp;&lt;3 &copy; <br><a href="https://x.example/?a=1&amp;b=2" target="_blank">a <a href="https://y.example/">nested</a> link</a></p>' +
      '<script>alert(1)</script><p onclick="x()" style="color:red">Styled<img src="https://img.example/gone.png" alt="gone"></p>' +
      '<li>stray item</li><figure><img src="https://img.example/ok.png" alt="A &quot;quote&quot;"><figcaption>Cap</figcaption></figure>' +
      '<ol start="3"><li>three</li></ol><table><tr><td colspan="2" width="x">cell</td></tr></table><h1>Inner h1</h1><hr>';
    const { xhtml } = articleXhtml(html, {
      marks: [],
      imageHref: (src) => (src.endsWith("ok.png") ? "images/image-1.png" : null),
    });
    expect(xhtml).toContain("Tom &amp; Jerry\u00a0&lt;3 \u00a9 <br/>");
    expect(xhtml).toContain('<a href="https://x.example/?a=1&amp;b=2">a nested link</a>');
    expect(xhtml).not.toMatch(/script|onclick|style=|target=|gone/);
    expect(xhtml).toContain("stray item");
    expect(xhtml).not.toContain("<li>stray item");
    expect(xhtml).toContain('<img src="images/image-1.png" alt="A &quot;quote&quot;"/><figcaption>Cap</figcaption>');
    expect(xhtml).toContain('<ol start="3"><li>three</li></ol>');
    expect(xhtml).toContain('<td colspan="2">cell</td>');
    expect(xhtml).toContain("<h2>Inner h1</h2><hr/>");
  });

  it("marks highlights on the browser's text offsets, across elements, with note references outside links", () => {
    // textContent: "Alpha beta gamma delta." + "Second link here."
    const html = '<p>Alpha <em>beta</em> gamma delta.</p><p>Second <a href="https://l.example/">link</a> here.</p>';
    const marks = [
      { start: 6, end: 16, color: "green", noteNumber: 1 },
      { start: 30, end: 34, color: "yellow", noteNumber: 2 },
      { start: 500, end: 510, color: "pink" },
    ];
    const { xhtml, placed } = articleXhtml(html, { marks, imageHref: () => null });
    expect(xhtml).toContain(
      '<p>Alpha <em><mark class="highlight highlight-green">beta</mark></em><mark class="highlight highlight-green"> gamma</mark>' +
        '<sup><a epub:type="noteref" href="#note-1" id="noteref-1" class="noteref">1</a></sup> delta.</p>',
    );
    expect(xhtml).toContain(
      '<a href="https://l.example/"><mark class="highlight highlight-yellow">link</mark></a><sup><a epub:type="noteref" href="#note-2"',
    );
    expect(placed.map((m) => m.color)).toEqual(["green", "yellow"]);
  });

  it("builds a book readers open: container, package, manifest, spine, nav and NCX, pictures typed by their bytes", () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const bytes = buildEpub({
      identifier: "urn:viberead:book:test",
      title: "Tom & Jerry's <book>",
      creator: "VibeRead",
      modifiedAt: Date.UTC(2026, 11, 2, 1, 2, 3, 456),
      images: new Map([
        ["https://img.example/a.png", { contentType: "image/jpeg", bytes: PNG_1PX }],
        ["https://img.example/b.svg", { contentType: "image/svg+xml", bytes: svg }],
      ]),
      articles: [
        article({
          id: 1,
          title: "First & <best>",
          author: "Ann <ann@example.com>",
          siteName: "Example",
          publishDate: "2026-11-30T10:00:00Z",
          note: "My note on it",
          contentHtml:
            '<p>Alpha beta gamma.</p><figure><img src="https://img.example/a.png"></figure><p><img src="https://img.example/b.svg">Again <img src="https://img.example/a.png"></p>',
          highlights: [
            {
              target: "content",
              exact: "beta",
              positionStart: 6,
              positionEnd: 10,
              anchorStatus: "anchored",
              color: "blue",
              note: "Why beta",
            },
            {
              target: "summary",
              exact: "From the summary",
              positionStart: 0,
              positionEnd: 16,
              anchorStatus: "anchored",
              color: "yellow",
              note: "A summary note",
            },
            {
              target: "content",
              exact: "gone words",
              positionStart: null,
              positionEnd: null,
              anchorStatus: "orphaned",
              color: "pink",
              note: null,
            },
          ],
        }),
        article({ id: 2, title: null, url: "https://example.com/untitled", contentHtml: null, language: "de" }),
      ],
    });
    const book = readEpub(bytes);
    expect(book).toMatchObject({
      title: "Tom & Jerry's <book>",
      language: "en",
      identifier: "urn:viberead:book:test",
      modified: "2026-12-02T01:02:03Z",
    });
    expect(book.toc.map((entry) => entry.label)).toEqual(["First & <best>", "https://example.com/untitled"]);
    // One file for the picture used twice; the SVG (not a type every reader shows) is left out, not referenced.
    expect(book.images).toEqual([{ path: "OEBPS/images/image-1.png", mediaType: "image/png" }]);
    const [first, second] = book.chapters;
    expect(first?.xhtml.match(/images\/image-1\.png/g)).toHaveLength(2);
    expect(first?.xhtml).not.toContain("svg");
    expect(first?.text).toContain("First & <best> By Ann <ann@example.com> Example · published 30 November 2026");
    expect(first?.text).toContain("Your note My note on it");
    expect(first?.xhtml).toContain('<mark class="highlight highlight-blue">beta</mark>');
    expect(first?.xhtml).toContain('<aside epub:type="footnote" id="note-1" class="footnote">');
    expect(first?.text).toContain("1 Why beta");
    expect(first?.text).toContain("Highlights not marked in the text From the summary A summary note gone words");
    expect(second?.xhtml).toContain('xml:lang="de"');
    expect(second?.text).toContain("VibeRead has not read this page yet");
  });
});

/** An article with two pictures (one that its site serves, one it does not), and a highlight with a note. */
async function illustratedArticle(token: string, userId: number, title: string) {
  const photo = `${origin()}/photo.png?seed=ebook-${crypto.randomUUID()}`;
  const missing = `${origin()}/no-such-picture.png?key=${crypto.randomUUID()}`;
  const id = await seedArticle(userId, {
    title,
    author: "Reporter",
    content: `<p>Reading is slow &amp; careful.</p><figure><img src="${photo}" alt="A photo"><figcaption>Caption</figcaption></figure><p>Second paragraph<img src="${missing}"> ends.</p>`,
  });
  const highlight = await api("POST", `/api/articles/${id}/highlights`, {
    token,
    body: { quote: "slow & careful", note: "Remember this", color: "green" },
  });
  expect(highlight.status).toBe(201);
  return id;
}

describe("GET /api/ebooks/export.epub", () => {
  it("downloads one article as a valid EPUB with its picture, its highlight marked and its note as a footnote", async () => {
    const { token, user } = await registerUser();
    const id = await illustratedArticle(token, user.id, "Slow reading");
    const { response, bytes } = await get(`/api/ebooks/export.epub?ids=${id}`, token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/epub+zip");
    expect(response.headers.get("content-disposition")).toContain('attachment; filename="slow-reading.epub"');
    const book = readEpub(bytes);
    expect(book.title).toBe("Slow reading");
    expect(book.images).toHaveLength(1);
    const [chapter] = book.chapters;
    expect(chapter?.text).toContain("Reading is slow & careful 1 .");
    expect(chapter?.text).toContain("Second paragraph ends.");
    expect(chapter?.xhtml).toContain('<mark class="highlight highlight-green">slow &amp; careful</mark>');
    expect(chapter?.text).toContain("1 Remember this");
    // The picture its site did not serve is left out of the chapter, not a broken reference.
    expect(chapter?.xhtml).not.toContain("no-such-picture");
  });

  it("builds a tag, the unread queue and the newest N, newest first; only the reader's own articles", async () => {
    const { token, user } = await registerUser();
    const other = await registerUser();
    const base = Date.UTC(2026, 10, 1);
    const old = await seedArticle(user.id, { title: "Old unread", content: "<p>Old.</p>", createdAt: base });
    const read = await seedArticle(user.id, {
      title: "Read one",
      content: "<p>R.</p>",
      createdAt: base + 1,
      isRead: true,
    });
    const fresh = await seedArticle(user.id, { title: "New unread", content: "<p>N.</p>", createdAt: base + 2 });
    const theirs = await seedArticle(other.user.id, { title: "Not yours", content: "<p>X.</p>", createdAt: base + 3 });
    expect((await api("PUT", `/api/articles/${read}/tags`, { token, body: { tags: ["Essays"] } })).status).toBe(200);
    expect((await api("PUT", `/api/articles/${old}/tags`, { token, body: { tags: ["essays"] } })).status).toBe(200);

    const titles = async (query: string) => {
      const { response, bytes } = await get(`/api/ebooks/export.epub?${query}`, token);
      expect(response.status).toBe(200);
      return readEpub(bytes).chapters.map((c) => c.text.split(" By ")[0]?.split(" example.com")[0]);
    };
    expect(await titles("state=unread")).toEqual([
      expect.stringContaining("New unread"),
      expect.stringContaining("Old unread"),
    ]);
    expect(await titles("tag=ESSAYS")).toEqual([
      expect.stringContaining("Read one"),
      expect.stringContaining("Old unread"),
    ]);
    expect(await titles("newest=2")).toEqual([
      expect.stringContaining("New unread"),
      expect.stringContaining("Read one"),
    ]);
    expect(await titles(`ids=${old},${fresh}`)).toEqual([
      expect.stringContaining("Old unread"),
      expect.stringContaining("New unread"),
    ]);

    // Another reader's article is missing, as anything not yours is.
    const refused = await get(`/api/ebooks/export.epub?ids=${fresh},${theirs}`, token);
    expect(refused.response.status).toBe(404);
    expect(detail(refused.bytes)).toBe(`Article ${theirs} not found`);
  });

  it("answers clear 4xx errors: no sign-in, nothing or two things chosen, over the limit, nothing matching", async () => {
    const { token } = await registerUser();
    expect((await get("/api/ebooks/export.epub?state=unread")).response.status).toBe(401);
    const cases: [string, number, string | RegExp][] = [
      ["", 422, "Choose one thing to put in the book: ids, tag, state=unread or newest"],
      ["state=unread&newest=3", 422, "Choose one thing to put in the book: ids, tag, state=unread or newest"],
      ["newest=201", 422, "newest: newest must be at most 200"],
      ["newest=0", 422, "newest: newest must be at least 1"],
      ["state=read", 422, "state: state must be unread"],
      ["ids=1,x", 422, "ids: ids must be article ids separated by commas"],
      [`ids=${Array.from({ length: 201 }, (_, i) => i + 1).join(",")}`, 422, "ids: a book holds at most 200 articles"],
      ["state=unread", 404, "Your unread queue is empty: there is nothing to put in the book"],
      ["tag=nothing-here", 404, 'No articles are tagged "nothing-here"'],
    ];
    for (const [query, status, message] of cases) {
      const { response, bytes } = await get(`/api/ebooks/export.epub?${query}`, token);
      expect([query, response.status]).toEqual([query, status]);
      expect(detail(bytes)).toMatch(message);
    }
  });
});

describe("the e-reader catalog (OPDS)", () => {
  it("lists the unread queue at a secret address, each article an EPUB there; read ones and revoked ones are 404", async () => {
    const { token, user } = await registerUser();
    const bob = await registerUser();
    const first = await illustratedArticle(token, user.id, "Catalog one");
    const second = await seedArticle(user.id, { title: "Catalog <two>", content: "<p>Two.</p>", summary: "S & S" });
    const done = await seedArticle(user.id, { title: "Already read", content: "<p>Done.</p>", isRead: true });

    const created = await api("POST", "/api/feeds/published", { token, body: { kind: "opds" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: "opds", tag: null, title: "E-reader catalog: your unread queue" });
    expect(created.body.url).toMatch(/^http:\/\/localhost\/api\/opds\/[\w-]{43}$/);
    const path = new URL(created.body.url).pathname;
    const refusedTag = await api("POST", "/api/feeds/published", { token, body: { kind: "opds", tag: "x" } });
    expect(refusedTag).toMatchObject({ status: 422, body: { detail: expect.stringMatching(/^tag: /) } });

    const catalog = await get(path);
    expect(catalog.response.status).toBe(200);
    expect(catalog.response.headers.get("content-type")).toBe(
      "application/atom+xml;profile=opds-catalog;kind=acquisition; charset=utf-8",
    );
    const xml = new TextDecoder().decode(catalog.bytes);
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opds="http://opds-spec.org/2010/catalog">');
    expect(xml).toContain("<title>The whole unread queue (2 articles)</title>");
    expect(xml).toContain("<title>Catalog &lt;two&gt;</title>");
    expect(xml).toContain('<summary type="text">S &amp; S</summary>');
    expect(xml).not.toContain("Already read");
    const links = [
      ...xml.matchAll(
        /<link rel="http:\/\/opds-spec.org\/acquisition" type="application\/epub\+zip" href="([^"]+)"\/>/g,
      ),
    ].map((m) => new URL(m[1] as string).pathname);
    expect(links).toEqual([`${path}/unread.epub`, `${path}/articles/${second}.epub`, `${path}/articles/${first}.epub`]);

    for (const link of links) {
      const { response, bytes } = await get(link);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/epub+zip");
      expect(readEpub(bytes).chapters.length).toBe(link.endsWith("unread.epub") ? 2 : 1);
    }
    // Only the unread queue: a read article, another reader's, or a made-up id is not reached through the address.
    expect((await get(`${path}/articles/${done}.epub`)).response.status).toBe(404);
    const bobs = await seedArticle(bob.user.id, { title: "Bob's" });
    expect((await get(`${path}/articles/${bobs}.epub`)).response.status).toBe(404);
    expect((await get(`${path}/articles/${first}`)).response.status).toBe(422);

    // An OPDS address is not an Atom feed, nor the other way round.
    const token43 = path.split("/").pop();
    expect((await get(`/api/atom/${token43}`)).response.status).toBe(404);
    const atom = await api("POST", "/api/feeds/published", { token, body: {} });
    expect((await get(new URL(atom.body.url).pathname.replace("/atom/", "/opds/"))).response.status).toBe(404);

    expect((await api("DELETE", `/api/feeds/published/${created.body.id}`, { token: bob.token })).status).toBe(404);
    expect((await api("DELETE", `/api/feeds/published/${created.body.id}`, { token })).status).toBe(204);
    for (const gone of [path, `${path}/unread.epub`, `${path}/articles/${first}.epub`]) {
      const { response, bytes } = await get(gone);
      expect(response.status).toBe(404);
      expect(detail(bytes)).toBe("Catalog not found");
    }
  });
});
