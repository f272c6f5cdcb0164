import { describe, expect, it } from "vitest";
import {
  enterSaves,
  invalidLinesHint,
  isValidArticleUrl,
  parseUrlInput,
  planSave,
  saveButtonLabel,
  URL_MESSAGES,
  urlCountHint,
  withDefaultScheme,
} from "../../src/client/lib/url-input";

describe("parseUrlInput", () => {
  it("trims lines, drops blank ones and splits valid from invalid, in order", () => {
    expect(parseUrlInput("  https://a.example/x  \n\n\t\nnot a url\r\nhttp://b.example\n ftp://c.example ")).toEqual({
      lines: ["https://a.example/x", "not a url", "http://b.example", "ftp://c.example"],
      valid: ["https://a.example/x", "http://b.example"],
      invalid: ["not a url", "ftp://c.example"],
    });
  });

  it("gives nothing for an empty or blank box", () => {
    expect(parseUrlInput("")).toEqual({ lines: [], valid: [], invalid: [] });
    expect(parseUrlInput(" \n \n")).toEqual({ lines: [], valid: [], invalid: [] });
  });
});

describe("withDefaultScheme", () => {
  it("adds https:// to a host name with a dot, and leaves everything else alone", () => {
    expect(withDefaultScheme("example.com/article")).toBe("https://example.com/article");
    expect(withDefaultScheme("bücher.de/neu")).toBe("https://bücher.de/neu");
    expect(withDefaultScheme("https://example.com")).toBe("https://example.com");
    expect(withDefaultScheme("ftp://example.com/file")).toBe("ftp://example.com/file");
    expect(withDefaultScheme("mailto:a@example.com")).toBe("mailto:a@example.com");
    expect(withDefaultScheme("a@example.com")).toBe("a@example.com");
    expect(withDefaultScheme("not a url")).toBe("not a url");
    expect(withDefaultScheme("localhost/x")).toBe("localhost/x");
    expect(withDefaultScheme("version 1.2")).toBe("version 1.2");
    expect(withDefaultScheme("3.14")).toBe("3.14");
  });
});

describe("isValidArticleUrl", () => {
  it("needs http:// or https:// and a URL that parses", () => {
    expect(isValidArticleUrl("https://example.com")).toBe(true);
    expect(isValidArticleUrl("HTTP://EXAMPLE.COM/a?b=c")).toBe(true);
    expect(isValidArticleUrl("example.com")).toBe(false);
    expect(isValidArticleUrl("mailto:a@example.com")).toBe(false);
    expect(isValidArticleUrl("https://")).toBe(false);
    expect(isValidArticleUrl("https://exa mple.com")).toBe(false);
  });
});

describe("planSave (spec §5 messages)", () => {
  it("asks for a URL when the box is blank", () => {
    expect(planSave("  \n ")).toEqual({ kind: "error", message: "Please enter a URL" });
  });

  it("saves one valid line on its own, and rejects one invalid line", () => {
    expect(planSave(" https://a.example/x \n")).toEqual({ kind: "single", url: "https://a.example/x" });
    expect(planSave("not a link")).toEqual({
      kind: "error",
      message: "Please enter a valid URL (must start with http:// or https://)",
    });
  });

  it("saves a link written without a scheme as https://", () => {
    expect(planSave("example.com/article")).toEqual({ kind: "single", url: "https://example.com/article" });
    expect(planSave("www.example.com")).toEqual({ kind: "single", url: "https://www.example.com" });
    expect(planSave("example.com/a\nnews.example.org:8080/b?c=1#d\nhttp://plain.example/")).toEqual({
      kind: "bulk",
      urls: ["https://example.com/a", "https://news.example.org:8080/b?c=1#d", "http://plain.example/"],
      invalid: [],
    });
  });

  it("sends the valid lines of several to bulk add and counts the invalid ones apart", () => {
    expect(planSave("https://a.example\nnope\nhttps://b.example")).toEqual({
      kind: "bulk",
      urls: ["https://a.example", "https://b.example"],
      invalid: ["nope"],
    });
    expect(planSave("https://a.example\n\nnope")).toEqual({
      kind: "bulk",
      urls: ["https://a.example"],
      invalid: ["nope"],
    });
  });

  it("refuses several lines when none is valid", () => {
    expect(planSave("one\ntwo")).toEqual({ kind: "error", message: URL_MESSAGES.noneValid });
    expect(URL_MESSAGES.noneValid).toBe("No valid URLs found. URLs must start with http:// or https://");
  });
});

describe("labels", () => {
  it("says Save, Save N Articles for more than one URL, Saving... while busy", () => {
    expect(saveButtonLabel(0, false)).toBe("Save");
    expect(saveButtonLabel(1, false)).toBe("Save");
    expect(saveButtonLabel(3, false)).toBe("Save 3 Articles");
    expect(saveButtonLabel(3, true)).toBe("Saving...");
  });

  it("counts only the lines that are URLs, singular for one, and names the key that saves", () => {
    expect(urlCountHint(parseUrlInput(""))).toBe("Found 0 URLs • Press Escape to cancel");
    expect(urlCountHint(parseUrlInput("https://a.example"))).toBe(
      "Found 1 URL • Enter to save • Press Escape to cancel",
    );
    expect(urlCountHint(parseUrlInput("https://a.example\nnope"))).toBe(
      "Found 1 URL • Ctrl+Enter to save • Press Escape to cancel",
    );
    expect(urlCountHint(parseUrlInput("https://a.example\nnope\nhttp://b.example"))).toBe(
      "Found 2 URLs • Ctrl+Enter to save all • Press Escape to cancel",
    );
    expect(urlCountHint(parseUrlInput("https://a.example\nhttp://b.example"), true)).toBe(
      "Found 2 URLs • Cmd+Enter to save all • Press Escape to cancel",
    );
    expect(urlCountHint(parseUrlInput("nope"))).toBe("Found 0 URLs • Press Escape to cancel");
  });

  it("lets plain Enter save only a box holding one line that is a URL", () => {
    expect(enterSaves(parseUrlInput(" https://a.example \n\n"))).toBe(true);
    expect(enterSaves(parseUrlInput("https://a.example\nhttps://b.example"))).toBe(false);
    expect(enterSaves(parseUrlInput("https://a.example\nnope"))).toBe(false);
    expect(enterSaves(parseUrlInput("nope"))).toBe(false);
    expect(enterSaves(parseUrlInput(""))).toBe(false);
  });

  it("names the lines that are not URLs apart, shortening long ones", () => {
    expect(invalidLinesHint([])).toBeNull();
    expect(invalidLinesHint(["example.com/story"])).toBe('1 line is not a URL: "example.com/story"');
    expect(invalidLinesHint(["a", "b"])).toBe('2 lines are not URLs: "a", "b"');
    expect(invalidLinesHint(["a", "b", "c", "d", "e"])).toBe('5 lines are not URLs: "a", "b", "c" and 2 more');
    const long = "x".repeat(60);
    expect(invalidLinesHint([long])).toBe(`1 line is not a URL: "${"x".repeat(39)}…"`);
  });
});
