import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "../../src/worker/domain/html-to-markdown";
import { describeScopes, scopesToGrant } from "../../src/worker/domain/oauth-scopes";
import { articleLine, pageFooter } from "../../src/worker/mcp/mcp-format";

describe("htmlToMarkdown (get_article's content)", () => {
  it("turns headings, emphasis, links, lists, quotes, code and images into markdown", () => {
    const html = `<h2>Why   octopuses</h2><p>They are <strong>clever</strong> and <em>soft</em>, see
      <a href="https://example.com/a">the study</a> and <a href="javascript:alert(1)">this</a>.</p>
      <ul><li>Eight arms</li><li>Three hearts</li></ul><ol><li>First</li><li>Second</li></ol>
      <blockquote><p>Quoted line</p></blockquote><pre><code>let x = 1;\nx++;</code></pre>
      <p>Inline <code>code</code><br>next line</p><img src="https://example.com/o.png" alt="An octopus">
      <script>alert(1)</script><img src="data:image/png;base64,AAAA" alt="inline">`;
    expect(htmlToMarkdown(html)).toBe(
      [
        "## Why octopuses",
        "They are **clever** and *soft*, see [the study](https://example.com/a) and this.",
        "- Eight arms\n- Three hearts",
        "1. First\n2. Second",
        "> Quoted line",
        "```\nlet x = 1;\nx++;\n```",
        "Inline `code`  \nnext line",
        "![An octopus](https://example.com/o.png)",
      ].join("\n\n"),
    );
  });

  it("gives plain text back unchanged and empty content as empty", () => {
    expect(htmlToMarkdown("Just text")).toBe("Just text");
    expect(htmlToMarkdown("")).toBe("");
  });
});

describe("OAuth scopes", () => {
  it("grants the known scopes asked for plus reading, and everything when none is named", () => {
    expect(scopesToGrant(["articles:write", "admin:all"])).toEqual(["library:read", "articles:write"]);
    expect(scopesToGrant(["library:read"])).toEqual(["library:read"]);
    expect(scopesToGrant([])).toEqual(["library:read", "articles:write", "articles:update"]);
  });

  it("describes each scope in plain words and drops unknown ones", () => {
    expect(describeScopes(["articles:update", "other"])).toEqual([
      {
        scope: "articles:update",
        description: "Mark articles read or unread, rate them and highlight passages in them",
      },
    ]);
  });
});

describe("tool result lines", () => {
  it("names the article by id and title with its facts, and says how to get the next page", () => {
    expect(
      articleLine({ id: 7, title: "Tea", domain: "tea.example", is_read: false, created_at: "2026-11-20T10:00:00Z" }),
    ).toBe("- [7] **Tea** (tea.example, unread, saved 2026-11-20)");
    expect(pageFooter(1, 3, 45)).toBe("\n\nPage 1 of 3 (45 in all); ask for page 2 for more.");
    expect(pageFooter(1, 1, 4)).toBe("\n\n4 in all.");
    // A search of more matches than the server ranks: newest first, the total a lower bound.
    expect(pageFooter(2, 50, 1000, false)).toBe(
      "\n\nPage 2 (more than 1000 articles match, listed newest first; ask for page 3 for more). " +
        "Add a word to narrow the search.",
    );
  });
});
