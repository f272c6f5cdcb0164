import { micromark } from "micromark";
import { escapeHtml } from "../escape-html";
import { extractArticle } from "../extraction/extract-article";
import { sanitizeHtml } from "../extraction/sanitize-html";
import type { ReadDocument, ReadOptions } from "./read-document";

/**
 * HTML, Markdown and plain-text files read into articles. An HTML file is a saved page: it goes through the same
 * extraction as a fetched one. Markdown is rendered by micromark (CommonMark, raw HTML in it escaped, not passed
 * through) and then sanitised like any article. Plain text becomes a paragraph per blank-line-separated block.
 */

/** UTF-8 (a BOM dropped); a file that is not valid UTF-8 is read as Windows-1252, what such files mostly are. */
export function decodeTextFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

const fileStem = (name: string | undefined) => name?.replace(/\.[a-z0-9]{1,10}$/i, "").trim() || null;

export function readHtmlFile(bytes: Uint8Array, options: ReadOptions): ReadDocument {
  const article = extractArticle(decodeTextFile(bytes), options.baseUrl);
  return {
    kind: "html",
    title: article.title || fileStem(options.fileName),
    author: article.byline,
    publishedTime: article.publishedTime,
    language: article.htmlLanguage,
    content: article.content,
    pages: null,
  };
}

export function readMarkdownFile(bytes: Uint8Array, options: ReadOptions): ReadDocument {
  let source = decodeTextFile(bytes);
  // Front matter (--- title: ... ---) is metadata, not text.
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  const field = (name: string) =>
    front ? (new RegExp(`^${name}:\\s*["']?(.+?)["']?\\s*$`, "mi").exec(front[1] ?? "")?.[1]?.trim() ?? null) : null;
  if (front) source = source.slice(front[0].length);
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(source);
  const title = field("title") ?? heading?.[1] ?? fileStem(options.fileName);
  // The first-level heading is the title the viewer shows above the text.
  if (heading && !field("title") && source.trimStart().startsWith(heading[0])) source = source.replace(heading[0], "");
  return {
    kind: "markdown",
    title,
    author: field("author"),
    publishedTime: field("date"),
    language: field("lang") ?? field("language"),
    content: sanitizeHtml(micromark(source), options.baseUrl),
    pages: null,
  };
}

export function readTextFile(bytes: Uint8Array, options: ReadOptions): ReadDocument {
  const paragraphs = decodeTextFile(bytes)
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
  // A short first line without a full stop is the text's title.
  const first = paragraphs[0];
  const titled = first !== undefined && first.length <= 120 && !/[.!?]$/.test(first) && paragraphs.length > 1;
  const body = titled ? paragraphs.slice(1) : paragraphs;
  return {
    kind: "text",
    title: titled ? first : fileStem(options.fileName),
    author: null,
    publishedTime: null,
    language: null,
    content: body.map((text) => `<p>${escapeHtml(text)}</p>`).join("\n"),
    pages: null,
  };
}
