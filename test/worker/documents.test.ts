import { env, introspectWorkflow } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { sniffDocumentKind } from "../../src/worker/domain/documents/document-kind";
import { MAX_DOCUMENT_BYTES, MAX_PDF_PAGES } from "../../src/worker/domain/documents/document-limits";
import { joinLine, layoutBlocks } from "../../src/worker/domain/documents/pdf/pdf-layout";
import { readPdf } from "../../src/worker/domain/documents/pdf/read-pdf";
import pandocEpub3 from "../fixtures/documents/epub/pandoc-epub3.epub?bytes";
import { buildPdf, samplePaper } from "../fixtures/documents/pdf-builder";
import { api, registerUser, waitForProcessed } from "./helpers";
import { SLOW_TEST_MS } from "./waits";

const origin = () => inject("fixtureOrigin");

/** A multipart upload, as the add box sends it. */
async function upload(token: string | null, content: Uint8Array | string, name: string, type = "") {
  const form = new FormData();
  form.set("file", new File([typeof content === "string" ? content : new Uint8Array(content)], name, { type }));
  const response = await exports.default.fetch(
    new Request("http://localhost/api/documents", {
      method: "POST",
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: form,
    }),
  );
  return { status: response.status, body: (await response.json()) as any };
}

async function articleCount(userId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM articles WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function storedObjects(userId: number): Promise<string[]> {
  return (await env.ARTICLE_BODIES.list({ prefix: `users/${userId}/` })).objects.map((o) => o.key);
}

describe("the PDF reader inside workerd (unpdf)", () => {
  it("rebuilds a paper's headings and paragraphs, joins a hyphenated word and drops the running header and page numbers", async () => {
    const read = await readPdf(samplePaper());
    expect(read).toMatchObject({
      kind: "pdf",
      title: "How Bees Dance",
      author: "Ada Meadow",
      publishedTime: "2024-03-15T09:30:00Z",
      pages: 3,
    });
    expect(read.content).toContain('<h2 data-page="1">Introduction</h2>');
    expect(read.content).toContain("a whole summer of careful observation in three meadows.</p>");
    // The paragraph that runs over the page's end goes on into the next page, as one paragraph of page 1.
    expect(read.content).toContain("mown twice, as the farmers always mow them.");
    expect(read.content).toContain('<h2 data-page="3">Conclusion</h2>');
    expect(read.content).not.toContain("Journal of Quiet Reading");
    expect(read.content).not.toMatch(/<p[^>]*>\d<\/p>/);
    // The title is shown above the text by the viewer, so it is not repeated in it.
    expect(read.content).not.toContain(">How Bees Dance<");
  });

  it.each([
    ["encrypted", samplePaper({ encrypted: true }), /protected by a password/],
    ["scanned (no text layer)", buildPdf([[], [], []]), /no text to read: it looks like a scan/],
    ["truncated", samplePaper().slice(0, 400), /damaged or incomplete/],
  ])("refuses a %s PDF with a sentence", async (_name, bytes, message) => {
    await expect(readPdf(bytes)).rejects.toThrow(message);
  });
});

describe("document kinds and PDF layout (pure)", () => {
  const text = (value: string) => new TextEncoder().encode(value);

  it.each([
    ["a PDF whatever its name", samplePaper(), "scan.bin", "pdf"],
    ["an HTML document", text("<!doctype html><html><body><p>x</p></body></html>"), "page.txt", "html"],
    ["Markdown by its name", text("# Title\n\nText"), "notes.md", "markdown"],
    ["plain text", text("Just words."), "notes", "text"],
  ] as const)("tells %s by its content", (_what, bytes, name, kind) => {
    expect(sniffDocumentKind(bytes, name)).toBe(kind);
  });

  it("joins words hyphenated at a line's end, and keeps a hyphen before a capital", () => {
    expect(joinLine("careful observa-", "tion")).toBe("careful observation");
    expect(joinLine("Keil\u2010", "messer")).toBe("Keilmesser");
    expect(joinLine("the north-", "East wind")).toBe("the north- East wind");
    expect(joinLine("soft\u00ad", "ly")).toBe("softly");
  });

  it("drops running headers and page numbers in every form, keeping a number in the text", () => {
    const page = (n: number) => ({
      width: 612,
      height: 792,
      items: [
        { str: "Annual Report 2025", x: 72, y: 760, width: 100, fontSize: 9, hasEOL: true },
        {
          str: `There were ${n * 7} hives counted on this page of the report.`,
          x: 72,
          y: 400,
          width: 300,
          fontSize: 11,
          hasEOL: true,
        },
        { str: n % 2 ? `Page ${n} of 4` : `- ${n} -`, x: 290, y: 40, width: 40, fontSize: 9, hasEOL: true },
      ],
    });
    const blocks = layoutBlocks([page(1), page(2), page(3), page(4)]);
    expect(blocks.map((b) => [b.page, b.text])).toEqual([
      [1, "There were 7 hives counted on this page of the report."],
      [2, "There were 14 hives counted on this page of the report."],
      [3, "There were 21 hives counted on this page of the report."],
      [4, "There were 28 hives counted on this page of the report."],
    ]);
  });

  it(`refuses a PDF of more than ${MAX_PDF_PAGES} pages`, async () => {
    const pages = Array.from({ length: MAX_PDF_PAGES + 1 }, () => [{ text: "A page.", x: 72, y: 700, size: 11 }]);
    await expect(readPdf(buildPdf(pages))).rejects.toThrow(
      /has 501 pages; VibeRead reads documents of up to 500 pages/,
    );
  });
});

describe("POST /api/documents (upload)", () => {
  it(
    "reads an uploaded PDF into an article processed like a link, keeps the original and deletes it with the article",
    async () => {
      await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
      await workflows.modifyAll(async (m) => m.disableSleeps());
      const { token, user } = await registerUser();
      const pdf = samplePaper();
      const saved = await upload(token, pdf, "how-bees-dance.pdf", "application/pdf");
      expect(saved.status).toBe(201);
      expect(saved.body).toMatchObject({
        title: "How Bees Dance",
        document: {
          type: "pdf",
          name: "how-bees-dance.pdf",
          pages: 3,
          original_url: `/api/documents/${saved.body.id}/original`,
        },
      });
      const article = await waitForProcessed(token, saved.body.id);
      expect(article).toMatchObject({ processing_status: "completed", language: "en", author: "Ada Meadow" });
      expect(article.content).toContain('<p data-page="2">Dances grew longer');
      expect(article.summary).toBeTruthy();
      expect((await api("GET", `/api/articles?search=waggle`, { token })).body.articles.map((a: any) => a.id)).toEqual([
        saved.body.id,
      ]);

      const original = await exports.default.fetch(
        new Request(`http://localhost/api/documents/${saved.body.id}/original`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
      );
      expect(original.status).toBe(200);
      expect(original.headers.get("content-type")).toBe("application/pdf");
      expect(new Uint8Array(await original.arrayBuffer())).toEqual(pdf);

      // A highlight reports the page its passage starts on.
      const highlighted = await api("POST", `/api/articles/${saved.body.id}/highlights`, {
        token,
        body: { quote: "Dances grew longer as the summer went on" },
      });
      expect(highlighted.status).toBe(201);
      expect(highlighted.body.page).toBe(2);

      // Someone else sees neither the article nor its file; without credentials, nothing.
      const other = await registerUser();
      expect((await api("GET", `/api/documents/${saved.body.id}/original`, { token: other.token })).status).toBe(404);
      expect((await api("GET", `/api/documents/${saved.body.id}/original`)).status).toBe(401);

      // The same file again is the same article.
      const again = await upload(token, pdf, "copy.pdf");
      expect(again.status).toBe(409);
      expect(again.body.article.id).toBe(saved.body.id);

      expect((await api("DELETE", `/api/articles/${saved.body.id}`, { token })).status).toBe(204);
      expect(await storedObjects(user.id)).toEqual([]);
    },
    SLOW_TEST_MS,
  );

  it("refuses what it cannot read with the reason and the status, and stores nothing", async () => {
    const { token, user } = await registerUser();
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const cases: [Uint8Array | string, string, number, RegExp][] = [
      [samplePaper({ encrypted: true }), "locked.pdf", 422, /protected by a password/],
      [buildPdf([[], []]), "scan.pdf", 422, /looks like a scan/],
      [samplePaper().slice(0, 400), "broken.pdf", 422, /damaged or incomplete/],
      [png, "paper.pdf", 415, /named as a PDF but its content is a PNG image/],
      [samplePaper(), "notes.txt", 415, /named as a text file but its content is a PDF/],
      [Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 0]), "report.docx", 415, /reads PDF, EPUB, HTML, Markdown/],
      ["", "empty.pdf", 422, /empty/],
    ];
    for (const [content, name, status, message] of cases) {
      const response = await upload(token, content, name);
      expect([name, response.status]).toEqual([name, status]);
      expect(response.body.detail).toMatch(message);
    }
    expect(await articleCount(user.id)).toBe(0);
    expect(await storedObjects(user.id)).toEqual([]);
  });

  it("deletes an account's documents, originals included, with the account", async () => {
    const { token, user, password } = await registerUser();
    expect((await upload(token, samplePaper(), "paper.pdf")).status).toBe(201);
    expect((await storedObjects(user.id)).some((key) => key.endsWith("/original"))).toBe(true);
    expect((await api("DELETE", "/api/account", { token, body: { password } })).status).toBe(204);
    expect(await storedObjects(user.id)).toEqual([]);
  });

  it("refuses a file over the size limit with 413 before reading it", async () => {
    const { token, user } = await registerUser();
    const response = await upload(token, new Uint8Array(MAX_DOCUMENT_BYTES + 1), "huge.pdf");
    expect(response.status).toBe(413);
    expect(await articleCount(user.id)).toBe(0);
  });

  it("needs credentials and a multipart body", async () => {
    expect((await upload(null, samplePaper(), "a.pdf")).status).toBe(401);
    const { token } = await registerUser();
    const json = await api("POST", "/api/documents", { token, body: { file: "x" } });
    expect(json.status).toBe(415);
  });

  it.each([
    [
      "Markdown",
      "field-notes.md",
      "# Field notes\n\nThe **meadow** was quiet.\n\n- bees\n- clover\n\n<script>alert(1)</script>\n",
      { title: "Field notes", content: /<strong>meadow<\/strong>[\s\S]*<li>bees<\/li>/ },
    ],
    [
      "plain text",
      "letter.txt",
      "A letter home\n\nDear all, the bees are well.\nThe hives are full.\n\nLove, Ada.",
      { title: "A letter home", content: /<p>Dear all, the bees are well. The hives are full.<\/p>/ },
    ],
    [
      "HTML",
      "saved-page.html",
      "<!doctype html><html lang=en><head><title>Saved page</title></head><body><article><h1>Saved page</h1><p>The bees came back in spring, and the meadow was full of clover again.</p></article></body></html>",
      { title: "Saved page", content: /The bees came back in spring/ },
    ],
  ])(
    "reads an uploaded %s file",
    async (_kind, name, text, expected) => {
      const { token } = await registerUser();
      const saved = await upload(token, text, name);
      expect(saved.status).toBe(201);
      expect(saved.body.title).toBe(expected.title);
      const article = await waitForProcessed(token, saved.body.id);
      expect(article.content).toMatch(expected.content);
      expect(article.content).not.toMatch(/<script/i);
    },
    SLOW_TEST_MS,
  );
});

describe("POST /api/documents with an EPUB book (the epub-reader's parser)", () => {
  it(
    "reads its chapters in order into one article",
    async () => {
      const { token } = await registerUser();
      const book = Uint8Array.from(atob(pandocEpub3), (c) => c.charCodeAt(0));
      const saved = await upload(token, book, "slow-reader.epub");
      expect(saved.status).toBe(201);
      expect(saved.body).toMatchObject({ title: "The Slow Reader", document: { type: "epub", pages: null } });
      const article = await waitForProcessed(token, saved.body.id);
      expect(article).toMatchObject({ processing_status: "completed", author: "Ada Writer, Bo Second" });
      const first = article.content.indexOf("It was <em>early</em> when the reader sat down");
      expect(first).toBeGreaterThanOrEqual(0);
      expect(article.content.indexOf("A quote, with")).toBeGreaterThan(first);
      expect(article.content).not.toMatch(/<script/i);
    },
    SLOW_TEST_MS,
  );

  it("refuses a damaged book with the parser's sentence, storing nothing", async () => {
    const { token, user } = await registerUser();
    const book = Uint8Array.from(atob(pandocEpub3), (c) => c.charCodeAt(0)).slice(0, 3000);
    const response = await upload(token, book, "broken.epub");
    expect(response.status).toBe(422);
    expect(response.body.detail).toMatch(/\w/);
    expect(await articleCount(user.id)).toBe(0);
  });
});

describe("a saved link that answers a PDF", () => {
  it.each([
    ["by its type", "/paper.pdf"],
    ["by its content (sent as application/octet-stream)", "/paper.pdf?type=application%2Foctet-stream"],
    ["behind a redirect", `/redirect?to=${encodeURIComponent("/paper.pdf?type=text%2Fhtml")}`],
  ])(
    "is read as a document %s, its original kept",
    async (_how, path) => {
      await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
      await workflows.modifyAll(async (m) => m.disableSleeps());
      const { token } = await registerUser();
      const saved = await api("POST", "/api/articles/", { token, body: { url: `${origin()}${path}` } });
      expect(saved.status).toBe(201);
      const article = await waitForProcessed(token, saved.body.id);
      expect(article).toMatchObject({ title: "How Bees Dance", document: { type: "pdf", name: null, pages: 3 } });
      expect(article.content).toContain('<h2 data-page="1">Introduction</h2>');
      const original = await api("GET", `/api/documents/${saved.body.id}/original`, { token });
      expect(original.status).toBe(200);
      expect(original.headers.get("content-type")).toBe("application/pdf");
    },
    SLOW_TEST_MS,
  );
});
