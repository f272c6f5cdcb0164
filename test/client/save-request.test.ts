import { describe, expect, it } from "vitest";
import { bookmarkletHref } from "../../src/client/lib/bookmarklet";
import { readSaveRequest } from "../../src/client/lib/save-request";
import { URL_MESSAGES } from "../../src/client/lib/url-input";

const read = (params: Record<string, string>) => readSaveRequest(new URLSearchParams(params));

describe("readSaveRequest (/#/save's parameters)", () => {
  it("takes url and title, trimmed", () => {
    expect(read({ url: " https://a.example/post ", title: " A post " })).toEqual({
      ok: true,
      url: "https://a.example/post",
      title: "A post",
    });
  });

  it("without url, takes the first http(s) link in text, without trailing punctuation", () => {
    expect(read({ text: "Worth a read: https://b.example/x?y=1. And http://c.example too" })).toEqual({
      ok: true,
      url: "https://b.example/x?y=1",
      title: null,
    });
  });

  it("prefers url over a link in text", () => {
    expect(read({ url: "https://a.example/", text: "https://b.example/" })).toMatchObject({
      url: "https://a.example/",
    });
  });

  it("says why when there is no link or it is not http(s)", () => {
    expect(read({ title: "Nothing", text: "no link here" })).toEqual({
      ok: false,
      message: "There is no link to save: the address had no url (or text with a link).",
    });
    expect(read({ url: "javascript:alert(1)" })).toEqual({ ok: false, message: URL_MESSAGES.invalid });
  });
});

describe("bookmarkletHref", () => {
  it("is a javascript: URL that opens this origin's /#/save for the current page in a small window", () => {
    const href = bookmarkletHref("https://read.example");
    expect(href.startsWith("javascript:")).toBe(true);
    // Percent-encoded whole, so no raw '#', quote or space ends or breaks the URL.
    expect(href.slice("javascript:".length)).not.toMatch(/[#"' ]/);
    const script = decodeURIComponent(href.slice("javascript:".length));
    const opened: unknown[][] = [];
    const run = new Function("window", "location", "document", script);
    run(
      { open: (...args: unknown[]) => opened.push(args) },
      { href: "https://news.example/a b?c=1#d" },
      { title: "A & B" },
    );
    expect(opened).toHaveLength(1);
    const [url, name, features] = opened[0] as [string, string, string];
    expect(url).toBe(
      `https://read.example/#/save?url=${encodeURIComponent("https://news.example/a b?c=1#d")}&title=A%20%26%20B`,
    );
    expect(name).toBe("viberead-save");
    expect(features).toMatch(/width=\d+,height=\d+/);
  });
});
