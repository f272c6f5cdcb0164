import { describe, expect, it } from "vitest";
import {
  countBy,
  type LabelledPage,
  libraryProblems,
  loadLabelledLibrary,
  readLabelledLibrary,
  selectPages,
} from "../../scripts/labelled-library.mjs";

const library = readLabelledLibrary();
const englishNews = selectPages(library.pages, { language: "en", newsOnly: true });

describe("the labelled library of the related-article and topic benchmarks", () => {
  it("has every page in its corpus, with a listed subject, a language, a news flag and a split", () => {
    expect(libraryProblems(library)).toEqual([]);
  });

  it("names a page missing from its corpus, an unlisted subject and an unknown split", () => {
    const [first, second] = library.pages;
    if (!first || !second) throw new Error("the library has fewer than two pages");
    const page: LabelledPage = { ...first, page: "no-such-page.html" };
    const wrong = { ...second, subject: "astrology", split: "test" } as unknown as LabelledPage;
    expect(libraryProblems({ ...library, pages: [page, wrong] })).toEqual([
      `${first.corpus}/no-such-page.html: not in the corpus`,
      `${wrong.corpus}/${wrong.page}: subject "astrology" not in the list`,
      `${wrong.corpus}/${wrong.page}: split "test"`,
    ]);
  });

  it("holds at least 450 pages in German, English, Spanish and French, and every subject of its list", () => {
    const languages = countBy(library.pages, (page) => page.language);
    expect(library.pages.length).toBeGreaterThanOrEqual(450);
    for (const language of ["de", "en", "es", "fr"]) expect(languages[language]).toBeGreaterThanOrEqual(15);
    expect(Object.keys(countBy(library.pages, (page) => page.subject)).sort()).toEqual([...library.subjects].sort());
  });

  it("halves every group of pages with one language, subject and news flag between dev and held-out", () => {
    const groups = new Map<string, LabelledPage[]>();
    for (const page of library.pages) {
      const key = `${page.language} | ${page.subject} | ${page.news}`;
      groups.set(key, [...(groups.get(key) ?? []), page]);
    }
    const lopsided = [...groups]
      .map(([key, pages]) => [key, selectPages(pages, { split: "dev" }).length, pages.length] as const)
      .filter(([, dev, all]) => Math.abs(all - 2 * dev) > 1);
    expect(lopsided).toEqual([]);
  });

  it("has the English news of the corpora in both halves, in at least 8 subjects", () => {
    expect(englishNews.length).toBeGreaterThanOrEqual(85);
    expect(selectPages(englishNews, { split: "dev" }).length).toBeGreaterThanOrEqual(40);
    expect(selectPages(englishNews, { split: "heldout" }).length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(countBy(englishNews, (page) => page.subject)).length).toBeGreaterThanOrEqual(8);
  });

  it("loads the pages a filter selects with their HTML from each corpus, unzipping where the corpus zips", () => {
    const french = loadLabelledLibrary({ language: "fr" });
    expect(new Set(french.map((page) => page.corpus))).toEqual(
      new Set(["trafilatura-dev", "modern-dev", "readability-test-pages"]),
    );
    for (const page of french) {
      expect(page.language).toBe("fr");
      expect(page.html).toMatch(/<html|<body|<div|<p/i);
      expect(page.address).toMatch(/^https?:\/\//);
    }
  });
});
