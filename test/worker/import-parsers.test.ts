import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { type ImportFormat, MalformedImport } from "../../src/worker/domain/imports/import-item";
import { parseDate } from "../../src/worker/domain/imports/parse-date";
import { detectFormat, parseImport } from "../../src/worker/domain/imports/parse-import";
import bookmarksHtml from "../fixtures/imports/bookmarks.html?raw";
import instapaperCsv from "../fixtures/imports/instapaper.csv?raw";
import karakeepJson from "../fixtures/imports/karakeep.json?raw";
import omnivoreFirst from "../fixtures/imports/omnivore/metadata_0_to_2.json?raw";
import omnivoreSecond from "../fixtures/imports/omnivore/metadata_2_to_3.json?raw";
import omnivoreContent from "../fixtures/imports/omnivore/omnivore-first.html?raw";
import pocketCsv from "../fixtures/imports/pocket.csv?raw";
import pocketHtml from "../fixtures/imports/pocket.html?raw";
import raindropCsv from "../fixtures/imports/raindrop.csv?raw";
import readwiseCsv from "../fixtures/imports/readwise.csv?raw";
import urlList from "../fixtures/imports/urls.txt?raw";
import vibereadJson from "../fixtures/imports/viberead.json?raw";

const bytes = (text: string) => strToU8(text);
/** Omnivore's export is a zip; the fixture keeps its files readable and zips them here. */
const omnivoreZip = () =>
  zipSync({
    "Omnivore/metadata_2_to_3.json": strToU8(omnivoreSecond),
    "Omnivore/metadata_0_to_2.json": strToU8(omnivoreFirst),
    "Omnivore/content/omnivore-first.html": strToU8(omnivoreContent),
  });
const seconds = (s: number) => s * 1000;

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
    const { rows, invalid, byUrl } = parse(bytes(pocketCsv));
    expect(rows).toHaveLength(4);
    expect(byUrl.get("https://example.com/bees?utm_source=pocket_saves")).toMatchObject({
      row: 1,
      title: 'Bees, wasps and "hornets": a field guide',
      savedAt: seconds(1700000000),
      read: false,
      tags: ["nature", "insects"],
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
    expect(invalid).toEqual([{ row: 4, reason: "the row has no URL" }]);
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
    expect(parseDate("someday")).toBeNull();
    expect(parseDate(String(Date.now() / 1000 + 365 * 86400))).toBeNull();
  });
});
