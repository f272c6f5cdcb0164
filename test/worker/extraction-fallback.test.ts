import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/worker/domain/extraction/dom";
import { extractArticleWithSource, mainContentFallback } from "../../src/worker/domain/extraction/extract-article";

/**
 * When Readability finds no article (a short forum thread), the page's <main> stands in for it, without the
 * furniture the page marks as such: by tag, by ARIA role, and a schema.org breadcrumb trail.
 */
const thread = `<!DOCTYPE html><html lang="en"><head><title>Which tent for a windy ridge? - Gear Talk</title></head><body>
<header><a href="/">Gear Talk</a></header>
<main>
  <h1>Which tent for a windy ridge?</h1>
  <div class="topic-category" itemscope itemtype="https://schema.org/BreadcrumbList">
    <span itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a href="/c/camping" itemprop="item"><span itemprop="name">Camping Corner</span></a></span>
    <span itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a href="/c/tents" itemprop="item"><span itemprop="name">Shelter Talk</span></a></span>
  </div>
  <div class="post"><p>I camp on an exposed ridge each autumn. Which tent holds up in strong wind?</p></div>
  <div class="post"><p>A low dome with crossing poles and many guy lines has never let me down.</p></div>
  <div id="related-topics" role="complementary"><h3>Related topics</h3><table><tr><td><a href="/t/1">Best stakes for sand</a></td><td>12</td></tr></table></div>
</main>
<footer>© Gear Talk</footer>
</body></html>`;

describe("extraction when Readability finds no article", () => {
  it("keeps the posts and leaves out a complementary box and a breadcrumb trail", () => {
    const text = mainContentFallback(parseDocument(thread)).textContent ?? "";
    expect(text).toContain("Which tent holds up in strong wind?");
    expect(text).toContain("crossing poles");
    for (const furniture of [
      "Related topics",
      "Best stakes for sand",
      "Camping Corner",
      "Shelter Talk",
      "© Gear Talk",
    ]) {
      expect(text).not.toContain(furniture);
    }
  });

  it("reads the thread's <main>, not the one <article> in it that is a linked page's preview card", () => {
    // A forum inlines a preview of a link in a reply as an <article>, the page's only one; the posts are <div>s.
    const withPreview = thread.replace(
      '<div class="post"><p>A low dome',
      '<div class="post"><aside class="onebox"><article class="onebox-body"><h3>Ridge tents</h3><p>A shop\'s page.</p></article></aside><p>A low dome',
    );
    const text = mainContentFallback(parseDocument(withPreview)).textContent ?? "";
    expect([text.includes("Which tent holds up in strong wind?"), text.includes("crossing poles")]).toEqual([
      true,
      true,
    ]);
  });

  it("cleans the stand-in as it cleans Readability's choice: a thread's closing notice goes", () => {
    // A forum built by script keeps its posts in a container hidden until the app starts: Readability reads none.
    const html = `<!DOCTYPE html><html lang="en"><head><title>Which tent for a windy ridge? - Gear Talk</title></head><body>
      <div hidden id="main-outlet"><main><h1>Which tent for a windy ridge?</h1>
      <div class="topic-body"><p>I camp on an exposed ridge each autumn. Which tent holds up in strong wind when the gusts come over the crest at night?</p></div>
      <div class="topic-body"><p>A low dome with crossing poles and many guy lines has never let me down, even in the storms of the last two winters.</p></div>
      <div class="topic-body"><p>This topic was automatically closed 30 days after the last reply. New replies are no longer allowed.</p></div>
      </main></div></body></html>`;
    const { source, article } = extractArticleWithSource(html, "https://forum.example/t/which-tent/1");
    expect(source).toBe("fallback-no-article");
    expect([article.text.includes("crossing poles"), article.text.includes("automatically closed")]).toEqual([
      true,
      false,
    ]);
  });
});
