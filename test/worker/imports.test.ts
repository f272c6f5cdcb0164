import { env, introspectWorkflow } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";
import { describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../src/worker/db/client";
import { createImportsRepository } from "../../src/worker/db/repositories/imports-repository";
import { IMPORT_TOPICS_WINDOW_MS } from "../../src/worker/workflows/topics-params";
import instapaperWindows1252 from "../fixtures/imports/instapaper-windows-1252.csv?bytes";
import karakeepJson from "../fixtures/imports/karakeep.json?raw";
import karakeepOldDates from "../fixtures/imports/karakeep-old-dates.json?raw";
import linkwardenJson from "../fixtures/imports/known-apps/linkwarden-backup.json?raw";
import genericCsv from "../fixtures/imports/links.csv?raw";
import pocketCsv from "../fixtures/imports/pocket.csv?raw";
import pocketDuplicates from "../fixtures/imports/pocket-duplicates.csv?raw";
import pocketPart0 from "../fixtures/imports/pocket-zip/part_000000.csv?raw";
import pocketPart1 from "../fixtures/imports/pocket-zip/part_000001.csv?raw";
import readwiseReaderCsv from "../fixtures/imports/readwise-reader.csv?raw";
import shortWindows1251 from "../fixtures/imports/short-windows-1251.csv?bytes";
import vibereadJson from "../fixtures/imports/viberead.json?raw";
import vibereadCsv from "../fixtures/imports/viberead-export.csv?raw";
import vibereadHtml from "../fixtures/imports/viberead-export.html?raw";
import { api, registerUser } from "./helpers";
import { OUTCOME_WAIT_MS } from "./waits";

const origin = () => inject("fixtureOrigin");

/** A multipart upload, as the settings screen sends it. */
async function upload(
  token: string,
  content: string | Uint8Array,
  options: { name?: string; format?: string; encoding?: string } = {},
) {
  const form = new FormData();
  form.set(
    "file",
    new File([typeof content === "string" ? content : new Uint8Array(content)], options.name ?? "export.csv"),
  );
  if (options.format !== undefined) form.set("format", options.format);
  if (options.encoding !== undefined) form.set("encoding", options.encoding);
  const response = await exports.default.fetch(
    new Request("http://localhost/api/imports", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  return { status: response.status, body: (await response.json()) as any };
}

/** Whether the user's topics run of the import window (this one or the one before) was asked for. */
async function importTopicsRunExists(userId: number): Promise<boolean> {
  const window = Math.floor(Date.now() / IMPORT_TOPICS_WINDOW_MS);
  for (const w of [window, window - 1]) {
    const found = await env.TOPICS_WORKFLOW.get(`topics-${userId}-w${IMPORT_TOPICS_WINDOW_MS}-${w}`).then(
      () => true,
      () => false,
    );
    if (found) return true;
  }
  return false;
}

/** Whether the user's topics run of the minute (this one or the one before), a save's window, was asked for. */
async function minuteTopicsRunExists(userId: number): Promise<boolean> {
  const window = Math.floor(Date.now() / 60_000);
  for (const w of [window, window - 1]) {
    const found = await env.TOPICS_WORKFLOW.get(`topics-${userId}-${w}`).then(
      () => true,
      () => false,
    );
    if (found) return true;
  }
  return false;
}

/** Waits (through the API) until the import has stored every row. */
async function waitForImport(token: string, id: number) {
  let current: any;
  await expect
    .poll(
      async () => {
        current = (await api("GET", `/api/imports/${id}`, { token })).body;
        return current.status;
      },
      { timeout: OUTCOME_WAIT_MS, interval: 100 },
    )
    // Stored: `processing` while its articles are processed, then `done`.
    .toMatch(/^(processing|done)$/);
  return current;
}

const fromBase64 = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

async function ratingOf(token: string, articleId: number) {
  return (await api("GET", `/api/articles/${articleId}/feedback`, { token })).body.feedback_value;
}

async function articleByUrl(token: string, url: string) {
  const list = await api("GET", "/api/articles/?per_page=100", { token });
  return list.body.articles.find((a: { url: string }) => a.url === url);
}

async function tagsOf(articleId: number): Promise<string[]> {
  const rows = await env.DB.prepare("SELECT tag FROM article_tags WHERE article_id = ? ORDER BY tag_key")
    .bind(articleId)
    .all<{ tag: string }>();
  return rows.results.map((row) => row.tag);
}

describe("imports API", () => {
  it("answers 202 at once, then stores every row: imported, duplicate or invalid with its row and reason", async () => {
    await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const { token } = await registerUser();
    const started = await upload(token, pocketCsv, { name: "part_000000.csv" });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(Number), status: "queued", format: "pocket-csv", total: 6 });

    const done = await waitForImport(token, started.body.id);
    expect(done).toMatchObject({
      id: started.body.id,
      status: expect.stringMatching(/^(processing|done)$/),
      format: "pocket-csv",
      total: 6,
      imported: 3,
      duplicates: 1, // the same link twice in the file (tracking parameters and fragment differ)
      invalid: 2,
      failed: 0,
      error: null,
      errors: [
        { row: 4, reason: "url must start with http:// or https://" },
        { row: 5, reason: "the row has no URL" },
      ],
    });
    expect(Date.parse(done.finished_at)).toBeGreaterThanOrEqual(Date.parse(done.started_at));

    const bees = await articleByUrl(token, "https://example.com/bees?utm_source=pocket_saves");
    expect(bees).toMatchObject({ title: 'Bees, wasps and "hornets": a field guide', is_read: false });
    expect(bees.created_at).toBe(new Date(1_700_000_000_000).toISOString());
    expect(await tagsOf(bees.id)).toEqual(["dup", "insects", "nature"]); // the copy of row 6 merged in
    const archived = await articleByUrl(token, "https://example.com/no-title");
    expect(archived).toMatchObject({ is_read: true, read_at: expect.any(String) });

    // The same file again adds nothing: every good row is now a duplicate.
    const again = await upload(token, pocketCsv);
    const second = await waitForImport(token, again.body.id);
    expect(second).toMatchObject({ total: 6, imported: 0, duplicates: 4, invalid: 2 });
    const list = await api("GET", "/api/articles/?per_page=100", { token });
    expect(list.body.total).toBe(3);

    const imports = await api("GET", "/api/imports", { token });
    expect(imports.body.imports.map((i: { id: number }) => i.id)).toEqual([again.body.id, started.body.id]);
  });

  it("keeps favourites as a good rating and archived links as read (Karakeep)", async () => {
    await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const { token } = await registerUser();
    const started = await upload(token, karakeepJson, { name: "karakeep.json" });
    expect(started.body.format).toBe("karakeep-json");
    expect(await waitForImport(token, started.body.id)).toMatchObject({ imported: 2, invalid: 1 });
    const favourite = await articleByUrl(token, "https://example.com/karakeep-1");
    expect(favourite).toMatchObject({ title: "Karakeep link", is_read: true });
    const feedback = await api("GET", `/api/articles/${favourite.id}/feedback`, { token });
    expect(feedback.body.feedback_value).toBe(1);
    expect(await tagsOf(favourite.id)).toEqual(["self-hosted", "Tools"]);
  });

  it("brings our own export back with its content, without fetching the page again", async () => {
    await using articleRuns = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    const { token, user } = await registerUser();
    const started = await upload(token, vibereadJson, { name: "viberead.json" });
    expect(started.status).toBe(202);
    await waitForImport(token, started.body.id);
    const kept = await articleByUrl(token, "https://example.com/viberead-1");
    expect(kept).toMatchObject({ title: "Kept with its content", is_read: true });
    expect(kept.read_at).toBe("2025-06-02T09:30:00.000Z");
    await expect
      .poll(async () => (await api("GET", `/api/articles/${kept.id}`, { token })).body.processing_status, {
        timeout: OUTCOME_WAIT_MS,
      })
      .toBe("completed");
    const article = (await api("GET", `/api/articles/${kept.id}`, { token })).body;
    expect(article.content).toContain("This paragraph came from an export");
    expect(article.language).toBe("en");
    // Processed by the import's consumer in place: no Workflow instance (a Durable Object each) per article.
    expect(await articleRuns.get()).toHaveLength(0);
    // The import's last article finds nothing left to process and asks for the run of the minute: topics come
    // about a minute after a small import, not up to five.
    await expect.poll(() => minuteTopicsRunExists(user.id), { timeout: OUTCOME_WAIT_MS, interval: 250 }).toBe(true);
  });

  it("refuses a malformed file with the row where it breaks, and a file of no known format", async () => {
    const { token } = await registerUser();
    const broken =
      'title,url,time_added,cursor,tags,status\nok,https://example.com/ok,1,1,,unread\n"never closed,https://example.com/x,1,1,,unread\n';
    const refused = await upload(token, broken);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe("Row 2: a quoted field is never closed");

    const unknown = await upload(token, "hello\nworld\n");
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toMatch(/Could not tell what kind of file/);

    const badFormat = await upload(token, "https://example.com/a\n", { format: "word" });
    expect(badFormat.status).toBe(422);
    expect(badFormat.body.detail).toMatch(/^format: must be one of/);

    const notMultipart = await api("POST", "/api/imports", { token, rawBody: "https://example.com/a" });
    expect(notMultipart.status).toBe(415);
    expect((await api("GET", "/api/imports", { token })).body.imports).toEqual([]);
  });

  it("refuses an upload over 25 MB, and a text file over 15 MB, with 413 and a sentence", async () => {
    const { token } = await registerUser();
    const line = "https://example.com/a-link-of-about-fifty-characters-x\n";
    const overAll = await upload(token, line.repeat(Math.ceil((26 * 1024 * 1024) / line.length)), { name: "big.txt" });
    expect(overAll.status).toBe(413);
    // The same answer as any route's body over its limit, with the limit the import screen states.
    expect(overAll.body).toEqual({ detail: "Request body is too large (the limit is 25 MB)" });
    const overText = await upload(token, line.repeat(Math.ceil((16 * 1024 * 1024) / line.length)), { name: "big.txt" });
    expect(overText.status).toBe(413);
    expect(overText.body.detail).toMatch(/at most 15 MB/);
    expect((await api("GET", "/api/imports", { token })).body.imports).toEqual([]);
  });

  it("keeps each user's imports to that user: another user's import is 404", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const started = await upload(owner.token, "https://example.com/mine\n", { name: "links.txt" });
    expect(started.body.format).toBe("url-list");
    expect((await api("GET", `/api/imports/${started.body.id}`, { token: other.token })).status).toBe(404);
    expect((await api("GET", "/api/imports", { token: other.token })).body.imports).toEqual([]);
    expect((await api("GET", `/api/imports/${started.body.id}`)).status).toBe(401);
  });

  it("imports take turns: a small file uploaded behind a big one is processed before the big one is", async () => {
    const first = await registerUser();
    const big = await upload(
      first.token,
      Array.from({ length: 200 }, (_, i) => `${origin()}/article?title=${encodeURIComponent(`Big ${i}`)}`).join("\n"),
      { name: "big.txt" },
    );
    await waitForImport(first.token, big.body.id);
    const second = await registerUser();
    const small = await upload(
      second.token,
      ["Small 1", "Small 2", "Small 3"].map((t) => `${origin()}/article?title=${encodeURIComponent(t)}`).join("\n"),
      { name: "small.txt" },
    );
    expect(small.status).toBe(202);
    await expect
      .poll(async () => (await api("GET", `/api/imports/${small.body.id}`, { token: second.token })).body.processed, {
        timeout: OUTCOME_WAIT_MS,
        interval: 250,
      })
      .toBe(3);
    // Queued behind all 200 of the big file's articles, the small one waited for every one of them.
    const bigProgress = (await api("GET", `/api/imports/${big.body.id}`, { token: first.token })).body;
    expect(bigProgress.processed).toBeLessThan(150);
  });

  it("a single save completes while a big import is still being processed", async () => {
    const { token, user } = await registerUser();
    const links = Array.from(
      { length: 200 },
      (_, i) => `${origin()}/article?title=${encodeURIComponent(`Imported ${i}`)}`,
    );
    const started = await upload(token, links.join("\n"), { name: "links.txt" });
    expect(started.status).toBe(202);
    await waitForImport(token, started.body.id);

    const saved = await api("POST", "/api/articles/", {
      token,
      body: { url: `${origin()}/article?title=${encodeURIComponent("Saved by hand")}` },
    });
    expect(saved.status).toBe(201);
    await expect
      .poll(async () => (await api("GET", `/api/articles/${saved.body.id}`, { token })).body.processing_status, {
        timeout: OUTCOME_WAIT_MS,
        interval: 100,
      })
      .toBe("completed");
    // The interactive save did not wait for the import: most imported links are still queued.
    const progress = (await api("GET", `/api/imports/${started.body.id}`, { token })).body;
    expect(progress.imported).toBe(200);
    expect(progress.processed).toBeLessThan(200);
    // With the import under way, a finished article (the save's too) joins the import's five-minute topics run,
    // not a run of the minute; a user whose only unprocessed article is a save of their own gets the run of the minute.
    const imports = createImportsRepository(createDatabase(env.DB));
    expect(await imports.hasUnprocessedArticles(user.id)).toBe(true);
    expect(await importTopicsRunExists(user.id)).toBe(true);
    const other = await registerUser();
    const pending = await api("POST", "/api/articles/", {
      token: other.token,
      body: { url: `${origin()}/article?title=${encodeURIComponent("Pending save")}` },
    });
    expect(pending.status).toBe(201);
    expect(await imports.hasUnprocessedArticles(other.user.id)).toBe(false);
  });

  it("imports every part of Pocket's zip download", async () => {
    const { token } = await registerUser();
    const zip = zipSync({
      "pocket/part_000000.csv": strToU8(pocketPart0),
      "pocket/part_000001.csv": strToU8(pocketPart1),
    });
    const started = await upload(token, zip, { name: "pocket.zip" });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ format: "pocket-csv", total: 4 });
    expect(await waitForImport(token, started.body.id)).toMatchObject({ imported: 3, invalid: 1 });
    expect(await articleByUrl(token, "https://example.com/pocket-part-1a")).toMatchObject({ title: "Second part" });
    expect(await articleByUrl(token, "https://example.com/pocket-part-0b")).toMatchObject({ is_read: true });
  });

  it("decodes a Windows-1252 CSV instead of storing replacement characters, and says how it read it", async () => {
    const { token } = await registerUser();
    const started = await upload(token, fromBase64(instapaperWindows1252), { name: "instapaper-export.csv" });
    expect(started.status).toBe(202);
    const done = await waitForImport(token, started.body.id);
    const cafe = await articleByUrl(token, "https://example.com/cafe");
    expect(cafe.title).toBe("Café déjà vu – a “naïve” menu");
    expect(await tagsOf(cafe.id)).toEqual(["cuisine", "français"]);
    expect(done.warnings).toEqual([{ row: 0, reason: expect.stringMatching(/not UTF-8.*windows-1252/) }]);
  });

  it("stores a text file in the encoding chosen in the preview, and refuses an encoding it cannot read", async () => {
    const { token } = await registerUser();
    const refused = await upload(token, fromBase64(shortWindows1251), { encoding: "klingon-8" });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/^encoding: /);
    const started = await upload(token, fromBase64(shortWindows1251), { encoding: "windows-1251" });
    expect(started.status).toBe(202);
    const done = await waitForImport(token, started.body.id);
    expect((await articleByUrl(token, "https://example.com/privet")).title).toBe("Привет мир");
    expect(done.warnings).toEqual([
      { row: 0, reason: "The file was read as windows-1251, the encoding chosen for it." },
    ]);
  });

  it("reads a CSV of no known app by its header, never storing a CSV line as a URL; a bad date is a row warning", async () => {
    const { token } = await registerUser();
    const started = await upload(token, genericCsv, { name: "links.csv" });
    expect(started.body).toMatchObject({ format: "csv", total: 4 });
    const done = await waitForImport(token, started.body.id);
    expect(done).toMatchObject({ imported: 3, invalid: 1 });
    expect(done.warnings).toEqual([{ row: 3, reason: expect.stringContaining("sometime last spring") }]);
    const list = (await api("GET", "/api/articles/?per_page=100", { token })).body.articles;
    expect(list.map((a: { url: string }) => a.url).sort()).toEqual([
      "https://example.com/generic-1",
      "https://example.com/generic-2",
      "https://example.com/generic-3",
    ]);
    const first = await articleByUrl(token, "https://example.com/generic-1");
    expect(first).toMatchObject({ title: "Reading, slowly", created_at: "2023-04-05T06:07:08.000Z" });
    expect(await tagsOf(first.id)).toEqual(["craft", "Essays", "habits"]);
  });

  it("Readwise: quoted tags kept whole and unescaped, low progress unread, feed items skipped", async () => {
    const { token } = await registerUser();
    const started = await upload(token, readwiseReaderCsv, { name: "readwise.csv" });
    const done = await waitForImport(token, started.body.id);
    expect(done).toMatchObject({ imported: 3, invalid: 1 });
    const first = await articleByUrl(token, "https://example.com/rw-1");
    expect(first.is_read).toBe(false);
    expect(await tagsOf(first.id)).toEqual(["design, ux", "research"]);
    const second = await articleByUrl(token, "https://example.com/rw-2");
    expect(second.is_read).toBe(false);
    expect(await tagsOf(second.id)).toEqual(["author's pick", 'it\'s "fine"']);
    expect(await articleByUrl(token, "https://example.com/rw-4")).toBeUndefined();
  });

  it("re-importing our own HTML and CSV exports keeps read state and ratings", async () => {
    const { token } = await registerUser();
    for (const [file, name] of [
      [vibereadHtml, "viberead-export.html"],
      [vibereadCsv, "viberead-export.csv"],
    ] as const) {
      await waitForImport(token, (await upload(token, file, { name })).body.id);
    }
    const htmlRead = await articleByUrl(token, "https://example.com/vr-html-read");
    expect(htmlRead.is_read).toBe(true);
    expect(await ratingOf(token, htmlRead.id)).toBe(1);
    const htmlUnread = await articleByUrl(token, "https://example.com/vr-html-unread");
    expect(htmlUnread.is_read).toBe(false);
    expect(await ratingOf(token, htmlUnread.id)).toBe(-1);
    const csvRead = await articleByUrl(token, "https://example.com/vr-csv-read");
    expect(csvRead).toMatchObject({ is_read: true, read_at: "2024-06-01T10:00:00.000Z" });
    expect(await ratingOf(token, csvRead.id)).toBe(1);
    expect(await ratingOf(token, (await articleByUrl(token, "https://example.com/vr-csv-unread")).id)).toBe(0);
  });

  it("a URL twice in one file is one article with both copies' tags, read if either copy is", async () => {
    const { token } = await registerUser();
    const started = await upload(token, pocketDuplicates, { name: "part_000000.csv" });
    expect(await waitForImport(token, started.body.id)).toMatchObject({ total: 3, imported: 2, duplicates: 1 });
    const twice = await articleByUrl(token, "https://example.com/twice");
    expect(twice).toMatchObject({ is_read: true, created_at: new Date(1_711_000_000_000).toISOString() });
    expect(await tagsOf(twice.id)).toEqual(["first", "second"]);
  });

  it("Karakeep: keeps a 1989 date; an unreadable date is a warning on its row", async () => {
    const { token } = await registerUser();
    const started = await upload(token, karakeepOldDates, { name: "karakeep.json" });
    const done = await waitForImport(token, started.body.id);
    expect(done.warnings).toEqual([{ row: 2, reason: expect.stringContaining("the day after yesterday") }]);
    expect((await articleByUrl(token, "https://example.com/karakeep-1989")).created_at).toBe(
      "1989-12-31T00:00:00.000Z",
    );
  });

  it("refuses a known app's file it does not read with 422 naming the app and what to upload", async () => {
    const { token } = await registerUser();
    const refused = await upload(token, linkwardenJson, { name: "backup.json" });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/^This looks like a Linkwarden export: .*bookmarks HTML file/);
    expect((await api("GET", "/api/imports", { token })).body.imports).toEqual([]);
  });

  it("takes the page's title when the file's title is only the URL; a title the user edited stays", async () => {
    await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const { token } = await registerUser();
    const untitled = `${origin()}/article?title=${encodeURIComponent("The page's own title")}`;
    const titled = `${origin()}/article?title=${encodeURIComponent("Another page")}`;
    const file = [
      "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
      "<DL><p>",
      `<DT><A HREF="${untitled.replace(/&/g, "&amp;")}" ADD_DATE="1717000000">${untitled.replace(/&/g, "&amp;")}</A>`,
      `<DT><A HREF="${titled.replace(/&/g, "&amp;")}" ADD_DATE="1717000000">Title from the file</A>`,
      "</DL><p>",
    ].join("\n");
    const started = await upload(token, file, { name: "bookmarks.html" });
    await waitForImport(token, started.body.id);
    const first = await articleByUrl(token, untitled);
    await expect
      .poll(async () => (await api("GET", `/api/articles/${first.id}`, { token })).body.title, {
        timeout: OUTCOME_WAIT_MS,
      })
      .toBe("The page's own title");

    const second = await articleByUrl(token, titled);
    expect((await api("PUT", `/api/articles/${second.id}`, { token, body: { title: untitled } })).status).toBe(200);
    const edited = await api("PUT", `/api/articles/${second.id}`, { token, body: { title: "My own title" } });
    expect(edited.status).toBe(200);
    await expect
      .poll(async () => (await api("GET", `/api/articles/${second.id}`, { token })).body.processing_status, {
        timeout: OUTCOME_WAIT_MS,
      })
      .toBe("completed");
    expect((await api("POST", `/api/articles/${second.id}/refetch-content`, { token })).status).toBe(200);
    await expect
      .poll(async () => (await api("GET", `/api/articles/${second.id}`, { token })).body.processing_status, {
        timeout: OUTCOME_WAIT_MS,
      })
      .toBe("completed");
    expect((await api("GET", `/api/articles/${second.id}`, { token })).body.title).toBe("My own title");
  });
});
