import { exports } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import karakeepJson from "../fixtures/imports/karakeep.json?raw";
import omnivoreHighlights from "../fixtures/imports/omnivore/highlights/omnivore-first.md?raw";
import omnivoreFirst from "../fixtures/imports/omnivore/metadata_0_to_2.json?raw";
import readwiseHighlights from "../fixtures/imports/readwise-highlights.csv?raw";
import { api, registerUser, seedArticle } from "./helpers";
import { OUTCOME_WAIT_MS } from "./waits";

/** A multipart upload, as the settings screen sends it. */
async function upload(token: string, content: string | Uint8Array, name: string) {
  const form = new FormData();
  form.set("file", new File([typeof content === "string" ? content : new Uint8Array(content)], name));
  const response = await exports.default.fetch(
    new Request("http://localhost/api/imports", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  return { status: response.status, body: (await response.json()) as any };
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
    .toMatch(/^(processing|done)$/);
  return current;
}

async function articleByUrl(token: string, url: string) {
  const list = await api("GET", "/api/articles/?per_page=100", { token });
  return list.body.articles.find((a: { url: string }) => a.url === url);
}

const highlightsOf = async (token: string, id: number) =>
  (await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights as any[];

/**
 * What must survive a round trip: everything but ids, the anchoring state, the time it was stored and the
 * position hint, which processing may already have moved to where the quote is in the copy's own text.
 */
const portable = ({ quote, color, note, target, selectors, created_at }: any) => ({
  quote,
  color,
  note,
  target,
  selectors: selectors.filter((s: { type: string }) => s.type === "TextQuoteSelector"),
  created_at,
});

const GARDEN = "<p>Cover the beds with leaves.</p><p>Prune the roses late. Water little.</p>";

describe("importing highlights and notes (issue 32)", () => {
  it("VibeRead JSON round trip: every highlight, note, colour and reading position comes back in another account", async () => {
    const a = await registerUser();
    const source = await seedArticle(a.user.id, {
      url: "https://example.com/round-trip",
      title: "Gardens in winter",
      summary: "Leaves keep the soil warm.",
      content: GARDEN,
    });
    const add = (body: Record<string, unknown>) =>
      api("POST", `/api/articles/${source}/highlights`, { token: a.token, body });
    await add({ quote: "Prune the roses late.", color: "pink", note: "Before March" });
    await add({ quote: "Cover the beds with leaves." });
    await add({ target: "summary", quote: "keep the soil warm", color: "blue" });
    await add({ target: "title", quote: "winter", color: "green", note: "title note" });
    await api("PUT", `/api/articles/${source}`, { token: a.token, body: { note: "Plan for the allotment" } });
    await api("PUT", `/api/articles/${source}/progress`, { token: a.token, body: { position: 27, progress: 0.45 } });
    const exported = await (
      await exports.default.fetch(
        new Request("http://localhost/api/export?format=json", { headers: { Authorization: `Bearer ${a.token}` } }),
      )
    ).text();
    const before = await highlightsOf(a.token, source);
    expect(before).toHaveLength(4);

    const b = await registerUser();
    const started = await upload(b.token, exported, "viberead-export.json");
    expect(started.body.format).toBe("viberead-json");
    expect(await waitForImport(b.token, started.body.id)).toMatchObject({ imported: 1, invalid: 0, warnings: [] });
    const copy = await articleByUrl(b.token, "https://example.com/round-trip");
    const article = (await api("GET", `/api/articles/${copy.id}`, { token: b.token })).body;
    expect(article).toMatchObject({ note: "Plan for the allotment", reading_position: 27, reading_progress: 0.45 });
    const after = await highlightsOf(b.token, copy.id);
    expect(after.map(portable)).toEqual(before.map(portable));
    // Waiting for the text, or found in it once processed (the summary is written afresh, see below).
    const found = after.filter((h) => h.target !== "summary");
    expect(found.every((h) => h.anchor_status === "pending" || h.anchor_status === "anchored")).toBe(true);

    // Once the article has its text, importing the file again anchors them there and adds no second copy.
    await expect
      .poll(async () => (await api("GET", `/api/articles/${copy.id}`, { token: b.token })).body.processing_status, {
        timeout: OUTCOME_WAIT_MS,
      })
      .toBe("completed");
    const again = await upload(b.token, exported, "viberead-export.json");
    expect(await waitForImport(b.token, again.body.id)).toMatchObject({ imported: 0, duplicates: 1 });
    const anchored = await highlightsOf(b.token, copy.id);
    expect(anchored).toHaveLength(4);
    // The import summarises the article afresh: a summary highlight is kept, and is anchored only if the new
    // summary still has its sentence. The text and the title are the file's own, so those are found again.
    expect(anchored.map((h) => [h.target, h.anchor_status])).toEqual([
      ["title", "anchored"],
      ["summary", expect.stringMatching(/^(anchored|orphaned)$/)],
      ["content", "anchored"],
      ["content", "anchored"],
    ]);
    const kept = ({ quote, color, note, target }: any) => ({ quote, color, note, target });
    expect(anchored.map(kept)).toEqual(before.map(kept));
  });

  it("newest write wins: an older note or position in the file does not replace a newer one in the library", async () => {
    const { token, user } = await registerUser();
    const id = await seedArticle(user.id, { url: "https://example.com/newer", title: "Newer", content: GARDEN });
    await api("PUT", `/api/articles/${id}`, { token, body: { note: "Written today" } });
    await api("PUT", `/api/articles/${id}/progress`, { token, body: { position: 40, progress: 0.9 } });
    const file = JSON.stringify({
      format: "viberead",
      version: 1,
      articles: [
        {
          url: "https://example.com/newer",
          title: "Newer",
          note: "Written in 2020",
          note_updated_at: "2020-01-01T00:00:00.000Z",
          reading_position: 3,
          reading_progress: 0.1,
          position_updated_at: "2020-01-01T00:00:00.000Z",
          highlights: [{ target: "content", quote: "Water little.", color: "green", note: null }],
        },
      ],
    });
    const started = await upload(token, file, "old.json");
    await waitForImport(token, started.body.id);
    const article = (await api("GET", `/api/articles/${id}`, { token })).body;
    expect(article).toMatchObject({ note: "Written today", reading_position: 40, reading_progress: 0.9 });
    // The highlight still comes, and is anchored at once: the article has its text.
    await expect
      .poll(async () => (await highlightsOf(token, id)).map((h) => [h.quote, h.color, h.anchor_status]))
      .toEqual([["Water little.", "green", "anchored"]]);
  });

  it("Readwise highlights CSV: rows attach by title to the article in the library; unknown titles and empty rows are listed", async () => {
    const { token, user } = await registerUser();
    const id = await seedArticle(user.id, {
      url: "https://example.com/garden",
      title: "Gardens in winter",
      content: GARDEN,
    });
    const started = await upload(token, readwiseHighlights, "readwise-data.csv");
    expect(started.body.format).toBe("readwise-highlights-csv");
    const done = await waitForImport(token, started.body.id);
    expect(done).toMatchObject({ total: 3, duplicates: 1, invalid: 2, source: "Readwise highlights" });
    expect(done.errors).toEqual([
      { row: 3, reason: expect.stringMatching(/^no article titled "Unknown Book" in your library/) },
      { row: 4, reason: "the highlight has no text" },
    ]);
    const highlights = await highlightsOf(token, id);
    expect(highlights.map((h) => [h.quote, h.color, h.note, h.anchor_status, h.created_at])).toEqual([
      ["Cover the beds with leaves.", "yellow", null, "anchored", "2024-05-01T10:01:00.000Z"],
      ["Prune the roses late.", "blue", "Before March", "anchored", "2024-05-01T10:00:00.000Z"],
    ]);
  });

  it("Omnivore zip: highlights/<slug>.md attach to their article, with notes, labels not taken for notes", async () => {
    const { token } = await registerUser();
    const zip = zipSync({
      "Omnivore/metadata_0_to_2.json": strToU8(omnivoreFirst),
      "Omnivore/highlights/omnivore-first.md": strToU8(omnivoreHighlights),
    });
    const started = await upload(token, zip, "omnivore.zip");
    expect(started.body.format).toBe("omnivore-zip");
    await waitForImport(token, started.body.id);
    const first = await articleByUrl(token, "https://example.com/omnivore-1");
    const second = await articleByUrl(token, "https://example.com/omnivore-2");
    expect((await highlightsOf(token, first.id)).map((h) => [h.quote, h.note, h.color])).toEqual([
      ["Omnivore kept this first passage.", "A note on the first passage.", "yellow"],
      ["A quote over two paragraphs,\n\nthe second paragraph.", null, "yellow"],
    ]);
    expect(await highlightsOf(token, second.id)).toEqual([]);
  });

  it("Karakeep JSON: a bookmark's note becomes the article note (Karakeep exports no highlights)", async () => {
    const { token } = await registerUser();
    const started = await upload(token, karakeepJson, "karakeep.json");
    await waitForImport(token, started.body.id);
    const withNote = await articleByUrl(token, "https://example.com/karakeep-2");
    expect((await api("GET", `/api/articles/${withNote.id}`, { token })).body.note).toBe("old export shape");
    const without = await articleByUrl(token, "https://example.com/karakeep-1");
    expect((await api("GET", `/api/articles/${without.id}`, { token })).body.note).toBeNull();
  });

  it("a bad file still gets the existing clear errors", async () => {
    const { token } = await registerUser();
    const broken = await upload(token, '{"format":"viberead","articles":[{"url":', "broken.json");
    expect(broken.status).toBe(422);
    expect(broken.body.detail).toMatch(/^The file is not valid JSON: it breaks on line 1/);
    const noHighlightColumn = await upload(token, "Highlight,Book Title\n", "empty.csv");
    expect(noHighlightColumn.status).toBe(422);
    expect(noHighlightColumn.body.detail).toBe("The file has no links to import");
  });
});
