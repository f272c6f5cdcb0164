import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { type ImportFormat, MalformedImport } from "../../src/worker/domain/imports/import-item";
import { highlightColor } from "../../src/worker/domain/imports/kept";
import { parseOmnivoreHighlights } from "../../src/worker/domain/imports/omnivore-highlights";
import { parseDate } from "../../src/worker/domain/imports/parse-date";
import { detectFormat, parseImport } from "../../src/worker/domain/imports/parse-import";
import bookmarksHtml from "../fixtures/imports/bookmarks.html?raw";
import bookmarksLatin1 from "../fixtures/imports/bookmarks-latin1.html?bytes";
import instapaperCsv from "../fixtures/imports/instapaper.csv?raw";
import instapaperWindows1252 from "../fixtures/imports/instapaper-windows-1252.csv?bytes";
import karakeepJson from "../fixtures/imports/karakeep.json?raw";
import karakeepOldDates from "../fixtures/imports/karakeep-old-dates.json?raw";
import chromeBookmarks from "../fixtures/imports/known-apps/chrome-Bookmarks.json?raw";
import firefoxBackup from "../fixtures/imports/known-apps/firefox-bookmarks-2024-05-01.json?raw";
import goodlinksJson from "../fixtures/imports/known-apps/goodlinks-export.json?raw";
import linkwardenJson from "../fixtures/imports/known-apps/linkwarden-backup.json?raw";
import omnivoreRawJson from "../fixtures/imports/known-apps/omnivore-metadata_0_to_2.json?raw";
import pinboardJson from "../fixtures/imports/known-apps/pinboard_export.json?raw";
import wallabagJson from "../fixtures/imports/known-apps/wallabag-export.json?raw";
import genericCsv from "../fixtures/imports/links.csv?raw";
import omnivoreFirst from "../fixtures/imports/omnivore/metadata_0_to_2.json?raw";
import omnivoreSecond from "../fixtures/imports/omnivore/metadata_2_to_3.json?raw";
import omnivoreContent from "../fixtures/imports/omnivore/omnivore-first.html?raw";
import onetabTxt from "../fixtures/imports/onetab.txt?raw";
import pocketCsv from "../fixtures/imports/pocket.csv?raw";
import pocketHtml from "../fixtures/imports/pocket.html?raw";
import pocketDuplicates from "../fixtures/imports/pocket-duplicates.csv?raw";
import pocketDuplicatesReversed from "../fixtures/imports/pocket-duplicates-reversed.csv?raw";
import pocketPart0 from "../fixtures/imports/pocket-zip/part_000000.csv?raw";
import pocketPart1 from "../fixtures/imports/pocket-zip/part_000001.csv?raw";
import raindropCsv from "../fixtures/imports/raindrop.csv?raw";
import readwiseCsv from "../fixtures/imports/readwise.csv?raw";
import readwiseHighlightsCsv from "../fixtures/imports/readwise-highlights.csv?raw";
import readwiseReaderCsv from "../fixtures/imports/readwise-reader.csv?raw";
import shortWindows1251 from "../fixtures/imports/short-windows-1251.csv?bytes";
import shortWindows1252 from "../fixtures/imports/short-windows-1252.csv?bytes";
import urlList from "../fixtures/imports/urls.txt?raw";
import vibereadJson from "../fixtures/imports/viberead.json?raw";
import vibereadCsv from "../fixtures/imports/viberead-export.csv?raw";
import vibereadHtml from "../fixtures/imports/viberead-export.html?raw";

const bytes = (text: string) => strToU8(text);
/** Omnivore's export is a zip; the fixture keeps its files readable and zips them here. */
const omnivoreZip = () =>
  zipSync({
    "Omnivore/metadata_2_to_3.json": strToU8(omnivoreSecond),
    "Omnivore/metadata_0_to_2.json": strToU8(omnivoreFirst),
    "Omnivore/content/omnivore-first.html": strToU8(omnivoreContent),
  });
const seconds = (s: number) => s * 1000;
const fromBase64 = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
/** Pocket's 2025 export download: a zip of `part_*.csv` files (here listed out of order, in a folder). */
const pocketZip = () =>
  zipSync({
    "pocket/part_000001.csv": strToU8(pocketPart1),
    "pocket/part_000000.csv": strToU8(pocketPart0),
  });

function parse(input: Uint8Array, format?: ImportFormat) {
  const parsed = parseImport(input, format);
  return { ...parsed, byUrl: new Map(parsed.rows.map(({ row, item }) => [item.url, { row, ...item }])) };
}

describe("import file detection", () => {
  it.each([
    ["pocket.csv", pocketCsv, "pocket-csv"],
    ["pocket.html", pocketHtml, "pocket-html"],
    ["instapaper.csv", instapaperCsv, "instapaper-csv"],
    ["readwise.csv", readwiseCsv, "readwise-csv"],
    ["raindrop.csv", raindropCsv, "raindrop-csv"],
    ["bookmarks.html", bookmarksHtml, "netscape-html"],
    ["urls.txt", urlList, "url-list"],
    ["karakeep.json", karakeepJson, "karakeep-json"],
    ["viberead.json", vibereadJson, "viberead-json"],
  ])("tells %s apart by its content", (_name, text, format) => {
    expect(detectFormat(bytes(text))).toBe(format);
  });

  it("tells a zip is Omnivore's, and refuses a file it cannot place", () => {
    expect(detectFormat(omnivoreZip())).toBe("omnivore-zip");
    expect(() => detectFormat(bytes("just some words\nand more words"))).toThrow(MalformedImport);
    expect(() => detectFormat(bytes('{"something":"else"}'))).toThrow(/neither a VibeRead nor a Karakeep/);
  });
});

describe("import parsers", () => {
  it("Pocket CSV: BOM, quoted commas and newlines, unix seconds, | tags, archive = read, URL-as-title dropped", () => {
    const { rows, invalid, byUrl, duplicates } = parse(bytes(pocketCsv));
    expect(rows).toHaveLength(3);
    expect(duplicates).toBe(1);
    expect(byUrl.get("https://example.com/bees?utm_source=pocket_saves")).toMatchObject({
      row: 1,
      title: 'Bees, wasps and "hornets": a field guide',
      savedAt: seconds(1700000000),
      read: false,
      tags: ["nature", "insects", "dup"], // the copy of row 6 merged in
    });
    expect(byUrl.get("https://example.com/no-title")).toMatchObject({ title: null, read: true });
    expect(byUrl.get("https://example.org/two-lines")).toMatchObject({ row: 3, title: "A title over two lines" });
    expect(invalid).toEqual([
      { row: 4, reason: "url must start with http:// or https://" },
      { row: 5, reason: "the row has no URL" },
    ]);
  });

  it("Pocket HTML: the Read Archive list is read, tags comma-separated, a javascript: link is invalid", () => {
    const { rows, invalid, byUrl } = parse(bytes(pocketHtml));
    expect(rows).toHaveLength(3);
    expect(byUrl.get("https://example.com/unread-one")).toMatchObject({
      title: "Soup & bread",
      read: false,
      savedAt: seconds(1500000000),
      tags: ["cooking", "slow food"],
    });
    expect(byUrl.get("https://example.com/no-title")?.title).toBeNull();
    expect(byUrl.get("https://example.com/archived")).toMatchObject({ read: true, savedAt: seconds(1400000000) });
    expect(invalid).toEqual([{ row: 4, reason: "url must start with http:// or https://" }]);
  });

  it("Instapaper CSV: Archive = read, Starred = good, other folders become tags, missing title", () => {
    const { byUrl, invalid } = parse(bytes(instapaperCsv));
    expect(byUrl.get("https://example.com/instapaper-1")).toMatchObject({
      title: 'Commas, "quotes" and more',
      read: false,
      tags: [],
      savedAt: seconds(1609459200),
    });
    expect(byUrl.get("https://example.com/instapaper-2")).toMatchObject({ title: null, read: true });
    expect(byUrl.get("https://example.com/instapaper-3")).toMatchObject({ rating: 1, tags: [] });
    expect(byUrl.get("https://example.com/instapaper-4")?.tags).toEqual(["Cooking"]);
    expect(invalid).toEqual([{ row: 5, reason: "url must start with http:// or https://" }]);
  });

  it("Readwise Reader CSV: list-style tags, SQL-style dates with and without a zone, archive = read", () => {
    const { byUrl, invalid } = parse(bytes(readwiseCsv));
    expect(byUrl.get("https://example.com/readwise-1")).toMatchObject({
      title: "Why, oh why",
      tags: ["research", "to read"],
      savedAt: Date.UTC(2024, 0, 2, 3, 4, 5),
      read: false,
    });
    expect(byUrl.get("https://example.com/readwise-2")).toMatchObject({
      read: true,
      savedAt: Date.UTC(2024, 1, 3, 10),
    });
    expect(byUrl.get("https://example.com/readwise-3")).toMatchObject({ title: null, read: false });
    expect(invalid).toEqual([{ row: 4, reason: "skipped: a feed item, delivered by a feed and never saved by you" }]);
  });

  it("Raindrop CSV: ISO dates, comma tags in one field, the folder as a tag (not Unsorted), favourite = good", () => {
    const { byUrl, invalid } = parse(bytes(raindropCsv));
    expect(byUrl.get("https://example.com/raindrop-1")).toMatchObject({
      title: "Raindrop, first",
      tags: ["design", "css", "Reading/Later"],
      savedAt: Date.parse("2023-05-06T07:08:09.000Z"),
      rating: 1,
    });
    expect(byUrl.get("https://example.com/raindrop-2")).toMatchObject({ tags: [], rating: null });
    expect(invalid).toEqual([{ row: 3, reason: "url must start with http:// or https://" }]);
  });

  it("Netscape bookmarks: nested folders become tags (browser roots do not), TAGS kept, entities decoded", () => {
    const { byUrl, invalid } = parse(bytes(bookmarksHtml));
    expect(byUrl.get("https://example.com/bookmark-1")).toMatchObject({
      title: "Top & level",
      tags: [],
      savedAt: seconds(1600000010),
    });
    expect(byUrl.get("https://example.com/bookmark-2")?.tags).toEqual(["Recipes", "soup", "winter"]);
    expect(byUrl.get("https://example.com/bookmark-3")).toMatchObject({ tags: ["Recipes", "Desserts"], savedAt: null });
    expect(byUrl.get("https://example.com/bookmark-4")).toMatchObject({ title: null, tags: [] });
    expect(invalid).toEqual([{ row: 4, reason: "url must start with http:// or https://" }]);
  });

  it("a list of links: comments and blank lines skipped, rows are line numbers", () => {
    const { rows, invalid } = parse(bytes(urlList));
    expect(rows.map((r) => [r.row, r.item.url])).toEqual([
      [2, "https://example.com/list-1"],
      [4, "https://example.com/list-2"],
      [5, "https://example.com/list-3"],
    ]);
    expect(invalid).toEqual([{ row: 6, reason: "url must start with http:// or https://" }]);
  });

  it("Karakeep JSON: unix-second createdAt, archived = read, favourited = good, the title in either place", () => {
    const { byUrl, invalid } = parse(bytes(karakeepJson));
    expect(byUrl.get("https://example.com/karakeep-1")).toMatchObject({
      title: "Karakeep link",
      read: true,
      rating: 1,
      tags: ["self-hosted", "Tools"],
      savedAt: seconds(1717000000),
    });
    expect(byUrl.get("https://example.com/karakeep-2")).toMatchObject({ title: "Title inside content", read: false });
    expect(invalid).toEqual([{ row: 3, reason: "the entry is a text, not a link" }]);
  });

  it("Omnivore zip: only metadata files, in their numbered order; Archived = read; labels become tags", () => {
    const { rows, byUrl, invalid } = parse(omnivoreZip());
    expect(rows.map((r) => r.row)).toEqual([1, 2]);
    expect(byUrl.get("https://example.com/omnivore-1")).toMatchObject({
      title: "Omnivore, first",
      read: true,
      tags: ["Newsletter", "tech"],
      savedAt: Date.parse("2024-04-01T12:00:00.000Z"),
    });
    expect(byUrl.get("https://example.com/omnivore-2")).toMatchObject({ title: null, read: false });
    expect(invalid).toEqual([{ row: 3, reason: "the row has no URL" }]);
  });

  it("our own export: read date, rating, tags, summary and content kept", () => {
    const { byUrl, invalid } = parse(bytes(vibereadJson));
    expect(byUrl.get("https://example.com/viberead-1")).toMatchObject({
      title: "Kept with its content",
      read: true,
      readAt: Date.parse("2025-06-02T09:30:00.000Z"),
      savedAt: Date.parse("2025-06-01T08:00:00.000Z"),
      rating: 1,
      tags: ["Garden", "export"],
      summary: "A **short** summary.",
      language: "en",
    });
    expect(byUrl.get("https://example.com/viberead-1")?.content).toContain("came from an export");
    expect(byUrl.get("https://example.com/viberead-2")).toMatchObject({ rating: -1, read: false, content: null });
    expect(invalid).toEqual([{ row: 3, reason: "the row has no URL" }]);
  });

  it("a malformed file is refused with the row or line where it breaks", () => {
    const unclosed =
      'title,url,time_added,cursor,tags,status\nfine,https://example.com/a,1,1,,unread\n"broken,https://example.com/b,1,1,,unread\n';
    expect(() => parseImport(bytes(unclosed), "pocket-csv")).toThrow("Row 2: a quoted field is never closed");
    expect(() => parseImport(bytes('{"bookmarks": [\n {"a": 1},\n {"b": }\n]}'), "karakeep-json")).toThrow(/line 3/);
    expect(() => parseImport(bytes("name,link\nx,https://example.com"), "pocket-csv")).toThrow(/no "url" column/);
    expect(() => parseImport(bytes("not a zip"), "omnivore-zip")).toThrow(MalformedImport);
  });
});

describe("import dates", () => {
  it("reads unix seconds, milliseconds, ISO and SQL-style dates, and refuses implausible ones", () => {
    expect(parseDate("1700000000")).toBe(1_700_000_000_000);
    expect(parseDate(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(parseDate("2024-01-02T03:04:05Z")).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(parseDate("2024-01-02 03:04:05")).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(parseDate("0")).toBeNull();
    expect(parseDate(631065600)).toBe(Date.UTC(1989, 11, 31, 0, 0)); // before 1990: kept
    expect(parseDate("1985-03-01")).toBe(Date.UTC(1985, 2, 1));
    expect(parseDate("someday")).toBeNull();
    expect(parseDate(String(Date.now() / 1000 + 365 * 86400))).toBeNull();
  });
});

describe("imports from real exports (issue 31)", () => {
  it("Pocket's zip: every part_*.csv, in order of its number, rows numbered across the parts", () => {
    expect(detectFormat(pocketZip())).toBe("pocket-csv");
    const { rows, invalid, byUrl, format } = parse(pocketZip());
    expect(format).toBe("pocket-csv");
    expect(rows.map((r) => [r.row, r.item.url])).toEqual([
      [1, "https://example.com/pocket-part-0a"],
      [2, "https://example.com/pocket-part-0b"],
      [3, "https://example.com/pocket-part-1a"],
    ]);
    expect(byUrl.get("https://example.com/pocket-part-0a")).toMatchObject({
      title: "Slow food, fast lives",
      tags: ["food", "essays"],
      savedAt: seconds(1712000000),
    });
    expect(byUrl.get("https://example.com/pocket-part-0b")).toMatchObject({ title: null, read: true });
    expect(invalid).toEqual([{ row: 4, reason: "url must start with http:// or https://" }]);
  });

  it("a Windows-1252 CSV (Excel) is decoded by detection, and the result says how it was read", () => {
    const parsed = parse(fromBase64(instapaperWindows1252));
    expect(parsed.format).toBe("instapaper-csv");
    expect(parsed.decoded).toMatchObject({ encoding: "windows-1252", source: "detected" });
    expect(parsed.byUrl.get("https://example.com/cafe")).toMatchObject({
      title: "Café déjà vu – a “naïve” menu",
      tags: ["cuisine", "français"],
    });
    expect(parsed.byUrl.get("https://example.com/uber")?.title).toBe("Über die Brücke: Straßenbahn für 5 €");
    expect(parsed.byUrl.get("https://example.com/senor")?.title).toBe("Señor Niño’s piñata");
  });

  it("a short Windows-1252 CSV is read as windows-1252 when the detector is unsure (it scores ISO-8859-2 first)", () => {
    const parsed = parse(fromBase64(shortWindows1252));
    expect(parsed.decoded).toMatchObject({ encoding: "windows-1252", source: "detected", confident: false });
    expect(parsed.byUrl.get("https://example.com/cafe-short")?.title).toBe("Café déjà vu");
  });

  it("reads a file in the encoding the reader chose, over the detector's guess", () => {
    const guessed = parse(fromBase64(shortWindows1251));
    expect(guessed.byUrl.get("https://example.com/privet")?.title).not.toBe("Привет мир");
    const parsed = parseImport(fromBase64(shortWindows1251), undefined, "windows-1251");
    expect(parsed.decoded).toMatchObject({ encoding: "windows-1251", source: "chosen" });
    expect(parsed.rows[0]?.item.title).toBe("Привет мир");
  });

  it("a Latin-1 bookmarks file is decoded by the charset its <META> declares", () => {
    const parsed = parse(fromBase64(bookmarksLatin1));
    expect(parsed.decoded).toMatchObject({ encoding: "windows-1252", source: "declared", confident: true });
    expect(parsed.byUrl.get("http://example.com/ampere")).toMatchObject({
      title: "Ampère et l'électrodynamique",
      tags: ["Électricité"],
    });
    expect(parsed.byUrl.get("http://example.com/garcon")?.title).toBe("Garçon, où est la Crème brûlée?");
  });

  it("any CSV with a URL column is read by its header: title, labels, folder, created; a bad date is a warning", () => {
    expect(detectFormat(bytes(genericCsv))).toBe("csv");
    const { byUrl, invalid, warnings } = parse(bytes(genericCsv));
    expect(byUrl.get("https://example.com/generic-1")).toMatchObject({
      title: "Reading, slowly",
      tags: ["craft", "habits", "Essays"],
      savedAt: Date.parse("2023-04-05T06:07:08Z"),
    });
    expect(byUrl.get("https://example.com/generic-2")).toMatchObject({
      title: null,
      tags: [],
      savedAt: Date.UTC(2023, 3, 6),
    });
    expect(byUrl.get("https://example.com/generic-3")).toMatchObject({ tags: ["cli", "Tools"], savedAt: null });
    expect(warnings).toEqual([
      { row: 3, reason: expect.stringContaining('created "sometime last spring" is not a date') },
    ]);
    expect(invalid).toEqual([{ row: 4, reason: "url must start with http:// or https://" }]);
    for (const { item } of parse(bytes(genericCsv)).rows) expect(item.url).not.toContain(",");
  });

  it("never stores a CSV line as a URL: a CSV without a URL column is refused, a headerless one is invalid rows", () => {
    expect(() => parseImport(bytes("link_text,added\nhello,2024-01-01\n"))).toThrow(/no URL column/);
    const headerless = parse(
      bytes("https://example.com/a,Some title,1700000000\nhttps://en.wikipedia.org/wiki/Washington,_D.C.\n"),
    );
    expect(headerless.rows.map((r) => r.item.url)).toEqual(["https://en.wikipedia.org/wiki/Washington,_D.C."]);
    expect(headerless.invalid).toEqual([{ row: 1, reason: expect.stringMatching(/row of a CSV, not a link/) }]);
  });

  it("Instapaper's Tags column (a JSON list) becomes tags beside the folder", () => {
    const csv =
      'URL,Title,Selection,Folder,Timestamp,Tags\nhttps://example.com/i,T,,Cooking,1609459200,"[""soup"",""winter""]"\n';
    expect(parse(bytes(csv)).byUrl.get("https://example.com/i")?.tags).toEqual(["Cooking", "soup", "winter"]);
  });

  it("Readwise: a comma inside a quoted tag stays, \\' is unescaped, progress 5 and 1 are 5% and 1%, feed items skipped", () => {
    const { byUrl, invalid } = parse(bytes(readwiseReaderCsv));
    expect(byUrl.get("https://example.com/rw-1")).toMatchObject({ tags: ["design, ux", "research"], read: false });
    expect(byUrl.get("https://example.com/rw-2")).toMatchObject({
      tags: ['it\'s "fine"', "author's pick"],
      read: false,
    });
    expect(byUrl.get("https://example.com/rw-3")?.read).toBe(true);
    expect(byUrl.has("https://example.com/rw-4")).toBe(false);
    expect(invalid).toEqual([{ row: 4, reason: "skipped: a feed item, delivered by a feed and never saved by you" }]);
  });

  it("our own HTML and CSV exports come back with their read state and ratings", () => {
    const html = parse(bytes(vibereadHtml));
    expect(html.byUrl.get("https://example.com/vr-html-read")).toMatchObject({
      read: true,
      rating: 1,
      tags: ["garden", "export"],
      title: "Read and rated good",
    });
    expect(html.byUrl.get("https://example.com/vr-html-unread")).toMatchObject({ read: false, rating: -1 });
    expect(html.byUrl.get("https://example.com/vr-html-untitled")).toMatchObject({ title: null, rating: null });
    expect(detectFormat(bytes(vibereadCsv))).toBe("viberead-csv");
    const csv = parse(bytes(vibereadCsv));
    expect(csv.byUrl.get("https://example.com/vr-csv-read")).toMatchObject({
      read: true,
      readAt: Date.parse("2024-06-01T10:00:00.000Z"),
      rating: 1,
      tags: ["garden", "export"],
    });
    expect(csv.byUrl.get("https://example.com/vr-csv-unread")).toMatchObject({ read: false, rating: 0 });
  });

  it("a URL twice in one file is one row: tags joined, read and the earlier date, whichever copy comes first", () => {
    for (const file of [pocketDuplicates, pocketDuplicatesReversed]) {
      const { rows, duplicates } = parse(bytes(file));
      expect(duplicates).toBe(1);
      const twice = rows.find((r) => r.item.url.startsWith("https://example.com/twice"))?.item;
      expect(twice).toMatchObject({ read: true, savedAt: seconds(1711000000), title: "Twice in the file" });
      expect([...(twice?.tags ?? [])].sort()).toEqual(["first", "second"]);
    }
  });

  it("Karakeep: a date before 1990 is kept; an unreadable one is a warning on its row", () => {
    const { byUrl, warnings } = parse(bytes(karakeepOldDates));
    expect(byUrl.get("https://example.com/karakeep-1989")?.savedAt).toBe(seconds(631065600));
    expect(byUrl.get("https://example.com/karakeep-no-date")?.savedAt).toBeNull();
    expect(warnings).toEqual([{ row: 2, reason: expect.stringContaining('"the day after yesterday" is not a date') }]);
  });

  it.each([
    ["raw Omnivore JSON", omnivoreRawJson, /Omnivore export.*whole zip/],
    ["Linkwarden", linkwardenJson, /Linkwarden export.*HTML/],
    ["Pinboard", pinboardJson, /Pinboard export.*HTML/],
    ["GoodLinks", goodlinksJson, /GoodLinks export/],
    ["wallabag", wallabagJson, /wallabag export.*CSV/],
    ["Chrome's Bookmarks file", chromeBookmarks, /Chrome.*Export bookmarks/],
    ["Firefox's JSON backup", firefoxBackup, /Firefox export.*Export Bookmarks to HTML/],
  ])("refuses %s naming the app and what to upload instead", (_name, text, message) => {
    expect(() => detectFormat(bytes(text))).toThrow(message);
  });

  it("OneTab: `url | title` lines, the title may hold a bar; a title that is only the URL is none", () => {
    expect(detectFormat(bytes(onetabTxt))).toBe("onetab");
    const { rows } = parse(bytes(onetabTxt));
    expect(rows.map((r) => [r.row, r.item.url, r.item.title])).toEqual([
      [1, "https://example.com/onetab-1", "First tab | with a bar in its title"],
      [2, "https://example.com/onetab-2", null],
      [4, "https://example.com/onetab-3", "After a blank line: a second group"],
    ]);
  });
});

describe("highlights in import files (issue 32)", () => {
  it("Readwise's highlights CSV is told by its columns; rows group by article title, empty highlights are invalid", () => {
    expect(detectFormat(bytes(readwiseHighlightsCsv))).toBe("readwise-highlights-csv");
    const parsed = parseImport(bytes(readwiseHighlightsCsv));
    expect(parsed.rows).toEqual([]);
    expect(
      parsed.titled?.map((t) => [t.row, t.title, t.item.kept?.highlights.map((h) => [h.exact, h.color, h.note])]),
    ).toEqual([
      [
        1,
        "Gardens in Winter",
        [
          ["Prune the roses late.", "blue", "Before March"],
          ["Cover the beds with leaves.", "yellow", null],
        ],
      ],
      [3, "Unknown Book", [["A passage of a book never saved here.", "yellow", null]]],
    ]);
    expect(parsed.titled?.[0]?.item.tags).toEqual(["garden"]);
    expect(parsed.invalid).toEqual([{ row: 4, reason: "the highlight has no text" }]);
  });

  it("a highlights CSV with a URL column attaches by URL", () => {
    const csv =
      "Highlight,Title,URL,Note,Color\nA line,Some page,https://example.com/p,n,pink\nAnother,Some page,https://example.com/p,,\n";
    const parsed = parseImport(bytes(csv));
    expect(parsed.format).toBe("readwise-highlights-csv");
    expect(parsed.rows.map((r) => [r.item.url, r.item.kept?.highlights.map((h) => h.exact)])).toEqual([
      ["https://example.com/p", ["A line", "Another"]],
    ]);
  });

  it("Omnivore's highlights markdown: quotes over paragraphs, labels apart from notes, a note before any quote", () => {
    const parsed = parseOmnivoreHighlights(
      "An article note.\n\n> First quote \n\n#label #other\n\nIts note\n\nsecond paragraph of the note\n\n> Two\n> \nparagraphs ",
    );
    expect(parsed).toEqual({
      note: "An article note.",
      highlights: [
        { quote: "First quote", labels: ["label", "other"], note: "Its note\n\nsecond paragraph of the note" },
        { quote: "Two\n\nparagraphs", labels: [], note: null },
      ],
    });
  });

  it("colours of other apps map to ours, anything unknown to yellow", () => {
    expect(["Yellow", "orange", "red", "purple", "green", "teal", undefined].map(highlightColor)).toEqual([
      "yellow",
      "yellow",
      "pink",
      "blue",
      "green",
      "yellow",
      "yellow",
    ]);
  });
});
