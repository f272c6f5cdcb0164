import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { LibraryHighlight, LibraryNote } from "../../src/client/api/types";
import {
  exportFilename,
  HIGHLIGHT_CSV_COLUMNS,
  highlightsCsv,
  highlightsFile,
  highlightsJson,
  highlightsMarkdown,
} from "../../src/client/lib/highlight-export";
import { groupsWithNotes } from "../../src/client/lib/highlight-list";

let nextId = 100;
function libraryHighlight(
  article: LibraryHighlight["article"],
  quote: string,
  createdAt: string,
  extra: Partial<LibraryHighlight> = {},
): LibraryHighlight {
  return {
    id: nextId++,
    article_id: article.id,
    target: "content",
    quote,
    color: "yellow",
    note: null,
    anchor_status: "anchored",
    selectors: [{ type: "TextQuoteSelector", exact: quote, prefix: "", suffix: "" }],
    client_id: null,
    created_at: createdAt,
    updated_at: createdAt,
    article,
    ...extra,
  };
}

const garden = { id: 1, title: "Gardens", url: "https://a.example/gardens", domain: "a.example", note: "Plant in May" };
const bikes = { id: 2, title: "Bicycles", url: "https://b.example/bikes", domain: "b.example", note: null };
const rivers = { id: 3, title: null, url: "https://c.example/rivers", domain: "c.example" };

const highlights = [
  libraryHighlight(bikes, "A dry chain announces itself", "2026-11-30T10:00:00.000Z", { color: "blue" }),
  libraryHighlight(garden, "=Tomatoes like the sun", "2026-11-29T10:00:00.000Z", { note: 'true, "really"' }),
  libraryHighlight(garden, "Basil likes tomatoes", "2026-11-28T10:00:00.000Z", { target: "summary" }),
];
const notes: LibraryNote[] = [
  { article: rivers, note: "Rivers need rain", note_updated_at: "2026-11-29T12:00:00.000Z" },
  { article: garden, note: "Plant in May", note_updated_at: "2026-11-01T00:00:00.000Z" },
];
const now = new Date("2026-12-01T09:00:00.000Z");

describe("the highlights page's groups with the articles' notes (issue 50)", () => {
  it("puts a note in its article's group, and a note alone in a group of its own at its time", () => {
    const groups = groupsWithNotes(highlights, notes);
    expect(groups.map((g) => [g.article.id, g.note ?? null, g.highlights.length])).toEqual([
      [2, null, 1],
      [3, "Rivers need rain", 0],
      [1, "Plant in May", 2],
    ]);
  });
});

describe("the highlights page's export (issue 50)", () => {
  const groups = groupsWithNotes(highlights, notes);
  const filters = { search: "tomatoes", color: null, tag: "Garden Life" };

  it("writes Markdown: each article with its link, its note, then its highlights as block quotes", () => {
    const markdown = highlightsMarkdown(groups, filters, now);
    expect(markdown).toContain('Filters: search "tomatoes", tag "Garden Life".');
    expect(markdown).toContain("## Gardens\n\n<https://a.example/gardens>\n\n### Note\n\n> Plant in May");
    expect(markdown).toContain('> =Tomatoes like the sun\n\ntrue, "really"\n\n#highlight/yellow');
    expect(markdown).toContain(
      "## https://c.example/rivers\n\n<https://c.example/rivers>\n\n### Note\n\n> Rivers need rain",
    );
    expect(markdown.indexOf("Bicycles")).toBeLessThan(markdown.indexOf("rivers"));
  });

  it("writes JSON with the filters and every article shown, notes and highlights", () => {
    const json = JSON.parse(highlightsJson(groups, filters, now));
    expect(json).toMatchObject({
      format: "viberead-highlights",
      version: 1,
      exported_at: "2026-12-01T09:00:00.000Z",
      filters: { search: "tomatoes", color: null, tag: "Garden Life" },
    });
    expect(json.articles.map((a: { id: number; note: string | null }) => [a.id, a.note])).toEqual([
      [2, null],
      [3, "Rivers need rain"],
      [1, "Plant in May"],
    ]);
    expect(json.articles[2].highlights.map((h: { quote: string; target: string }) => [h.quote, h.target])).toEqual([
      ["=Tomatoes like the sun", "content"],
      ["Basil likes tomatoes", "summary"],
    ]);
  });

  it("writes CSV a spreadsheet opens safely: a row per note and per highlight, formulas defused", () => {
    const csv = highlightsCsv(Papa, groups);
    const { data } = Papa.parse<string[]>(csv.trim());
    expect(data[0]).toEqual([...HIGHLIGHT_CSV_COLUMNS]);
    expect(data.slice(1).map((row) => [row[1], row[2], row[3], row[4]])).toEqual([
      ["https://b.example/bikes", "highlight", "A dry chain announces itself", ""],
      ["https://c.example/rivers", "note", "", "Rivers need rain"],
      ["https://a.example/gardens", "note", "", "Plant in May"],
      ["https://a.example/gardens", "highlight", "'=Tomatoes like the sun", 'true, "really"'],
      ["https://a.example/gardens", "highlight", "Basil likes tomatoes", ""],
    ]);
  });

  it("gives a document's page with each highlight that has one (issue 54): Markdown, JSON and CSV", () => {
    const paper = { id: 4, title: "How Bees Dance", url: "document:sha256:ab12", domain: null, note: null };
    const cited = groupsWithNotes(
      [libraryHighlight(paper, "Dances grew longer", "2026-12-01T08:00:00.000Z", { page: 2 })],
      [],
    );
    expect(highlightsMarkdown(cited, {}, now)).toContain("> Dances grew longer\n\np. 2\n\n#highlight/yellow");
    expect(JSON.parse(highlightsJson(cited, {}, now)).articles[0].highlights[0].page).toBe(2);
    const { data } = Papa.parse<string[]>(highlightsCsv(Papa, cited).trim());
    expect(data[1]?.[HIGHLIGHT_CSV_COLUMNS.indexOf("page")]).toBe("2");
    // A web article's highlight has no page line.
    expect(highlightsMarkdown(groups, filters, now)).not.toMatch(/^p\. /m);
  });

  it("names the file by date and filters", async () => {
    expect(exportFilename("markdown", filters, now)).toBe("viberead-highlights-2026-12-01-tomatoes-garden-life.md");
    expect(exportFilename("csv", {}, now)).toBe("viberead-highlights-2026-12-01.csv");
    const file = await highlightsFile("json", groups, {}, now);
    expect(file).toMatchObject({
      name: "viberead-highlights-2026-12-01.json",
      type: "application/json; charset=utf-8",
    });
  });
});
