import { describe, expect, it } from "vitest";
import {
  cutHtmlToUtf8Bytes,
  cutToUtf8Bytes,
  fitArticleRow,
  MAX_ARTICLE_ROW_BYTES,
  SHORTENED_NOTE,
  utf8Length,
} from "../../src/worker/domain/article-row-budget";

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("article row budget", () => {
  it("measures UTF-8 like TextEncoder, for ASCII, accents, CJK and emoji", () => {
    for (const text of ["plain", "Grüße", "阅读是一种快乐", "reading 📚 and 🐝", ""]) {
      expect(utf8Length(text)).toBe(bytes(text));
    }
  });

  it("cuts text by bytes without splitting a character or a surrogate pair", () => {
    expect(cutToUtf8Bytes("阅读是一种快乐", 7)).toBe("阅读");
    expect(cutToUtf8Bytes("ab📚cd", 5)).toBe("ab");
    expect(cutToUtf8Bytes("ab📚cd", 6)).toBe("ab📚");
    expect(cutToUtf8Bytes("short", 100)).toBe("short");
  });

  it("cuts HTML after the last whole paragraph that fits, adds the note and closes what is open", () => {
    const html = `<div class="page"><div><p>第一段。阅读。</p><p>第二段。<b>很长</b>的文字。</p><p>第三段。</p></div></div>`;
    const cut = cutHtmlToUtf8Bytes(html, bytes(html) - 1, "<p>shortened</p>");
    expect(cut).toBe(
      `<div class="page"><div><p>第一段。阅读。</p><p>第二段。<b>很长</b>的文字。</p><p>shortened</p></div></div>`,
    );
    expect(bytes(cut ?? "")).toBeLessThanOrEqual(bytes(html) - 1);
    expect(cutHtmlToUtf8Bytes(html, bytes(html) - 4, "<p>shortened</p>")).toBe(
      `<div class="page"><div><p>第一段。阅读。</p><p>shortened</p></div></div>`,
    );
    expect(cutHtmlToUtf8Bytes(html, bytes(html))).toBe(html);
    expect(cutHtmlToUtf8Bytes(html, 10)).toBeNull();
  });

  it("keeps an article that fits as it is, and shortens a long CJK one to the row budget with the note", () => {
    const short = "<p>A short article.</p>";
    expect(fitArticleRow(short)).toEqual({ content: short, searchText: "A short article.", shortened: false });
    const long = `<div>${Array.from({ length: 30_000 }, (_, i) => `<p>第${i}段。阅读是一种缓慢的快乐，网络却总是匆匆忙忙。</p>`).join("")}</div>`;
    expect(bytes(long)).toBeGreaterThan(2_000_000);
    const fitted = fitArticleRow(long);
    expect(fitted.shortened).toBe(true);
    expect(fitted.content).toContain(SHORTENED_NOTE);
    expect(fitted.content?.endsWith(`${SHORTENED_NOTE}</div>`)).toBe(true);
    expect(bytes(fitted.content ?? "") + bytes(fitted.searchText)).toBeLessThanOrEqual(MAX_ARTICLE_ROW_BYTES);
    expect(fitted.searchText.startsWith("第0段。")).toBe(true);
  });
});
