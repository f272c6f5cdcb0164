import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, registerUser, seedProcessedArticle } from "./helpers";
import { callTool, connect, mcpClient } from "./oauth-helpers";

const TEXT =
  "Bread needs time. A long cold proof gives the crumb its flavour. Salt slows the yeast, so add it late. " +
  "Bake hot, then let the loaf cool before cutting.";

async function highlightCount(token: string, articleId: number): Promise<number> {
  return (await api("GET", `/api/articles/${articleId}/highlights`, { token })).body.highlights.length;
}

describe("MCP: highlights and notes (issue 32)", () => {
  it("add_highlight finds the quote in the text; a quote not in it is a tool error and stores nothing", async () => {
    const { token, user } = await registerUser();
    const id = await seedProcessedArticle(user.id, { title: "Slow bread", text: TEXT });
    const client = await mcpClient((await connect(token)).accessToken);

    const added = await callTool(client, "add_highlight", {
      article_id: id,
      quote: "A long cold proof gives the crumb its flavour.",
      note: "Try 48 hours",
      color: "green",
    });
    expect(added.isError).toBe(false);
    expect(added.text).toContain("> A long cold proof gives the crumb its flavour.");
    expect(added.text).toContain("(green)");
    const stored = (await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights;
    expect(stored).toMatchObject([
      {
        quote: "A long cold proof gives the crumb its flavour.",
        note: "Try 48 hours",
        color: "green",
        anchor_status: "anchored",
      },
    ]);
    // The context that tells repeated phrases apart was taken from the text.
    expect(stored[0].selectors[0].prefix).toBe("Bread needs time. ");

    const missing = await callTool(client, "add_highlight", { article_id: id, quote: "Rye needs no kneading at all." });
    expect(missing).toEqual({ isError: true, text: "quote: this passage is not in the article's text" });
    expect(await highlightCount(token, id)).toBe(1);

    const other = await registerUser();
    const theirs = await seedProcessedArticle(other.user.id, { title: "Theirs", text: TEXT });
    expect(await callTool(client, "add_highlight", { article_id: theirs, quote: "Bread needs time." })).toEqual({
      isError: true,
      text: "Article not found",
    });
    expect(await highlightCount(other.token, theirs)).toBe(0);
  });

  it("list_highlights: newest first with article and status; by article in reading order; colour and words filter", async () => {
    const { token, user } = await registerUser();
    const bread = await seedProcessedArticle(user.id, { title: "Slow bread", text: TEXT });
    const tea = await seedProcessedArticle(user.id, {
      title: "Tea",
      text: "Green tea wants cooler water than black tea.",
    });
    const client = await mcpClient((await connect(token)).accessToken);
    const add = (article: number, body: Record<string, unknown>) =>
      api("POST", `/api/articles/${article}/highlights`, { token, body });
    await add(bread, { quote: "Bake hot, then let the loaf cool before cutting.", color: "pink" });
    await add(bread, { quote: "Bread needs time.", note: "the whole point" });
    await add(tea, { quote: "Green tea wants cooler water", color: "blue" });

    const all = await callTool(client, "list_highlights", {});
    expect(all.text.indexOf("Green tea wants")).toBeLessThan(all.text.indexOf("Bread needs time."));
    expect(all.text).toContain(`From [${tea}] **Tea** `);
    expect(all.text).toContain("Note: the whole point");

    const ordered = await callTool(client, "list_highlights", { article_id: bread });
    expect(ordered.text.indexOf("Bread needs time.")).toBeLessThan(ordered.text.indexOf("Bake hot"));
    expect(ordered.text).not.toContain("Green tea");

    const pink = await callTool(client, "list_highlights", { color: "pink" });
    expect(pink.text).toContain("Bake hot");
    expect(pink.text).not.toContain("Bread needs time.");
    const words = await callTool(client, "list_highlights", { search: "whole point" });
    expect(words.text).toContain("Bread needs time.");
    expect(words.text).not.toContain("Green tea");

    const firstPage = await callTool(client, "list_highlights", { article_id: bread, limit: 1 });
    const cursor = /cursor "([^"]+)"/.exec(firstPage.text)?.[1];
    expect(cursor).toBeDefined();
    const secondPage = await callTool(client, "list_highlights", { article_id: bread, limit: 1, cursor });
    expect(secondPage.text).toContain("Bake hot");
    expect(secondPage.text).not.toContain("cursor");
  });

  it("get_article shows the article note and its highlights in reading order, and an orphaned one as such", async () => {
    const { token, user } = await registerUser();
    const id = await seedProcessedArticle(user.id, { title: "Slow bread", text: TEXT });
    await api("PUT", `/api/articles/${id}`, { token, body: { note: "Read before baking on Sunday" } });
    await api("POST", `/api/articles/${id}/highlights`, {
      token,
      body: { quote: "Salt slows the yeast", color: "blue" },
    });
    await api("POST", `/api/articles/${id}/highlights`, { token, body: { quote: "Bread needs time.", note: "yes" } });
    // A re-fetch that dropped a passage keeps its highlight as "no longer in the text".
    await env.DB.prepare("UPDATE highlights SET anchor_status = 'orphaned' WHERE exact = 'Salt slows the yeast'").run();
    const client = await mcpClient((await connect(token)).accessToken);

    const article = await callTool(client, "get_article", { id });
    expect(article.text).toContain("## Note\n\nRead before baking on Sunday");
    expect(article.text).toContain("## Highlights (2, in reading order)");
    const section = article.text.slice(article.text.indexOf("## Highlights"), article.text.indexOf("## Content"));
    expect(section.indexOf("> Bread needs time.")).toBeLessThan(section.indexOf("> Salt slows the yeast"));
    expect(section).toContain("(blue; no longer in the text) [h");
    expect(section).toContain("Note: yes");
  });

  it("add_highlight needs the update permission: a read-only connection is refused and nothing is stored", async () => {
    const { token, user } = await registerUser();
    const id = await seedProcessedArticle(user.id, { title: "Slow bread", text: TEXT });
    const client = await mcpClient((await connect(token, "library:read")).accessToken);
    await expect(
      client.callTool({ name: "add_highlight", arguments: { article_id: id, quote: "Bread" } }),
    ).rejects.toThrow();
    expect(await highlightCount(token, id)).toBe(0);
    expect((await callTool(client, "list_highlights", {})).text).toBe("No highlights match.");
  });
});
