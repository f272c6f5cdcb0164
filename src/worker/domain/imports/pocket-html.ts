import { scanHtml } from "./html-links";
import { cleanTitle, createCollector, type ParsedImport, splitTags } from "./import-item";

/**
 * Pocket's older export (`ril_export.html`): an `<h1>Unread</h1>` list and an `<h1>Read Archive</h1>` list of
 * `<a href time_added tags>` links (`time_added` unix seconds, `tags` comma-separated). Links under the
 * archive heading are read. Each link is a row.
 */
export function parsePocketHtml(html: string): ParsedImport {
  const collector = createCollector();
  let inArchive = false;
  let row = 0;
  for (const event of scanHtml(html)) {
    if (event.kind === "heading") {
      inArchive = /archive/i.test(event.text);
    } else if (event.kind === "link") {
      row += 1;
      const href = event.attributes.get("href");
      collector.add(row, href, {
        title: cleanTitle(event.text),
        savedAt: collector.date(row, event.attributes.get("time_added"), "time_added"),
        read: inArchive,
        readAt: null,
        rating: null,
        tags: splitTags(event.attributes.get("tags"), ","),
      });
    }
  }
  return collector.parsed;
}
