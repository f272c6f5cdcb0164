import { Zip, ZipDeflate } from "fflate";
import Papa from "papaparse";
import { escapeHtml } from "../escape-html";
import { htmlToMarkdown } from "../html-to-markdown";
import type { ExportArticle, ExportFormat } from "./export-article";
import { hasKept, keptSections } from "./highlights-markdown";

/** Bytes out, in order; a writer never holds more than the article it is writing. */
export type Emit = (chunk: Uint8Array) => void;

export interface ExportWriter {
  readonly contentType: string;
  readonly extension: string;
  begin(emit: Emit, exportedAt: string): void;
  article(article: ExportArticle, emit: Emit): void;
  end(emit: Emit): void;
}

const encoder = new TextEncoder();
const text = (emit: Emit, value: string) => emit(encoder.encode(value));

function jsonWriter(): ExportWriter {
  let first = true;
  return {
    contentType: "application/json; charset=utf-8",
    extension: "json",
    begin: (emit, exportedAt) =>
      text(emit, `{"format":"viberead","version":1,"exported_at":${JSON.stringify(exportedAt)},"articles":[`),
    article(article, emit) {
      text(emit, `${first ? "\n" : ",\n"}${JSON.stringify(article)}`);
      first = false;
    },
    end: (emit) => text(emit, "\n]}\n"),
  };
}

/** Pocket's export columns first (so Pocket-reading tools take the file), then ours. */
export const CSV_COLUMNS = [
  "title",
  "url",
  "time_added",
  "cursor",
  "tags",
  "status",
  "summary",
  "language",
  "rating",
  "read_at",
  "created_at",
  "author",
  "domain",
  "site_name",
  "publish_date",
  "word_count",
  "topics",
  "id",
] as const;

function csvWriter(): ExportWriter {
  // A cell starting with = + @ would run as a formula in a spreadsheet: papaparse prefixes it with a quote.
  const options = { header: false, newline: "\r\n", escapeFormulae: /^[=+@\t\r]/ } as const;
  return {
    contentType: "text/csv; charset=utf-8",
    extension: "csv",
    begin: (emit) => text(emit, `${CSV_COLUMNS.join(",")}\r\n`),
    article(a, emit) {
      const row = [
        a.title ?? "",
        a.url,
        String(Math.floor(Date.parse(a.created_at) / 1000)),
        "",
        a.tags.join("|"),
        a.is_read ? "archive" : "unread",
        a.summary ?? "",
        a.language ?? "",
        a.rating ?? "",
        a.read_at ?? "",
        a.created_at,
        a.author ?? "",
        a.domain ?? "",
        a.site_name ?? "",
        a.publish_date ?? "",
        a.word_count === null ? "" : String(a.word_count),
        a.topics.join("|"),
        String(a.id),
      ];
      text(emit, `${Papa.unparse([row], options)}\r\n`);
    },
    end: () => {},
  };
}

/** The Netscape bookmark file every browser (and Pinboard, Raindrop, Linkwarden) imports. */
function htmlWriter(): ExportWriter {
  return {
    contentType: "text/html; charset=utf-8",
    extension: "html",
    begin: (emit) =>
      text(
        emit,
        [
          "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
          "<!-- This is an automatically generated file. It will be read and overwritten. DO NOT EDIT! -->",
          '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
          "<TITLE>Bookmarks</TITLE>",
          "<H1>VibeRead</H1>",
          "<DL><p>",
          "",
        ].join("\n"),
      ),
    article(a, emit) {
      const added = Math.floor(Date.parse(a.created_at) / 1000);
      const attributes = [
        `HREF="${escapeHtml(a.url)}"`,
        `ADD_DATE="${added}"`,
        `LAST_MODIFIED="${Math.floor(Date.parse(a.updated_at) / 1000)}"`,
        `TOREAD="${a.is_read ? 0 : 1}"`,
        // Not a browser attribute (browsers ignore it): lets an import of this file keep the rating.
        ...(a.rating ? [`RATING="${a.rating}"`] : []),
        ...(a.tags.length ? [`TAGS="${escapeHtml(a.tags.join(","))}"`] : []),
      ];
      let line = `    <DT><A ${attributes.join(" ")}>${escapeHtml(a.title ?? a.url)}</A>\n`;
      if (a.summary) line += `    <DD>${escapeHtml(a.summary.replace(/\s+/g, " ").trim())}\n`;
      text(emit, line);
    },
    end: (emit) => text(emit, "</DL><p>\n"),
  };
}

/** A YAML double-quoted scalar: JSON's string escapes are valid YAML, so nothing in a title can break out. */
const yamlString = (value: string) => JSON.stringify(value);

export function frontMatter(a: ExportArticle): string {
  const lines = [
    "---",
    `title: ${yamlString(a.title ?? a.url)}`,
    `url: ${yamlString(a.url)}`,
    `created_at: ${yamlString(a.created_at)}`,
    `read_at: ${a.read_at === null ? "null" : yamlString(a.read_at)}`,
    `read: ${a.is_read}`,
    `published: ${a.publish_date === null ? "null" : yamlString(a.publish_date)}`,
    `author: ${a.author === null ? "null" : yamlString(a.author)}`,
    `language: ${a.language === null ? "null" : yamlString(a.language)}`,
    `rating: ${a.rating === null ? "null" : yamlString(a.rating)}`,
    `tags: [${a.tags.map(yamlString).join(", ")}]`,
    `topics: [${a.topics.map(yamlString).join(", ")}]`,
    `reading_progress: ${a.reading_progress ?? "null"}`,
    `highlights: ${a.highlights.length}`,
    "---",
  ];
  return `${lines.join("\n")}\n`;
}

/** `2026-11-25-a-title-42.md`: the date and id make it unique, the slug keeps only safe characters. */
export function markdownFilename(a: ExportArticle): string {
  const slug =
    (a.title ?? a.domain ?? "")
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "article";
  return `${a.created_at.slice(0, 10)}-${slug}-${a.id}.md`;
}

export function markdownDocument(a: ExportArticle): string {
  const parts = [frontMatter(a), `# ${(a.title ?? a.url).replace(/\s+/g, " ")}`, "", `<${a.url}>`, ""];
  parts.push(...keptSections(a));
  if (a.summary) parts.push("## Summary", "", a.summary.trim(), "");
  if (a.content) parts.push("## Content", "", htmlToMarkdown(a.content), "");
  return parts.join("\n");
}

/** The highlights-only export's file: front matter, title, link, the note and the highlights; no text. */
export function highlightsDocument(a: ExportArticle): string {
  return [
    frontMatter(a),
    `# ${(a.title ?? a.url).replace(/\s+/g, " ")}`,
    "",
    `<${a.url}>`,
    "",
    ...keptSections(a),
  ].join("\n");
}

/**
 * A zip streamed file by file (fflate's streaming Zip): one Markdown file per article, or (highlights only) one
 * per article with highlights or a note.
 */
function markdownWriter(document: (a: ExportArticle) => string | null): ExportWriter {
  let zip: Zip | null = null;
  let sink: Emit = () => {};
  const start = (emit: Emit) => {
    sink = emit;
    zip = new Zip((error, chunk) => {
      if (error) throw error;
      sink(chunk);
    });
  };
  return {
    contentType: "application/zip",
    extension: "zip",
    begin: (emit) => start(emit),
    article(a, emit) {
      const body = document(a);
      if (body === null) return;
      sink = emit;
      const file = new ZipDeflate(markdownFilename(a), { level: 6 });
      zip?.add(file);
      file.push(encoder.encode(body), true);
    },
    end(emit) {
      sink = emit;
      zip?.end();
    },
  };
}

export function createExportWriter(format: ExportFormat): ExportWriter {
  switch (format) {
    case "json":
      return jsonWriter();
    case "csv":
      return csvWriter();
    case "html":
      return htmlWriter();
    case "markdown":
      return markdownWriter(markdownDocument);
    case "highlights":
      return markdownWriter((a) => (hasKept(a) ? highlightsDocument(a) : null));
  }
}
